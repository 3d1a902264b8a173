// An inner edge glow: pixels of the subject near its silhouette's edge are lit toward a colour,
// brightest at the edge, fading inward. It draws only inside the silhouette, so alpha is unchanged
// (neon tubes, a ghost's rim light).
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../types.ts';
import { checkImage, checkNumber } from './check.ts';
import type { Rgba } from './image.ts';
import { chamferDistance } from './distance.ts';

/**
 * How much each pixel of the subject is lit (0..strength): pixels within `width` px of the edge
 * of `mask` (0..255 per pixel; alpha when omitted), most at the edge. Depends on the silhouette
 * only, so an animation that re-colours one frame many times works this out once.
 */
export function rimWeights(img: RawImage, width: number, strength: number, mask?: Uint8Array): Float32Array {
  checkImage(img, 'image');
  checkNumber(width, 0.5, 64, 'glow width');
  checkNumber(strength, 0, 1, 'glow strength');
  const n = img.width * img.height;
  if (mask && mask.length !== n) throw new RangeError(`Expected ${n} mask entries but received ${mask.length}`);
  const src = img.data;
  const W = img.width;
  // Inside = the mask (or alpha) at least half: as bytes, read once.
  const inside = new Uint8Array(n);
  for (let p = 0; p < n; p++) inside[p] = (mask ? mask[p]! : src[p * 4 + 3]!) >= 128 ? 1 : 0;
  // Only the subject's box (a pixel wider) needs the distance transform.
  let x0 = W, y0 = img.height, x1 = -1, y1 = -1;
  for (let y = 0, p = 0; y < img.height; y++) {
    for (let x = 0; x < W; x++, p++) {
      if (!inside[p]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  const weights = new Float32Array(n);
  if (x1 < 0) return weights;
  x0 = Math.max(0, x0 - 1);
  y0 = Math.max(0, y0 - 1);
  x1 = Math.min(W - 1, x1 + 1);
  y1 = Math.min(img.height - 1, y1 + 1);
  const bw = x1 - x0 + 1, bh = y1 - y0 + 1;
  const outside = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) for (let x = 0, p = (y + y0) * W + x0; x < bw; x++, p++) outside[y * bw + x] = 1 - inside[p]!;
  const d = chamferDistance(outside, bw, bh, Math.ceil(width) + 2);
  for (let y = 0; y < bh; y++) {
    for (let x = 0, q = y * bw, p = (y + y0) * W + x0; x < bw; x++, q++, p++) {
      if (outside[q] || src[p * 4 + 3] === 0) continue;
      const t = 1 - (d[q]! - 1) / width;
      if (t > 0) weights[p] = strength * Math.min(1, t) ** 1.5;
    }
  }
  return weights;
}

/**
 * `img` with each pixel mixed toward `color` by its weight: a new image, or `img` itself changed
 * when `inPlace` (the caller owns a fresh buffer and saves a copy per frame).
 */
export function applyRim(img: RawImage, weights: Float32Array, color: Rgba, inPlace = false): RawImage {
  checkImage(img, 'image');
  const n = img.width * img.height;
  if (weights.length !== n) throw new RangeError(`Expected ${n} weights but received ${weights.length}`);
  const src = img.data;
  const out = inPlace ? src : new Uint8Array(src);
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    const k = weights[p]!;
    if (k === 0) continue;
    out[i] = src[i]! + (color.r - src[i]!) * k + 0.5;
    out[i + 1] = src[i + 1]! + (color.g - src[i + 1]!) * k + 0.5;
    out[i + 2] = src[i + 2]! + (color.b - src[i + 2]!) * k + 0.5;
  }
  return { data: out, width: img.width, height: img.height };
}

/**
 * `img` with its subject's rim lit toward `color`: pixels within `width` px of the edge of `mask`
 * (0..255 per pixel; alpha when omitted) mix toward it by up to `strength`. Returns a new image.
 */
export function edgeGlow(img: RawImage, color: Rgba, width: number, strength: number, mask?: Uint8Array): RawImage {
  return applyRim(img, rimWeights(img, width, strength, mask), color);
}
