// An inner edge glow: pixels of the subject near its silhouette's edge are lit toward a colour,
// brightest at the edge, fading inward. It draws only inside the silhouette, so alpha is unchanged
// (neon tubes, a ghost's rim light).
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../types.ts';
import { checkImage, checkNumber } from './check.ts';
import type { Rgba } from './image.ts';
import type { Box } from './track.ts';
import { relaxSteps, stepField } from './distance.ts';

/** How much each pixel of `box` is lit (0..strength), row by row over the box only. */
export interface Rim {
  box: Box;
  weights: Float32Array;
}

/**
 * How much each pixel of the subject is lit (0..strength): pixels within `width` px of the edge
 * of `mask` (0..255 per pixel; alpha when omitted), most at the edge. Depends on the silhouette
 * only, so an animation that re-colours one frame many times works this out once. `within`, when
 * known, holds every pixel of the mask that is not 0 (a tracked subject's extent): nothing outside
 * it is read, so the cost follows the subject's size and not the frame's.
 */
export function rimWeights(img: RawImage, width: number, strength: number, mask?: Uint8Array, within?: Box): Rim {
  checkImage(img, 'image');
  checkNumber(width, 0.5, 64, 'glow width');
  checkNumber(strength, 0, 1, 'glow strength');
  const W = img.width, H = img.height;
  if (mask && mask.length !== W * H) throw new RangeError(`Expected ${W * H} mask entries but received ${mask.length}`);
  const src = img.data;
  // The box searched: `within`, or the inside pixels' box found over the whole frame.
  let box = within;
  if (!box) {
    let x0 = W, y0 = H, x1 = -1, y1 = -1;
    for (let y = 0, p = 0; y < H; y++) {
      for (let x = 0; x < W; x++, p++) {
        if ((mask ? mask[p]! : src[p * 4 + 3]!) < 128) continue;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
    }
    if (x1 < 0) return { box: { x: 0, y: 0, width: 0, height: 0 }, weights: new Float32Array(0) };
    box = { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  }
  // A pixel wider (clipped to the frame), so the silhouette's edge has outside pixels next to it.
  const bx = Math.max(0, box.x - 1), by = Math.max(0, box.y - 1);
  const bw = Math.min(W, box.x + box.width + 1) - bx, bh = Math.min(H, box.y + box.height + 1) - by;
  // The distance to the nearest outside pixel, the silhouette read straight into the field.
  const cap = Math.ceil(width) + 2;
  const field = stepField(bw, bh, cap);
  const { steps, pitch } = field;
  for (let y = 0; y < bh; y++) {
    const p0 = (y + by) * W + bx, q0 = (y + 1) * pitch + 1;
    if (mask) for (let x = 0; x < bw; x++) { if (mask[p0 + x]! < 128) steps[q0 + x] = 0; }
    else for (let x = 0, i = p0 * 4 + 3; x < bw; x++, i += 4) { if (src[i]! < 128) steps[q0 + x] = 0; }
  }
  relaxSteps(field);
  // Chamfer distances are whole thirds of a pixel, so each weight is one table lookup.
  const table = new Float32Array(cap * 3 + 5);
  for (let k = 1; k < table.length; k++) {
    const t = 1 - (Math.min(cap, k / 3) - 1) / width;
    table[k] = t > 0 ? strength * Math.min(1, t) ** 1.5 : 0;
  }
  const weights = new Float32Array(bw * bh);
  for (let y = 0, q = 0; y < bh; y++) {
    for (let x = 0, k = (y + 1) * pitch + 1, i = ((y + by) * W + bx) * 4 + 3; x < bw; x++, q++, k++, i += 4) {
      // Outside pixels are step 0 (table[0] is 0); see-through ones stay unlit.
      if (src[i] !== 0) weights[q] = table[steps[k]!]!;
    }
  }
  return { box: { x: bx, y: by, width: bw, height: bh }, weights };
}

/**
 * `img` with each pixel of the rim mixed toward `color` by its weight: a new image, or `img`
 * itself changed when `inPlace` (the caller owns a fresh buffer and saves a copy per frame).
 */
export function applyRim(img: RawImage, rim: Rim, color: Rgba, inPlace = false): RawImage {
  checkImage(img, 'image');
  const { box, weights } = rim;
  if (box.x < 0 || box.y < 0 || box.x + box.width > img.width || box.y + box.height > img.height || weights.length !== box.width * box.height) {
    throw new RangeError(`Expected a rim inside the ${img.width}x${img.height} image`);
  }
  const src = img.data;
  const out = inPlace ? src : new Uint8Array(src);
  for (let y = 0, q = 0; y < box.height; y++) {
    for (let x = 0, i = ((box.y + y) * img.width + box.x) * 4; x < box.width; x++, q++, i += 4) {
      const k = weights[q]!;
      if (k === 0) continue;
      out[i] = src[i]! + (color.r - src[i]!) * k + 0.5;
      out[i + 1] = src[i + 1]! + (color.g - src[i + 1]!) * k + 0.5;
      out[i + 2] = src[i + 2]! + (color.b - src[i + 2]!) * k + 0.5;
    }
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
