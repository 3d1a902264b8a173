// Tools and lights: a key (ring or trefoil bow, toothed bit), a lantern with a flame behind its
// glass, a torch, a candle in its dish, a pickaxe, a shovel and an hourglass. Lights glow warm;
// keys are gold unless a word says otherwise.
import { makeMaterial } from '../material.ts';
import type { Material } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { bezier, capsule, circle, ellipse, polygon, roundBox, star, taper } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { below, intersect, offset, ribbon, shell, smoothUnion, subtract, union } from '../shapeOps.ts';
import { LOOKS, fixed, glint, rgb, turn } from './common.ts';
import { haftParts } from './heavyWeapons.ts';
import type { Generator } from './types.ts';

const FLAME_OUT = makeMaterial('flame', rgb(250, 120, 30), 'glow');
const FLAME_MID = makeMaterial('flame core', rgb(255, 200, 60), 'glow');
const FLAME_IN = makeMaterial('flame heart', rgb(255, 246, 200), 'glow');
const WARM = rgb(255, 180, 70);

/** A flame of height h standing on (x, y): three nested tongues, seeded sway. */
export function flameParts(x: number, y: number, h: number, sway: number, outer: Material = FLAME_OUT): Part[] {
  const tongue = (k: number): Shape => {
    const w = h * 0.36 * k;
    const tip: Point = [x + sway * h * k, y - h * k];
    const left = bezier([x, y], [x - w * 1.6, y - h * 0.45 * k], tip, 10);
    const right = bezier(tip, [x + w * 1.6, y - h * 0.4 * k], [x, y], 10);
    return smoothUnion(0.04 * h, polygon([...left, ...right.slice(1)]), circle(x, y - w * 0.75, w));
  };
  return [
    { shape: tongue(1), material: outer, bevel: h * 0.12, line: 0.4 },
    { shape: tongue(0.68), material: FLAME_MID, bevel: h * 0.08 },
    { shape: tongue(0.36), material: FLAME_IN, bevel: h * 0.05 },
  ];
}

export const key: Generator = ({ rng, palette }) => {
  const metal = palette.role(0, 'key', LOOKS.gold);
  const bowKind = rng.pick(['ring', 'trefoil', 'ring'] as const);
  const bowY = -0.58;
  const bowShape = bowKind === 'ring'
    ? shell(circle(0, bowY, 0.27), 0.085)
    : union(shell(circle(0, bowY - 0.2, 0.14), 0.06), shell(circle(-0.19, bowY + 0.05, 0.14), 0.06), shell(circle(0.19, bowY + 0.05, 0.14), 0.06));
  const shaft = roundBox(0, 0.22, 0.065, 0.56, 0.03);
  const teeth = subtract(roundBox(0.18, 0.62, 0.14, 0.16, 0.02), union(roundBox(0.27, 0.6, 0.06, 0.04, 0.01), roundBox(0.22, 0.74, 0.04, 0.04, 0.01)));
  const parts: Part[] = [
    { shape: bowShape, material: metal, bevel: 0.07, line: 0.45 },
    { shape: shaft, material: metal, bevel: 0.05, line: 0.45 },
    { shape: teeth, material: metal, bevel: 0.04, tilt: [0.1, 0], line: 0.45 },
    { shape: roundBox(0, -0.22, 0.12, 0.045, 0.02), material: metal, bevel: 0.04, tone: 0.06, line: 0.45 },
    { shape: roundBox(0, -0.08, 0.1, 0.035, 0.02), material: metal, bevel: 0.03, tone: 0.06, line: 0.45 },
    { shape: circle(0, 0.82, 0.08), material: metal, bevel: 0.05, line: 0.45 },
  ];
  if (bowKind === 'ring') parts.push({ shape: circle(0, bowY, 0.07), material: fixed('jewel', { color: rgb(220, 30, 70), finish: 'gem' }), bevel: 0.05, line: 0.4 });
  parts.push(glint(star(-0.14, bowY - 0.22, 0.12, 4, 0.2), 0.9));
  return { parts: turn(parts, -Math.PI / 4), glow: palette.glow ?? undefined, notes: { bow: bowKind } };
};

export const lantern: Generator = ({ rng, palette }) => {
  const frame = palette.role(0, 'frame', { color: rgb(70, 66, 78), finish: 'metal' });
  const light = palette.role(1, 'light', { color: WARM, finish: 'glow' });
  const glass = makeMaterial('glass', rgb(250, 226, 160), 'glass');
  const W = rng.range(0.34, 0.4);
  const parts: Part[] = [
    { shape: shell(circle(0, -0.78, 0.22), 0.04), material: frame, bevel: 0.03, line: 0.45 },
    { shape: roundBox(0, 0.06, W, 0.5, 0.05), material: glass, bevel: 0.08, opacity: 0.85, line: 0.4 },
    { shape: ellipse(0, 0.16, W * 0.75, 0.36), material: light, bevel: 0.3, opacity: 0.9 },
    ...flameParts(0, 0.34, 0.42, rng.range(-0.08, 0.08)),
    { shape: roundBox(0, 0.38, 0.06, 0.06, 0.02), material: frame, bevel: 0.03 },
  ];
  // The frame: a cap, a base and the bars between them.
  parts.push({ shape: offset(polygon([[-W - 0.08, -0.44], [W + 0.08, -0.44], [0.14, -0.64], [-0.14, -0.64]]), 0.03), material: frame, bevel: 0.06, line: 0.45 });
  parts.push({ shape: roundBox(0, 0.62, W + 0.1, 0.08, 0.03), material: frame, bevel: 0.05, line: 0.45 });
  parts.push({ shape: roundBox(0, 0.75, W - 0.02, 0.06, 0.03), material: frame, bevel: 0.04, line: 0.45 });
  for (const x of [-W, 0, W]) parts.push({ shape: roundBox(x, 0.08, x === 0 ? 0.025 : 0.045, 0.52, 0.02), material: frame, bevel: 0.03, line: 0.4, ...(x === 0 ? { opacity: 0.9 } : {}) });
  parts.push({ shape: roundBox(0, -0.12, W, 0.025, 0.01), material: frame, bevel: 0.02, line: 0.4 });
  parts.push(glint(star(-W * 0.5, -0.2, 0.1, 4, 0.2), 0.8));
  return { parts, glow: palette.glow ?? light.ramp[3], notes: {} };
};

export const torch: Generator = ({ rng, palette }) => {
  const wood = palette.role(0, 'handle', LOOKS.wood);
  const wrap = fixed('wrap', { color: rgb(200, 180, 140), finish: 'matte', texture: { kind: 'wrap', amount: 0.12, scale: 12 } });
  const parts: Part[] = [
    { shape: taper(0, 1.05, 0.06, 0, -0.1, 0.085), material: wood, bevel: 0.06, line: 0.45 },
    { shape: roundBox(0, -0.16, 0.13, 0.15, 0.05), material: wrap, bevel: 0.08, line: 0.45 },
    ...flameParts(0, -0.2, 0.85, rng.range(-0.12, 0.12)),
  ];
  return { parts: turn(parts, rng.range(0.2, 0.35)), glow: palette.glow ?? WARM, notes: {} };
};

export const candle: Generator = ({ rng, palette }) => {
  const wax = palette.role(0, 'wax', { color: rgb(246, 238, 218), finish: 'soft' });
  const brass = palette.role(1, 'holder', { color: rgb(200, 150, 60), finish: 'metal' });
  const top = -0.2, bottom = 0.72, W = 0.26;
  const drips: Shape[] = [];
  for (let i = 0; i < 3; i++) {
    const x = -W + 0.08 + (i * (2 * W - 0.16)) / 2 + rng.range(-0.03, 0.03);
    drips.push(capsule(x, top, x, top + rng.range(0.12, 0.3), 0.05));
  }
  const parts: Part[] = [
    { shape: union(ellipse(0, 0.82, 0.62, 0.16), roundBox(0, 0.76, 0.62, 0.06, 0.03)), material: brass, bevel: 0.08, line: 0.45 },
    { shape: intersect(shell(circle(0.68, 0.62, 0.14), 0.04), { d: (x) => 0.6 - x, box: { x0: 0.4, y0: 0.4, x1: 0.9, y1: 0.8 } }), material: brass, bevel: 0.03, line: 0.4 },
    { shape: smoothUnion(0.04, roundBox(0, (top + bottom) / 2, W, (bottom - top) / 2, 0.04), ellipse(0, top, W, 0.07), ...drips), material: wax, bevel: 0.12, line: 0.45 },
    { shape: ellipse(0, top, W * 0.8, 0.05), material: wax, tone: -0.12 },
    { shape: capsule(0, top - 0.02, 0.02, top - 0.14, 0.022), material: fixed('wick', { color: rgb(40, 30, 30), finish: 'matte' }), thin: true },
    ...flameParts(0.01, top - 0.1, 0.5, rng.range(-0.06, 0.06)),
  ];
  return { parts, ground: true, glow: palette.glow ?? WARM, notes: {} };
};

export const pickaxe: Generator = (ctx) => {
  const { rng, palette } = ctx;
  const head = palette.role(0, 'head', LOOKS.iron);
  const wood = palette.role(1, 'handle', LOOKS.wood);
  const top = -0.72, bottom = 0.95;
  const arc = bezier([-0.9, -0.3], [0, -0.98], [0.9, -0.3], 16);
  const widths = arc.map((_, i) => {
    const t = i / 16;
    return 0.13 * Math.sin(Math.PI * t) ** 0.6 + 0.005;
  });
  const parts: Part[] = [
    ...haftParts(ctx, top, bottom, 0.06, wood),
    { shape: ribbon(arc, widths).whole, material: head, bevel: 0.08, tilt: [0, -0.1], line: 0.45 },
    { shape: roundBox(0, top + 0.02, 0.11, 0.13, 0.04), material: head, bevel: 0.05, tone: -0.05, line: 0.45 },
    { shape: circle(0, top + 0.02, 0.035), material: fixed('rivet', LOOKS.steel), bevel: 0.03 },
  ];
  return { parts: turn(parts, Math.PI / 4 + rng.range(-0.05, 0.05)), glow: palette.glow ?? undefined, notes: {} };
};

export const shovel: Generator = ({ palette }) => {
  const blade = palette.role(0, 'blade', LOOKS.steel);
  const wood = palette.role(1, 'handle', LOOKS.wood);
  const parts: Part[] = [
    { shape: taper(0, -0.8, 0.05, 0, 0.25, 0.055), material: wood, bevel: 0.05, line: 0.45 },
    { shape: subtract(roundBox(0, -0.92, 0.2, 0.14, 0.08), roundBox(0, -0.94, 0.12, 0.07, 0.03)), material: wood, bevel: 0.04, line: 0.45 },
    { shape: offset(polygon([[-0.3, 0.28], [0.3, 0.28], [0.32, 0.68], [0, 1.02], [-0.32, 0.68]]), 0.04), material: blade, bevel: 0.1, tilt: [0, -0.05], line: 0.45 },
    { shape: taper(0, 0.16, 0.07, 0, 0.44, 0.1), material: blade, bevel: 0.06, tone: -0.08, line: 0.45 },
  ];
  return { parts: turn(parts, Math.PI / 4), glow: palette.glow ?? undefined, notes: {} };
};

export const hourglass: Generator = ({ rng, palette }) => {
  const frame = palette.role(0, 'frame', LOOKS.wood);
  const sand = palette.role(1, 'sand', { color: rgb(240, 200, 110), finish: 'soft' });
  const glass = makeMaterial('glass', rgb(210, 236, 248), 'glass');
  const bulb = (y: number): Shape => smoothUnion(0.1, ellipse(0, y, 0.4, 0.36), capsule(0, y, 0, 0, 0.05));
  const upper = bulb(-0.42), lower = bulb(0.42);
  const glassShape = smoothUnion(0.06, upper, lower);
  const inner = offset(glassShape, -0.04);
  const fill = rng.range(0.3, 0.5);
  const parts: Part[] = [
    { shape: glassShape, material: glass, bevel: 0.14, opacity: 0.8, tone: 0.1, line: 0.4 },
    { shape: intersect(intersect(inner, below(0.42 + 0.36 - fill * 0.7, lower.box)), offset(lower, -0.04)), material: sand, bevel: 0.06 },
    { shape: intersect(intersect(inner, below(-0.42 + fill * 0.5, upper.box)), offset(upper, -0.04)), material: sand, bevel: 0.06 },
    { shape: capsule(0, -0.04, 0, 0.7, 0.018), material: sand, thin: true },
  ];
  for (const s of [-1, 1]) parts.push({ shape: taper(s * 0.5, -0.84, 0.045, s * 0.5, 0.84, 0.045), material: frame, bevel: 0.04, line: 0.45 });
  for (const y of [-0.88, 0.88]) parts.push({ shape: roundBox(0, y, 0.64, 0.085, 0.04), material: frame, bevel: 0.06, line: 0.45 });
  parts.push({ shape: ellipse(-0.2, -0.52, 0.05, 0.14), material: fixed('shine', { color: rgb(255, 255, 255), finish: 'glow' }), opacity: 0.7, thin: true });
  return { parts, glow: palette.glow ?? undefined, notes: { fill: Math.round(fill * 100) / 100 } };
};
