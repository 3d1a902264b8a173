// Plants as pickups: a spotted toadstool (sometimes with a small one beside it), a flower with
// petals round a seeded centre, a single veined leaf, a four-leaf clover and a potted cactus.
import { makeMaterial } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { circle, ellipse, polygon, roundBox, taper } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { intersect, offset, ribbon, rotate, smoothUnion } from '../shapeOps.ts';
import { fixed, rgb } from './common.ts';
import { highlight, leafParts, leafShape, stalk } from './bits.ts';
import type { Generator } from './types.ts';

const GREEN = { color: rgb(70, 164, 62), finish: 'soft' as const };

function toadstool(cx: number, base: number, k: number, cap: Part['material'], spots: Part['material'], stem: Part['material'], rng: { range(a: number, b: number): number }): Part[] {
  const capY = base - 0.95 * k;
  const dome = intersect(ellipse(cx, capY + 0.1 * k, 0.92 * k, 0.78 * k), { d: (_x, y) => y - (capY + 0.16 * k), box: { x0: cx - k, y0: capY - k, x1: cx + k, y1: capY + k } });
  const capShape = smoothUnion(0.08 * k, dome, ellipse(cx, capY + 0.14 * k, 0.94 * k, 0.14 * k));
  const parts: Part[] = [
    { shape: ellipse(cx, capY + 0.2 * k, 0.74 * k, 0.13 * k), material: stem, tone: -0.3, line: 0.4 },
    { shape: offset(polygon([[cx - 0.2 * k, capY + 0.2 * k], [cx + 0.2 * k, capY + 0.2 * k], [cx + 0.27 * k, base - 0.3 * k], [cx + 0.22 * k, base - 0.06 * k], [cx - 0.22 * k, base - 0.06 * k], [cx - 0.27 * k, base - 0.3 * k]]), 0.06 * k), material: stem, bevel: 0.2 * k, line: 0.45 },
    { shape: capShape, material: cap, bevel: 0.35 * k, line: 0.45 },
  ];
  const dots: [number, number, number][] = [[-0.45, -0.25, 0.13], [0.05, -0.5, 0.15], [0.5, -0.2, 0.12], [-0.1, -0.1, 0.1], [0.78, 0.05, 0.07], [-0.78, 0.02, 0.08]];
  for (const [x, y, r] of dots) {
    const px = cx + (x + rng.range(-0.04, 0.04)) * k, py = capY + y * k;
    parts.push({ shape: intersect(ellipse(px, py, r * k, r * 0.85 * k), offset(capShape, -0.03 * k)), material: spots, bevel: r * 0.5 * k, thin: true });
  }
  return parts;
}

export const mushroom: Generator = ({ rng, palette }) => {
  const cap = palette.role(0, 'cap', { color: rgb(214, 38, 44), finish: 'soft' });
  const spots = palette.role(1, 'spots', { color: rgb(250, 248, 240), finish: 'soft' });
  const stem = fixed('stem', { color: rgb(242, 230, 204), finish: 'soft' });
  const second = rng.next() < 0.4;
  const parts: Part[] = [];
  if (second) parts.push(...toadstool(0.72, 0.95, 0.42, cap, spots, stem, rng));
  parts.push(...toadstool(0, 0.95, 1, cap, spots, stem, rng));
  parts.push(highlight(-0.42, -0.5, 0.14, 0.07, 0.4));
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: { second } };
};

const PETALS = [rgb(246, 110, 170), rgb(226, 50, 60), rgb(120, 110, 236), rgb(250, 250, 246), rgb(250, 200, 50), rgb(250, 140, 60)];

export const flower: Generator = ({ rng, colorRng, palette }) => {
  const petalColor = palette.named(0) ? PETALS[0] : colorRng.pick(PETALS);
  const petal = palette.role(0, 'petals', { color: petalColor ?? rgb(246, 110, 170), finish: 'soft' });
  const yellowish = (petal.ramp[2].r > 200 && petal.ramp[2].g > 170 && petal.ramp[2].b < 120);
  const centre = palette.role(1, 'centre', { color: yellowish ? rgb(120, 70, 40) : rgb(250, 200, 50), finish: 'soft' });
  const leaf = fixed('leaf', GREEN);
  const n = rng.int(5, 7);
  const cx = 0, cy = -0.4, len = 0.42, w = rng.range(0.19, 0.23);
  const stemPath: Point[] = [[0.02, 1.0], [-0.08, 0.4], [cx, cy]];
  const parts: Part[] = [
    stalk(stemPath[0] as Point, stemPath[1] as Point, stemPath[2] as Point, 0.05, 0.04, leaf),
    ...leafParts([-0.05, 0.6], [-0.55, 0.32], 0.15, leaf, -0.06),
    ...leafParts([-0.02, 0.78], [0.48, 0.52], 0.14, leaf, 0.06),
  ];
  const petals: Shape[] = [];
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + (i / n) * Math.PI * 2;
    const px = cx + Math.cos(a) * len * 0.62, py = cy + Math.sin(a) * len * 0.62;
    petals.push(rotate(ellipse(px, py, len * 0.62, w), a, px, py));
  }
  for (const p of petals) parts.push({ shape: p, material: petal, bevel: w * 0.8, line: 0.45 });
  parts.push({ shape: circle(cx, cy, 0.17), material: centre, bevel: 0.12, line: 0.45 });
  parts.push(highlight(cx - 0.06, cy - 0.06, 0.04, 0.04, 0.5));
  return { parts, glow: palette.glow ?? undefined, notes: { petals: n } };
};

export const leaf: Generator = ({ rng, palette }) => {
  const mat = palette.role(0, 'leaf', GREEN, true);
  const bend = rng.range(0.08, 0.2);
  const a: Point = [-0.62, 0.66], b: Point = [0.78, -0.78];
  const { shape, rib } = leafShape(a, b, 0.5, bend);
  const parts: Part[] = [
    stalk([-0.95, 1.0], [-0.8, 0.85], a, 0.05, 0.045, mat),
    { shape, material: mat, bevel: 0.3, line: 0.45 },
  ];
  const vein = (pts: Point[], w: number): Part => ({ shape: intersect(ribbon(pts, pts.map((_, i) => w * (1 - i / pts.length) + 0.004)).whole, offset(shape, -0.05)), material: mat, tone: -0.2, thin: true });
  parts.push(vein(rib.slice(0, 12), 0.03));
  for (let i = 2; i <= 9; i += 2) {
    const p = rib[i] as Point, q = rib[i + 1] as Point;
    const dx = q[0] - p[0], dy = q[1] - p[1], l = Math.hypot(dx, dy) || 1;
    for (const s of [-1, 1]) {
      const reach = 0.42 * Math.sin(Math.PI * (i / 12)) + 0.08;
      parts.push(vein([p, [p[0] + (dx / l) * reach * 0.8 - s * (dy / l) * reach, p[1] + (dy / l) * reach * 0.8 + s * (dx / l) * reach]], 0.016));
    }
  }
  return { parts, glow: palette.glow ?? undefined, notes: { bend: Math.round(bend * 100) / 100 } };
};

export const clover: Generator = ({ rng, palette }) => {
  const mat = palette.role(0, 'leaves', { color: rgb(58, 168, 72), finish: 'soft' }, true);
  const cx = 0, cy = -0.2, d = 0.47, r = 0.4;
  const parts: Part[] = [stalk([cx, cy], [0.05, 0.45], [0.32, 1.0], 0.05, 0.04, mat)];
  const tilt = rng.range(-0.12, 0.12);
  for (let i = 0; i < 4; i++) {
    const a = tilt + Math.PI / 4 + (i * Math.PI) / 2;
    const lx = cx + Math.cos(a) * d, ly = cy + Math.sin(a) * d;
    const heart = smoothUnion(0.02, circle(lx - r * 0.42, ly - r * 0.18, r * 0.5), circle(lx + r * 0.42, ly - r * 0.18, r * 0.5), polygon([[lx - r * 0.88, ly], [lx + r * 0.88, ly], [lx, ly + r * 0.95]]));
    const turned = rotate(heart, a + Math.PI / 2, lx, ly);
    parts.push({ shape: turned, material: mat, bevel: 0.18, line: 0.45 });
    const tipX = cx + Math.cos(a) * (d - r * 0.9), tipY = cy + Math.sin(a) * (d - r * 0.9);
    // The crease down the middle of each leaf, from the centre to its notch.
    parts.push({ shape: intersect(ribbon([[tipX, tipY], [cx + Math.cos(a) * (d + r * 0.55), cy + Math.sin(a) * (d + r * 0.55)]], [0.022, 0.008]).whole, offset(turned, -0.03)), material: mat, tone: -0.25, thin: true });
  }
  return { parts, glow: palette.glow ?? undefined, notes: { leaves: 4 } };
};

export const cactus: Generator = ({ rng, palette }) => {
  const green = palette.role(0, 'cactus', { color: rgb(74, 160, 84), finish: 'soft' });
  const pot = palette.role(1, 'pot', { color: rgb(204, 104, 60), finish: 'matte' });
  const spine = makeMaterial('spine', rgb(250, 246, 220), 'soft');
  const ly = rng.range(0.05, 0.2), ry = rng.range(-0.15, 0.0);
  const limbs: [Point, Point, number][] = [
    [[0, 0.55], [0, -0.72], 0.25],
    [[-0.1, ly], [-0.52, ly], 0.13], [[-0.52, ly], [-0.52, ly - 0.42], 0.13],
    [[0.1, ry], [0.5, ry], 0.12], [[0.5, ry], [0.5, ry - 0.36], 0.12],
  ];
  const body = smoothUnion(0.06, ...limbs.map(([a, b, r]) => taper(a[0], a[1], r, b[0], b[1], r)));
  const parts: Part[] = [{ shape: body, material: green, bevel: 0.16, line: 0.45 }];
  // Ribs down each limb and spines along its edges.
  for (const [a, b, r] of [limbs[0], limbs[2], limbs[4]] as [Point, Point, number][]) {
    for (const s of [-0.45, 0.45]) {
      parts.push({ shape: intersect(ribbon([[a[0] + s * r, a[1]], [b[0] + s * r, b[1] - r * 0.4]], [0.014, 0.01]).whole, offset(body, -0.03)), material: green, tone: -0.24, thin: true });
    }
  }
  for (let i = 0; i < 9; i++) {
    const y = -0.6 + i * 0.14;
    const s = i % 2 ? 1 : -1;
    parts.push({ shape: ribbon([[s * 0.24, y], [s * 0.34, y - 0.04]], [0.014, 0.004]).whole, material: spine, thin: true });
  }
  parts.push(highlight(-0.1, -0.4, 0.04, 0.22, 0.4));
  // A flower on top, sometimes.
  if (rng.next() < 0.5) {
    const petal = fixed('flower', { color: rgb(246, 90, 150), finish: 'soft' });
    for (let i = 0; i < 5; i++) {
      const a = -Math.PI / 2 + (i / 5) * Math.PI * 2;
      parts.push({ shape: circle(Math.cos(a) * 0.1, -0.92 + Math.sin(a) * 0.1, 0.09), material: petal, bevel: 0.06, line: 0.4 });
    }
    parts.push({ shape: circle(0, -0.92, 0.06), material: fixed('centre', { color: rgb(250, 210, 60), finish: 'soft' }), bevel: 0.04 });
  }
  parts.push({ shape: offset(polygon([[-0.4, 0.56], [0.4, 0.56], [0.31, 1.05], [-0.31, 1.05]]), 0.02), material: pot, bevel: 0.1, line: 0.45 });
  parts.push({ shape: roundBox(0, 0.55, 0.47, 0.09, 0.04), material: pot, bevel: 0.06, tone: 0.06, line: 0.45 });
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: {} };
};
