// Drawn shapes several effects share: the four-point glint of a sparkle, jagged bolts (midpoint
// displacement, with branches) for lightning and arcs, and the plus sign of a heal. All sizes are
// in layer pixels; colours come from the effect's ramp.
import type { Random } from '../../../kernels/random.ts';
import { spot, stroke } from '../layerShapes.ts';
import type { Layer, Paint } from '../layer.ts';
import { WHITE, rampPaint } from './common.ts';

/**
 * A four-point star at (x, y): a soft halo, two long thin rays and two short diagonal ones, and a
 * white-hot centre. `size` is the ray length; `a` the opacity; `angle` turns the star.
 */
export function glint(layer: Layer, lut: Float32Array, x: number, y: number, size: number, a: number, angle = 0): void {
  if (!(size > 0.5) || !(a > 0.01)) return;
  spot(layer, x, y, size * 0.9, rampPaint(lut, 0.45, 0.3 * a), 'add');
  const ray = (ang: number, len: number, width: number, p: Paint): void => {
    const dx = Math.cos(ang) * len, dy = Math.sin(ang) * len;
    stroke(layer, x - dx, y - dy, x, y, 0, width, p, 'add');
    stroke(layer, x, y, x + dx, y + dy, width, 0, p, 'add');
  };
  const w = Math.max(0.8, size * 0.09);
  ray(angle, size, w * 1.8, rampPaint(lut, 0.3, 0.55 * a));
  ray(angle + Math.PI / 2, size, w * 1.8, rampPaint(lut, 0.3, 0.55 * a));
  ray(angle, size * 0.8, w, { ...WHITE, a: 0.9 * a });
  ray(angle + Math.PI / 2, size * 0.8, w, { ...WHITE, a: 0.9 * a });
  ray(angle + Math.PI / 4, size * 0.38, w, rampPaint(lut, 0.2, 0.6 * a));
  ray(angle - Math.PI / 4, size * 0.38, w, rampPaint(lut, 0.2, 0.6 * a));
  spot(layer, x, y, Math.max(1, size * 0.16), { ...WHITE, a }, 'add', 'solid');
}

/** A plus sign (heal), arms `size` long, with a glow around it. */
export function plus(layer: Layer, lut: Float32Array, x: number, y: number, size: number, a: number): void {
  if (!(size > 0.5) || !(a > 0.01)) return;
  spot(layer, x, y, size * 1.6, rampPaint(lut, 0.5, 0.3 * a), 'add');
  const w = Math.max(1, size * 0.32);
  stroke(layer, x - size, y, x + size, y, w, w, rampPaint(lut, 0.35, a), 'over', 'solid');
  stroke(layer, x, y - size, x, y + size, w, w, rampPaint(lut, 0.35, a), 'over', 'solid');
  stroke(layer, x - size * 0.7, y, x + size * 0.7, y, w * 0.45, w * 0.45, rampPaint(lut, 0.05, a), 'over', 'solid');
  stroke(layer, x, y - size * 0.7, x, y + size * 0.7, w * 0.45, w * 0.45, rampPaint(lut, 0.05, a), 'over', 'solid');
}

/**
 * A jagged path from (x0, y0) to (x1, y1): each segment's midpoint is pushed sideways by up to
 * `rough` of its length, `depth` times over (2^depth segments). Returns x, y pairs.
 */
export function boltPath(rng: Random, x0: number, y0: number, x1: number, y1: number, rough: number, depth: number): number[] {
  let pts = [x0, y0, x1, y1];
  for (let d = 0; d < depth; d++) {
    const next: number[] = [pts[0] as number, pts[1] as number];
    for (let i = 0; i + 3 < pts.length; i += 2) {
      const ax = pts[i] as number, ay = pts[i + 1] as number, bx = pts[i + 2] as number, by = pts[i + 3] as number;
      const len = Math.hypot(bx - ax, by - ay);
      const off = rng.range(-1, 1) * rough * len;
      // Perpendicular to the segment.
      const nx = len > 0 ? -(by - ay) / len : 0, ny = len > 0 ? (bx - ax) / len : 0;
      next.push((ax + bx) / 2 + nx * off, (ay + by) / 2 + ny * off, bx, by);
    }
    pts = next;
  }
  return pts;
}

/**
 * Draws a bolt along `pts` (x, y pairs): a wide coloured glow, a narrower bright sheath and a thin
 * white core; `width` is the sheath's radius in pixels, `a` the opacity, `upTo` (0..1) how much of
 * the path is drawn (a leader growing toward the ground).
 */
export function drawBolt(layer: Layer, lut: Float32Array, pts: readonly number[], width: number, a: number, upTo = 1): void {
  const n = pts.length / 2 - 1;
  const last = Math.min(n, Math.ceil(n * upTo));
  const glow = rampPaint(lut, 0.6, 0.3 * a);
  const sheath = rampPaint(lut, 0.3, 0.75 * a);
  const core = { ...WHITE, a };
  for (let i = 0; i < last; i++) {
    const ax = pts[2 * i] as number, ay = pts[2 * i + 1] as number, bx = pts[2 * i + 2] as number, by = pts[2 * i + 3] as number;
    stroke(layer, ax, ay, bx, by, width * 5, width * 5, glow, 'add');
  }
  for (let i = 0; i < last; i++) {
    const ax = pts[2 * i] as number, ay = pts[2 * i + 1] as number, bx = pts[2 * i + 2] as number, by = pts[2 * i + 3] as number;
    stroke(layer, ax, ay, bx, by, width * 1.6, width * 1.6, sheath, 'add');
    stroke(layer, ax, ay, bx, by, Math.max(0.7, width * 0.5), Math.max(0.7, width * 0.5), core, 'add', 'solid');
  }
}
