// Gems: cut stones built from flat facets, each leaning its own way so the light breaks across
// them: the side view of a brilliant (the classic gem icon), round and hexagonal stones seen from
// above (a table ringed by facets), an emerald (step) cut, and crystal clusters of pointed prisms.
import type { Material } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { ellipse, polygon, star } from '../shapes.ts';
import type { Point } from '../shapes.ts';
import { rotatePoint } from '../shapeOps.ts';
import { ICON_COLORS } from '../colors.ts';
import { LOOKS, fixed, glint, rgb } from './common.ts';
import type { Generator } from './types.ts';

export const GEM_COLORS = [rgb(220, 24, 60), rgb(36, 90, 230), rgb(30, 190, 100), rgb(150, 70, 220), rgb(250, 160, 40), rgb(40, 200, 220), rgb(240, 80, 170)];
const CUTS = ['brilliant', 'brilliant', 'round', 'hex', 'emerald', 'cluster'] as const;

function facet(points: Point[], mat: Material, tilt: Point, tone = 0): Part {
  return { shape: polygon(points), material: mat, tilt, tone };
}

/** A stone seen from above: an outer ring of `n` corners, a table of `table` times its size. */
export function topView(n: number, rx: number, ry: number, table: number, mat: Material, rot: number): Part[] {
  const outer: Point[] = [], inner: Point[] = [];
  for (let i = 0; i < n; i++) {
    const a = rot + (i * Math.PI * 2) / n;
    outer.push([Math.cos(a) * rx, Math.sin(a) * ry]);
    inner.push([Math.cos(a) * rx * table, Math.sin(a) * ry * table]);
  }
  const parts: Part[] = [{ shape: polygon(outer), material: mat, line: 0.45 }];
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const a = rot + ((i + 0.5) * Math.PI * 2) / n;
    parts.push(facet([outer[i] as Point, outer[j] as Point, inner[j] as Point, inner[i] as Point], mat, [Math.cos(a) * 0.75, Math.sin(a) * 0.75]));
  }
  parts.push(facet(inner, mat, [0, 0], 0.12));
  parts.push({ shape: polygon(outer), material: mat, lineOnly: true, line: 0.45 });
  return parts;
}

/** The side view of a brilliant: a crown of four facets over a pavilion of four meeting at the point. */
export function brilliant(w: number, crownH: number, pavH: number, tableW: number, mat: Material): Part[] {
  const g = 0, t = -crownH, c: Point = [0, pavH];
  const a = [[-tableW, t], [0, t], [tableW, t]] as Point[];
  const b = [[-w, g], [-w / 2, g], [0, g], [w / 2, g], [w, g]] as Point[];
  const [a0, a1, a2] = a as [Point, Point, Point];
  const [b0, b1, b2, b3, b4] = b as [Point, Point, Point, Point, Point];
  return [
    facet([b0, a0, b1], mat, [-0.75, -0.45], 0.05),
    facet([a0, a1, b2, b1], mat, [-0.2, -0.6], 0.1),
    facet([a1, a2, b3, b2], mat, [0.2, -0.6]),
    facet([a2, b4, b3], mat, [0.75, -0.45]),
    facet([b0, b1, c], mat, [-0.65, 0.35]),
    facet([b1, b2, c], mat, [-0.2, 0.5], -0.05),
    facet([b2, b3, c], mat, [0.2, 0.5]),
    facet([b3, b4, c], mat, [0.65, 0.35]),
    { shape: polygon([b0, a0, a2, b4, c]), material: mat, lineOnly: true, line: 0.45 },
  ];
}

/** A pointed hexagonal prism from (0, 0) up to height h, width w, leaning by `angle`. */
function prism(h: number, w: number, angle: number, dx: number, mat: Material): Part[] {
  const tip = w * 1.1, s = -w * 0.15;
  const faces: [Point[], Point, number][] = [
    [[[-w, 0], [-w, -h + tip], [s, -h], [s, 0]], [-0.55, -0.05], 0.02],
    [[[s, 0], [s, -h], [w, -h + tip], [w, 0]], [0.45, 0.05], 0],
    [[[-w, -h + tip], [s, -h], [s, -h + tip * 0.55]], [-0.55, -0.55], 0.12],
  ];
  const move = (p: Point): Point => {
    const [x, y] = rotatePoint(p, angle);
    return [x + dx, y];
  };
  return [
    ...faces.map(([pts, tilt, tone]): Part => ({ shape: polygon(pts.map(move)), material: mat, tilt: rotatePoint(tilt, angle), tone })),
    { shape: polygon(([[-w, 0], [-w, -h + tip], [s, -h], [w, -h + tip], [w, 0]] as Point[]).map(move)), material: mat, lineOnly: true, line: 0.45 },
  ];
}

export const gem: Generator = ({ rng, colorRng, palette, variant }) => {
  const cut = variant === 'crystal' ? 'cluster' : variant === 'diamond' ? 'brilliant' : variant === 'emerald' ? rng.pick(['emerald', 'brilliant'] as const) : rng.pick(CUTS);
  const variantColor = variant ? ICON_COLORS.get(variant)?.color : undefined;
  const mat = palette.role(0, 'gem', { color: variantColor ?? colorRng.pick(GEM_COLORS), finish: 'gem' });
  const parts: Part[] = [];
  if (cut === 'brilliant') {
    const w = rng.range(0.85, 1);
    parts.push(...brilliant(w, rng.range(0.32, 0.42), rng.range(0.75, 0.95), w * rng.range(0.5, 0.62), mat));
  } else if (cut === 'round') {
    parts.push(...topView(8, 0.9, 0.9, rng.range(0.5, 0.6), mat, Math.PI / 8));
  } else if (cut === 'hex') {
    parts.push(...topView(6, 0.9, rng.range(0.8, 1), rng.range(0.5, 0.6), mat, 0));
  } else if (cut === 'emerald') {
    const rx = 0.62, ry = 0.9, k = 0.3;
    const outer: Point[] = [[-rx + k * rx, -ry], [rx - k * rx, -ry], [rx, -ry + k * rx], [rx, ry - k * rx], [rx - k * rx, ry], [-rx + k * rx, ry], [-rx, ry - k * rx], [-rx, -ry + k * rx]];
    const inner = outer.map(([x, y]): Point => [x * 0.62, y * 0.75]);
    parts.push({ shape: polygon(outer), material: mat, line: 0.45 });
    for (let i = 0; i < 8; i++) {
      const j = (i + 1) % 8;
      const mx = ((outer[i]?.[0] ?? 0) + (outer[j]?.[0] ?? 0)) / 2, my = ((outer[i]?.[1] ?? 0) + (outer[j]?.[1] ?? 0)) / 2;
      const l = Math.hypot(mx, my) || 1;
      parts.push(facet([outer[i] as Point, outer[j] as Point, inner[j] as Point, inner[i] as Point], mat, [(mx / l) * 0.7, (my / l) * 0.7]));
    }
    parts.push(facet(inner, mat, [0, 0], 0.1));
    parts.push({ shape: polygon(outer), material: mat, lineOnly: true, line: 0.45 });
  } else {
    const n = rng.int(3, 5);
    parts.push({ shape: ellipse(0, 0.05, 0.62, 0.16), material: fixed('rock', LOOKS.stone), bevel: 0.1, line: 0.45 });
    // Back prisms first, the tallest in the middle front.
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => Math.abs(b - (n - 1) / 2) - Math.abs(a - (n - 1) / 2));
    for (const i of order) {
      const off = i - (n - 1) / 2;
      const h = 1.5 - Math.abs(off) * rng.range(0.35, 0.5);
      parts.push(...prism(h, rng.range(0.13, 0.18), off * rng.range(0.3, 0.42), off * 0.22, mat));
    }
  }
  parts.push(glint(star(-0.35, -0.45, 0.2, 4, 0.18), 0.95));
  parts.push(glint(star(0.5, 0.1, 0.12, 4, 0.22), 0.85));
  return { parts, glow: palette.glow ?? undefined, notes: { cut } };
};
