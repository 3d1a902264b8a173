// Scalar fields for volumetric effects: heat, smoke density, gas. Soft bumps are splatted into a
// float grid and add up like metaballs, so neighbouring puffs merge into one body and lone ones
// break off; the field is then shaded onto a layer through a colour ramp, with an alpha threshold
// for a crisp edge and, for smoke, light from above read off the field's slope. The sum of bumps
// is smooth, so the grid may be coarser than the layer (`scale` layer pixels a cell): splatting
// costs 1/scale² and the shading, which reads it bilinearly, stays per pixel and sharp.
import { checkInt } from './check.ts';
import type { Blend, Layer } from './layer.ts';

export interface Field {
  /** Grid size, ceil(layer size / scale). */
  width: number;
  height: number;
  /** Layer pixels per grid cell. */
  scale: number;
  data: Float32Array;
}

/** A field for a layerWidth x layerHeight layer, one cell every `scale` pixels. */
export function createField(layerWidth: number, layerHeight: number, scale = 1): Field {
  checkInt(layerWidth, 1, 1 << 14, 'field width');
  checkInt(layerHeight, 1, 1 << 14, 'field height');
  checkInt(scale, 1, 16, 'field scale');
  const width = Math.ceil(layerWidth / scale), height = Math.ceil(layerHeight / scale);
  return { width, height, scale, data: new Float32Array(width * height) };
}

/**
 * Adds a bump of height `amount` and radius `r` at (x, y), in layer pixels: (1 - d²/r²)², smooth
 * and bounded.
 */
export function splat(field: Field, lx: number, ly: number, lr: number, amount: number): void {
  if (!(lr > 0) || amount === 0) return;
  const s = field.scale;
  const x = lx / s, y = ly / s, r = lr / s;
  const r2 = r * r;
  const inv = 1 / r2;
  const d = field.data;
  const by0 = Math.max(0, Math.floor(y - r)), by1 = Math.min(field.height - 1, Math.ceil(y + r));
  for (let yy = by0; yy <= by1; yy++) {
    const dy = yy + 0.5 - y;
    const span = r2 - dy * dy;
    if (span <= 0) continue;
    const half = Math.sqrt(span);
    const bx0 = Math.max(0, Math.floor(x - half)), bx1 = Math.min(field.width - 1, Math.ceil(x + half));
    const row = yy * field.width;
    for (let xx = bx0; xx <= bx1; xx++) {
      const dx = xx + 0.5 - x;
      const q = 1 - (dx * dx + dy * dy) * inv;
      if (q > 0) d[row + xx] = (d[row + xx] as number) + amount * q * q;
    }
  }
}

/**
 * Sets every cell of `field` to fn(x, y) at the cell's centre in layer pixels: a coarse noise
 * field (detail) costs one evaluation per cell, and is read bilinearly like any field.
 */
export function fillField(field: Field, fn: (x: number, y: number) => number): void {
  const s = field.scale;
  for (let y = 0; y < field.height; y++) {
    for (let x = 0; x < field.width; x++) field.data[y * field.width + x] = fn((x + 0.5) * s, (y + 0.5) * s);
  }
}

/** The value of `field` at layer pixel (x, y), bilinear between cell centres. */
function sampleAt(field: Field, x: number, y: number): number {
  const s = field.scale;
  const fw = field.width, fh = field.height;
  const gx = Math.max(0, Math.min(fw - 1, (x + 0.5) / s - 0.5));
  const gy = Math.max(0, Math.min(fh - 1, (y + 0.5) / s - 0.5));
  const c = Math.min(Math.max(0, fw - 2), Math.floor(gx)), r = Math.min(Math.max(0, fh - 2), Math.floor(gy));
  const c1 = fw > 1 ? c + 1 : c, r1 = fh > 1 ? r + 1 : r;
  const fx = gx - c, fy = gy - r;
  const d = field.data;
  const a = (d[r * fw + c] as number) + ((d[r * fw + c1] as number) - (d[r * fw + c] as number)) * fx;
  const b = (d[r1 * fw + c] as number) + ((d[r1 * fw + c1] as number) - (d[r1 * fw + c] as number)) * fx;
  return a + (b - a) * fy;
}

/**
 * Multiplies every cell of `field` by `by` (another field for the same layer, any scale) read at
 * the cell's centre: noise that breaks up a density, applied once per cell instead of per pixel.
 */
export function multiplyField(field: Field, by: Field): void {
  const s = field.scale;
  for (let y = 0; y < field.height; y++) {
    for (let x = 0; x < field.width; x++) {
      const k = y * field.width + x;
      const v = field.data[k] as number;
      if (v !== 0) field.data[k] = v * sampleAt(by, (x + 0.5) * s - 0.5, (y + 0.5) * s - 0.5);
    }
  }
}

export interface ShadeOptions {
  /** Colour table (rgb triples in 0..1) indexed by ramp position 0..1 over `steps` entries. */
  lut: Float32Array;
  steps: number;
  /** Alpha rises smoothly from 0 at `edge0` to full at `edge1` (field values). */
  edge0: number;
  edge1: number;
  /** Ramp position = rampAt - rampSlope * value, clamped: denser/hotter is nearer the core. */
  rampAt: number;
  rampSlope: number;
  /** Overall opacity, 0..1. */
  opacity: number;
  blend: Blend;
  /** Light from above: ramp position moves toward the core where the field rises upward. */
  lit?: number;
}

/** Shades `field` onto `layer` (the layer it was made for) as the options say. */
export function shadeField(field: Field, layer: Layer, o: ShadeOptions): void {
  const s = field.scale;
  if (field.width !== Math.ceil(layer.width / s) || field.height !== Math.ceil(layer.height / s)) {
    throw new RangeError(`Expected a field for a ${layer.width}x${layer.height} layer but received ${field.width}x${field.height} at scale ${s}`);
  }
  const { width: fw, height: fh } = field;
  const src = field.data;
  // The slope (below minus above, per cell) for the light, on the grid: read like the field.
  const lit = o.lit ?? 0;
  let slope: Float32Array | undefined;
  if (lit !== 0) {
    slope = new Float32Array(fw * fh);
    for (let y = 1; y < fh - 1; y++) {
      for (let x = 0; x < fw; x++) slope[y * fw + x] = ((src[(y + 1) * fw + x] as number) - (src[(y - 1) * fw + x] as number)) * (2 / s);
    }
  }
  const W = layer.width;
  const d = layer.data;
  const top = o.steps - 1;
  const span = 1 / (o.edge1 - o.edge0);
  const add = o.blend === 'add';
  // Per layer column: the grid column to its left and the weight of the one to its right.
  const col = new Int32Array(W);
  const colW = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const g = Math.max(0, Math.min(fw - 1, (x + 0.5) / s - 0.5));
    col[x] = Math.min(fw - 2 < 0 ? 0 : fw - 2, Math.floor(g));
    colW[x] = fw > 1 ? g - (col[x] as number) : 0;
  }
  // Only the layer rows and columns under non-zero cells (and one cell around) are visited.
  let cx0 = fw, cx1 = -1, cy0 = fh, cy1 = -1;
  for (let y = 0; y < fh; y++) {
    for (let x = 0; x < fw; x++) {
      if ((src[y * fw + x] as number) <= 0) continue;
      if (x < cx0) cx0 = x;
      if (x > cx1) cx1 = x;
      if (y < cy0) cy0 = y;
      if (y > cy1) cy1 = y;
    }
  }
  if (cx1 < 0) return;
  const lx0 = Math.max(0, (cx0 - 1) * s), lx1 = Math.min(W, (cx1 + 2) * s);
  const ly0 = Math.max(0, (cy0 - 1) * s), ly1 = Math.min(layer.height, (cy1 + 2) * s);
  for (let y = ly0; y < ly1; y++) {
    const gy = Math.max(0, Math.min(fh - 1, (y + 0.5) / s - 0.5));
    const r0 = Math.min(fh - 2 < 0 ? 0 : fh - 2, Math.floor(gy));
    const fy = fh > 1 ? gy - r0 : 0;
    const r1 = fh > 1 ? r0 + 1 : r0;
    for (let x = lx0; x < lx1; x++) {
      const c = col[x] as number;
      const c1 = fw > 1 ? c + 1 : c;
      const fx = colW[x] as number;
      const i00 = r0 * fw + c, i01 = r0 * fw + c1, i10 = r1 * fw + c, i11 = r1 * fw + c1;
      const a0 = src[i00] as number, a1 = src[i01] as number, b0 = src[i10] as number, b1 = src[i11] as number;
      if (a0 <= 0 && a1 <= 0 && b0 <= 0 && b1 <= 0) continue;
      const top0 = a0 + (a1 - a0) * fx, bot0 = b0 + (b1 - b0) * fx;
      const v = top0 + (bot0 - top0) * fy;
      const k = y * W + x;
      if (v <= o.edge0) continue;
      let pos = o.rampAt - o.rampSlope * v;
      if (slope) {
        const s0 = (slope[i00] as number) + ((slope[i01] as number) - (slope[i00] as number)) * fx;
        const s1 = (slope[i10] as number) + ((slope[i11] as number) - (slope[i10] as number)) * fx;
        pos -= lit * (s0 + (s1 - s0) * fy);
      }
      const i = (pos <= 0 ? 0 : pos >= 1 ? top : ((pos * top + 0.5) | 0)) * 3;
      const e = (v - o.edge0) * span;
      const a = (e >= 1 ? 1 : e * e * (3 - 2 * e)) * o.opacity;
      const p = k * 4;
      const r = o.lut[i] as number, g = o.lut[i + 1] as number, b = o.lut[i + 2] as number;
      if (add) {
        d[p] = (d[p] as number) + r * a;
        d[p + 1] = (d[p + 1] as number) + g * a;
        d[p + 2] = (d[p + 2] as number) + b * a;
        d[p + 3] = (d[p + 3] as number) + a;
      } else {
        const keep = 1 - a;
        d[p] = r * a + (d[p] as number) * keep;
        d[p + 1] = g * a + (d[p + 1] as number) * keep;
        d[p + 2] = b * a + (d[p + 2] as number) * keep;
        d[p + 3] = a + (d[p + 3] as number) * keep;
      }
    }
  }
}
