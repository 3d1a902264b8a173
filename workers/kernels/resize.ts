// Resampling. Two modes: 'nearest' keeps pixel art's hard edges and its exact colours (every
// output pixel is an input pixel); 'smooth' filters in premultiplied alpha (area average when
// shrinking, bilinear when growing) so transparent pixels' RGB never bleeds into the edges.
import type { RawImage } from '../types.ts';
import { checkImage, checkInt } from './check.ts';
import { cloneImage } from './image.ts';
import { MAX_IMAGE_SIDE } from '../limits.ts';

export type ResizeMode = 'nearest' | 'smooth';

const MAX_SIDE = MAX_IMAGE_SIDE * 4;

/** `img` scaled to exactly width x height (aspect not kept). Always a new image. */
export function resizeTo(img: RawImage, width: number, height: number, mode: ResizeMode): RawImage {
  checkImage(img, 'image');
  checkInt(width, 1, MAX_SIDE, 'width');
  checkInt(height, 1, MAX_SIDE, 'height');
  if (width === img.width && height === img.height) return cloneImage(img);
  return mode === 'nearest' ? resizeNearest(img, width, height) : resizeSmooth(img, width, height);
}

/** The size `width x height` takes when scaled down (never up) to fit maxW x maxH, aspect kept. */
export function fitSize(width: number, height: number, maxW: number, maxH: number): { width: number; height: number } {
  if (width <= maxW && height <= maxH) return { width, height };
  const scale = Math.min(maxW / width, maxH / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `img` scaled down to fit within maxW x maxH keeping its aspect; `img` itself when it fits. */
export function fitWithin(img: RawImage, maxW: number, maxH: number, mode: ResizeMode): RawImage {
  checkImage(img, 'image');
  checkInt(maxW, 1, MAX_SIDE, 'maxW');
  checkInt(maxH, 1, MAX_SIDE, 'maxH');
  const size = fitSize(img.width, img.height, maxW, maxH);
  if (size.width === img.width && size.height === img.height) return img;
  return resizeTo(img, size.width, size.height, mode);
}

function resizeNearest(img: RawImage, width: number, height: number): RawImage {
  // Sample at pixel centres so an integer upscale repeats each pixel exactly k times. Pixels are
  // moved as whole words, and an output row that samples the same source row as the one above is
  // a copy of it (an upscale by k writes each row once and copies it k - 1 times).
  const srcX = new Int32Array(width);
  for (let x = 0; x < width; x++) srcX[x] = Math.min(img.width - 1, Math.floor(((x + 0.5) * img.width) / width));
  // (A view at an odd offset is copied first: words must be aligned.)
  const bytes = img.data.byteOffset % 4 === 0 ? img.data : new Uint8Array(img.data);
  const src = new Uint32Array(bytes.buffer, bytes.byteOffset, img.width * img.height);
  const out = new Uint32Array(width * height);
  let previous = -1;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(img.height - 1, Math.floor(((y + 0.5) * img.height) / height));
    const o = y * width;
    if (sy === previous) {
      out.copyWithin(o, o - width, o);
      continue;
    }
    const rowIn = sy * img.width;
    for (let x = 0; x < width; x++) out[o + x] = src[rowIn + srcX[x]!]!;
    previous = sy;
  }
  return { data: new Uint8Array(out.buffer), width, height };
}

/** Per output index along one axis: which inputs contribute and with what weight (sum 1). */
interface Taps {
  start: Int32Array;
  count: Int32Array;
  weights: Float32Array;
  stride: number;
}

function axisTaps(srcLen: number, dstLen: number): Taps {
  const scale = srcLen / dstLen;
  const stride = Math.max(2, Math.ceil(scale) + 1);
  const start = new Int32Array(dstLen);
  const count = new Int32Array(dstLen);
  const weights = new Float32Array(dstLen * stride);
  for (let o = 0; o < dstLen; o++) {
    if (scale > 1) {
      // Area: each output covers [lo, hi) of the input; weight = overlap length.
      const lo = o * scale;
      const hi = lo + scale;
      const s0 = Math.floor(lo);
      const s1 = Math.min(srcLen, Math.ceil(hi));
      start[o] = s0;
      count[o] = s1 - s0;
      for (let s = s0; s < s1; s++) weights[o * stride + s - s0] = (Math.min(hi, s + 1) - Math.max(lo, s)) / scale;
    } else {
      // Bilinear between the two nearest input centres, clamped at the borders.
      const c = (o + 0.5) * scale - 0.5;
      const s0 = Math.max(0, Math.min(srcLen - 1, Math.floor(c)));
      const f = Math.max(0, Math.min(1, c - s0));
      start[o] = s0;
      count[o] = s0 + 1 < srcLen ? 2 : 1;
      weights[o * stride] = count[o] === 2 ? 1 - f : 1;
      weights[o * stride + 1] = count[o] === 2 ? f : 0;
    }
  }
  return { start, count, weights, stride };
}

function resizeSmooth(img: RawImage, width: number, height: number): RawImage {
  const sw = img.width;
  const sh = img.height;
  const src = img.data;
  const tx = axisTaps(sw, width);
  const ty = axisTaps(sh, height);
  // Pass 1, horizontal: premultiply while reading, keep floats for the second pass.
  const mid = new Float32Array(width * sh * 4);
  for (let y = 0; y < sh; y++) {
    const rowIn = y * sw * 4;
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      const s0 = tx.start[x]!;
      const n = tx.count[x]!;
      for (let k = 0; k < n; k++) {
        const w = tx.weights[x * tx.stride + k]!;
        const i = rowIn + (s0 + k) * 4;
        const wa = (w * src[i + 3]!) / 255;
        r += src[i]! * wa;
        g += src[i + 1]! * wa;
        b += src[i + 2]! * wa;
        a += w * src[i + 3]!;
      }
      const o = (y * width + x) * 4;
      mid[o] = r;
      mid[o + 1] = g;
      mid[o + 2] = b;
      mid[o + 3] = a;
    }
  }
  // Pass 2, vertical, then unpremultiply.
  const out = new Uint8Array(width * height * 4);
  const rowF = width * 4;
  for (let y = 0; y < height; y++) {
    const s0 = ty.start[y]!;
    const n = ty.count[y]!;
    const o0 = y * rowF;
    for (let xi = 0; xi < rowF; xi += 4) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let k = 0; k < n; k++) {
        const w = ty.weights[y * ty.stride + k]!;
        const i = (s0 + k) * rowF + xi;
        r += mid[i]! * w;
        g += mid[i + 1]! * w;
        b += mid[i + 2]! * w;
        a += mid[i + 3]! * w;
      }
      const o = o0 + xi;
      const alpha = Math.round(a);
      if (alpha <= 0) continue; // stays transparent black
      const un = 255 / a;
      out[o] = Math.min(255, Math.round(r * un));
      out[o + 1] = Math.min(255, Math.round(g * un));
      out[o + 2] = Math.min(255, Math.round(b * un));
      out[o + 3] = Math.min(255, alpha);
    }
  }
  return { data: out, width, height };
}
