// A float canvas for drawing effects: premultiplied RGBA in 0..1, so light can be added ('add',
// Porter-Duff plus: glows pile up where they overlap) or painted on top ('over': smoke and debris
// hide what is behind them), and the result becomes straight 8-bit RGBA only once, at the end
// (writeLayer). The shapes drawn on it are in layerShapes.ts.
// Effects are drawn on transparency and composited over the background afterwards, so the opaque
// sheet is exactly the transparent one over its colour.
import type { RawImage } from '../../types.ts';
import { checkImage, checkInt } from '../../kernels/check.ts';
import type { Rgba } from '../../kernels/image.ts';
import { div255 } from './flatten.ts';

export interface Layer {
  width: number;
  height: number;
  /** Premultiplied RGBA, 4 floats a pixel; alpha may pass 1 while adding (clamped on output). */
  data: Float32Array;
}

/** Straight colour (0..1 each) and opacity (0..1). */
export interface Paint {
  r: number;
  g: number;
  b: number;
  a: number;
}

export type Blend = 'add' | 'over';

export function createLayer(width: number, height: number): Layer {
  checkInt(width, 1, 1 << 14, 'layer width');
  checkInt(height, 1, 1 << 14, 'layer height');
  return { width, height, data: new Float32Array(width * height * 4) };
}

export function clearLayer(layer: Layer): void {
  layer.data.fill(0);
}

/** Blends paint with coverage `cov` at float offset `o`. */
export function blendAt(d: Float32Array, o: number, p: Paint, cov: number, blend: Blend): void {
  const a = p.a * cov;
  if (a <= 0) return;
  if (blend === 'add') {
    d[o] = (d[o] as number) + p.r * a;
    d[o + 1] = (d[o + 1] as number) + p.g * a;
    d[o + 2] = (d[o + 2] as number) + p.b * a;
    d[o + 3] = (d[o + 3] as number) + a;
  } else {
    const k = 1 - a;
    d[o] = p.r * a + (d[o] as number) * k;
    d[o + 1] = p.g * a + (d[o + 1] as number) * k;
    d[o + 2] = p.b * a + (d[o + 2] as number) * k;
    d[o + 3] = a + (d[o + 3] as number) * k;
  }
}

/**
 * Fades the layer to nothing over the `width` pixels along its edges (the outermost ring becomes
 * fully clear): an effect that reaches the edge of its cell ends softly instead of on a cut line,
 * and neighbouring cells of a sheet never touch.
 */
export function fadeEdges(layer: Layer, width: number): void {
  checkInt(width, 1, Math.max(1, Math.floor(Math.min(layer.width, layer.height) / 2)), 'edge width');
  const { width: w, height: h, data: d } = layer;
  const scale = (x: number, y: number): void => {
    const e = Math.min(x, y, w - 1 - x, h - 1 - y) / width;
    if (e >= 1) return;
    const f = e * e * (3 - 2 * e);
    const o = (y * w + x) * 4;
    d[o] = (d[o] as number) * f;
    d[o + 1] = (d[o + 1] as number) * f;
    d[o + 2] = (d[o + 2] as number) * f;
    d[o + 3] = (d[o + 3] as number) * f;
  };
  for (let y = 0; y < h; y++) {
    if (y < width || y >= h - width) {
      for (let x = 0; x < w; x++) scale(x, y);
    } else {
      for (let x = 0; x < width; x++) scale(x, y);
      for (let x = w - width; x < w; x++) scale(x, y);
    }
  }
}

/**
 * Writes `layer` as straight 8-bit RGBA into the w x h rectangle of `out` at (ox, oy), resampled
 * bilinearly (in premultiplied alpha) when the sizes differ: effects are drawn at a capped working
 * size and scaled to large cells. Alpha is clamped to 1 and colour is premultiplied colour over
 * alpha, so light added past full opacity keeps its hue.
 *
 * With `flat`, the same pixels are also written flattened onto `flat.background` into
 * `flat.image` (as flattenOnto does, same rounding), in the same pass. Pixels the layer leaves
 * clear are NOT written: pass a transparent `out` and a `flat.image` filled with the background.
 */
export function writeLayer(
  layer: Layer, out: RawImage, ox: number, oy: number, w: number, h: number,
  flat?: { image: RawImage; background: Rgba },
): void {
  checkImage(out, 'output');
  checkInt(ox, 0, out.width - 1, 'x');
  checkInt(oy, 0, out.height - 1, 'y');
  checkInt(w, 1, out.width - ox, 'width');
  checkInt(h, 1, out.height - oy, 'height');
  if (flat) {
    checkImage(flat.image, 'flat output');
    if (flat.image.width !== out.width || flat.image.height !== out.height) {
      throw new RangeError(`Expected ${out.width}x${out.height} for flat output but received ${flat.image.width}x${flat.image.height}`);
    }
  }
  const f8 = flat ? flat.image.data : null;
  const bg = flat ? flat.background : { r: 0, g: 0, b: 0, a: 0 };
  const src = layer.data;
  const sw = layer.width;
  const sh = layer.height;
  const o8 = out.data;
  const minA = 0.5 / 255;
  if (w === sw && h === sh) {
    if (f8) {
      writeSameSizeFlat(src, sw, h, o8, f8, out.width, ox, oy, bg);
      return;
    }
    for (let y = 0; y < h; y++) {
      let o = ((oy + y) * out.width + ox) * 4;
      for (let i = y * sw * 4, end = i + sw * 4; i < end; i += 4, o += 4) {
        const a = src[i + 3] as number;
        if (a >= minA) put(o8, f8, o, src[i] as number, src[i + 1] as number, src[i + 2] as number, a, bg);
      }
    }
    return;
  }
  // Bilinear: per output column, the two source columns and the weight of the right one, once.
  const sx = sw / w;
  const sy = sh / h;
  const col = new Int32Array(w);
  const colW = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const fxc = Math.max(0, Math.min(sw - 1, (x + 0.5) * sx - 0.5));
    col[x] = Math.min(sw - 2 < 0 ? 0 : sw - 2, Math.floor(fxc));
    colW[x] = sw > 1 ? fxc - (col[x] as number) : 0;
  }
  const step = sw > 1 ? 4 : 0;
  for (let y = 0; y < h; y++) {
    const fyc = Math.max(0, Math.min(sh - 1, (y + 0.5) * sy - 0.5));
    const y0 = Math.min(sh - 2 < 0 ? 0 : sh - 2, Math.floor(fyc));
    const fy = sh > 1 ? fyc - y0 : 0;
    const row0 = y0 * sw * 4;
    const row1 = sh > 1 ? row0 + sw * 4 : row0;
    let o = ((oy + y) * out.width + ox) * 4;
    for (let x = 0; x < w; x++, o += 4) {
      const c = (col[x] as number) * 4;
      const fx = colW[x] as number;
      const i00 = row0 + c, i01 = i00 + step, i10 = row1 + c, i11 = i10 + step;
      const w00 = (1 - fx) * (1 - fy), w01 = fx * (1 - fy), w10 = (1 - fx) * fy, w11 = fx * fy;
      const a = (src[i00 + 3] as number) * w00 + (src[i01 + 3] as number) * w01 + (src[i10 + 3] as number) * w10 + (src[i11 + 3] as number) * w11;
      if (a < minA) continue;
      put(o8, f8, o,
        (src[i00] as number) * w00 + (src[i01] as number) * w01 + (src[i10] as number) * w10 + (src[i11] as number) * w11,
        (src[i00 + 1] as number) * w00 + (src[i01 + 1] as number) * w01 + (src[i10 + 1] as number) * w10 + (src[i11 + 1] as number) * w11,
        (src[i00 + 2] as number) * w00 + (src[i01 + 2] as number) * w01 + (src[i10 + 2] as number) * w10 + (src[i11 + 2] as number) * w11,
        a, bg);
    }
  }
}

/**
 * writeLayer's common case (a cell the layer's size, with the flattened copy): put() inlined and
 * the background in locals, the same arithmetic pixel for pixel.
 */
function writeSameSizeFlat(
  src: Float32Array, sw: number, h: number, o8: Uint8Array, f8: Uint8Array, outWidth: number, ox: number, oy: number, bg: Rgba,
): void {
  const minA = 0.5 / 255;
  const br = bg.r, bgg = bg.g, bb = bg.b;
  for (let y = 0; y < h; y++) {
    let o = ((oy + y) * outWidth + ox) * 4;
    for (let i = y * sw * 4, end = i + sw * 4; i < end; i += 4, o += 4) {
      const a = src[i + 3] as number;
      if (!(a >= minA)) continue;
      const alpha = a >= 1 ? 255 : (a * 255 + 0.5) | 0;
      const un = 255 / a;
      let rr = ((src[i] as number) * un + 0.5) | 0, gg = ((src[i + 1] as number) * un + 0.5) | 0, bv = ((src[i + 2] as number) * un + 0.5) | 0;
      if (rr > 255) rr = 255;
      if (gg > 255) gg = 255;
      if (bv > 255) bv = 255;
      o8[o] = rr;
      o8[o + 1] = gg;
      o8[o + 2] = bv;
      o8[o + 3] = alpha;
      const k = 255 - alpha;
      const fr = rr * alpha + br * k, fg = gg * alpha + bgg * k, fb = bv * alpha + bb * k;
      f8[o] = (fr + 128 + ((fr + 128) >> 8)) >> 8;
      f8[o + 1] = (fg + 128 + ((fg + 128) >> 8)) >> 8;
      f8[o + 2] = (fb + 128 + ((fb + 128) >> 8)) >> 8;
    }
  }
}

/**
 * One premultiplied pixel (r, g, b, a) as straight 8-bit RGBA at o8[o], and flattened onto `bg`
 * at f8[o] if given. (v + 0.5) | 0 rounds non-negative values: Math.round's exact-half rules cost
 * more here.
 */
function put(o8: Uint8Array, f8: Uint8Array | null, o: number, r: number, g: number, b: number, a: number, bg: Rgba): void {
  const alpha = a >= 1 ? 255 : (a * 255 + 0.5) | 0;
  const un = 255 / a;
  let rr = (r * un + 0.5) | 0, gg = (g * un + 0.5) | 0, bv = (b * un + 0.5) | 0;
  if (rr > 255) rr = 255;
  if (gg > 255) gg = 255;
  if (bv > 255) bv = 255;
  o8[o] = rr;
  o8[o + 1] = gg;
  o8[o + 2] = bv;
  o8[o + 3] = alpha;
  if (f8) {
    const k = 255 - alpha;
    f8[o] = div255(rr * alpha + bg.r * k);
    f8[o + 1] = div255(gg * alpha + bg.g * k);
    f8[o + 2] = div255(bv * alpha + bg.b * k);
  }
}
