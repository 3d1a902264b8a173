// A small palette for an image with too many colours to be its own (a smooth-shaded character
// drawn in pixel style): median cut over the visible pixels, deterministic, opaque colours only.
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../types.ts';
import { checkImage, checkInt } from './check.ts';
import { extractPalette, packColor } from './palette.ts';
import type { PackedColor } from './palette.ts';

/**
 * The image's own colours if it has at most `maxColors` visible ones (alpha made opaque), else a
 * median-cut palette of `maxColors`. Always includes transparent (0x00000000) first.
 */
export function imagePalette(img: RawImage, maxColors = 16): PackedColor[] {
  checkImage(img, 'image');
  checkInt(maxColors, 2, 256, 'palette size');
  const d = img.data;
  const pixels: number[] = [];
  for (let i = 0; i < d.length; i += 4) if (d[i + 3]! >= 128) pixels.push((d[i]! << 16) | (d[i + 1]! << 8) | d[i + 2]!);
  const opaque = { data: new Uint8Array(pixels.length * 4), width: Math.max(1, pixels.length), height: 1 };
  pixels.forEach((c, k) => opaque.data.set([(c >> 16) & 255, (c >> 8) & 255, c & 255, 255], k * 4));
  if (pixels.length === 0) return [0];
  const own = extractPalette([opaque], maxColors);
  if (own) return [0, ...own];
  // Median cut: split the box with the widest channel range at its median until there are enough.
  let boxes: number[][] = [pixels];
  while (boxes.length < maxColors) {
    let best = -1, bestRange = 0, bestShift = 0;
    boxes.forEach((box, k) => {
      if (box.length < 2) return;
      for (const shift of [16, 8, 0]) {
        let lo = 255, hi = 0;
        for (const c of box) (lo = Math.min(lo, (c >> shift) & 255)), (hi = Math.max(hi, (c >> shift) & 255));
        if (hi - lo > bestRange) [best, bestRange, bestShift] = [k, hi - lo, shift];
      }
    });
    if (best < 0) break;
    const box = (boxes[best] as number[]).slice().sort((a, b) => ((a >> bestShift) & 255) - ((b >> bestShift) & 255) || a - b);
    const mid = box.length >> 1;
    boxes = [...boxes.slice(0, best), box.slice(0, mid), box.slice(mid), ...boxes.slice(best + 1)];
  }
  const palette = boxes.filter((b) => b.length > 0).map((box) => {
    let r = 0, g = 0, b = 0;
    for (const c of box) (r += (c >> 16) & 255), (g += (c >> 8) & 255), (b += c & 255);
    const n = box.length;
    return packColor(Math.round(r / n), Math.round(g / n), Math.round(b / n), 255);
  });
  return [0, ...new Set(palette)];
}
