// The per-pixel core of warping: output row -> source coordinates (the inverse map with its bend,
// legs and axis maps), premultiplied bilinear sampling, and source-over writing. Shared by
// warp.ts (one subject) and morphWarp.ts (two subjects blended in one pass).
import type { AxisMap, WarpMap } from './warp.ts';

// Typed-array reads for the hot loops. check.ts's `at` serves every array type in the code base,
// so its inline cache sees many element kinds; one helper per array type stays monomorphic.
export const u8 = (a: Uint8Array, i: number): number => a[i] as number;
export const f64 = (a: Float64Array, i: number): number => a[i] as number;

/** An AxisMap as plain numbers: knots and the slopes of its two pieces (the identity when absent). */
function knots(m: AxisMap | undefined): [number, number, number, number, number, number] {
  if (!m) return [0, Infinity, 0, 0, 1, 1];
  const [f0, f1, f2] = m.from;
  const [t0, t1, t2] = m.to;
  const s0 = f1 === f0 ? 1 : (t1 - t0) / (f1 - f0);
  return [f0, f1, t0, t1, s0, f2 === f1 ? s0 : (t2 - t1) / (f2 - f1)];
}

/**
 * Subject-space coordinates of output row `y`, columns [x0, x1), into `xy` (source pixels).
 * Everything the loop reads is a local number: this runs for every pixel of every frame.
 */
export function rowCoords(map: WarpMap, y: number, x0: number, x1: number, xy: Float64Array): void {
  const { a, d, bendPx, bendBase } = map;
  const [xf0, xf1, xt0, xt1, xs0, xs1] = knots(map.xMap);
  const [yf0, yf1, yt0, yt1, ys0, ys1] = knots(map.yMap);
  const ox = map.ox ?? 0, oy = map.oy ?? 0;
  const invBend = 1 / map.bendHeight;
  const legs = map.legs;
  const feet = legs?.feet ?? 0;
  const legLen = legs?.length ?? 0;
  const tuck = legs?.tuck ?? 0;
  const split = legs?.split ?? 0;
  const liftL = legs?.liftL ?? 0, liftR = legs?.liftR ?? 0;
  const folded = tuck > 0 || liftL > 0 || liftR > 0;
  const legOut = legLen - tuck;
  const legIn = folded ? legLen / legOut : 1;
  let u = a * (x0 + 0.5) + map.b * (y + 0.5) + map.c;
  let v = d * (x0 + 0.5) + map.e * (y + 0.5) + map.f;
  if (bendPx === 0 && !folded) {
    // No bend and no legs (most maps): the same steps without their per-pixel tests.
    for (let x = x0, k = 0; x < x1; x++, k += 2, u += a, v += d) {
      const su = u < xf1 ? xt0 + (u - xf0) * xs0 : xt1 + (u - xf1) * xs1;
      const sv = v < yf1 ? yt0 + (v - yf0) * ys0 : yt1 + (v - yf1) * ys1;
      xy[k] = su - ox;
      xy[k + 1] = sv - oy;
    }
    return;
  }
  for (let x = x0, k = 0; x < x1; x++, k += 2, u += a, v += d) {
    let su = u;
    let sv = v;
    if (bendPx !== 0) {
      const t = (bendBase - sv) * invBend;
      if (t > 0) su -= bendPx * t * t;
    }
    if (folded) {
      // Height above the feet: undo the tuck (legs folded, body lowered), then the lifted foot.
      let ya = feet - sv;
      ya = ya >= legOut ? ya + tuck : ya * legIn;
      const lift = su < split ? liftL : liftR;
      if (lift > 0 && ya < legLen) ya = ((ya - lift) * legLen) / (legLen - lift);
      sv = feet - ya;
    }
    su = su < xf1 ? xt0 + (su - xf0) * xs0 : xt1 + (su - xf1) * xs1;
    sv = sv < yf1 ? yt0 + (sv - yf0) * ys0 : yt1 + (sv - yf1) * ys1;
    xy[k] = su - ox;
    xy[k + 1] = sv - oy;
  }
}

/** Writes (r, g, b) at source alpha `sa` (0..1) over output pixel `o`, source-over. */
export function put(out: Uint8Array, o: number, r: number, g: number, b: number, sa: number): void {
  const da = u8(out, o + 3);
  if (sa >= 1 || da === 0) {
    out[o] = r + 0.5; out[o + 1] = g + 0.5; out[o + 2] = b + 0.5; out[o + 3] = sa * 255 + 0.5;
    return;
  }
  // Source-over in premultiplied terms, back to straight alpha.
  const keep = (da / 255) * (1 - sa);
  const oa = sa + keep;
  out[o] = (r * sa + u8(out, o) * keep) / oa + 0.5;
  out[o + 1] = (g * sa + u8(out, o + 1) * keep) / oa + 0.5;
  out[o + 2] = (b * sa + u8(out, o + 2) * keep) / oa + 0.5;
  out[o + 3] = oa * 255 + 0.5;
}

/**
 * Premultiplied bilinear sample of `s` (sw x sh RGBA) at source position (u, v), pixel centres at
 * +0.5: returns the alpha (0..255, 0 outside) and leaves alpha-weighted colour sums in `acc`.
 * Only positions whose four taps lie inside are read (sources carry a transparent margin).
 */
export function bilinear(s: Uint8Array, sw: number, sh: number, u: number, v: number, acc: Float64Array): number {
  const fx = u - 0.5, fy = v - 0.5;
  if (!(fx >= 0 && fy >= 0 && fx < sw - 1 && fy < sh - 1)) return 0;
  const xl = fx | 0, yt = fy | 0;
  const row = sw * 4;
  const i00 = yt * row + xl * 4, i10 = i00 + 4, i01 = i00 + row, i11 = i01 + 4;
  const a00 = u8(s, i00 + 3), a10 = u8(s, i10 + 3), a01 = u8(s, i01 + 3), a11 = u8(s, i11 + 3);
  if ((a00 | a10 | a01 | a11) === 0) return 0;
  const ax = fx - xl, ay = fy - yt, bx = 1 - ax, by = 1 - ay;
  const w00 = bx * by * a00, w10 = ax * by * a10, w01 = bx * ay * a01, w11 = ax * ay * a11;
  acc[0] = u8(s, i00) * w00 + u8(s, i10) * w10 + u8(s, i01) * w01 + u8(s, i11) * w11;
  acc[1] = u8(s, i00 + 1) * w00 + u8(s, i10 + 1) * w10 + u8(s, i01 + 1) * w01 + u8(s, i11 + 1) * w11;
  acc[2] = u8(s, i00 + 2) * w00 + u8(s, i10 + 2) * w10 + u8(s, i01 + 2) * w01 + u8(s, i11 + 2) * w11;
  return w00 + w10 + w01 + w11;
}
