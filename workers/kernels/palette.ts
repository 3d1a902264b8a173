// Pixel art's palette lock: the colours an input uses, and mapping any pixel onto the nearest of
// them, so a pixel-art animation never shows a colour the artist did not put there.
import type { RawImage } from '../types.ts';
import { checkImage, checkInt } from './check.ts';

/** A colour packed as 0xRRGGBBAA (unsigned; independent of the platform's byte order). */
export type PackedColor = number;

export function packColor(r: number, g: number, b: number, a: number): PackedColor {
  return ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
}

// Pixel art has tens of colours; a photo marked is_pixel can have 100k+. Past this many the
// nearest-colour search would be slow and the lock meaningless.
export const MAX_PALETTE = 1 << 16;

/**
 * The distinct colours of `images`, fully transparent pixels counted once as 0x00000000, in
 * first-seen order (deterministic); null when there are more than `maxColors` (not a palette image).
 */
export function extractPalette(images: readonly RawImage[], maxColors = MAX_PALETTE): PackedColor[] | null {
  checkInt(maxColors, 1, MAX_PALETTE, 'maxColors');
  const seen = new Set<number>();
  const out: PackedColor[] = [];
  for (const [n, img] of images.entries()) {
    checkImage(img, `images[${n}]`);
    const d = img.data;
    let last = -1;
    for (let i = 0; i < d.length; i += 4) {
      const a = d[i + 3]!;
      const key = a === 0 ? 0 : packColor(d[i]!, d[i + 1]!, d[i + 2]!, a);
      if (key === last || seen.has(key)) continue; // runs of one colour are the common case
      last = key;
      seen.add(key);
      out.push(key);
      if (out.length > maxColors) return null;
    }
  }
  return out;
}

/**
 * Every pixel of `img` replaced by the nearest palette colour (squared RGBA distance); fully
 * transparent pixels become 0x00000000 if the palette has it. Results are cached per colour.
 */
export function mapToPalette(img: RawImage, palette: readonly PackedColor[]): RawImage {
  checkImage(img, 'image');
  if (palette.length === 0) throw new RangeError('Expected at least 1 colour for palette but received 0');
  const pr = palette.map((c) => c >>> 24);
  const pg = palette.map((c) => (c >>> 16) & 255);
  const pb = palette.map((c) => (c >>> 8) & 255);
  const pa = palette.map((c) => c & 255);
  const cache = new Map<number, number>();
  for (const c of palette) cache.set(c, c);
  const src = img.data;
  const out = new Uint8Array(src.length);
  let lastIn = -1;
  let lastOut = 0;
  for (let i = 0; i < src.length; i += 4) {
    const a = src[i + 3]!;
    const key = a === 0 ? 0 : packColor(src[i]!, src[i + 1]!, src[i + 2]!, a);
    let mapped: number;
    if (key === lastIn) mapped = lastOut;
    else {
      const hit = cache.get(key);
      if (hit !== undefined) mapped = hit;
      else {
        mapped = nearest(key, pr, pg, pb, pa, palette);
        cache.set(key, mapped);
      }
      lastIn = key;
      lastOut = mapped;
    }
    out[i] = mapped >>> 24;
    out[i + 1] = (mapped >>> 16) & 255;
    out[i + 2] = (mapped >>> 8) & 255;
    out[i + 3] = mapped & 255;
  }
  return { data: out, width: img.width, height: img.height };
}

function nearest(
  key: number,
  pr: number[], pg: number[], pb: number[], pa: number[],
  palette: readonly PackedColor[],
): number {
  const r = key >>> 24, g = (key >>> 16) & 255, b = (key >>> 8) & 255, a = key & 255;
  let best = 0;
  let bestD = Infinity;
  for (let k = 0; k < palette.length; k++) {
    // Alpha weighs most: a visible pixel must not snap to transparent because its hue is close.
    const d =
      4 * (pa[k]! - a) ** 2 + (pr[k]! - r) ** 2 + (pg[k]! - g) ** 2 + (pb[k]! - b) ** 2;
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return palette[best]!;
}

/** True when every pixel of `img` is a palette colour (transparent pixels match 0x00000000). */
export function usesOnlyPalette(img: RawImage, palette: readonly PackedColor[]): boolean {
  checkImage(img, 'image');
  const set = new Set(palette);
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3]!;
    const key = a === 0 ? 0 : packColor(d[i]!, d[i + 1]!, d[i + 2]!, a);
    if (!set.has(key)) return false;
  }
  return true;
}
