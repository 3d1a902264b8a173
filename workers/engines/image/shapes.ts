// Signed-distance shapes for the icon maker: each shape answers "how far is (x, y) from my edge"
// (negative inside) and carries a bounding box, so a rasterizer can anti-alias any edge at any
// resolution and visit only the pixels a shape can touch. Coordinates are a generator's own unit
// space (y down); the rasterizer maps them to pixels. Formulas after Inigo Quilez's 2D distance
// functions (iquilezles.org/articles/distfunctions2d).
import { checkNumber } from '../../kernels/check.ts';

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Shape {
  /** Signed distance from (x, y) to the edge: < 0 inside. Exact or a close under-estimate near the edge. */
  d(x: number, y: number): number;
  box: Box;
}

export type Point = readonly [number, number];

const box = (x0: number, y0: number, x1: number, y1: number): Box => ({ x0, y0, x1, y1 });

function checkFinite(values: readonly number[], name: string): void {
  for (const v of values) checkNumber(v, -1e6, 1e6, name);
}

export function circle(cx: number, cy: number, r: number): Shape {
  checkFinite([cx, cy], 'circle centre');
  checkNumber(r, 0, 1e6, 'circle radius');
  return { d: (x, y) => Math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy)) - r, box: box(cx - r, cy - r, cx + r, cy + r) };
}

/** An axis-aligned ellipse: Quilez's cheap approximation, accurate near the edge (what anti-aliasing reads). */
export function ellipse(cx: number, cy: number, rx: number, ry: number): Shape {
  checkFinite([cx, cy], 'ellipse centre');
  checkNumber(rx, 1e-6, 1e6, 'ellipse rx');
  checkNumber(ry, 1e-6, 1e6, 'ellipse ry');
  const inner = Math.min(rx, ry);
  return {
    d(x, y) {
      const px = x - cx, py = y - cy;
      const ax = px / rx, ay = py / ry, bx = ax / rx, by = ay / ry;
      const k0 = Math.sqrt(ax * ax + ay * ay);
      const k1 = Math.sqrt(bx * bx + by * by);
      return k1 > 1e-12 ? (k0 * (k0 - 1)) / k1 : -inner;
    },
    box: box(cx - rx, cy - ry, cx + rx, cy + ry),
  };
}

/** A box of half-size hw x hh centred at (cx, cy), corners rounded by r. */
export function roundBox(cx: number, cy: number, hw: number, hh: number, r = 0): Shape {
  checkFinite([cx, cy], 'box centre');
  checkNumber(hw, 0, 1e6, 'box half width');
  checkNumber(hh, 0, 1e6, 'box half height');
  const rr = Math.max(0, Math.min(r, hw, hh));
  return {
    d(x, y) {
      const qx = Math.abs(x - cx) - hw + rr;
      const qy = Math.abs(y - cy) - hh + rr;
      const mx = qx > 0 ? qx : 0, my = qy > 0 ? qy : 0;
      return Math.sqrt(mx * mx + my * my) + Math.min(Math.max(qx, qy), 0) - rr;
    },
    box: box(cx - hw, cy - hh, cx + hw, cy + hh),
  };
}

/** A thick segment with round ends (radius r). */
export function capsule(ax: number, ay: number, bx: number, by: number, r: number): Shape {
  return taper(ax, ay, r, bx, by, r);
}

/** A segment whose radius goes from ra at (ax, ay) to rb at (bx, by): a tapered limb, trunk or handle. */
export function taper(ax: number, ay: number, ra: number, bx: number, by: number, rb: number): Shape {
  checkFinite([ax, ay, bx, by], 'taper end');
  checkNumber(ra, 0, 1e6, 'taper radius');
  checkNumber(rb, 0, 1e6, 'taper radius');
  const vx = bx - ax, vy = by - ay;
  const h = vx * vx + vy * vy;
  const r = Math.max(ra, rb);
  const bounds = box(Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r, Math.max(ay, by) + r);
  if (h < 1e-12) return { ...circle(ax, ay, r), box: bounds };
  const b = ra - rb;
  // A taper steeper than its length is a circle containing the other end.
  if (b * b >= h) return ra >= rb ? circle(ax, ay, ra) : circle(bx, by, rb);
  const cx = Math.sqrt(h - b * b), cy = b;
  return {
    d(x, y) {
      const px = x - ax, py = y - ay;
      const qx = Math.abs(px * vy - py * vx) / h;
      const qy = (px * vx + py * vy) / h;
      const k = cx * qy - cy * qx;
      const m = cx * qx + cy * qy;
      const n = qx * qx + qy * qy;
      if (k < 0) return Math.sqrt(h * n) - ra;
      if (k > cx) return Math.sqrt(h * (n + 1 - 2 * qy)) - rb;
      return m - ra;
    },
    box: bounds,
  };
}

/** A polygon (any winding, simple or not: even-odd inside). Exact distance. */
export function polygon(points: readonly Point[]): Shape {
  if (points.length < 3) throw new RangeError(`Expected at least 3 points for polygon but received ${points.length}`);
  const n = points.length;
  const xs = new Float64Array(n), ys = new Float64Array(n);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  points.forEach(([x, y], i) => {
    checkFinite([x, y], 'polygon point');
    xs[i] = x;
    ys[i] = y;
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  });
  return {
    d(px, py) {
      let best = Infinity;
      let sign = 1;
      for (let i = 0, j = n - 1; i < n; j = i, i++) {
        const vix = xs[i] as number, viy = ys[i] as number;
        const ex = (xs[j] as number) - vix, ey = (ys[j] as number) - viy;
        const wx = px - vix, wy = py - viy;
        const t = Math.max(0, Math.min(1, (wx * ex + wy * ey) / (ex * ex + ey * ey || 1)));
        const bx = wx - ex * t, by = wy - ey * t;
        const dd = bx * bx + by * by;
        if (dd < best) best = dd;
        const c1 = py >= viy, c2 = py < (ys[j] as number), c3 = ex * wy > ey * wx;
        if ((c1 && c2 && c3) || (!c1 && !c2 && !c3)) sign = -sign;
      }
      return sign * Math.sqrt(best);
    },
    box: box(x0, y0, x1, y1),
  };
}

/** A regular polygon or star: `points` tips at radius r, inner corners at r * inner (1 = polygon). */
export function star(cx: number, cy: number, r: number, points: number, inner: number, rotation = -Math.PI / 2): Shape {
  const pts: Point[] = [];
  const steps = inner >= 1 ? points : points * 2;
  for (let i = 0; i < steps; i++) {
    const a = rotation + (i * Math.PI * 2) / steps;
    const rad = inner >= 1 || i % 2 === 0 ? r : r * inner;
    pts.push([cx + Math.cos(a) * rad, cy + Math.sin(a) * rad]);
  }
  return polygon(pts);
}

/** Points along a quadratic Bezier from a through control c to b (both ends included). */
export function bezier(a: Point, c: Point, b: Point, steps: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps, u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}

/** Points along a circular arc of radius r from angle a0 to a1 (radians, y down). */
export function arcPoints(cx: number, cy: number, r: number, a0: number, a1: number, steps: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    out.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
  }
  return out;
}
