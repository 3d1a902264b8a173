// Measurements of a subject's silhouette that the body-plan heuristics read: the mask, its box, the
// runs of each row, the distance of each pixel to the background (thickness), the "core" (what a
// disc of the torso's thickness can reach) and the thin parts outside it (arms, weapons, legs).
import type { RawImage } from '../../types.ts';
import { squaredDistance } from '../../kernels/euclideanDistance.ts';
import { components } from '../../kernels/components.ts';
import type { Box } from '../../kernels/subject.ts';
import { colourStep } from './colourCues.ts';

export interface Run {
  x0: number;
  /** Exclusive. */
  x1: number;
}

export interface Silhouette {
  width: number;
  height: number;
  mask: Uint8Array;
  box: Box;
  /** The runs of mask pixels of each image row (empty outside the box). */
  rows: Run[][];
  /** Distance from each mask pixel to the nearest background pixel (0 outside the mask). */
  readonly thickness: Float32Array;
  area: number;
  /** The sprite's straight RGBA, for the parts only colour tells apart (an arm against the body). */
  rgba: Uint8Array;
}

/** Alpha at or above this is the subject: a soft edge's faint fringe does not count as body. */
const SOLID = 64;

export function silhouetteOf(sprite: RawImage, box: Box): Silhouette {
  const { width, height } = sprite;
  const mask = new Uint8Array(width * height);
  let area = 0;
  for (let p = 0; p < mask.length; p++) if (sprite.data[p * 4 + 3]! >= SOLID) { mask[p] = 1; area++; }
  const rows: Run[][] = [];
  for (let y = 0; y < height; y++) {
    const runs: Run[] = [];
    let x0 = -1;
    for (let x = 0; x <= width; x++) {
      const on = x < width && mask[y * width + x] === 1;
      if (on && x0 < 0) x0 = x;
      if (!on && x0 >= 0) { runs.push({ x0, x1: x }); x0 = -1; }
    }
    rows.push(runs);
  }
  // Measured when first read: a facing check reads only the rows.
  let thickness: Float32Array | undefined;
  return { width, height, mask, box, rows, get thickness() { return (thickness ??= thicknessOf(mask, rows, width, height)); }, area, rgba: sprite.data };
}

/**
 * Distance to the background, with the image's border counted as background. Measured over the
 * mask's box and a ring of background around it: every mask pixel's nearest background pixel is
 * inside that ring or nearer, so the rest of the image (often most of it) is not transformed.
 */
function thicknessOf(mask: Uint8Array, rows: readonly Run[][], width: number, height: number): Float32Array {
  const { x0, y0, x1, y1 } = rowsBox(rows, width, height);
  const out = new Float32Array(width * height);
  if (x1 < 0) return out;
  const w = x1 - x0 + 3, h = y1 - y0 + 3;
  const background = new Uint8Array(w * h).fill(1);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) background[(y - y0 + 1) * w + x - x0 + 1] = mask[y * width + x] ? 0 : 1;
  const sq = squaredDistance(background, w, h);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out[y * width + x] = Math.sqrt(sq[(y - y0 + 1) * w + x - x0 + 1]!);
  return out;
}

/** The mask's box from its rows' runs, inclusive (x1 < 0 when the mask is empty). */
function rowsBox(rows: readonly Run[][], width: number, height: number): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = width, y0 = height, x1 = -1, y1 = -1;
  rows.forEach((runs, y) => {
    if (runs.length === 0) return;
    if (y < y0) y0 = y;
    y1 = y;
    x0 = Math.min(x0, runs[0]!.x0);
    x1 = Math.max(x1, runs[runs.length - 1]!.x1 - 1);
  });
  return { x0, y0, x1, y1 };
}

/**
 * The morphological opening of the mask by a disc of radius r: every mask pixel a disc that fits
 * inside the mask can reach. What it leaves out are the parts thinner than 2r: limbs, weapons.
 * The centres all lie in the mask, so the distance to them is measured over the mask's box only.
 */
export function coreOf(s: Silhouette, r: number): Uint8Array {
  const { width, height } = s;
  const core = new Uint8Array(width * height);
  const { x0, y0, x1, y1 } = rowsBox(s.rows, width, height);
  if (x1 < 0) return core;
  const w = x1 - x0 + 1, h = y1 - y0 + 1;
  const centres = new Uint8Array(w * h);
  const thickness = s.thickness;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (thickness[y * width + x]! >= r) centres[(y - y0) * w + x - x0] = 1;
  const reach = squaredDistance(centres, w, h);
  const r2 = (r + 0.5) * (r + 0.5);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (s.mask[y * width + x] && reach[(y - y0) * w + x - x0]! <= r2) core[y * width + x] = 1;
  return core;
}

/** Row width (mask pixels) of each row. */
export function rowCounts(s: Silhouette): number[] {
  return s.rows.map((runs) => runs.reduce((n, r) => n + r.x1 - r.x0, 0));
}

/** Mean x of the mask pixels in rows [y0, y1), or NaN when there are none. */
export function meanX(s: Silhouette, y0: number, y1: number, keep: (p: number) => boolean = () => true): number {
  let sum = 0, n = 0;
  for (let y = Math.max(0, y0); y < Math.min(s.height, y1); y++)
    for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) if (keep(y * s.width + x)) { sum += x + 0.5; n++; }
  return n > 0 ? sum / n : NaN;
}

/** The column that column `x` is mirrored to about `cx`. */
const mirrored = (x: number, cx: number): number => Math.round(2 * cx - x - 1);

/** How alike the mask is to its own mirror image about the box's centre column (IoU, 0..1). */
export function mirrorSymmetry(s: Silhouette, cx: number): number {
  let both = 0, either = 0;
  const { box, width, mask } = s;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      const a = mask[y * width + x] === 1;
      const mx = mirrored(x, cx);
      const b = mx >= 0 && mx < width && mask[y * width + mx] === 1;
      if (a && b) both++;
      if (a || b) either++;
    }
  return either > 0 ? both / either : 1;
}

/**
 * How far the mask's pixels in rows [y0, y1) are in colour from their mirror images about `cx`
 * (RGB steps, on average over the pixels whose mirror image is in the mask too).
 */
export function mirrorColourStep(s: Silhouette, cx: number, y0: number, y1: number): number {
  const { width, mask, rgba } = s;
  let sum = 0, n = 0;
  for (let y = y0; y < y1; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) {
    const mx = mirrored(x, cx);
    if (mx < 0 || mx >= width || mask[y * width + mx] !== 1) continue;
    sum += colourStep(rgba, y * width + x, y * width + mx);
    n++;
  }
  return n > 0 ? sum / n : 0;
}

/** The greatest thickness of the mask in rows [y0, y1): the half-width of its thickest part there. */
export function maxThickness(s: Silhouette, y0 = 0, y1 = s.height): number {
  let max = 0;
  for (let y = Math.max(0, y0); y < Math.min(s.height, y1); y++)
    for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) max = Math.max(max, s.thickness[y * s.width + x]!);
  return max;
}

/**
 * The thin parts of the mask: 8-connected groups of the pixels the core leaves out (limbs,
 * weapons, wings), each as its pixel indices, those of fewer than `minSize` pixels dropped.
 */
export function thinParts(s: Silhouette, core: Uint8Array, minSize: number): number[][] {
  const thin = new Uint8Array(s.mask.length);
  for (let p = 0; p < thin.length; p++) if (s.mask[p] && !core[p]) thin[p] = 1;
  const { labels, sizes } = components(thin, s.width, s.height);
  const groups = new Map<number, number[]>();
  for (let p = 0; p < labels.length; p++) {
    const id = labels[p]!;
    if (!id || (sizes[id] ?? 0) < minSize) continue;
    let g = groups.get(id);
    if (!g) groups.set(id, (g = []));
    g.push(p);
  }
  return [...groups.values()];
}

/** The pixel centres of `pixels` nearest to and farthest from `from`, and their distances. */
export function extremes(pixels: readonly number[], width: number, from: { x: number; y: number }): { near: { x: number; y: number }; far: { x: number; y: number }; nearDistance: number; length: number } {
  let near = from, far = from, dn = Infinity, df = -1;
  for (const p of pixels) {
    const x = (p % width) + 0.5, y = Math.floor(p / width) + 0.5;
    const d = (x - from.x) ** 2 + (y - from.y) ** 2;
    if (d < dn) { dn = d; near = { x, y }; }
    if (d > df) { df = d; far = { x, y }; }
  }
  return { near, far, nearDistance: Math.sqrt(dn), length: Math.sqrt(df) };
}

/** Second moments of a set of pixels: their centroid, covariance (per pixel) and its eigenvalues (major first). */
export interface Moments {
  mx: number;
  my: number;
  xx: number;
  xy: number;
  yy: number;
  major: number;
  minor: number;
}

export function momentsOf(pixels: readonly number[], width: number): Moments {
  const n = Math.max(1, pixels.length);
  let sx = 0, sy = 0;
  for (const p of pixels) { sx += p % width; sy += Math.floor(p / width); }
  const mx = sx / n, my = sy / n;
  let xx = 0, xy = 0, yy = 0;
  for (const p of pixels) { const dx = (p % width) - mx, dy = Math.floor(p / width) - my; xx += dx * dx; xy += dx * dy; yy += dy * dy; }
  xx /= n; xy /= n; yy /= n;
  const tr = xx + yy, det = xx * yy - xy * xy;
  const major = tr / 2 + Math.sqrt(Math.max(0, (tr * tr) / 4 - det));
  return { mx, my, xx, xy, yy, major, minor: Math.max(0, tr - major) };
}
