// Shapes drawn on a float layer (layer.ts): round spots, tapered strokes, rings and
// convex polygons, each with a soft 'glow' falloff or a 'solid' anti-aliased edge, blended 'add'
// or 'over'. Only the pixels a shape can reach are visited (row spans of discs and rings), because
// an effect frame draws hundreds of them.
import { blendAt } from './layer.ts';
import type { Blend, Layer, Paint } from './layer.ts';

/**
 * How coverage falls off across a shape: 'glow' is a smooth bell, (1 - q²)³ of the distance q
 * from the centre line as a fraction of the radius (close to a Gaussian, but it ends); 'solid' is
 * full inside with a one-pixel anti-aliased edge.
 */
export type Profile = 'glow' | 'solid';

/** A round spot of `radius` at (x, y): row spans of the disc only, and no square root for glows. */
export function spot(layer: Layer, x: number, y: number, radius: number, p: Paint, blend: Blend, profile: Profile = 'glow'): void {
  if (profile === 'solid' || !(radius > 0) || !(p.a > 0)) {
    stroke(layer, x, y, x, y, radius, radius, p, blend, profile);
    return;
  }
  const r2 = radius * radius;
  const inv = 1 / r2;
  const by0 = Math.max(0, Math.floor(y - radius)), by1 = Math.min(layer.height - 1, Math.ceil(y + radius));
  const d = layer.data;
  const W = layer.width;
  const add = blend === 'add';
  const pr = p.r, pg = p.g, pb = p.b, pa = p.a;
  for (let yy = by0; yy <= by1; yy++) {
    const dy = yy + 0.5 - y;
    const span = r2 - dy * dy;
    if (span <= 0) continue;
    const half = Math.sqrt(span);
    const bx0 = Math.max(0, Math.floor(x - half)), bx1 = Math.min(W - 1, Math.ceil(x + half));
    const dy2 = dy * dy;
    let o = (yy * W + bx0) * 4;
    for (let xx = bx0; xx <= bx1; xx++, o += 4) {
      const dx = xx + 0.5 - x;
      const q = 1 - (dx * dx + dy2) * inv;
      if (q <= 0) continue;
      const a = pa * q * q * q;
      deposit(d, o, pr, pg, pb, a, add);
    }
  }
}

/**
 * A stroke from (x0, y0) to (x1, y1) whose radius goes from r0 to r1 (tapered capsule): bolts,
 * streaks, slashes. Only the pixels of its bounding box are visited.
 */
export function stroke(
  layer: Layer, x0: number, y0: number, x1: number, y1: number,
  r0: number, r1: number, p: Paint, blend: Blend, profile: Profile = 'glow',
): void {
  if (!(r0 >= 0 && r1 >= 0) || !(p.a > 0)) return;
  const reach = Math.max(r0, r1) + 1;
  const bx0 = Math.max(0, Math.floor(Math.min(x0, x1) - reach));
  const bx1 = Math.min(layer.width - 1, Math.ceil(Math.max(x0, x1) + reach));
  const by0 = Math.max(0, Math.floor(Math.min(y0, y1) - reach));
  const by1 = Math.min(layer.height - 1, Math.ceil(Math.max(y0, y1) + reach));
  if (bx1 < bx0 || by1 < by0) return;
  const vx = x1 - x0;
  const vy = y1 - y0;
  const len2 = vx * vx + vy * vy;
  const d = layer.data;
  const W = layer.width;
  const solid = profile === 'solid';
  const add = blend === 'add';
  const pr = p.r, pg = p.g, pb = p.b, pa = p.a;
  const dr = r1 - r0;
  for (let y = by0; y <= by1; y++) {
    const py = y + 0.5 - y0;
    for (let x = bx0; x <= bx1; x++) {
      const px = x + 0.5 - x0;
      const t = len2 > 0 ? Math.max(0, Math.min(1, (px * vx + py * vy) / len2)) : 0;
      const ex = px - t * vx;
      const ey = py - t * vy;
      const r = r0 + dr * t;
      // coverage() and blendAt() inlined (the same arithmetic).
      const dist = Math.sqrt(ex * ex + ey * ey);
      let cov: number;
      if (solid) {
        cov = Math.max(0, Math.min(1, r - dist + 0.5));
      } else {
        if (dist >= r) continue;
        const q = 1 - (dist * dist) / (r * r);
        cov = q * q * q;
      }
      if (!(cov > 0)) continue;
      const a = pa * cov;
      if (a <= 0) continue;
      const o = (y * W + x) * 4;
      deposit(d, o, pr, pg, pb, a, add);
    }
  }
}

/**
 * A ring (ellipse outline) centred at (cx, cy) with radii rx, ry and half-width `half` in pixels
 * (measured across the outline, also where a flat ellipse is thin); `shade`, if given, scales the
 * coverage by the angle (radians, 0 = right, clockwise on screen): broken or flickering rings.
 * Rows skip the hole inside, so a large thin ring costs its outline only.
 */
export function ring(
  layer: Layer, cx: number, cy: number, rx: number, ry: number, half: number,
  p: Paint, blend: Blend, profile: Profile = 'glow', shade?: (angle: number) => number,
): void {
  if (!(rx > 0 && ry > 0 && half > 0) || !(p.a > 0)) return;
  const k = rx / ry; // y scaled by k makes the ellipse a circle of radius rx
  const ox = rx + half + 1, oy = ry + half + 1; // outer ellipse
  const ix = rx - half - 1, iy = ry - half - 1; // inner ellipse (the hole)
  const by0 = Math.max(0, Math.floor(cy - oy)), by1 = Math.min(layer.height - 1, Math.ceil(cy + oy));
  const d = layer.data;
  const W = layer.width;
  const solid = profile === 'solid';
  const add = blend === 'add';
  const halfSq = half * half;
  const pr = p.r, pg = p.g, pb = p.b, pa = p.a;
  for (let y = by0; y <= by1; y++) {
    const dy = y + 0.5 - cy;
    const span = 1 - (dy * dy) / (oy * oy);
    if (span <= 0) continue;
    const xo = ox * Math.sqrt(span);
    const hole = ix > 0 && iy > 0 ? 1 - (dy * dy) / (iy * iy) : -1;
    const xi = hole > 0 ? ix * Math.sqrt(hole) : -1;
    const jump = Math.floor(cx + xi) - 1;
    for (let x = Math.max(0, Math.floor(cx - xo)); x <= Math.min(layer.width - 1, Math.ceil(cx + xo)); x++) {
      const dx = x + 0.5 - cx;
      if (xi > 0 && Math.abs(dx) < xi) {
        x = Math.max(x, jump); // jump over the hole (x only ever grows)
        continue;
      }
      // Distance to the ellipse, to first order: the circle's distance over its gradient's length.
      const ky = dy * k;
      const rho = Math.sqrt(dx * dx + ky * ky);
      if (rho < 1e-9) continue;
      const grad = Math.sqrt(dx * dx + ky * k * ky * k) / rho;
      const dist = Math.abs(rho - rx) / grad;
      // coverage() and blendAt() inlined (the same arithmetic): a ring is thousands of pixels.
      let cov: number;
      if (solid) {
        cov = Math.max(0, Math.min(1, half - dist + 0.5));
      } else {
        if (dist >= half) continue;
        const q = 1 - (dist * dist) / halfSq;
        cov = q * q * q;
      }
      if (cov <= 0) continue;
      if (shade) {
        cov *= shade(Math.atan2(dy, dx));
        if (!(cov > 0)) continue;
      }
      const a = pa * cov;
      if (a <= 0) continue;
      const o = (y * W + x) * 4;
      deposit(d, o, pr, pg, pb, a, add);
    }
  }
}

/**
 * A filled convex polygon (points as x0, y0, x1, y1, ..., either winding) with anti-aliased edges:
 * coverage is half a pixel plus the distance to the nearest edge.
 */
export function polygon(layer: Layer, pts: readonly number[], p: Paint, blend: Blend): void {
  const n = Math.floor(pts.length / 2);
  if (n < 3 || !(p.a > 0)) return;
  let area = 0;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = (pts[2 * i] as number), y = (pts[2 * i + 1] as number);
    const xn = (pts[(2 * i + 2) % (2 * n)] as number), yn = (pts[(2 * i + 3) % (2 * n)] as number);
    area += x * yn - xn * y;
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  if (Math.abs(area) < 1e-9) return;
  const sign = area > 0 ? 1 : -1;
  // Edge lines as unit normals pointing inward: inside means nx*x + ny*y + c >= 0 for every edge.
  const eq = new Float64Array(n * 3);
  for (let i = 0; i < n; i++) {
    const x = (pts[2 * i] as number), y = (pts[2 * i + 1] as number);
    const ex = (pts[(2 * i + 2) % (2 * n)] as number) - x, ey = (pts[(2 * i + 3) % (2 * n)] as number) - y;
    const len = Math.hypot(ex, ey) || 1;
    const nx = (-ey / len) * sign, ny = (ex / len) * sign;
    eq[i * 3] = nx;
    eq[i * 3 + 1] = ny;
    eq[i * 3 + 2] = -(nx * x + ny * y);
  }
  const d = layer.data;
  for (let y = Math.max(0, Math.floor(minY - 1)); y <= Math.min(layer.height - 1, Math.ceil(maxY + 1)); y++) {
    for (let x = Math.max(0, Math.floor(minX - 1)); x <= Math.min(layer.width - 1, Math.ceil(maxX + 1)); x++) {
      let m = Infinity;
      for (let i = 0; i < n; i++) m = Math.min(m, (eq[i * 3] as number) * (x + 0.5) + (eq[i * 3 + 1] as number) * (y + 0.5) + (eq[i * 3 + 2] as number));
      const cov = Math.max(0, Math.min(1, m + 0.5));
      if (cov > 0) blendAt(d, (y * layer.width + x) * 4, p, cov, blend);
    }
  }
}

/**
 * Paint (pr, pg, pb) at coverage `a` into the premultiplied pixel at d[o]: added (light) or laid
 * over. Small and monomorphic, so the shape loops keep it inlined.
 */
function deposit(d: Float32Array, o: number, pr: number, pg: number, pb: number, a: number, add: boolean): void {
  if (add) {
    d[o] = (d[o] as number) + pr * a;
    d[o + 1] = (d[o + 1] as number) + pg * a;
    d[o + 2] = (d[o + 2] as number) + pb * a;
    d[o + 3] = (d[o + 3] as number) + a;
    return;
  }
  const keep = 1 - a;
  d[o] = pr * a + (d[o] as number) * keep;
  d[o + 1] = pg * a + (d[o + 1] as number) * keep;
  d[o + 2] = pb * a + (d[o + 2] as number) * keep;
  d[o + 3] = a + (d[o + 3] as number) * keep;
}
