// Small helpers every effect family shares: colour ramps as lookup tables (per-pixel shading is a
// table read, not an interpolation), paints from palette colours, easing and envelopes, and
// reusable scratch buffers so a 100-frame job does not allocate a field per frame.
import type { Rgba } from '../../../kernels/image.ts';
import type { Layer, Paint } from '../layer.ts';
import { createField, neededSpans } from '../field.ts';
import type { Field } from '../field.ts';
import type { Noise } from '../noise.ts';

export const RAMP_STEPS = 256;

/** `stops` spread evenly over [0, 1] as a table of RAMP_STEPS rgb triples in 0..1. */
export function rampTable(stops: readonly Rgba[]): Float32Array {
  const lut = new Float32Array(RAMP_STEPS * 3);
  const n = stops.length;
  for (let i = 0; i < RAMP_STEPS; i++) {
    const f = n === 1 ? 0 : (i / (RAMP_STEPS - 1)) * (n - 1);
    const k = Math.min(n - 2, Math.floor(f));
    const a = stops[Math.max(0, k)] as Rgba;
    const b = stops[Math.min(n - 1, k + 1)] as Rgba;
    const w = n === 1 ? 0 : f - k;
    lut[i * 3] = (a.r + (b.r - a.r) * w) / 255;
    lut[i * 3 + 1] = (a.g + (b.g - a.g) * w) / 255;
    lut[i * 3 + 2] = (a.b + (b.b - a.b) * w) / 255;
  }
  return lut;
}

/** Index of ramp position x (0..1, clamped) in a table from rampTable, times 3. */
export function rampIndex(x: number): number {
  const i = Math.round((x < 0 ? 0 : x > 1 ? 1 : x) * (RAMP_STEPS - 1));
  return i * 3;
}

/** The paint at ramp position x with opacity a. */
export function rampPaint(lut: Float32Array, x: number, a: number): Paint {
  const i = rampIndex(x);
  return { r: lut[i] as number, g: lut[i + 1] as number, b: lut[i + 2] as number, a };
}

/** A palette colour as a paint of opacity a. */
export function paint(c: Rgba, a: number): Paint {
  return { r: c.r / 255, g: c.g / 255, b: c.b / 255, a };
}

export const WHITE: Paint = Object.freeze({ r: 1, g: 1, b: 1, a: 1 });

export const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);

export const smoothstep = (e0: number, e1: number, x: number): number => {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};

export const easeOutCubic = (x: number): number => 1 - (1 - clamp01(x)) ** 3;
export const easeOutQuad = (x: number): number => 1 - (1 - clamp01(x)) ** 2;

/** The fractional part, also for negatives: frac(-0.25) = 0.75. */
export const frac = (x: number): number => x - Math.floor(x);

/**
 * A one-shot's strength over time: rises from `start` (at t = 0) to 1 by `peak`, holds, and falls
 * from `fadeFrom` to `end` at t = 1, smoothly. Effects multiply their opacity by it.
 */
export function envelope(t: number, peak: number, fadeFrom: number, start = 0, end = 0): number {
  if (t < peak) return start + (1 - start) * smoothstep(0, peak, t);
  if (t < fadeFrom) return 1;
  return 1 - (1 - end) * smoothstep(fadeFrom, 1, t);
}

/** A Float32Array of at least `n` values, reused between calls with the same key. */
export function scratch(pool: Map<string, Float32Array>, key: string, n: number): Float32Array {
  let buf = pool.get(key);
  if (!buf || buf.length < n) {
    buf = new Float32Array(n);
    pool.set(key, buf);
  }
  return buf;
}

/** `field` if it was made for an S x S layer at `scale`, else a new one that is. */
export function fieldFor(field: Field | undefined, S: number, scale: number): Field {
  return field && field.scale === scale && field.width === Math.ceil(S / scale) ? field : createField(S, S, scale);
}

/**
 * The cell size of a noise detail field: about 100 cells across (finer detail shows in large
 * cells), at least 4 pixels each (small cells cannot show it, and it costs per cell).
 */
export const detailScale = (S: number): number => Math.max(4, Math.round(S / 100));

/**
 * What `draw` puts on a cleared layer, drawn once per layer size and copied after that: for the
 * glows an effect lays down first and identically in every frame (a spot of light on the ground),
 * a copy of the rows they touch instead of a few ten thousand blended pixels. The returned
 * function must be called on a cleared layer, before anything else is drawn on it (the frame's
 * first drawing), which is how every family receives its layer; it then leaves the same floats.
 */
export function backdrop(draw: (layer: Layer) => void): (layer: Layer) => void {
  let made: { width: number; height: number; rows: Float32Array; from: number } | undefined;
  return (layer) => {
    if (!made || made.width !== layer.width || made.height !== layer.height) {
      const own: Layer = { width: layer.width, height: layer.height, data: new Float32Array(layer.data.length) };
      draw(own);
      const rowLen = layer.width * 4;
      let y0 = 0, y1 = layer.height;
      const clearRow = (y: number): boolean => own.data.subarray(y * rowLen, (y + 1) * rowLen).every((v) => v === 0);
      while (y0 < y1 && clearRow(y0)) y0++;
      while (y1 > y0 && clearRow(y1 - 1)) y1--;
      made = { width: layer.width, height: layer.height, rows: own.data.slice(y0 * rowLen, y1 * rowLen), from: y0 * rowLen };
    }
    layer.data.set(made.rows, made.from);
  };
}

/** A detail noise: base + amp * fbm3((x / S) * freq + dx, (y / S) * freq + dy, z, octaves, periods). */
export interface DetailNoise {
  noise: Noise;
  freq: number;
  dx: number;
  dy: number;
  z: number;
  octaves: number;
  base: number;
  amp: number;
  px?: number;
  py?: number;
  pz?: number;
}

/**
 * Fills the detail field (of an S x S layer) with `n` at its cell centres, as
 * fillFieldFor(detail, targets, (x, y) => base + amp * fbm3(...)) would, value for value, but
 * along rows (Noise.fbm3Row), only over the cells the targets will read.
 */
export function fillDetail(detail: Field, targets: readonly Field[], S: number, n: DetailNoise): void {
  const spans = neededSpans(detail, targets);
  const w = detail.width, s = detail.scale;
  const xs = new Float64Array(w);
  for (let x = 0; x < w; x++) xs[x] = (((x + 0.5) * s) / S) * n.freq + n.dx;
  const line = new Float64Array(w);
  for (let y = 0; y < detail.height; y++) {
    const from = spans[2 * y] as number, to = spans[2 * y + 1] as number;
    if (to <= from) continue;
    n.noise.fbm3Row(line, xs, from, to, (((y + 0.5) * s) / S) * n.freq + n.dy, n.z, n.octaves, n.px, n.py, n.pz);
    for (let x = from; x < to; x++) detail.data[y * w + x] = n.base + n.amp * (line[x] as number);
  }
}

/**
 * What `draw` adds ('add' blending only) to a layer, recorded once per layer size on a cleared
 * layer and added back after that: for the light an effect adds identically in every frame on top
 * of what changes (a portal's rim), a sum over the pixels it touched instead of drawing it again.
 * (Each touched float gets the recorded value added, rounded to float once rather than per shape:
 * the same picture to well under one 8-bit level.)
 */
export function additive(draw: (layer: Layer) => void): (layer: Layer) => void {
  let made: { width: number; height: number; at: Int32Array; add: Float32Array } | undefined;
  return (layer) => {
    if (!made || made.width !== layer.width || made.height !== layer.height) {
      const own: Layer = { width: layer.width, height: layer.height, data: new Float32Array(layer.data.length) };
      draw(own);
      let n = 0;
      for (let i = 0; i < own.data.length; i++) if (own.data[i] !== 0) n++;
      const at = new Int32Array(n), add = new Float32Array(n);
      for (let i = 0, k = 0; i < own.data.length; i++) {
        const v = own.data[i] as number;
        if (v === 0) continue;
        at[k] = i;
        add[k++] = v;
      }
      made = { width: layer.width, height: layer.height, at, add };
    }
    const d = layer.data;
    const { at, add } = made;
    for (let k = 0; k < at.length; k++) {
      const i = at[k] as number;
      d[i] = (d[i] as number) + (add[k] as number);
    }
  };
}
