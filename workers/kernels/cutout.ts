// A still image as a cut-out sprite: its background removed (alpha, or a flat border colour keyed
// out with the edge colour un-blended from it), trimmed to its box; plus mirroring, and a test for
// pixel art (which must be scaled by nearest neighbour to stay pixel art).
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../types.ts';
import { checkImage } from './check.ts';
import { crop, opaqueBounds } from './compose.ts';
import { extractPalette } from './palette.ts';
import { detectBackground, subjectMask } from './track.ts';

/**
 * `img` with its background made transparent and cropped to what is left; an image that keying
 * would empty (a solid swatch) is kept whole.
 */
export function cutout(img: RawImage): RawImage {
  checkImage(img, 'image');
  const bg = detectBackground(img);
  let keyed = img;
  const mask = bg.kind === 'flat' ? subjectMask(img, bg) : null;
  // Keying that leaves almost nothing means the "background" was the subject (a solid swatch).
  let kept = 0;
  if (mask) for (let p = 0; p < mask.length; p++) if (mask[p]! >= 128) kept++;
  if (mask && bg.kind === 'flat' && kept >= mask.length * 0.02) {
    const out = new Uint8Array(img.data);
    const { r, g, b } = bg.color;
    for (let p = 0, i = 0; p < mask.length; p++, i += 4) {
      const m = mask[p]!;
      out[i + 3] = m;
      if (m === 0 || m === 255) continue;
      // The pixel is m/255 subject over (1 - m/255) background: solve for the subject's colour.
      const a = m / 255;
      out[i] = Math.max(0, Math.min(255, (img.data[i]! - (1 - a) * r) / a));
      out[i + 1] = Math.max(0, Math.min(255, (img.data[i + 1]! - (1 - a) * g) / a));
      out[i + 2] = Math.max(0, Math.min(255, (img.data[i + 2]! - (1 - a) * b) / a));
    }
    keyed = { data: out, width: img.width, height: img.height };
  }
  const box = opaqueBounds(keyed, 8);
  return box ? crop(keyed, box.x, box.y, box.width, box.height) : keyed;
}

/** `img` mirrored left to right. */
export function mirrorX(img: RawImage): RawImage {
  checkImage(img, 'image');
  const { width, height, data } = img;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      out.set(data.subarray(i, i + 4), (y * width + (width - 1 - x)) * 4);
    }
  }
  return { data: out, width, height };
}

/** Hard alpha (every pixel fully clear or fully opaque) and at most `maxColors` colours. */
export function looksLikePixelArt(img: RawImage, maxColors = 64): boolean {
  checkImage(img, 'image');
  const d = img.data;
  for (let i = 3; i < d.length; i += 4) if (d[i]! !== 0 && d[i]! !== 255) return false;
  return extractPalette([img], maxColors) !== null;
}
