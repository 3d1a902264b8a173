// Scalar fields for volumetric effects: heat, smoke density, gas. Soft bumps are splatted into a
// float grid and add up like metaballs, so neighbouring puffs merge into one body and lone ones
// break off; the field is then shaded onto a layer through a colour ramp, with an alpha threshold
// for a crisp edge and, for smoke, light from above read off the field's slope. The sum of bumps
// is smooth, so the grid may be coarser than the layer (`scale` layer pixels a cell): splatting
// costs 1/scale² and the shading, which reads it bilinearly, stays per pixel and sharp.
import { checkInt } from '../../kernels/check.ts';
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
    const dy2 = dy * dy;
    for (let xx = bx0; xx <= bx1; xx++) {
      const dx = xx + 0.5 - x;
      const q = 1 - (dx * dx + dy2) * inv;
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

/**
 * Multiplies every cell of `field` by `by` (another field for the same layer, any scale) read at
 * the cell's centre: noise that breaks up a density, applied once per cell instead of per pixel.
 */
export function multiplyField(field: Field, by: Field): void {
  const fw = field.width, fh = field.height;
  const src = field.data;
  const m = by.data;
  const bw = by.width;
  const { col, col1, colW, row, row1, rowW } = readPlan(field, by);
  for (let y = 0; y < fh; y++) {
    const o0 = (row[y] as number) * bw, o1 = (row1[y] as number) * bw;
    const fy = rowW[y] as number;
    const line = y * fw;
    for (let x = 0; x < fw; x++) {
      const k = line + x;
      const v = src[k] as number;
      if (v === 0) continue;
      const c = col[x] as number, c1 = col1[x] as number, fx = colW[x] as number;
      const p0 = m[o0 + c] as number, q0 = m[o1 + c] as number;
      const a = p0 + ((m[o0 + c1] as number) - p0) * fx;
      const b = q0 + ((m[o1 + c1] as number) - q0) * fx;
      src[k] = v * (a + (b - a) * fy);
    }
  }
}

/**
 * Where each cell centre of `field` reads `by` (bilinear between cell centres): the cells to the
 * left and right and the weight of the right one, per column, and the same per row.
 */
function readPlan(field: Field, by: Field): {
  col: Int32Array; col1: Int32Array; colW: Float64Array; row: Int32Array; row1: Int32Array; rowW: Float64Array;
} {
  const s = field.scale, bs = by.scale;
  const bw = by.width, bh = by.height;
  const axis = (n: number, size: number): [Int32Array, Int32Array, Float64Array] => {
    const lo = new Int32Array(n), hi = new Int32Array(n), w = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const g = Math.max(0, Math.min(size - 1, ((i + 0.5) * s - 0.5 + 0.5) / bs - 0.5));
      const c = Math.min(Math.max(0, size - 2), Math.floor(g));
      lo[i] = c;
      hi[i] = size > 1 ? c + 1 : c;
      w[i] = g - c;
    }
    return [lo, hi, w];
  };
  const [col, col1, colW] = axis(field.width, bw);
  const [row, row1, rowW] = axis(field.height, bh);
  return { col, col1, colW, row, row1, rowW };
}

/**
 * Fills `by` with fn(x, y) (at cell centres, in layer pixels, as fillField does) only in the cells
 * that multiplyField(target, by) will read for some target: those under the targets' non-zero
 * cells. A noise that breaks up a small puff is evaluated around the puff, not over the cell.
 * Other cells keep what they held; multiplyField never reads them.
 */
export function fillFieldFor(by: Field, targets: readonly Field[], fn: (x: number, y: number) => number): void {
  const spans = neededSpans(by, targets);
  const s = by.scale, bw = by.width;
  for (let y = 0; y < by.height; y++) {
    for (let x = spans[2 * y] as number; x < (spans[2 * y + 1] as number); x++) by.data[y * bw + x] = fn((x + 0.5) * s, (y + 0.5) * s);
  }
}

/**
 * Per row of `by`, the columns [from, to) that multiplyField(target, by) reads for some target
 * (under the targets' non-zero cells), as from0, to0, from1, to1, ... (from >= to: none).
 */
export function neededSpans(by: Field, targets: readonly Field[]): Int32Array {
  const bw = by.width, bh = by.height;
  const spans = new Int32Array(bh * 2);
  for (let y = 0; y < bh; y++) spans[2 * y] = bw;
  const mark = (r: number, c0: number, c1: number): void => {
    if (c0 < (spans[2 * r] as number)) spans[2 * r] = c0;
    if (c1 + 1 > (spans[2 * r + 1] as number)) spans[2 * r + 1] = c1 + 1;
  };
  for (const field of targets) {
    const { col, col1, row, row1 } = readPlan(field, by);
    const fw = field.width, src = field.data;
    for (let y = 0; y < field.height; y++) {
      // The row's first and last non-zero cells: everything between is read or cheap to fill.
      let first = -1, last = -1;
      for (let x = 0; x < fw; x++) {
        if ((src[y * fw + x] as number) === 0) continue;
        if (first < 0) first = x;
        last = x;
      }
      if (first < 0) continue;
      const c0 = col[first] as number, c1 = col1[last] as number;
      mark(row[y] as number, c0, c1);
      mark(row1[y] as number, c0, c1);
    }
  }
  return spans;
}

export interface ShadeOptions {
  /** Colour table (rgb triples in 0..1) indexed by ramp position 0..1 over `steps` entries. */
  lut: Float32Array;
  steps: number;
  /** Alpha rises smoothly from 0 at `edge0` to full at `edge1` (field values; edge0 >= 0). */
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
  // Per layer row the two grid rows are interpolated once (field and slope) over the grid columns
  // in reach, then each pixel is one lerp along the row: half the reads of a bilinear per pixel.
  const gc0 = Math.min(col[lx0] as number, Math.max(0, fw - 2)), gc1 = Math.min(fw - 1, (col[lx1 - 1] as number) + 1);
  const rowV = new Float64Array(fw);
  const rowS = new Float64Array(fw);
  const edge0 = o.edge0, opacity = o.opacity, rampAt = o.rampAt, rampSlope = o.rampSlope, lut = o.lut;
  const one = fw > 1 ? 1 : 0;
  for (let y = ly0; y < ly1; y++) {
    const gy = Math.max(0, Math.min(fh - 1, (y + 0.5) / s - 0.5));
    const r0 = Math.min(fh - 2 < 0 ? 0 : fh - 2, Math.floor(gy));
    const fy = fh > 1 ? gy - r0 : 0;
    const r1 = fh > 1 ? r0 + 1 : r0;
    let cmin = fw, cmax = -1;
    for (let c = gc0; c <= gc1; c++) {
      const a = src[r0 * fw + c] as number, b = src[r1 * fw + c] as number;
      const v = a + (b - a) * fy;
      rowV[c] = v;
      if (v > edge0) {
        if (c < cmin) cmin = c;
        cmax = c;
      }
    }
    // A value between two grid values never exceeds the larger: only pixels reading a grid column
    // in [cmin, cmax] (as its left or right neighbour) can shade, and a row with none has nothing.
    if (cmax < 0) continue;
    let xa = lx0, xb = lx1;
    while (xa < xb && (col[xa] as number) + one < cmin) xa++;
    while (xb > xa && (col[xb - 1] as number) > cmax) xb--;
    if (slope) {
      for (let c = gc0; c <= gc1; c++) {
        const a = slope[r0 * fw + c] as number;
        rowS[c] = a + ((slope[r1 * fw + c] as number) - a) * fy;
      }
    }
    for (let x = xa; x < xb; x++) {
      const c = col[x] as number;
      const fx = colW[x] as number;
      const va = rowV[c] as number;
      const v = va + ((rowV[c + one] as number) - va) * fx;
      if (v <= edge0) continue;
      let pos = rampAt - rampSlope * v;
      if (slope) {
        const sa = rowS[c] as number;
        pos -= lit * (sa + ((rowS[c + one] as number) - sa) * fx);
      }
      const i = (pos <= 0 ? 0 : pos >= 1 ? top : ((pos * top + 0.5) | 0)) * 3;
      const e = (v - edge0) * span;
      const a = (e >= 1 ? 1 : e * e * (3 - 2 * e)) * opacity;
      const p = (y * W + x) * 4;
      const r = lut[i] as number, g = lut[i + 1] as number, b = lut[i + 2] as number;
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
