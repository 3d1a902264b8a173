// Food, as inventory icons show it: fruit (apple, pear, cherries, banana, grapes, strawberry),
// a carrot, a loaf of bread, a wedge of cheese, a drumstick of meat on the bone, a fish, an egg, a
// cake with icing and a cherry, a bitten chocolate-chip cookie. Each keeps the silhouette and the
// colours that name it; the first colour word paints the main part ("green apple", "golden apple").
import { makeMaterial } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { arcPoints, circle, ellipse, polygon, roundBox, star } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { cached, intersect, offset, ribbon, rotate, shell, smoothSubtract, smoothUnion, subtract, union } from '../shapeOps.ts';
import { fixed, rgb, turn } from './common.ts';
import { highlight, leafParts, stalk, stick } from './bits.ts';
import type { Generator } from './types.ts';

const LEAF = { color: rgb(84, 170, 60), finish: 'soft' as const };
const STEM = { color: rgb(112, 74, 44), finish: 'matte' as const };
const EYE = makeMaterial('eye', rgb(250, 248, 240), 'soft');
const PUPIL = makeMaterial('pupil', rgb(24, 18, 30), 'soft');

export const apple: Generator = ({ rng, palette }) => {
  const skin = palette.role(0, 'skin', { color: rgb(218, 36, 44), finish: 'soft' });
  const w = rng.range(0.28, 0.33);
  // The outline in polar form about the core: a dimple at the top, shoulders, a narrower base.
  const pts: Point[] = [];
  for (let i = 0; i < 72; i++) {
    const t = (i / 72) * Math.PI * 2;
    const r = 0.8 * (1 - 0.2 * Math.exp(-((Math.min(t, Math.PI * 2 - t) / 0.42) ** 2)) - 0.06 * Math.exp(-(((t - Math.PI) / 0.3) ** 2)));
    const down = Math.max(0, -Math.cos(t));
    pts.push([Math.sin(t) * r * (1.12 + w - 0.3) * (1 - 0.16 * down * down), -Math.cos(t) * r * 0.94 + 0.08]);
  }
  const body = offset(cached(polygon(pts)), 0.02);
  const side = rng.next() < 0.5 ? 1 : -1;
  const parts: Part[] = [
    { shape: body, material: skin, bevel: 0.5, line: 0.45 },
    highlight(-0.45, -0.22, 0.11, 0.2, 0.55),
    stalk([0, -0.46], [0.02, -0.7], [side * 0.1, -0.9], 0.05, 0.035, fixed('stem', STEM)),
    ...leafParts([side * 0.06, -0.76], [side * 0.58, -0.96], 0.15, palette.role(1, 'leaf', LEAF, true), side * 0.08),
  ];
  return { parts, glow: palette.glow ?? undefined, notes: { leaf: side > 0 ? 'right' : 'left' } };
};

export const pear: Generator = ({ rng, palette }) => {
  const skin = palette.role(0, 'skin', { color: rgb(186, 204, 62), finish: 'soft', texture: { kind: 'speckle', amount: 0.05, scale: 9 } });
  const lean = rng.range(-0.18, 0.18);
  const body = smoothUnion(0.42, circle(0, 0.36, 0.58), circle(lean * 0.4, -0.3, 0.3));
  const parts: Part[] = [
    { shape: body, material: skin, bevel: 0.45, line: 0.45 },
    highlight(-0.32, 0.08, 0.1, 0.22, 0.5),
    stalk([lean * 0.4, -0.5], [lean * 0.4 + 0.02, -0.75], [lean * 0.4 + 0.12, -0.92], 0.045, 0.03, fixed('stem', STEM)),
    ...leafParts([lean * 0.4 + 0.04, -0.72], [lean * 0.4 - 0.45, -0.9], 0.13, palette.role(1, 'leaf', LEAF, true), -0.06),
  ];
  return { parts, glow: palette.glow ?? undefined, notes: { lean: Math.round(lean * 100) / 100 } };
};

export const cherry: Generator = ({ rng, palette }) => {
  const red = palette.role(0, 'cherry', { color: rgb(200, 18, 42), finish: 'soft' });
  const stem = fixed('stem', { color: rgb(96, 120, 48), finish: 'matte' });
  const top: Point = [rng.range(0.0, 0.15), -0.82];
  const fruits: [number, number, number][] = [[-0.42, 0.42, 0.34], [0.36, 0.56, 0.34]];
  const parts: Part[] = [];
  for (const [x, y, r] of fruits) parts.push(stalk([x, y - r * 0.7], [x * 0.6 + top[0] * 0.4, (y + top[1]) / 2 - 0.05], top, 0.028, 0.022, stem));
  parts.push(...leafParts([top[0] + 0.02, top[1] + 0.02], [top[0] + 0.55, top[1] - 0.12], 0.14, palette.role(1, 'leaf', LEAF, true), 0.08));
  for (const [x, y, r] of fruits) {
    const body = smoothSubtract(0.1, circle(x, y, r), circle(x, y - r * 1.02, r * 0.18));
    parts.push({ shape: body, material: red, bevel: r * 0.8, line: 0.45 });
    parts.push(highlight(x - r * 0.42, y - r * 0.3, r * 0.16, r * 0.24, 0.65));
  }
  return { parts, glow: palette.glow ?? undefined, notes: { count: 2 } };
};

export const banana: Generator = ({ rng, palette }) => {
  const peel = palette.role(0, 'peel', { color: rgb(250, 212, 56), finish: 'soft' });
  const dark = fixed('tip', { color: rgb(96, 70, 40), finish: 'matte' });
  const a0 = Math.PI * rng.range(0.16, 0.2), a1 = Math.PI * rng.range(0.8, 0.84);
  const path = arcPoints(0, -0.75, 1.25, a0, a1, 16);
  const widths = path.map((_, i) => {
    const t = i / 16;
    return 0.04 + 0.24 * Math.sin(Math.PI * t) ** 0.7;
  });
  const body = ribbon(path, widths);
  // The lit upper face: a band along the inner curve.
  const inner = ribbon(path.map(([x, y]): Point => [x * 0.93, -0.75 + (y + 0.75) * 0.93]), widths.map((w) => w * 0.45));
  const end = path[16] as Point, start = path[0] as Point;
  const parts: Part[] = [
    { shape: body.whole, material: peel, bevel: 0.16, line: 0.45 },
    { shape: intersect(inner.whole, offset(body.whole, -0.03)), material: peel, tone: 0.12 },
    // The stalk at one end, a dark tip at the other.
    { shape: stick([end[0] + 0.02, end[1] - 0.03], [end[0] - 0.16, end[1] - 0.2], 0.06), material: fixed('stalk', { color: rgb(150, 160, 60), finish: 'matte' }), bevel: 0.05, line: 0.45 },
    { shape: roundBox(end[0] - 0.19, end[1] - 0.23, 0.06, 0.05, 0.02), material: dark, bevel: 0.03, line: 0.4 },
    { shape: circle(start[0] + 0.03, start[1] - 0.02, 0.055), material: dark, bevel: 0.03, line: 0.4 },
  ];
  return { parts: turn(parts, rng.range(-0.35, -0.2)), glow: palette.glow ?? undefined, notes: {} };
};

export const grapes: Generator = ({ rng, palette }) => {
  const grape = palette.role(0, 'grape', { color: rgb(118, 52, 150), finish: 'soft' });
  const rows = [4, 3, 3, 2, 1];
  const r = 0.19;
  const parts: Part[] = [];
  const stem = fixed('stem', STEM);
  parts.push(stalk([0, -0.5], [0.02, -0.72], [0.14, -0.92], 0.04, 0.03, stem));
  parts.push(...leafParts([0.08, -0.74], [0.66, -0.7], 0.2, palette.role(1, 'leaf', LEAF, true), -0.1));
  rows.forEach((n, row) => {
    const y = -0.42 + row * r * 1.65;
    for (let i = 0; i < n; i++) {
      const x = (i - (n - 1) / 2) * r * 1.85 + rng.range(-0.02, 0.02);
      parts.push({ shape: circle(x, y + rng.range(-0.02, 0.02), r), material: grape, bevel: r * 0.85, line: 0.45 });
      parts.push(highlight(x - r * 0.38, y - r * 0.35, r * 0.15, r * 0.22, 0.55));
    }
  });
  return { parts, glow: palette.glow ?? undefined, notes: { grapes: rows.reduce((a, b) => a + b, 0) } };
};

export const strawberry: Generator = ({ rng, palette, pixel }) => {
  const red = palette.role(0, 'berry', { color: rgb(228, 40, 58), finish: 'soft' });
  const leaf = palette.role(1, 'leaves', { color: rgb(70, 160, 60), finish: 'soft' }, true);
  const body = smoothUnion(0.3, ellipse(0, -0.12, 0.66, 0.44), offset(polygon([[-0.6, -0.1], [0.6, -0.1], [0.1, 0.8], [-0.1, 0.8]]), 0.12));
  const parts: Part[] = [{ shape: body, material: red, bevel: 0.42, line: 0.45 }];
  const seed = makeMaterial('seed', rgb(250, 226, 120), 'soft');
  for (let row = 0; row < 5; row++) {
    const y = -0.18 + row * 0.22;
    const half = 0.62 - row * 0.13;
    const n = 4 - Math.floor(row / 2);
    for (let i = 0; i < n; i++) {
      const x = -half + ((i + 0.5) * 2 * half) / n + (row % 2 ? 0.06 : -0.06);
      if (body.d(x, y) < -0.1 && (!pixel || (row + i) % 2 === 0)) parts.push({ shape: ellipse(x, y, 0.035, 0.055), material: seed, thin: true, tone: 0.05 });
    }
  }
  parts.push(highlight(-0.42, -0.2, 0.1, 0.16, 0.5));
  // The green cap: pointed leaves fanned out over the top, and a short stalk.
  const cap: Shape[] = [];
  const n = rng.int(5, 6);
  for (let i = 0; i < n; i++) {
    const a = Math.PI * (0.05 + (0.9 * i) / (n - 1));
    const tip: Point = [Math.cos(a) * 0.56 * (i % 2 ? 0.8 : 1), -0.46 + Math.sin(a) * 0.3];
    cap.push(polygon([[-0.1, -0.52], [0.1, -0.52], tip]));
  }
  parts.push({ shape: smoothUnion(0.04, ellipse(0, -0.5, 0.24, 0.1), ...cap), material: leaf, bevel: 0.08, line: 0.45 });
  parts.push(stalk([0, -0.5], [0.02, -0.66], [0.1, -0.8], 0.045, 0.035, leaf));
  return { parts, glow: palette.glow ?? undefined, notes: { leaves: n } };
};

export const carrot: Generator = ({ rng, palette }) => {
  const orange = palette.role(0, 'root', { color: rgb(242, 128, 34), finish: 'soft' });
  const leaf = palette.role(1, 'leaves', { color: rgb(76, 160, 58), finish: 'soft' }, true);
  const parts: Part[] = [];
  // Fronds first, behind the root.
  for (const [dx, tipX, tipY] of [[-0.08, -0.42, -1.05], [0.0, 0.02, -1.18], [0.08, 0.4, -1.02]] as const) {
    parts.push(...leafParts([dx, -0.5], [tipX, tipY], 0.11, leaf, dx * 0.8));
  }
  const root = smoothUnion(0.1, circle(0, -0.4, 0.27), offset(polygon([[-0.25, -0.4], [0.25, -0.4], [0, 1.0]]), 0.03));
  parts.push({ shape: root, material: orange, bevel: 0.2, line: 0.45 });
  // Rings across the root.
  for (let i = 0; i < 5; i++) {
    const y = -0.2 + i * 0.22 + rng.range(-0.03, 0.03);
    const half = 0.24 * (1 - (y + 0.4) / 1.45);
    const s = i % 2 ? 1 : -1;
    parts.push({ shape: intersect(ribbon([[s * half * 1.1, y], [s * half * 0.2, y + 0.03]], [0.018, 0.008]).whole, offset(root, -0.01)), material: orange, tone: -0.25, thin: true });
  }
  parts.push(highlight(-0.1, -0.25, 0.05, 0.16, 0.45));
  return { parts: turn(parts, -Math.PI / 5), glow: palette.glow ?? undefined, notes: {} };
};

export const bread: Generator = ({ rng, palette }) => {
  const crust = palette.role(0, 'crust', { color: rgb(206, 134, 58), finish: 'soft' });
  const crumb = makeMaterial('crumb', rgb(248, 222, 160), 'soft');
  // A long oval loaf, flat underneath, with slashes showing the pale crumb.
  const loaf = smoothUnion(0.15, roundBox(0, 0.24, 0.96, 0.18, 0.16), ellipse(0, 0.04, 0.98, 0.46));
  const parts: Part[] = [
    { shape: loaf, material: crust, bevel: 0.3, line: 0.45 },
    // The darker, baked base.
    { shape: intersect(loaf, { d: (_x, y) => 0.3 - y, box: loaf.box }), material: crust, tone: -0.12 },
  ];
  const cuts = rng.int(3, 4);
  for (let i = 0; i < cuts; i++) {
    const x = (i - (cuts - 1) / 2) * (1.25 / cuts) * 1.25;
    parts.push({ shape: rotate(ellipse(x, -0.06, 0.2, 0.065), -0.75, x, -0.06), material: crumb, bevel: 0.04, line: 0.35, thin: true });
  }
  parts.push(highlight(-0.55, -0.22, 0.16, 0.06, 0.35));
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: { cuts } };
};

export const cheese: Generator = ({ rng, palette }) => {
  const mat = palette.role(0, 'cheese', { color: rgb(250, 196, 54), finish: 'soft' });
  const hole = makeMaterial('hole', rgb(204, 140, 30), 'soft');
  const H = 0.55;
  const A: Point = [-0.95, 0.02], B: Point = [0.72, 0.3], E: Point = [0.92, -0.42];
  const top = polygon([A, B, E]);
  const front = polygon([A, B, [B[0], B[1] + H], [A[0], A[1] + H]]);
  const end = polygon([B, E, [E[0], E[1] + H], [B[0], B[1] + H]]);
  const whole = union(top, front, end);
  const parts: Part[] = [
    { shape: whole, material: mat, line: 0.45 },
    { shape: front, material: mat, tone: -0.04, line: 0.4, bevel: 0.03 },
    { shape: end, material: mat, tone: -0.16, line: 0.4, bevel: 0.03 },
    { shape: top, material: mat, tone: 0.14, line: 0.4, bevel: 0.03 },
  ];
  const holes: [number, number, number, Shape][] = [];
  for (let i = 0; i < 4; i++) holes.push([rng.range(-0.75, 0.55), 0, rng.range(0.07, 0.12), front]);
  for (let i = 0; i < 2; i++) holes.push([rng.range(-0.2, 0.55), 0, rng.range(0.05, 0.08), top]);
  for (const [x, , r, face] of holes) {
    // A point on that face at x: the front spans y from its top edge to top + H.
    const yTop = A[1] + ((x - A[0]) / (B[0] - A[0])) * (B[1] - A[1]);
    const y = face === front ? yTop + rng.range(0.15, H - 0.15) : yTop - rng.range(0.12, 0.22);
    parts.push({ shape: intersect(ellipse(x, y, r, r * (face === top ? 0.55 : 0.9)), offset(face, -0.03)), material: hole, bevel: r * 0.5, tilt: [0.2, 0.3], thin: true });
  }
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: { holes: holes.length } };
};

export const meat: Generator = ({ rng, palette, pixel }) => {
  const flesh = palette.role(0, 'meat', { color: rgb(176, 84, 46), finish: 'soft' });
  const bone = fixed('bone', { color: rgb(244, 236, 214), finish: 'soft' });
  const bx = 0.62, by = -0.62;
  const parts: Part[] = [
    { shape: union(stick([0.05, -0.05], [bx, by], 0.09), circle(bx - 0.05, by - 0.13, 0.14), circle(bx + 0.13, by + 0.05, 0.14)), material: bone, bevel: 0.1, line: 0.45 },
  ];
  const meatShape = rotate(smoothUnion(0.3, ellipse(-0.25, 0.22, 0.62, 0.5), circle(0.12, -0.02, 0.3)), -0.6, -0.1, 0.1);
  parts.push({ shape: meatShape, material: flesh, bevel: 0.4, line: 0.45 });
  // Browned, glistening skin: a darker underside, a sheen on top.
  parts.push({ shape: intersect(meatShape, offset(rotate(ellipse(-0.1, 0.55, 0.7, 0.32), -0.6, -0.1, 0.1), 0)), material: flesh, tone: -0.12 });
  if (!pixel) parts.push({ ...highlight(-0.4, 0.05, 0.18, 0.08, 0.4), shape: intersect(rotate(ellipse(-0.4, 0.05, 0.18, 0.08), -0.6, -0.4, 0.05), offset(meatShape, -0.08)) });
  for (let i = 0; i < 3; i++) {
    const x = rng.range(-0.5, 0.0), y = rng.range(0.1, 0.4);
    parts.push({ shape: rotate(ellipse(x, y, 0.08, 0.025), -0.6, x, y), material: flesh, tone: -0.22, thin: true });
  }
  return { parts, glow: palette.glow ?? undefined, notes: {} };
};

export const fish: Generator = ({ rng, palette, pixel }) => {
  const scale = palette.role(0, 'scales', { color: rgb(86, 150, 206), finish: 'soft', texture: { kind: 'scales', amount: 0.05, scale: 12 } });
  const fin = palette.role(1, 'fins', { color: rgb(70, 110, 180), finish: 'soft' });
  const belly = makeMaterial('belly', rgb(232, 236, 226), 'soft');
  const h = rng.range(0.36, 0.42);
  const body = smoothUnion(0.12, ellipse(-0.12, 0, 0.74, h), ellipse(0.4, 0, 0.3, h * 0.45));
  const tail = offset(polygon([[0.55, 0], [1.0, -0.46], [0.9, 0], [1.0, 0.46]]), 0.03);
  const parts: Part[] = [
    { shape: offset(polygon([[-0.4, -h * 0.75], [-0.08, -h - 0.3], [0.32, -h * 0.55]]), 0.03), material: fin, bevel: 0.06, line: 0.45 },
    { shape: offset(polygon([[-0.1, h * 0.8], [0.12, h + 0.18], [0.26, h * 0.6]]), 0.02), material: fin, bevel: 0.05, line: 0.45 },
    { shape: tail, material: fin, bevel: 0.08, line: 0.45 },
    { shape: body, material: scale, bevel: 0.25, line: 0.45 },
    { shape: intersect(body, offset(ellipse(-0.1, h * 0.95, 0.7, h * 0.6), 0)), material: belly, bevel: 0.1 },
    // The gill's curve and the eye.
    { shape: intersect(shell(circle(-0.95, 0, 0.5), 0.018), offset(body, -0.06)), material: scale, tone: -0.3, thin: true },
    { shape: circle(-0.6, -0.08, 0.1), material: EYE, bevel: 0.05, line: 0.4 },
    { shape: circle(-0.62, -0.08, 0.055), material: PUPIL },
    { shape: ribbon([[-0.86, 0.1], [-0.74, 0.12]], [0.012, 0.008]).whole, material: PUPIL, thin: true },
  ];
  if (!pixel) parts.push(highlight(-0.3, -h * 0.55, 0.22, 0.05, 0.4));
  return { parts, glow: palette.glow ?? undefined, notes: {} };
};

export const egg: Generator = ({ rng, palette }) => {
  const shell1 = palette.role(0, 'shell', { color: rgb(246, 236, 214), finish: 'soft' });
  const body = smoothUnion(0.55, circle(0, 0.22, 0.6), circle(0, -0.3, 0.42));
  const parts: Part[] = [{ shape: body, material: shell1, bevel: 0.5, line: 0.45 }];
  const speckled = rng.next() < 0.5;
  if (speckled) {
    const dot = makeMaterial('speckle', rgb(176, 140, 100), 'soft');
    for (let i = 0; i < 7; i++) {
      const x = rng.range(-0.4, 0.45), y = rng.range(-0.4, 0.6);
      if (body.d(x, y) < -0.1) parts.push({ shape: ellipse(x, y, 0.045, 0.035), material: dot, thin: true });
    }
  }
  parts.push(highlight(-0.28, -0.22, 0.1, 0.2, 0.6));
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: { speckled } };
};

export const cake: Generator = ({ rng, palette }) => {
  const icing = palette.role(0, 'icing', { color: rgb(246, 150, 190), finish: 'soft' });
  const sponge = palette.role(1, 'sponge', { color: rgb(236, 196, 132), finish: 'soft' });
  const jam = makeMaterial('filling', rgb(200, 40, 70), 'soft');
  const W = 0.86, yTop = -0.2, yBot = 0.62, ry = 0.24;
  const body = union(ellipse(0, yBot, W, ry), roundBox(0, (yTop + yBot) / 2, W, (yBot - yTop) / 2, 0), ellipse(0, yTop, W, ry));
  const drips = rng.int(5, 7);
  const wave = (x: number): number => yTop + 0.22 + 0.12 * Math.cos((x / W) * Math.PI * drips * 0.5) ** 2 * (Math.abs(x) < W * 0.98 ? 1 : 0);
  const topIcing = union(ellipse(0, yTop, W + 0.02, ry + 0.02), intersect(offset(body, 0.02), { d: (x, y) => y - wave(x) * 1 - Math.abs(x) * 0.0, box: body.box }));
  const parts: Part[] = [
    { shape: body, material: sponge, bevel: 0.12, line: 0.45 },
    { shape: intersect(body, { d: (_x, y) => Math.abs(y - (yBot - 0.05)) - 0.05, box: body.box }), material: jam, bevel: 0.03 },
    { shape: topIcing, material: icing, bevel: 0.12, line: 0.45 },
    { shape: ellipse(0, yTop - 0.02, W * 0.8, ry * 0.7), material: icing, tone: 0.1 },
  ];
  // A cherry on top.
  const cherryMat = makeMaterial('cherry', rgb(206, 20, 40), 'soft');
  parts.push(stalk([0, yTop - 0.22], [0.04, yTop - 0.42], [0.16, yTop - 0.55], 0.025, 0.02, fixed('stem', { color: rgb(96, 120, 48), finish: 'matte' })));
  parts.push({ shape: circle(0, yTop - 0.14, 0.15), material: cherryMat, bevel: 0.13, line: 0.45 });
  parts.push(highlight(-0.05, yTop - 0.19, 0.04, 0.05, 0.7));
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: { drips } };
};

export const cookie: Generator = ({ rng, palette }) => {
  const dough = palette.role(0, 'dough', { color: rgb(214, 158, 86), finish: 'soft', texture: { kind: 'speckle', amount: 0.06, scale: 8 } });
  const chip = palette.role(1, 'chips', { color: rgb(84, 50, 32), finish: 'soft' });
  const n = 22;
  const pts: Point[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const r = 0.9 + rng.range(-0.035, 0.035);
    pts.push([Math.cos(a) * r, Math.sin(a) * r]);
  }
  let body: Shape = offset(polygon(pts), 0.02);
  const bitten = rng.next() < 0.75;
  if (bitten) body = subtract(body, union(circle(0.78, -0.62, 0.26), circle(0.95, -0.3, 0.22), circle(0.52, -0.88, 0.22)));
  const parts: Part[] = [{ shape: body, material: dough, bevel: 0.3, line: 0.45 }];
  const spots: Point[] = [[-0.45, -0.35], [0.1, -0.5], [0.4, 0.05], [-0.1, 0.05], [-0.5, 0.35], [0.15, 0.5], [0.55, 0.45]];
  for (const [x, y] of spots) {
    const jx = x + rng.range(-0.06, 0.06), jy = y + rng.range(-0.06, 0.06);
    if (body.d(jx, jy) < -0.14) parts.push({ shape: offset(star(jx, jy, 0.08, 5, 0.7, rng.range(0, 1)), 0.03), material: chip, bevel: 0.06, line: 0.35 });
  }
  return { parts, glow: palette.glow ?? undefined, notes: { bitten } };
};
