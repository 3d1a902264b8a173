// Colour effects of smooth (non pixel-art) motions: a tint toward a colour (a glow, a hurt flash),
// lightness changes (a card edge-on), and a soft halo of light behind the subject. Pixel art uses
// ramp.ts instead, which never leaves the palette.
import type { RawImage } from '../types.ts';
import { checkImage, checkInt, checkNumber } from './check.ts';
import type { Rgba } from './image.ts';

/** Opaque-ish pixels of `img` moved `amount` of the way toward `color`; alpha kept. New image. */
export function tintImage(img: RawImage, color: Rgba, amount: number): RawImage {
  checkImage(img, 'image');
  checkNumber(amount, 0, 1, 'amount');
  const out = new Uint8Array(img.data);
  if (amount === 0) return { data: out, width: img.width, height: img.height };
  const keep = 1 - amount;
  const r = color.r * amount, g = color.g * amount, b = color.b * amount;
  for (let i = 0; i < out.length; i += 4) {
    if ((out[i + 3] as number) === 0) continue;
    out[i] = Math.round((out[i] as number) * keep + r);
    out[i + 1] = Math.round((out[i + 1] as number) * keep + g);
    out[i + 2] = Math.round((out[i + 2] as number) * keep + b);
  }
  return { data: out, width: img.width, height: img.height };
}

/** `img` with its colours scaled by `1 + amount` (amount in -1..1: darker below 0), alpha kept. */
export function shadeImage(img: RawImage, amount: number): RawImage {
  checkImage(img, 'image');
  checkNumber(amount, -1, 1, 'amount');
  const out = new Uint8Array(img.data);
  const k = 1 + amount;
  for (let i = 0; i < out.length; i += 4) {
    if ((out[i + 3] as number) === 0) continue;
    out[i] = Math.min(255, Math.round((out[i] as number) * k));
    out[i + 1] = Math.min(255, Math.round((out[i + 1] as number) * k));
    out[i + 2] = Math.min(255, Math.round((out[i + 2] as number) * k));
  }
  return { data: out, width: img.width, height: img.height };
}

/** Box blur of one channel plane, `radius` each side, along rows then columns (two passes). */
function blurPlane(src: Float32Array, w: number, h: number, radius: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const n = 2 * radius + 1;
  for (let y = 0; y < h; y++) {
    let sum = 0;
    for (let x = -radius; x <= radius; x++) sum += x >= 0 && x < w ? (src[y * w + x] as number) : 0;
    for (let x = 0; x < w; x++) {
      tmp[y * w + x] = sum / n;
      const add = x + radius + 1, sub = x - radius;
      if (add < w) sum += (src[y * w + add] as number);
      if (sub >= 0) sum -= (src[y * w + sub] as number);
    }
  }
  for (let x = 0; x < w; x++) {
    let sum = 0;
    for (let y = -radius; y <= radius; y++) sum += y >= 0 && y < h ? (tmp[y * w + x] as number) : 0;
    for (let y = 0; y < h; y++) {
      out[y * w + x] = sum / n;
      const add = y + radius + 1, sub = y - radius;
      if (add < h) sum += (tmp[add * w + x] as number);
      if (sub >= 0) sum -= (tmp[sub * w + x] as number);
    }
  }
  return out;
}

/**
 * A halo of `color` around the subject of `img`: its alpha, dilated and blurred (two box blurs,
 * close to a Gaussian), brightest at the silhouette and fading `radius` pixels out.
 */
export function haloOf(img: RawImage, color: Rgba, radius: number): RawImage {
  checkImage(img, 'image');
  checkInt(radius, 1, 256, 'radius');
  const { width: w, height: h, data: d } = img;
  let plane: Float32Array = new Float32Array(w * h);
  for (let p = 0; p < plane.length; p++) plane[p] = (d[p * 4 + 3] as number) / 255;
  const r = Math.max(1, Math.round(radius / 2));
  plane = blurPlane(blurPlane(plane, w, h, r), w, h, r);
  const out = new Uint8Array(w * h * 4);
  for (let p = 0; p < plane.length; p++) {
    const a = Math.min(1, (plane[p] as number) * 1.6);
    if (a < 0.01) continue;
    out[p * 4] = color.r;
    out[p * 4 + 1] = color.g;
    out[p * 4 + 2] = color.b;
    out[p * 4 + 3] = Math.round(a * 255);
  }
  return { data: out, width: w, height: h };
}

/** A one-pixel ring of `color` just outside the subject of binary-alpha `img` (pixel art's halo). */
export function ringOf(img: RawImage, color: Rgba): RawImage {
  checkImage(img, 'image');
  const { width: w, height: h, data: d } = img;
  const out = new Uint8Array(w * h * 4);
  const on = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < w && y < h && (d[(y * w + x) * 4 + 3] as number) !== 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (on(x, y) || !(on(x - 1, y) || on(x + 1, y) || on(x, y - 1) || on(x, y + 1))) continue;
      out.set([color.r, color.g, color.b, color.a], (y * w + x) * 4);
    }
  }
  return { data: out, width: w, height: h };
}
