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
import { bilinear, f64, put, rowCoords, u8 } from './warpRow.ts';

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
  const accA = new Float64Array(3);
  const accB = new Float64Array(3);
  const s = 1 - t;
  for (let y = y0; y < y1; y++) {
    // Each source only within its own rows (a map stops at its subject's feet).
    const inA = y >= a.map.y0 && y < a.map.y1, inB = y >= b.map.y0 && y < b.map.y1;
    if (inA) rowCoords(a.map, y, x0, x1, xyA);
    if (inB) rowCoords(b.map, y, x0, x1, xyB);
    let o = (y * dst.width + x0) * 4;
    for (let x = x0, k = 0; x < x1; x++, k += 2, o += 4) {
      if (mode === 'nearest') {
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
        continue;
      }
      const pa = inA ? bilinear(a.image.data, a.image.width, a.image.height, f64(xyA, k), f64(xyA, k + 1), accA) * s : 0;
      const pb = inB ? bilinear(b.image.data, b.image.width, b.image.height, f64(xyB, k), f64(xyB, k + 1), accB) * t : 0;
      const alpha = pa + pb;
      if (alpha < 0.5) continue;
      // Colour sums are alpha-weighted (premultiplied): mix them with the same weights.
      const ka = pa > 0 ? s : 0, kb = pb > 0 ? t : 0;
      const inv = 1 / alpha;
      put(
        out, o,
        (f64(accA, 0) * ka + f64(accB, 0) * kb) * inv,
        (f64(accA, 1) * ka + f64(accB, 1) * kb) * inv,
        (f64(accA, 2) * ka + f64(accB, 2) * kb) * inv,
        (alpha * opacity) / 255,
      );
    }
  }
  return rect;
}
