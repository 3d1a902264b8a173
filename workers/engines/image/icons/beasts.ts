// Enemies with a body plan of their own (the creature generator's masks cannot make them): a
// skull, a standing skeleton, a rearing snake, a rat, a floating eyeball, a crab with raised
// claws, a bee and a sitting frog. Drawn in the icon style: rounded, lit, outlined, with faces.
import { makeMaterial } from '../material.ts';
import type { Material } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { capsule, circle, ellipse, polygon, roundBox, taper } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { cached, intersect, offset, ribbon, rotate, shell, smoothUnion, subtract, union } from '../shapeOps.ts';
import { rgb } from './common.ts';
import { highlight, smoothPath } from './bits.ts';
import type { Generator } from './types.ts';

const HOLE = makeMaterial('socket', rgb(44, 30, 42), 'matte');
const WHITE = makeMaterial('eye', rgb(250, 248, 240), 'soft');
const PUPIL = makeMaterial('pupil', rgb(24, 18, 30), 'soft');
const RED_EYE = makeMaterial('glowing eye', rgb(255, 70, 50), 'glow');
const BONE = { color: rgb(238, 228, 202), finish: 'soft' as const };

/** A chain of tapered spans through `path` with radii `radii`: one exact shape, however it bends. */
function tube(path: readonly Point[], radii: readonly number[]): Shape {
  const spans: Shape[] = [];
  for (let i = 0; i < path.length - 1; i++) {
    const a = path[i] as Point, b = path[i + 1] as Point;
    spans.push(taper(a[0], a[1], radii[i] as number, b[0], b[1], radii[i + 1] as number));
  }
  return union(...spans);
}

/** A cartoon eye: white, pupil looking (lx, ly), a glint. */
function eye(x: number, y: number, r: number, lx: number, ly: number, pixel: boolean): Part[] {
  const parts: Part[] = [
    { shape: circle(x, y, r), material: WHITE, bevel: r * 0.6, line: 0.4, thin: true },
    { shape: circle(x + lx * r * 0.35, y + ly * r * 0.35, r * 0.55), material: PUPIL, thin: true },
  ];
  if (!pixel) parts.push({ shape: circle(x + lx * r * 0.35 - r * 0.18, y + ly * r * 0.35 - r * 0.2, r * 0.18), material: WHITE, tone: 0.3 });
  return parts;
}

function skullParts(cx: number, cy: number, k: number, bone: Material, glowing: boolean, crack: boolean): Part[] {
  const head = smoothUnion(0.12 * k,
    circle(cx, cy - 0.22 * k, 0.74 * k),
    roundBox(cx, cy + 0.4 * k, 0.44 * k, 0.3 * k, 0.16 * k),
    ellipse(cx - 0.42 * k, cy + 0.12 * k, 0.26 * k, 0.22 * k),
    ellipse(cx + 0.42 * k, cy + 0.12 * k, 0.26 * k, 0.22 * k));
  const parts: Part[] = [{ shape: head, material: bone, bevel: 0.35 * k, line: 0.45 }];
  for (const s of [-1, 1]) {
    parts.push({ shape: rotate(ellipse(cx + s * 0.3 * k, cy + 0.02 * k, 0.21 * k, 0.23 * k), s * 0.25, cx + s * 0.3 * k, cy + 0.02 * k), material: HOLE, bevel: 0.08 * k, tone: -0.1, line: 0.35 });
    if (glowing) parts.push({ shape: circle(cx + s * 0.3 * k, cy + 0.06 * k, 0.07 * k), material: RED_EYE, thin: true });
  }
  parts.push({ shape: offset(polygon([[cx, cy + 0.2 * k], [cx - 0.09 * k, cy + 0.36 * k], [cx + 0.09 * k, cy + 0.36 * k]]), 0.02 * k), material: HOLE, line: 0.3 });
  // Teeth: a row of blocks with dark gaps.
  parts.push({ shape: roundBox(cx, cy + 0.58 * k, 0.32 * k, 0.1 * k, 0.04 * k), material: HOLE, line: 0.3 });
  for (let i = 0; i < 5; i++) {
    const x = cx + (i - 2) * 0.125 * k;
    parts.push({ shape: roundBox(x, cy + 0.565 * k, 0.05 * k, 0.075 * k, 0.025 * k), material: bone, bevel: 0.03 * k, tone: 0.05 });
  }
  if (crack) parts.push({ shape: intersect(ribbon([[cx + 0.3 * k, cy - 0.92 * k], [cx + 0.2 * k, cy - 0.72 * k], [cx + 0.32 * k, cy - 0.6 * k], [cx + 0.22 * k, cy - 0.45 * k]], [0.02 * k, 0.018 * k, 0.014 * k, 0.006 * k]).whole, offset(head, -0.02 * k)), material: HOLE, thin: true });
  return parts;
}

export const skull: Generator = ({ rng, palette }) => {
  const bone = palette.role(0, 'bone', BONE);
  const glowing = rng.next() < 0.35;
  const crack = rng.next() < 0.5;
  const parts = skullParts(0, 0, 1, bone, glowing, crack);
  parts.push(highlight(-0.36, -0.55, 0.16, 0.09, 0.4));
  return { parts, glow: palette.glow ?? undefined, notes: { glowing, crack } };
};

/** A limb bone from a to b with knobbed ends. */
function limb(a: Point, b: Point, r: number, mat: Material): Part {
  return { shape: union(capsule(a[0], a[1], b[0], b[1], r), circle(a[0], a[1], r * 1.5), circle(b[0], b[1], r * 1.5)), material: mat, bevel: r, line: 0.45, thin: true };
}

export const skeleton: Generator = ({ rng, palette }) => {
  const bone = palette.role(0, 'bones', BONE);
  const r = 0.045;
  const parts: Part[] = [];
  const sway = rng.range(-0.04, 0.04);
  // Legs, then pelvis and spine, ribs, arms and the skull on top.
  for (const s of [-1, 1]) {
    const hip: Point = [s * 0.12, 0.42], knee: Point = [s * 0.15, 0.66], foot: Point = [s * 0.16, 0.9];
    parts.push(limb(hip, knee, r, bone), limb(knee, foot, r * 0.9, bone));
    parts.push({ shape: ellipse(s * 0.2, 0.94, 0.1, 0.045), material: bone, bevel: 0.03, line: 0.4 });
  }
  parts.push({ shape: smoothUnion(0.04, ellipse(-0.12, 0.38, 0.14, 0.09), ellipse(0.12, 0.38, 0.14, 0.09), roundBox(0, 0.33, 0.06, 0.06, 0.02)), material: bone, bevel: 0.05, line: 0.45 });
  parts.push({ shape: capsule(0, -0.3, 0, 0.34, r * 0.9), material: bone, bevel: r, line: 0.45, thin: true });
  for (let k = 0; k < 3; k++) {
    const y = -0.2 + k * 0.12, w = 0.27 - k * 0.03;
    const arc = intersect(shell(ellipse(0, y + 0.09, w, 0.12), r * 0.6), { d: (_x, py) => py - (y + 0.1), box: { x0: -1, y0: -1, x1: 1, y1: 1 } });
    parts.push({ shape: arc, material: bone, bevel: r * 0.6, line: 0.45, thin: true });
  }
  parts.push({ shape: roundBox(0, -0.12, 0.04, 0.14, 0.02), material: bone, bevel: 0.03, line: 0.4 });
  const raise = rng.next() < 0.5;
  for (const s of [-1, 1]) {
    const shoulder: Point = [s * 0.25, -0.26], elbow: Point = [s * 0.38, 0.02];
    const hand: Point = raise && s > 0 ? [0.5, -0.22] : [s * 0.42, 0.3];
    parts.push({ shape: circle(shoulder[0], shoulder[1], r * 1.6), material: bone, bevel: r, line: 0.4 });
    parts.push(limb(shoulder, elbow, r, bone), limb(elbow, hand, r * 0.9, bone));
    parts.push({ shape: circle(hand[0], hand[1] + 0.02, r * 1.4), material: bone, bevel: r, line: 0.4 });
  }
  parts.push(...skullParts(sway, -0.62, 0.36, bone, true, false));
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: { raised: raise } };
};

export const snake: Generator = ({ rng, palette, pixel }) => {
  const skin = palette.role(0, 'scales', { color: rgb(96, 172, 70), finish: 'soft', texture: { kind: 'scales', amount: 0.04, scale: 14 } });
  const band = palette.role(1, 'bands', { color: rgb(52, 104, 44), finish: 'soft' });
  const lean = rng.range(-0.06, 0.06);
  const path = smoothPath([[0.78, 0.86], [0.05, 0.92], [-0.58, 0.72], [-0.44, 0.44], [0.2, 0.4], [0.52, 0.16], [0.3, -0.16], [-0.08, -0.3], [-0.12 + lean, -0.55], [0.02 + lean, -0.7]], 4);
  const radii = path.map((_, i) => 0.025 + 0.13 * Math.min(1, (i / (path.length - 1)) * 1.6));
  const body = cached(tube(path, radii), 240);
  const head = rotate(ellipse(0.16 + lean, -0.78, 0.29, 0.19), -0.2, 0.16 + lean, -0.78);
  const parts: Part[] = [{ shape: body, material: skin, bevel: 0.1, line: 0.45 }];
  for (let i = 3; i < path.length - 6; i += 3) {
    const p = path[i] as Point, q = path[i + 1] as Point;
    const dx = q[0] - p[0], dy = q[1] - p[1], l = Math.hypot(dx, dy) || 1;
    const w = (radii[i] as number) * 1.3;
    parts.push({ shape: intersect(ribbon([[p[0] - (dy / l) * w, p[1] + (dx / l) * w], [p[0] + (dy / l) * w, p[1] - (dx / l) * w]], [0.035, 0.035]).whole, offset(body, -0.015)), material: band, bevel: 0.02, thin: true });
  }
  parts.push({ shape: head, material: skin, bevel: 0.14, line: 0.45 });
  const hx = 0.16 + lean, hy = -0.78;
  parts.push({ shape: union(ribbon([[hx + 0.26, hy + 0.02], [hx + 0.42, hy + 0.04]], [0.016, 0.014]).whole, ribbon([[hx + 0.42, hy + 0.04], [hx + 0.52, hy - 0.02]], [0.014, 0.008]).whole, ribbon([[hx + 0.42, hy + 0.04], [hx + 0.52, hy + 0.1]], [0.014, 0.008]).whole), material: makeMaterial('tongue', rgb(220, 40, 60), 'soft'), line: 0.35, thin: true });
  for (const s of [-1, 1]) {
    const ex = hx + 0.04 + s * 0.11, ey = hy - 0.08 - s * 0.02;
    parts.push({ shape: circle(ex, ey, 0.065), material: makeMaterial('eye', rgb(250, 220, 60), 'soft'), bevel: 0.04, line: 0.35, thin: true });
    parts.push({ shape: ellipse(ex + 0.01, ey, 0.018, 0.05), material: PUPIL, thin: true });
  }
  if (!pixel) parts.push(highlight(hx - 0.08, hy - 0.1, 0.08, 0.03, 0.4));
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: {} };
};

export const rat: Generator = ({ rng, palette, pixel }) => {
  const fur = palette.role(0, 'fur', { color: rgb(146, 134, 140), finish: 'soft' });
  const pink = makeMaterial('pink', rgb(236, 160, 166), 'soft');
  const curl = rng.range(-0.1, 0.1);
  const tailPath = smoothPath([[0.6, 0.42], [0.95, 0.4], [1.08, 0.08 + curl], [0.92, -0.22]], 5);
  const parts: Part[] = [
    { shape: tube(tailPath, tailPath.map((_, i) => 0.05 - (i / tailPath.length) * 0.035)), material: pink, bevel: 0.03, line: 0.45 },
    { shape: ellipse(-0.28, 0.62, 0.1, 0.05), material: pink, bevel: 0.03, line: 0.4 },
    { shape: ellipse(0.36, 0.63, 0.11, 0.05), material: pink, bevel: 0.03, line: 0.4 },
  ];
  const body = smoothUnion(0.2, ellipse(0.14, 0.24, 0.58, 0.4), ellipse(-0.42, 0.16, 0.3, 0.26), offset(polygon([[-0.5, -0.02], [-0.92, 0.24], [-0.5, 0.34]]), 0.06));
  parts.push({ shape: body, material: fur, bevel: 0.3, line: 0.45 });
  parts.push({ shape: intersect(ellipse(0.05, 0.5, 0.5, 0.2), offset(body, -0.03)), material: fur, tone: 0.14 });
  parts.push({ shape: circle(-0.3, -0.16, 0.18), material: fur, bevel: 0.1, line: 0.45 });
  parts.push({ shape: circle(-0.3, -0.15, 0.1), material: pink, bevel: 0.05 });
  parts.push({ shape: circle(-0.97, 0.22, 0.055), material: pink, bevel: 0.03, line: 0.35 });
  parts.push({ shape: circle(-0.6, 0.06, 0.055), material: PUPIL, thin: true });
  if (!pixel) {
    parts.push({ shape: circle(-0.615, 0.045, 0.018), material: WHITE, tone: 0.3 });
    for (const dy of [-0.05, 0.04]) parts.push({ shape: ribbon([[-0.86, 0.24], [-1.08, 0.24 + dy * 2]], [0.007, 0.004]).whole, material: PUPIL, opacity: 0.7 });
  }
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: {} };
};

export const eyeball: Generator = ({ rng, colorRng, palette, pixel }) => {
  const iris = palette.role(0, 'iris', { color: colorRng.pick([rgb(60, 130, 220), rgb(70, 170, 80), rgb(220, 150, 40), rgb(200, 40, 50), rgb(150, 70, 210)]), finish: 'soft' });
  const white = makeMaterial('white', rgb(246, 242, 234), 'soft');
  const vein = makeMaterial('vein', rgb(214, 50, 60), 'soft');
  const lx = rng.range(-0.1, 0.15), ly = rng.range(-0.05, 0.12);
  const parts: Part[] = [{ shape: circle(0, 0, 0.86), material: white, bevel: 0.7, line: 0.45 }];
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2 + rng.range(-0.3, 0.3);
    const p0: Point = [Math.cos(a) * 0.8, Math.sin(a) * 0.8];
    const p1: Point = [Math.cos(a + 0.15) * 0.62, Math.sin(a + 0.15) * 0.62];
    const p2: Point = [Math.cos(a - 0.05) * 0.48, Math.sin(a - 0.05) * 0.48];
    parts.push({ shape: ribbon(smoothPath([p0, p1, p2], 3), [0.022, 0.02, 0.018, 0.016, 0.012, 0.01, 0.006]).whole, material: vein, opacity: pixel ? 1 : 0.75, thin: true });
  }
  const ix = lx, iy = ly;
  parts.push({ shape: circle(ix, iy, 0.42), material: iris, bevel: 0.2, line: 0.4 });
  parts.push({ shape: shell(circle(ix, iy, 0.4), 0.03), material: iris, tone: -0.3, thin: true });
  parts.push({ shape: circle(ix + 0.02, iy + 0.02, 0.19), material: PUPIL, bevel: 0.05 });
  parts.push({ shape: circle(ix - 0.12, iy - 0.14, 0.07), material: makeMaterial('glint', rgb(255, 255, 255), 'glow'), thin: true });
  parts.push(highlight(-0.42, -0.45, 0.16, 0.1, 0.5));
  return { parts, glow: palette.glow ?? undefined, notes: {} };
};

export const crab: Generator = ({ rng, palette, pixel }) => {
  const shellMat = palette.role(0, 'shell', { color: rgb(228, 88, 48), finish: 'soft' });
  const leg = makeMaterial('legs', shellMat.ramp[1], 'soft');
  const parts: Part[] = [];
  for (const s of [-1, 1]) {
    for (let k = 0; k < 3; k++) {
      const root: Point = [s * 0.45, 0.22 + k * 0.1], knee: Point = [s * (0.78 + k * 0.04), 0.12 + k * 0.16], foot: Point = [s * (0.9 + k * 0.02), 0.5 + k * 0.14];
      parts.push({ shape: union(taper(root[0], root[1], 0.07, knee[0], knee[1], 0.055), taper(knee[0], knee[1], 0.055, foot[0], foot[1], 0.02)), material: leg, bevel: 0.04, line: 0.45 });
    }
    parts.push({ shape: union(taper(s * 0.38, 0.0, 0.08, s * 0.62, -0.28, 0.07), circle(s * 0.62, -0.28, 0.08)), material: leg, bevel: 0.05, line: 0.45 });
    // The pincer: a ball with a wedge cut out, opening upward.
    const cx = s * 0.7, cy = -0.56, r = 0.28;
    const open = rng.range(0.35, 0.5);
    const cut = polygon([[cx - s * 0.02, cy + 0.02], [cx - s * r * 0.3, cy - r * 1.6], [cx + s * r * (0.5 + open), cy - r * 1.4]]);
    parts.push({ shape: subtract(smoothUnion(0.05, circle(cx, cy, r), ellipse(cx + s * 0.02, cy - r * 0.6, r * 0.7, r * 0.7)), cut), material: shellMat, bevel: 0.14, line: 0.45 });
  }
  for (const s of [-1, 1]) parts.push({ shape: capsule(s * 0.16, -0.1, s * 0.22, -0.4, 0.035), material: shellMat, bevel: 0.03, line: 0.4 });
  parts.push({ shape: ellipse(0, 0.2, 0.62, 0.4), material: shellMat, bevel: 0.3, line: 0.45 });
  for (const s of [-1, 1]) parts.push(...eye(s * 0.22, -0.46, 0.1, 0, 0.2, pixel));
  parts.push({ shape: subtract(ellipse(0, 0.24, 0.14, 0.07), ellipse(0, 0.19, 0.17, 0.07)), material: PUPIL, thin: true });
  for (const [x, y] of [[-0.3, 0.05], [0.28, 0.08], [0.02, -0.02]] as const) parts.push({ shape: circle(x, y, 0.045), material: shellMat, tone: 0.18, thin: true });
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: {} };
};

export const bee: Generator = ({ rng, palette, pixel }) => {
  const yellow = palette.role(0, 'body', { color: rgb(250, 198, 40), finish: 'soft' });
  const dark = palette.role(1, 'stripes', { color: rgb(54, 42, 44), finish: 'soft' });
  const wing = makeMaterial('wing', rgb(214, 236, 250), 'glass');
  const body = ellipse(0.15, 0.12, 0.6, 0.44);
  const parts: Part[] = [
    { shape: rotate(ellipse(-0.02, -0.44, 0.2, 0.36), -0.45, -0.02, -0.44), material: wing, bevel: 0.1, opacity: 0.8, line: 0.4 },
    { shape: rotate(ellipse(0.3, -0.42, 0.18, 0.32), 0.35, 0.3, -0.42), material: wing, bevel: 0.1, opacity: 0.8, line: 0.4 },
    { shape: polygon([[0.7, 0.02], [0.98, 0.16], [0.7, 0.24]]), material: dark, bevel: 0.03, line: 0.4 },
    { shape: body, material: yellow, bevel: 0.32, line: 0.45 },
  ];
  for (const x of [0.08, 0.38]) parts.push({ shape: intersect(roundBox(x, 0.12, 0.08, 0.6, 0), body), material: dark, bevel: 0.12 });
  parts.push({ shape: intersect(roundBox(0.64, 0.12, 0.08, 0.6, 0), body), material: dark, bevel: 0.12 });
  const hx = -0.5, hy = 0.04;
  for (const s of [-1, 1]) {
    const tip: Point = [hx - 0.2 + s * 0.14, hy - 0.55];
    parts.push({ shape: union(ribbon(smoothPath([[hx + s * 0.08, hy - 0.2], [hx - 0.1 + s * 0.1, hy - 0.42], tip], 3), [0.02, 0.02, 0.018, 0.016, 0.015, 0.014, 0.012]).whole, circle(tip[0], tip[1], 0.05)), material: dark, bevel: 0.02, line: 0.4, thin: true });
  }
  parts.push({ shape: circle(hx, hy, 0.3), material: dark, bevel: 0.2, line: 0.45 });
  parts.push(...eye(hx - 0.12, hy - 0.04, 0.1, -0.3, 0, pixel), ...eye(hx + 0.1, hy - 0.04, 0.1, -0.3, 0, pixel));
  if (!pixel) parts.push(highlight(0.05, -0.15, 0.2, 0.06, 0.4));
  return { parts: parts.map((p) => ({ ...p, shape: rotate(p.shape, rng.range(-0.02, 0.02) - 0.12) })), glow: palette.glow ?? undefined, notes: {} };
};

export const frog: Generator = ({ rng, palette, pixel }) => {
  const skin = palette.role(0, 'skin', { color: rgb(86, 180, 70), finish: 'soft' });
  const belly = makeMaterial('belly', rgb(226, 236, 170), 'soft');
  const parts: Part[] = [];
  for (const s of [-1, 1]) {
    parts.push({ shape: ellipse(s * 0.58, 0.6, 0.32, 0.24), material: skin, bevel: 0.16, tone: -0.08, line: 0.45 });
    for (const dx of [-0.1, 0.02, 0.14]) parts.push({ shape: circle(s * (0.78 + dx), 0.86, 0.07), material: skin, bevel: 0.04, tone: -0.1, line: 0.4 });
  }
  const body = smoothUnion(0.2, ellipse(0, 0.4, 0.6, 0.48), ellipse(0, -0.04, 0.76, 0.42), circle(-0.42, -0.4, 0.25), circle(0.42, -0.4, 0.25));
  parts.push({ shape: body, material: skin, bevel: 0.32, line: 0.45 });
  parts.push({ shape: intersect(ellipse(0, 0.52, 0.38, 0.32), offset(body, -0.05)), material: belly, bevel: 0.16 });
  const wide = rng.range(0.42, 0.5);
  parts.push({ shape: ribbon(smoothPath([[-wide, 0.06], [0, 0.17], [wide, 0.06]], 5), Array.from({ length: 11 }, (_, i) => 0.012 + 0.012 * Math.sin((i / 10) * Math.PI))).whole, material: PUPIL, thin: true });
  for (const s of [-1, 1]) {
    parts.push(...eye(s * 0.42, -0.42, 0.17, 0, 0.15, pixel));
    parts.push({ shape: capsule(s * 0.3, 0.5, s * 0.33, 0.82, 0.08), material: skin, bevel: 0.05, line: 0.45 });
    for (const dx of [-0.08, 0, 0.08]) parts.push({ shape: circle(s * 0.33 + dx, 0.88, 0.05), material: skin, bevel: 0.03, line: 0.35 });
    if (!pixel) parts.push({ shape: ellipse(s * 0.55, 0.02, 0.1, 0.05), material: makeMaterial('blush', rgb(240, 120, 130), 'soft'), opacity: 0.5 });
  }
  for (const [x, y] of [[-0.2, -0.22], [0.25, -0.15], [0.05, -0.3]] as const) parts.push({ shape: circle(x, y, 0.045), material: skin, tone: -0.18, thin: true });
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: {} };
};
