// Combining signed-distance shapes: unions (hard and smooth), cuts, rounding, shells, rotation and
// mirroring, and ribbons (a polyline with a width per point: blades, limbs, bows). Each keeps a
// bounding box that holds the result, so the rasterizer still visits only what can be inside.
import { checkNumber } from '../../kernels/check.ts';
import { gridShape } from './gridShape.ts';
import { polygon } from './shapes.ts';
import type { Box, Point, Shape } from './shapes.ts';

const unionBox = (a: Box, b: Box): Box => ({
  x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1),
});
const grow = (b: Box, r: number): Box => ({ x0: b.x0 - r, y0: b.y0 - r, x1: b.x1 + r, y1: b.y1 + r });

export function union(...shapes: Shape[]): Shape {
  if (shapes.length === 0) throw new RangeError('Expected at least 1 shape for union but received 0');
  if (shapes.length === 1) return shapes[0] as Shape;
  return {
    d(x, y) {
      let m = Infinity;
      for (const s of shapes) {
        const b = s.box;
        // Outside a box the distance is at least the distance to the box: skip costly shapes.
        const bx = Math.max(b.x0 - x, x - b.x1, 0), by = Math.max(b.y0 - y, y - b.y1, 0);
        if (bx * bx + by * by >= m * m && m > 0) continue;
        const v = s.d(x, y);
        if (v < m) m = v;
      }
      return m;
    },
    box: shapes.map((s) => s.box).reduce(unionBox),
  };
}

/** A union that melts shapes together within distance k (polynomial smooth minimum). */
export function smoothUnion(k: number, ...shapes: Shape[]): Shape {
  checkNumber(k, 0, 1e6, 'smooth union radius');
  if (shapes.length === 0) throw new RangeError('Expected at least 1 shape for smoothUnion but received 0');
  return {
    d(x, y) {
      let m = (shapes[0] as Shape).d(x, y);
      for (let i = 1; i < shapes.length; i++) {
        const v = (shapes[i] as Shape).d(x, y);
        const h = Math.max(k - Math.abs(m - v), 0) / (k || 1);
        m = Math.min(m, v) - h * h * k * 0.25;
      }
      return m;
    },
    box: grow(shapes.map((s) => s.box).reduce(unionBox), k * 0.25),
  };
}

export function intersect(a: Shape, b: Shape): Shape {
  return {
    d: (x, y) => Math.max(a.d(x, y), b.d(x, y)),
    box: { x0: Math.max(a.box.x0, b.box.x0), y0: Math.max(a.box.y0, b.box.y0), x1: Math.min(a.box.x1, b.box.x1), y1: Math.min(a.box.y1, b.box.y1) },
  };
}

/** `a` with `b` cut out of it, the cut's edges rounded within distance k (a dimple, a bite). */
export function smoothSubtract(k: number, a: Shape, b: Shape): Shape {
  checkNumber(k, 0, 1e6, 'smooth subtract radius');
  return {
    d(x, y) {
      const da = a.d(x, y), db = -b.d(x, y);
      const h = Math.max(k - Math.abs(da - db), 0) / (k || 1);
      return Math.max(da, db) + h * h * k * 0.25;
    },
    box: a.box,
  };
}

/** `a` with `b` cut out of it. */
export function subtract(a: Shape, b: Shape): Shape {
  return { d: (x, y) => Math.max(a.d(x, y), -b.d(x, y)), box: a.box };
}

/** The shape grown by r (negative r shrinks it); corners round. */
export function offset(a: Shape, r: number): Shape {
  return { d: (x, y) => a.d(x, y) - r, box: grow(a.box, Math.max(0, r)) };
}

/** A band of half-thickness t along the edge of `a` (a ring from a circle, a rim from a shield). */
export function shell(a: Shape, t: number): Shape {
  return { d: (x, y) => Math.abs(a.d(x, y)) - t, box: grow(a.box, t) };
}

/** The half-plane y > level (below a line), kept inside `within`'s box: for liquid levels and cuts. */
export function below(level: number, within: Box): Shape {
  return { d: (_x, y) => level - y, box: { ...within, y0: Math.max(within.y0, level) } };
}

/** The half-plane on the left of the directed line through (ax, ay) -> (bx, by), boxed by `within`. */
export function leftOf(ax: number, ay: number, bx: number, by: number, within: Box): Shape {
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const nx = (by - ay) / len, ny = -(bx - ax) / len;
  return { d: (x, y) => (x - ax) * nx + (y - ay) * ny, box: within };
}

/** `a` rotated by `angle` radians (clockwise on screen, y down) about (cx, cy). */
export function rotate(a: Shape, angle: number, cx = 0, cy = 0): Shape {
  const c = Math.cos(angle), s = Math.sin(angle);
  const { x0, y0, x1, y1 } = a.box;
  const corners = [[x0, y0], [x1, y0], [x0, y1], [x1, y1]].map(([x, y]) => rotatePoint([x as number, y as number], angle, cx, cy));
  const xs = corners.map((p) => p[0]), ys = corners.map((p) => p[1]);
  return {
    d(x, y) {
      const dx = x - cx, dy = y - cy;
      return a.d(cx + dx * c + dy * s, cy - dx * s + dy * c);
    },
    box: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
  };
}

export function rotatePoint(p: Point, angle: number, cx = 0, cy = 0): Point {
  const c = Math.cos(angle), s = Math.sin(angle);
  const dx = p[0] - cx, dy = p[1] - cy;
  return [cx + dx * c - dy * s, cy + dx * s + dy * c];
}

/** `a` moved by (dx, dy) and scaled by k about the origin (k > 0): place a part drawn elsewhere. */
export function place(a: Shape, dx: number, dy: number, k = 1): Shape {
  checkNumber(k, 1e-6, 1e6, 'scale');
  return {
    d: (x, y) => a.d((x - dx) / k, (y - dy) / k) * k,
    box: { x0: a.box.x0 * k + dx, y0: a.box.y0 * k + dy, x1: a.box.x1 * k + dx, y1: a.box.y1 * k + dy },
  };
}

/** The left half of `a` (x < cx) mirrored onto the right: a symmetric shape from a one-sided one. */
export function mirrorX(a: Shape, cx = 0): Shape {
  const reach = Math.max(Math.abs(a.box.x0 - cx), Math.abs(a.box.x1 - cx));
  return { d: (x, y) => a.d(cx - Math.abs(x - cx), y), box: { ...a.box, x0: cx - reach, x1: cx + reach } };
}

/**
 * A band along `path` with half-width `widths[i]` at point i (0 makes a point): a blade, a limb, a
 * bow. Returns the whole band and its two halves (left and right of the path's direction), which
 * blades shade as two facets of a ridge.
 */
export function ribbon(path: readonly Point[], widths: readonly number[]): { whole: Shape; left: Shape; right: Shape } {
  if (path.length < 2) throw new RangeError(`Expected at least 2 points for ribbon path but received ${path.length}`);
  if (widths.length !== path.length) throw new RangeError(`Expected ${path.length} widths for ribbon but received ${widths.length}`);
  const left: Point[] = [], right: Point[] = [];
  path.forEach((p, i) => {
    const prev = path[Math.max(0, i - 1)] as Point, next = path[Math.min(path.length - 1, i + 1)] as Point;
    const tx = next[0] - prev[0], ty = next[1] - prev[1];
    const len = Math.hypot(tx, ty) || 1;
    const w = widths[i] as number;
    // Normal pointing to the left of travel (y down: (ty, -tx)).
    left.push([p[0] + (ty / len) * w, p[1] - (tx / len) * w]);
    right.push([p[0] - (ty / len) * w, p[1] + (tx / len) * w]);
  });
  const back = [...path].reverse();
  return {
    whole: polygon([...left, ...[...right].reverse()]),
    left: polygon([...left, ...back]),
    right: polygon([...path, ...[...right].reverse()]),
  };
}

/**
 * `a` sampled once on a grid of about `cells` cells across its box (and a margin), then read back
 * bicubically: the same edge and shading for a fraction of the cost, for shapes whose distance is
 * dear (polygons of many points, long chains of spans) drawn with large bevels, where every pixel
 * inside would otherwise be sampled exactly.
 */
export function cached(a: Shape, cells = 160): Shape {
  checkNumber(cells, 16, 1024, 'cached cells');
  const b = a.box;
  const side = Math.max(b.x1 - b.x0, b.y1 - b.y0);
  const step = side / cells, pad = side * 0.1;
  const x0 = b.x0 - pad, y0 = b.y0 - pad;
  const w = Math.ceil((b.x1 + pad - x0) / step), h = Math.ceil((b.y1 + pad - y0) / step);
  const grid = new Float32Array(w * h);
  // Grid values are in cell units, as gridShape reads them.
  for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) grid[j * w + i] = a.d(x0 + (i + 0.5) * step, y0 + (j + 0.5) * step) / step;
  const shape = gridShape(grid, w, h, { x0, y0, x1: x0 + w * step, y1: y0 + h * step });
  return { d: shape.d, box: b };
}
