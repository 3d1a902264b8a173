// Ordered (Bayer 4x4) dithering: how pixel art shows an in-between (a blend, a fade, a glow) without
// inventing a colour. Each pixel takes one of two existing colours, chosen by comparing the blend
// amount with a fixed threshold of its position; the pattern is the classic one pixel artists use,
// and as the amount grows the set of pixels that switched only grows (no flicker between frames).
import type { RawImage } from '../types.ts';
import { at, checkImage, checkNumber } from './check.ts';

/** The 4x4 Bayer matrix, values 0..15. */
export const BAYER4: readonly number[] = Object.freeze([0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]);

const THRESHOLDS = Float64Array.from(BAYER4, (v) => (v + 0.5) / 16);

/** The threshold of pixel (x, y) in (0, 1): the pixel shows the second colour when amount > it. */
export function bayer(x: number, y: number): number {
  return at(THRESHOLDS, ((y & 3) << 2) | (x & 3));
}

/**
 * `img` with `under` showing through its transparent pixels where `amount` exceeds their Bayer
 * threshold: a dithered glow ring behind binary-alpha art, in its own colours. Returns a new image.
 */
export function ditherUnder(img: RawImage, under: RawImage, amount: number): RawImage {
  checkImage(img, 'image');
  checkImage(under, 'under');
  if (img.width !== under.width || img.height !== under.height) {
    throw new RangeError(`Expected ${img.width}x${img.height} for under but received ${under.width}x${under.height}`);
  }
  checkNumber(amount, 0, 1, 'amount');
  const out = new Uint8Array(img.data);
  const u = under.data;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0, i = y * img.width * 4; x < img.width; x++, i += 4) {
      if (out[i + 3]! !== 0 || u[i + 3]! === 0 || amount <= bayer(x, y)) continue;
      out.set(u.subarray(i, i + 4), i);
    }
  }
  return { data: out, width: img.width, height: img.height };
}
