// Gear: a round bomb with a lit fuse, an arrow, a shuriken, and armour pieces: a helmet with a
// visor slit (a plume sometimes), a breastplate with pauldrons and a skirt of lames, a pair of
// boots and a glove (a steel gauntlet for "gauntlet"). Steel unless a word says otherwise; boots
// and gloves are leather.
import { makeMaterial } from '../material.ts';
import type { Material } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { bezier, capsule, circle, ellipse, polygon, roundBox, star } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { intersect, leftOf, offset, ribbon, smoothUnion, subtract, union } from '../shapeOps.ts';
import { LOOKS, fixed, glint, moveParts, rgb, turn } from './common.ts';
import { highlight } from './bits.ts';
import type { Generator } from './types.ts';

const DARK = makeMaterial('slit', rgb(28, 22, 34), 'matte');
const SPARK = makeMaterial('spark', rgb(255, 220, 80), 'glow');
const SPARK_IN = makeMaterial('spark core', rgb(255, 250, 220), 'glow');

export const bomb: Generator = ({ rng, palette }) => {
  const shellMat = palette.role(0, 'bomb', { color: rgb(52, 52, 66), finish: 'soft' });
  const cap = palette.role(1, 'cap', LOOKS.iron);
  const rope = fixed('fuse', { color: rgb(210, 180, 130), finish: 'matte', texture: { kind: 'wrap', amount: 0.12, scale: 30 } });
  const r = 0.72, cy = 0.22;
  const end: Point = [rng.range(0.42, 0.52), -0.95];
  const fuse = bezier([0.02, cy - r - 0.06], [0.05, -0.95], end, 10);
  const parts: Part[] = [
    { shape: ribbon(fuse, fuse.map(() => 0.038)).whole, material: rope, bevel: 0.03, line: 0.4 },
    { shape: circle(0, cy, r), material: shellMat, bevel: r * 0.9, line: 0.45 },
    highlight(-r * 0.4, cy - r * 0.42, r * 0.2, r * 0.13, 0.55),
    { shape: roundBox(0, cy - r - 0.02, 0.2, 0.1, 0.04), material: cap, bevel: 0.06, line: 0.45 },
    { shape: offset(star(end[0], end[1], 0.2, 8, 0.45, rng.range(0, 1)), 0.01), material: SPARK, bevel: 0.05, line: 0.35 },
    { shape: star(end[0], end[1], 0.09, 4, 0.5, 0.3), material: SPARK_IN },
  ];
  return { parts, glow: palette.glow ?? undefined, notes: {} };
};

export const arrow: Generator = ({ colorRng, palette, pixel }) => {
  const head = palette.role(0, 'head', LOOKS.steel);
  const shaft = palette.role(1, 'shaft', LOOKS.wood);
  const feather = palette.role(2, 'fletching', { color: colorRng.pick([rgb(220, 50, 50), rgb(250, 250, 245), rgb(60, 120, 220), rgb(60, 160, 80)]), finish: 'matte' });
  const parts: Part[] = [
    { shape: capsule(0, 0.98, 0, -0.62, pixel ? 0.04 : 0.034), material: shaft, bevel: 0.03, line: 0.45 },
  ];
  for (const s of [-1, 1]) {
    const vane = offset(polygon([[s * 0.03, 0.42], [s * 0.2, 0.56], [s * 0.2, 0.96], [s * 0.03, 0.84]]), 0.01);
    parts.push({ shape: vane, material: feather, bevel: 0.04, line: 0.4 });
    parts.push({ shape: ribbon([[s * 0.04, 0.5], [s * 0.17, 0.62]], [0.008, 0.008]).whole, material: feather, tone: -0.25, thin: true });
  }
  parts.push({ shape: roundBox(0, 0.98, 0.05, 0.05, 0.02), material: shaft, tone: -0.2, bevel: 0.03, line: 0.4 });
  const tip: Point[] = [[0, -1.06], [0.16, -0.66], [0.05, -0.7], [0.05, -0.58], [-0.05, -0.58], [-0.05, -0.7], [-0.16, -0.66]];
  const whole = polygon(tip);
  parts.push({ shape: intersect(whole, leftOf(0, 1, 0, -1, whole.box)), material: head, tilt: [-0.45, -0.1] });
  parts.push({ shape: intersect(whole, leftOf(0, -1, 0, 1, whole.box)), material: head, tilt: [0.45, 0.1] });
  parts.push({ shape: whole, material: head, lineOnly: true, line: 0.45 });
  return { parts: turn(parts, Math.PI / 4), glow: palette.glow ?? undefined, notes: {} };
};

export const shuriken: Generator = ({ rng, palette }) => {
  const steel = palette.role(0, 'blade', LOOKS.steel);
  const points = rng.pick([4, 4, 6] as const);
  const R = 0.95, inner = points === 4 ? 0.3 : 0.45;
  const rot = -Math.PI / 2 + (points === 4 ? Math.PI / 4 : 0);
  const hole = circle(0, 0, 0.13);
  const parts: Part[] = [];
  const outline: Point[] = [];
  for (let i = 0; i < points; i++) {
    const a = rot + (i / points) * Math.PI * 2;
    const b = a + Math.PI / points, c = a - Math.PI / points;
    const tipP: Point = [Math.cos(a) * R, Math.sin(a) * R];
    const inB: Point = [Math.cos(b) * R * inner, Math.sin(b) * R * inner];
    const inC: Point = [Math.cos(c) * R * inner, Math.sin(c) * R * inner];
    outline.push(tipP, inB);
    // Each point: two faces either side of its ridge, leaning apart.
    parts.push({ shape: subtract(polygon([[0, 0], tipP, inB]), hole), material: steel, tilt: [Math.cos(a + 0.9) * 0.5, Math.sin(a + 0.9) * 0.5] });
    parts.push({ shape: subtract(polygon([[0, 0], inC, tipP]), hole), material: steel, tilt: [Math.cos(a - 0.9) * 0.5, Math.sin(a - 0.9) * 0.5] });
  }
  const body = subtract(polygon(outline), hole);
  parts.push({ shape: body, material: steel, lineOnly: true, line: 0.45 });
  parts.push({ shape: subtract(circle(0, 0, 0.24), hole), material: steel, bevel: 0.05, tone: -0.1, line: 0.4 });
  parts.push(glint(star(-0.3, -0.42, 0.14, 4, 0.2), 0.9));
  return { parts, glow: palette.glow ?? undefined, notes: { points } };
};

export const helmet: Generator = ({ rng, palette }) => {
  const steel = palette.role(0, 'helmet', LOOKS.steel);
  const trim = palette.role(1, 'trim', LOOKS.gold);
  const plumed = rng.next() < 0.6;
  const dome = smoothUnion(0.1, circle(0, -0.12, 0.7), roundBox(0, 0.32, 0.64, 0.48, 0.22));
  const parts: Part[] = [];
  if (plumed) {
    const path = bezier([0, -0.78], [0.25, -1.25], [0.95, -0.95], 10);
    parts.push({ shape: ribbon(path, path.map((_, i) => 0.13 + 0.07 * Math.sin((i / 10) * Math.PI))).whole, material: fixed('plume', { color: rgb(200, 36, 44), finish: 'soft' }), bevel: 0.1, line: 0.45 });
  }
  parts.push({ shape: dome, material: steel, bevel: 0.32, line: 0.45 });
  // A crest down the middle, the visor slit, breathing holes, a rim.
  parts.push({ shape: intersect(roundBox(0, -0.2, 0.075, 0.7, 0.04), offset(dome, -0.01)), material: trim, bevel: 0.05, line: 0.4 });
  parts.push({ shape: union(roundBox(-0.3, 0.05, 0.24, 0.055, 0.03), roundBox(0.3, 0.05, 0.24, 0.055, 0.03)), material: DARK, line: 0.3 });
  for (const [x, y] of [[0.3, 0.34], [0.42, 0.34], [0.3, 0.46], [0.42, 0.46], [-0.3, 0.34], [-0.42, 0.34], [-0.3, 0.46], [-0.42, 0.46]] as const) {
    parts.push({ shape: circle(x, y, 0.03), material: DARK, thin: true });
  }
  parts.push({ shape: intersect(roundBox(0, 0.74, 0.7, 0.07, 0.04), offset(dome, 0.03)), material: trim, bevel: 0.04, line: 0.4 });
  parts.push(glint(star(-0.36, -0.45, 0.12, 4, 0.2), 0.9));
  return { parts, glow: palette.glow ?? undefined, notes: { plume: plumed } };
};

export const armor: Generator = ({ palette }) => {
  const steel = palette.role(0, 'plate', LOOKS.steel);
  const trim = palette.role(1, 'trim', LOOKS.gold);
  const torso = offset(polygon([[-0.34, -0.78], [0.34, -0.78], [0.64, -0.6], [0.6, -0.12], [0.46, 0.08], [0.44, 0.5], [0, 0.58], [-0.44, 0.5], [-0.46, 0.08], [-0.6, -0.12], [-0.64, -0.6]]), 0.05);
  const plate = subtract(torso, ellipse(0, -0.86, 0.27, 0.2));
  const b = plate.box;
  const parts: Part[] = [];
  // The skirt of lames below the breastplate, widest at the bottom.
  for (let i = 2; i >= 0; i--) {
    const y = 0.55 + i * 0.14;
    parts.push({ shape: roundBox(0, y, 0.48 + i * 0.04, 0.09, 0.05), material: steel, bevel: 0.05, tone: -0.06 * i, line: 0.4 });
  }
  parts.push({ shape: intersect(plate, leftOf(0, 1, 0, -1, b)), material: steel, bevel: 0.14, tilt: [-0.22, 0], line: 0.45 });
  parts.push({ shape: intersect(plate, leftOf(0, -1, 0, 1, b)), material: steel, bevel: 0.14, tilt: [0.22, 0], line: 0.45 });
  parts.push({ shape: plate, material: steel, lineOnly: true, line: 0.45 });
  parts.push({ shape: intersect(offset(ellipse(0, -0.86, 0.27, 0.2), 0.07), offset(plate, 0.01)), material: trim, bevel: 0.04, line: 0.4 });
  // Pauldrons: two lames on each shoulder.
  for (const s of [-1, 1]) {
    parts.push({ shape: ellipse(s * 0.68, -0.5, 0.3, 0.22), material: steel, bevel: 0.14, tone: -0.05, line: 0.45 });
    parts.push({ shape: ellipse(s * 0.62, -0.62, 0.3, 0.22), material: steel, bevel: 0.14, line: 0.45 });
    parts.push({ shape: circle(s * 0.62, -0.62, 0.04), material: trim, bevel: 0.03 });
  }
  parts.push({ shape: roundBox(0, 0.44, 0.46, 0.05, 0.02), material: trim, bevel: 0.03, line: 0.4 });
  parts.push({ shape: star(0, -0.28, 0.16, 4, 0.45, 0), material: trim, bevel: 0.04, line: 0.35 });
  parts.push(glint(star(-0.3, -0.45, 0.12, 4, 0.2), 0.9));
  return { parts, glow: palette.glow ?? undefined, notes: {} };
};

/** One boot, toe to the right, its top at y = -0.9, standing on y = 0.85. */
function bootParts(mat: Material, sole: Material, buckle: Material, tone: number): Part[] {
  const leg = roundBox(-0.08, -0.28, 0.27, 0.62, 0.08);
  const foot = smoothUnion(0.12, roundBox(0.0, 0.52, 0.35, 0.28, 0.12), ellipse(0.32, 0.6, 0.4, 0.22));
  return [
    { shape: smoothUnion(0.08, leg, foot), material: mat, bevel: 0.12, tone, line: 0.45 },
    { shape: union(roundBox(0.1, 0.82, 0.56, 0.06, 0.04), roundBox(-0.2, 0.78, 0.14, 0.1, 0.03)), material: sole, bevel: 0.03, tone, line: 0.4 },
    { shape: roundBox(-0.08, -0.84, 0.33, 0.12, 0.06), material: mat, bevel: 0.06, tone: tone + 0.1, line: 0.4 },
    { shape: roundBox(-0.08, 0.02, 0.28, 0.05, 0.02), material: sole, bevel: 0.02, tone, line: 0.35 },
    { shape: subtract(roundBox(0.08, 0.02, 0.08, 0.08, 0.02), roundBox(0.08, 0.02, 0.04, 0.04, 0.01)), material: buckle, bevel: 0.02, line: 0.35 },
  ];
}

export const boots: Generator = ({ palette }) => {
  const leather = palette.role(0, 'leather', { color: rgb(130, 78, 44), finish: 'matte' });
  const sole = fixed('sole', { color: rgb(60, 42, 34), finish: 'matte' });
  const buckle = palette.role(1, 'buckle', LOOKS.gold);
  const parts: Part[] = [
    ...moveParts(bootParts(leather, sole, buckle, -0.12), -0.32, -0.08, 0.9),
    ...moveParts(bootParts(leather, sole, buckle, 0), 0.22, 0.08, 0.9),
  ];
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: {} };
};

export const gloves: Generator = ({ palette, variant }) => {
  const gauntlet = variant === 'gauntlet';
  const mat = palette.role(0, 'glove', gauntlet ? LOOKS.steel : { color: rgb(140, 88, 50), finish: 'matte' });
  const cuffMat = palette.role(1, 'cuff', gauntlet ? LOOKS.gold : { color: rgb(110, 66, 38), finish: 'matte' });
  const fingers: [number, number][] = [[-0.3, -0.66], [-0.1, -0.84], [0.1, -0.8], [0.3, -0.6]];
  const palm = roundBox(0, 0.1, 0.42, 0.4, 0.2);
  const digits: Shape[] = fingers.map(([x, top]) => capsule(x, -0.1, x * 1.08, top, 0.105));
  const thumb = capsule(-0.32, 0.22, -0.68, -0.12, 0.115);
  const hand = smoothUnion(0.05, palm, thumb, ...digits);
  const parts: Part[] = [
    { shape: hand, material: mat, bevel: 0.12, line: 0.45 },
  ];
  // Seams between the fingers; knuckle plates or stitches across them.
  for (const [x, top] of fingers) {
    parts.push({ shape: intersect(capsule(x, -0.1, x * 1.08, top, 0.105), hand), material: mat, bevel: 0.09, line: 0.35 });
    if (gauntlet) {
      for (const t of [0.35, 0.7]) {
        const y = -0.1 + (top + 0.1) * t;
        parts.push({ shape: roundBox(x * (1 + 0.08 * t), y, 0.1, 0.018, 0.01), material: mat, tone: -0.3, thin: true });
      }
    }
  }
  parts.push({ shape: intersect(thumb, hand), material: mat, bevel: 0.1, line: 0.35 });
  if (gauntlet) parts.push({ shape: roundBox(0, 0.05, 0.34, 0.16, 0.08), material: mat, bevel: 0.08, tone: 0.05, line: 0.4 });
  else parts.push({ shape: ribbon([[-0.3, 0.05], [0, 0.12], [0.3, 0.05]], [0.012, 0.012, 0.012]).whole, material: mat, tone: -0.28, thin: true });
  parts.push({ shape: offset(polygon([[-0.42, 0.45], [0.42, 0.45], [0.54, 0.92], [-0.54, 0.92]]), 0.03), material: cuffMat, bevel: 0.08, line: 0.45 });
  parts.push({ shape: roundBox(0, 0.5, 0.46, 0.05, 0.03), material: cuffMat, tone: 0.12, bevel: 0.03, line: 0.35 });
  return { parts: turn(parts, -0.15), glow: palette.glow ?? undefined, notes: { gauntlet } };
};
