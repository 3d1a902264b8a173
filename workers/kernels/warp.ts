// Drawing a subject transformed by a pose: scale (squash and stretch), rotation, shear and bend
// about a pivot at its feet, then an offset. Every output pixel is mapped back to the source (an
// inverse map), so there are no holes; 'smooth' samples bilinearly in premultiplied alpha and
// 'nearest' copies source pixels whole, which is what pixel art needs.
import type { RawImage } from '../types.ts';
import { checkImage, checkNumber } from './check.ts';
import { bilinear, f64, put, rowCoords, u8 } from './warpRow.ts';
import { bayer } from './dither.ts';
import type { ResizeMode } from './resize.ts';
import type { Box } from './subject.ts';

/** A piecewise-linear map of one axis through three knots (a morph aligning box and centroid). */
export interface AxisMap {
  from: readonly [number, number, number];
  to: readonly [number, number, number];
}

/**
 * The legs, in subject space: the `length` px above `feet` fold by `tuck` px (a tuck, buckling
 * knees: the body above comes down by as much), and the foot left / right of `split` is lifted
 * by `liftL` / `liftR` px (a step) by folding that side's leg. Everything above the legs keeps its
 * pixels, which is what keeps a pixel-art face intact through a jump.
 */
export interface Legs {
  feet: number;
  length: number;
  tuck: number;
  split: number;
  liftL: number;
  liftR: number;
}

/**
 * The inverse map of one draw. Output pixel centre (x + 0.5, y + 0.5) goes to subject space
 * (u, v) = (a x + b y + c, d x + e y + f); rows above `bendBase` are un-bent by
 * bendPx * ((bendBase - v) / bendHeight)^2; the legs are unfolded; then the optional axis maps
 * lead to source pixels.
 */
export interface WarpMap {
  a: number; b: number; c: number;
  d: number; e: number; f: number;
  bendPx: number;
  bendBase: number;
  bendHeight: number;
  legs?: Legs;
  xMap?: AxisMap;
  yMap?: AxisMap;
  /** Where the sampled image's origin lies in subject space (a cutout's offset); 0 by default. */
  ox?: number;
  oy?: number;
  /** Output rectangle to visit (everything else stays as it was). */
  x0: number; y0: number; x1: number; y1: number;
}

/**
 * Draws `src` through `map` over `dst`, source-over, at `opacity`. 'smooth' samples bilinearly in
 * premultiplied alpha, reading only where all four taps lie inside `src` (give it a transparent
 * margin: spriteCutout). 'nearest' copies pixels whole and keeps alpha binary: a partial opacity
 * keeps the pixels whose Bayer threshold is below it (a dithered fade). Mutates and returns `dst`.
 */
export function drawWarped(dst: RawImage, src: RawImage, map: WarpMap, mode: ResizeMode, opacity = 1): RawImage {
  checkImage(dst, 'destination');
  checkImage(src, 'source');
  checkNumber(opacity, 0, 1, 'opacity');
  if (opacity === 0) return dst;
  const { width: sw, height: sh, data: s } = src;
  const out = dst.data;
  const x0 = Math.max(0, map.x0), x1 = Math.min(dst.width, map.x1);
  const y0 = Math.max(0, map.y0), y1 = Math.min(dst.height, map.y1);
  if (x1 <= x0 || y1 <= y0) return dst;
  const xy = new Float64Array((x1 - x0) * 2);
  // Whole-pixel copies as 32-bit words when both buffers allow it (byte order does not matter).
  const s32 = s.byteOffset % 4 === 0 ? new Uint32Array(s.buffer, s.byteOffset, s.length >> 2) : null;
  const out32 = out.byteOffset % 4 === 0 ? new Uint32Array(out.buffer, out.byteOffset, out.length >> 2) : null;
  const acc = new Float64Array(3);
  for (let y = y0; y < y1; y++) {
    rowCoords(map, y, x0, x1, xy);
    let o = (y * dst.width + x0) * 4;
    if (mode === 'nearest') {
      for (let x = x0, k = 0; x < x1; x++, k += 2, o += 4) {
        const su = f64(xy, k), sv = f64(xy, k + 1);
        if (!(su >= 0 && sv >= 0 && su < sw && sv < sh)) continue;
        const i = ((sv | 0) * sw + (su | 0)) * 4;
        const sa = u8(s, i + 3);
        if (sa === 0 || (opacity < 1 && opacity <= bayer(x, y))) continue;
        // The opacity was spent choosing the pixel: a kept pixel is drawn whole (one 32-bit copy).
        if (sa === 255 && s32 && out32) out32[o >> 2] = s32[i >> 2] as number;
        else put(out, o, u8(s, i), u8(s, i + 1), u8(s, i + 2), sa / 255);
      }
      continue;
    }
    for (let k = 0; k < xy.length; k += 2, o += 4) {
      const pa = bilinear(s, sw, sh, f64(xy, k), f64(xy, k + 1), acc);
      if (pa < 0.5) continue;
      const inv = 1 / pa;
      put(out, o, f64(acc, 0) * inv, f64(acc, 1) * inv, f64(acc, 2) * inv, (pa * opacity) / 255);
    }
  }
  return dst;
}

/**
 * The part of `img` inside `box`, with `margin` transparent pixels around (beyond the image too),
 * and the offset of its origin in `img`: what drawWarped samples (small, and safe at its edges).
 */
export function spriteCutout(img: RawImage, box: Box, margin: number): { image: RawImage; ox: number; oy: number } {
  checkImage(img, 'image');
  const width = box.width + 2 * margin;
  const height = box.height + 2 * margin;
  const ox = box.x - margin, oy = box.y - margin;
  const out = new Uint8Array(width * height * 4);
  const xa = Math.max(0, ox), xb = Math.min(img.width, ox + width);
  for (let y = Math.max(0, oy); y < Math.min(img.height, oy + height); y++) {
    if (xb <= xa) break;
    out.set(img.data.subarray((y * img.width + xa) * 4, (y * img.width + xb) * 4), ((y - oy) * width + (xa - ox)) * 4);
  }
  return { image: { data: out, width, height }, ox, oy };
}
