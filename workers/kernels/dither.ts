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
 * Each pixel of `a` or of `b` whole: b's where `t` exceeds the pixel's Bayer threshold. t = 0
 * gives a's bytes and t = 1 gives b's; in between about t of the pixels are b's, evenly spread.
 */
export function ditherPick(a: RawImage, b: RawImage, t: number): RawImage {
  checkImage(a, 'first image');
  checkImage(b, 'second image');
  if (a.width !== b.width || a.height !== b.height) {
    throw new RangeError(`Expected ${a.width}x${a.height} for second image but received ${b.width}x${b.height}`);
  }
  checkNumber(t, 0, 1, 't');
  const out = new Uint8Array(a.data);
  if (t === 0) return { data: out, width: a.width, height: a.height };
  const q = b.data;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0, i = y * a.width * 4; x < a.width; x++, i += 4) {
      if (t <= bayer(x, y)) continue;
      out[i] = q[i]!;
      out[i + 1] = q[i + 1]!;
      out[i + 2] = q[i + 2]!;
      out[i + 3] = q[i + 3]!;
    }
  }
  return { data: out, width: a.width, height: a.height };
}

/**
 * An opacity for binary-alpha art: pixels whose threshold is at or above `opacity` become
 * transparent, the rest keep their colour. Mutates `img`; `ox`, `oy` offset the pattern.
 */
export function ditherAlpha(img: RawImage, opacity: number, ox = 0, oy = 0): RawImage {
  checkImage(img, 'image');
  checkNumber(opacity, 0, 1, 'opacity');
  if (opacity === 1) return img;
  const d = img.data;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0, i = y * img.width * 4; x < img.width; x++, i += 4) {
      if (d[i + 3]! !== 0 && opacity <= bayer(x + ox, y + oy)) d.fill(0, i, i + 4);
    }
  }
  return img;
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
