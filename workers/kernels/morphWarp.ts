// Two subjects warped and blended in one pass (a start -> end morph at one pose): each output pixel
// is mapped into both sources, and the two samples are mixed right there, `t` of the way to the
// second. Smooth art cross-dissolves in premultiplied alpha; pixel art takes the pixel whole from
// one source or the other by its Bayer threshold (and samples only that one), so no colour is
// invented. One pass, no intermediate layers: half the work of warping each into a layer and mixing.
import type { RawImage } from '../types.ts';
import { checkImage, checkNumber } from './check.ts';
import { bayer } from './dither.ts';
import type { ResizeMode } from './resize.ts';
import type { WarpMap } from './warp.ts';
import { f64, put, rowCoords, u8 } from './warpRow.ts';

export interface WarpSource {
  image: RawImage;
  map: WarpMap;
}

/**
 * Draws the blend of `a` and `b` through their maps over `dst` (source-over, at `opacity`; for
 * pixel art a partial opacity is dithered). Returns the rectangle visited. Mutates `dst`.
 */
export function drawMorphed(dst: RawImage, a: WarpSource, b: WarpSource, t: number, mode: ResizeMode, opacity = 1): { x0: number; y0: number; x1: number; y1: number } {
  checkImage(dst, 'destination');
  checkImage(a.image, 'first source');
  checkImage(b.image, 'second source');
  checkNumber(t, 0, 1, 't');
  checkNumber(opacity, 0, 1, 'opacity');
  const x0 = Math.max(0, Math.min(a.map.x0, b.map.x0)), x1 = Math.min(dst.width, Math.max(a.map.x1, b.map.x1));
  const y0 = Math.max(0, Math.min(a.map.y0, b.map.y0)), y1 = Math.min(dst.height, Math.max(a.map.y1, b.map.y1));
  const rect = { x0, y0, x1, y1 };
  if (opacity === 0 || x1 <= x0 || y1 <= y0) return rect;
  const out = dst.data;
  const xyA = new Float64Array((x1 - x0) * 2);
  const xyB = new Float64Array((x1 - x0) * 2);
  if (mode !== 'nearest') {
    drawSmooth(out, dst.width, a, b, t, opacity, x0, x1, y0, y1, xyA, xyB);
    return rect;
  }
  for (let y = y0; y < y1; y++) {
    // Each source only within its own rows (a map stops at its subject's feet).
    const inA = y >= a.map.y0 && y < a.map.y1, inB = y >= b.map.y0 && y < b.map.y1;
    if (inA) rowCoords(a.map, y, x0, x1, xyA);
    if (inB) rowCoords(b.map, y, x0, x1, xyB);
    let o = (y * dst.width + x0) * 4;
    for (let x = x0, k = 0; x < x1; x++, k += 2, o += 4) {
      const useB = t > bayer(x, y);
      if (useB ? !inB : !inA) continue;
      const src = useB ? b.image : a.image;
      const xy = useB ? xyB : xyA;
      const su = f64(xy, k), sv = f64(xy, k + 1);
      if (!(su >= 0 && sv >= 0 && su < src.width && sv < src.height)) continue;
      const i = ((sv | 0) * src.width + (su | 0)) * 4;
      const sa = u8(src.data, i + 3);
      // The fade uses the pattern shifted, so it does not pick the same pixels as the blend.
      if (sa === 0 || (opacity < 1 && opacity <= bayer(x + 2, y + 1))) continue;
      put(out, o, u8(src.data, i), u8(src.data, i + 1), u8(src.data, i + 2), sa / 255);
    }
  }
  return rect;
}

/**
 * drawMorphed for smooth art: both premultiplied bilinear samples (warpRow's bilinear(), inlined
 * with the colour sums in locals) and the cross-dissolve, the same arithmetic per pixel. Pixels
 * where a source has nothing (outside it, or four clear taps) cost a few compares.
 */
function drawSmooth(
  out: Uint8Array, dstWidth: number, a: WarpSource, b: WarpSource, t: number, opacity: number,
  x0: number, x1: number, y0: number, y1: number, xyA: Float64Array, xyB: Float64Array,
): void {
  const s = 1 - t;
  const aw = a.image.width, ah = a.image.height;
  const bw = b.image.width, bh = b.image.height;
  const qa = words(a.image.data), qb = words(b.image.data);
  for (let y = y0; y < y1; y++) {
    // Each source only within its own rows (a map stops at its subject's feet).
    const inA = y >= a.map.y0 && y < a.map.y1, inB = y >= b.map.y0 && y < b.map.y1;
    if (!inA && !inB) continue;
    if (inA) rowCoords(a.map, y, x0, x1, xyA);
    if (inB) rowCoords(b.map, y, x0, x1, xyB);
    let o = (y * dstWidth + x0) * 4;
    for (let x = x0, k = 0; x < x1; x++, k += 2, o += 4) {
      let wa = 0, ar = 0, ag = 0, ab = 0;
      if (inA) {
        const fx = (xyA[k] as number) - 0.5, fy = (xyA[k + 1] as number) - 0.5;
        if (fx >= 0 && fy >= 0 && fx < aw - 1 && fy < ah - 1) {
          const xl = fx | 0, yt = fy | 0;
          const j00 = yt * aw + xl, j01 = j00 + aw;
          // Whole pixels as 32-bit words (little-endian RGBA): alpha is the top byte.
          const p00 = qa[j00] as number, p10 = qa[j00 + 1] as number, p01 = qa[j01] as number, p11 = qa[j01 + 1] as number;
          if (((p00 | p10 | p01 | p11) >>> 24) !== 0) {
            const a00 = p00 >>> 24, a10 = p10 >>> 24, a01 = p01 >>> 24, a11 = p11 >>> 24;
            const ax = fx - xl, ay = fy - yt, bx = 1 - ax, by = 1 - ay;
            const w00 = bx * by * a00, w10 = ax * by * a10, w01 = bx * ay * a01, w11 = ax * ay * a11;
            ar = (p00 & 255) * w00 + (p10 & 255) * w10 + (p01 & 255) * w01 + (p11 & 255) * w11;
            ag = ((p00 >>> 8) & 255) * w00 + ((p10 >>> 8) & 255) * w10 + ((p01 >>> 8) & 255) * w01 + ((p11 >>> 8) & 255) * w11;
            ab = ((p00 >>> 16) & 255) * w00 + ((p10 >>> 16) & 255) * w10 + ((p01 >>> 16) & 255) * w01 + ((p11 >>> 16) & 255) * w11;
            wa = w00 + w10 + w01 + w11;
          }
        }
      }
      let wb = 0, br = 0, bg = 0, bb = 0;
      if (inB) {
        const fx = (xyB[k] as number) - 0.5, fy = (xyB[k + 1] as number) - 0.5;
        if (fx >= 0 && fy >= 0 && fx < bw - 1 && fy < bh - 1) {
          const xl = fx | 0, yt = fy | 0;
          const j00 = yt * bw + xl, j01 = j00 + bw;
          // Whole pixels as 32-bit words (little-endian RGBA): alpha is the top byte.
          const p00 = qb[j00] as number, p10 = qb[j00 + 1] as number, p01 = qb[j01] as number, p11 = qb[j01 + 1] as number;
          if (((p00 | p10 | p01 | p11) >>> 24) !== 0) {
            const a00 = p00 >>> 24, a10 = p10 >>> 24, a01 = p01 >>> 24, a11 = p11 >>> 24;
            const ax = fx - xl, ay = fy - yt, bx = 1 - ax, by = 1 - ay;
            const w00 = bx * by * a00, w10 = ax * by * a10, w01 = bx * ay * a01, w11 = ax * ay * a11;
            br = (p00 & 255) * w00 + (p10 & 255) * w10 + (p01 & 255) * w01 + (p11 & 255) * w11;
            bg = ((p00 >>> 8) & 255) * w00 + ((p10 >>> 8) & 255) * w10 + ((p01 >>> 8) & 255) * w01 + ((p11 >>> 8) & 255) * w11;
            bb = ((p00 >>> 16) & 255) * w00 + ((p10 >>> 16) & 255) * w10 + ((p01 >>> 16) & 255) * w01 + ((p11 >>> 16) & 255) * w11;
            wb = w00 + w10 + w01 + w11;
          }
        }
      }
      const pa = wa * s, pb = wb * t;
      const alpha = pa + pb;
      if (alpha < 0.5) continue;
      // Colour sums are alpha-weighted (premultiplied): mix them with the same weights.
      const ka = pa > 0 ? s : 0, kb = pb > 0 ? t : 0;
      const inv = 1 / alpha;
      put(out, o, (ar * ka + br * kb) * inv, (ag * ka + bg * kb) * inv, (ab * ka + bb * kb) * inv, (alpha * opacity) / 255);
    }
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** RGBA bytes as one little-endian word a pixel (a copy when the bytes are not word-aligned). */
function words(data: Uint8Array): Uint32Array {
  if (!LITTLE_ENDIAN) {
    const out = new Uint32Array(data.length >> 2);
    for (let i = 0; i < out.length; i++) out[i] = ((data[4 * i] as number) | ((data[4 * i + 1] as number) << 8) | ((data[4 * i + 2] as number) << 16) | ((data[4 * i + 3] as number) << 24)) >>> 0;
    return out;
  }
  if (data.byteOffset % 4 === 0) return new Uint32Array(data.buffer, data.byteOffset, data.length >> 2);
  return new Uint32Array(data.slice().buffer, 0, data.length >> 2);
}
