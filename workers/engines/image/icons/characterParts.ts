// Pieces of a chibi character (big head, small body, front view): body and limbs, a face with
// eyes, glints and blush, hair styles, and headgear (knight's helmet with plume, wizard's hat,
// hood, horned helm, crown). Units: the figure stands from about y = -1 (hat) to 1 (feet).
import type { Material } from '../material.ts';
import { makeMaterial } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { bezier, capsule, circle, ellipse, polygon, roundBox, taper } from '../shapes.ts';
import type { Point } from '../shapes.ts';
import { intersect, offset, ribbon, smoothUnion, subtract, union } from '../shapeOps.ts';
import type { Random } from '../../../kernels/random.ts';
import { rgb } from './common.ts';

export const HEAD_Y = -0.36;
const INKY = makeMaterial('eyes', rgb(30, 22, 36), 'soft');
const WHITE = makeMaterial('glint', rgb(255, 255, 255), 'glow');
const BLUSH = makeMaterial('blush', rgb(240, 120, 130), 'soft');

export interface Figure {
  r: number;
  skin: Material;
  /** Shoulder x, hand positions. */
  hands: [Point, Point];
}

/** Legs and boots, then torso (tunic, armour or robe), belt and arms; hands come last (over held items). */
export function bodyParts(rng: Random, outfit: Material, legs: Material, boots: Material, robe: boolean): { parts: Part[]; hands: [Point, Point] } {
  const parts: Part[] = [];
  const sw = rng.range(0.27, 0.31);
  if (!robe) {
    for (const s of [-1, 1]) {
      parts.push({ shape: roundBox(s * 0.12, 0.66, 0.085, 0.2, 0.05), material: legs, bevel: 0.06, line: 0.45 });
      parts.push({ shape: roundBox(s * 0.135, 0.9, 0.11, 0.08, 0.05), material: boots, bevel: 0.05, line: 0.45 });
    }
    parts.push({ shape: offset(polygon([[-sw, -0.02], [sw, -0.02], [0.25, 0.52], [-0.25, 0.52]]), 0.04), material: outfit, bevel: 0.1, line: 0.45 });
  } else {
    for (const s of [-1, 1]) parts.push({ shape: roundBox(s * 0.14, 0.93, 0.1, 0.06, 0.05), material: boots, bevel: 0.05, line: 0.45 });
    parts.push({ shape: offset(polygon([[-sw, -0.02], [sw, -0.02], [0.42, 0.9], [-0.42, 0.9]]), 0.04), material: outfit, bevel: 0.1, line: 0.45 });
  }
  const hands: [Point, Point] = [[-sw - 0.1, 0.36], [sw + 0.1, 0.36]];
  for (const [i, s] of [[0, -1], [1, 1]] as const) {
    parts.push({ shape: taper(s * (sw - 0.02), 0.04, 0.085, hands[i][0], hands[i][1] - 0.06, 0.07), material: outfit, bevel: 0.06, line: 0.45 });
  }
  return { parts, hands };
}

export function beltParts(belt: Material, buckle: Material, robe: boolean): Part[] {
  const y = robe ? 0.36 : 0.42;
  return [
    { shape: roundBox(0, y, robe ? 0.32 : 0.27, 0.045, 0.02), material: belt, bevel: 0.03, line: 0.4 },
    { shape: roundBox(0, y, 0.06, 0.055, 0.02), material: buckle, bevel: 0.03, line: 0.4 },
  ];
}

export function handParts(hands: [Point, Point], skin: Material): Part[] {
  return hands.map(([x, y]) => ({ shape: circle(x, y, 0.075), material: skin, bevel: 0.07, line: 0.45 }));
}

/** Head and face; `covered` hides the face (a closed helmet draws its own). */
export function headParts(rng: Random, r: number, skin: Material, pixel: boolean): Part[] {
  const y = HEAD_Y;
  const ex = r * rng.range(0.34, 0.4), ey = y + r * 0.12, er = r * rng.range(0.11, 0.14);
  const parts: Part[] = [
    { shape: circle(0, y, r), material: skin, bevel: r * 0.4, line: 0.45 },
    // Ears peek out at the sides.
    { shape: ellipse(-r * 0.98, y + r * 0.12, r * 0.14, r * 0.2), material: skin, bevel: r * 0.1, line: 0.4 },
    { shape: ellipse(r * 0.98, y + r * 0.12, r * 0.14, r * 0.2), material: skin, bevel: r * 0.1, line: 0.4 },
  ];
  for (const s of [-1, 1]) {
    parts.push({ shape: ellipse(s * ex, ey, er, er * 1.35), material: INKY, bevel: er * 0.5, thin: true });
    if (!pixel) parts.push({ shape: circle(s * ex - er * 0.3, ey - er * 0.45, er * 0.38), material: WHITE, tone: 0.3 });
    if (!pixel) parts.push({ shape: ellipse(s * (ex + r * 0.12), ey + r * 0.3, r * 0.13, r * 0.07), material: BLUSH, opacity: 0.45 });
  }
  parts.push({ shape: subtract(ellipse(0, y + r * 0.45, r * 0.14, r * 0.09), ellipse(0, y + r * 0.39, r * 0.18, r * 0.08)), material: INKY, thin: true });
  return parts;
}

export type HairStyle = 'short' | 'spiky' | 'long' | 'bob';

export function hairParts(style: HairStyle, r: number, hair: Material): Part[] {
  const y = HEAD_Y;
  const cap = circle(0, y - r * 0.08, r * 1.1);
  // The upper half of a slightly larger circle than the head: the hair's crown.
  const top = intersect(cap, { d: (_x, py) => py - (y - r * 0.08), box: cap.box });
  const pieces = [top];
  // A fringe of locks over the forehead, stopping above the eyes.
  const locks = style === 'spiky' ? 5 : 4;
  for (let i = 0; i < locks; i++) {
    const x = -r * 0.8 + (1.6 * r * (i + 0.5)) / locks;
    pieces.push(polygon([[x - r * 0.28, y - r * 0.34], [x + r * 0.28, y - r * 0.34], [x + r * 0.06, y - r * (style === 'spiky' ? 0.03 : 0.06)]]));
  }
  if (style === 'spiky') {
    for (let i = 0; i < 5; i++) {
      const a = -Math.PI * (0.15 + (0.7 * i) / 4);
      pieces.push(polygon([[Math.cos(a - 0.3) * r * 0.8, y + Math.sin(a - 0.3) * r * 0.8], [Math.cos(a) * r * 1.45, y - r * 0.1 + Math.sin(a) * r * 1.45], [Math.cos(a + 0.3) * r * 0.8, y + Math.sin(a + 0.3) * r * 0.8]]));
    }
  }
  if (style === 'long' || style === 'bob') {
    const len = style === 'long' ? r * 1.6 : r * 0.7;
    for (const s of [-1, 1]) pieces.push(roundBox(s * r * 0.88, y + len / 2 - r * 0.1, r * 0.24, len / 2 + r * 0.2, r * 0.2));
  }
  return [{ shape: smoothUnion(0.03, ...pieces), material: hair, bevel: r * 0.3, line: 0.45 }];
}

/** Long hair falls behind the body: drawn first. */
export function hairBack(r: number, hair: Material): Part {
  return { shape: roundBox(0, HEAD_Y + r * 0.6, r * 1.05, r * 1.1, r * 0.5), material: hair, bevel: r * 0.3, line: 0.45 };
}

/** A closed knight's helmet with a visor slit and a plume. */
export function helmetParts(r: number, metal: Material, plume: Material): Part[] {
  const y = HEAD_Y;
  const helm = union(circle(0, y - r * 0.05, r * 1.08), roundBox(0, y + r * 0.45, r * 1.0, r * 0.5, r * 0.3));
  const path = bezier([0, y - r * 1.0], [r * 0.2, y - r * 1.7], [r * 1.05, y - r * 1.35], 10);
  return [
    { shape: ribbon(path, path.map((_, i) => r * (0.2 + 0.1 * Math.sin((i / 10) * Math.PI)))).whole, material: plume, bevel: r * 0.15, line: 0.45 },
    { shape: helm, material: metal, bevel: r * 0.45, line: 0.45 },
    // A visor slit, and a ridge down the face plate.
    { shape: roundBox(0, y + r * 0.12, r * 0.72, r * 0.1, r * 0.05), material: INKY, line: 0.3 },
    { shape: roundBox(0, y + r * 0.5, r * 0.06, r * 0.3, r * 0.03), material: metal, tone: -0.15, line: 0.3 },
  ];
}

/** An open cap with horns, worn over the hair line: the face shows. */
export function hornedHelm(r: number, metal: Material): Part[] {
  const y = HEAD_Y;
  const dome = circle(0, y - r * 0.02, r * 1.1);
  const cap = intersect(dome, { d: (_x, py) => py - (y - r * 0.1), box: dome.box });
  const horn = makeMaterial('horn', rgb(236, 226, 200), 'soft');
  const parts: Part[] = [];
  for (const s of [-1, 1]) {
    const path = bezier([s * r * 0.8, y - r * 0.3], [s * r * 1.7, y - r * 0.4], [s * r * 1.55, y - r * 1.35], 8);
    parts.push({ shape: ribbon(path, path.map((_, i) => r * 0.22 * (1 - i / 8) + 0.005)).whole, material: horn, bevel: r * 0.15, line: 0.45 });
  }
  parts.push({ shape: cap, material: metal, bevel: r * 0.4, line: 0.45 });
  parts.push({ shape: roundBox(0, y - r * 0.12, r * 1.12, r * 0.1, r * 0.05), material: metal, tone: -0.1, bevel: r * 0.08, line: 0.4 });
  return parts;
}

export function wizardHat(rng: Random, r: number, hat: Material, band: Material): Part[] {
  const y = HEAD_Y - r * 0.55;
  const tipX = r * rng.range(0.5, 0.9), tipY = y - r * rng.range(2.0, 2.4);
  const left = bezier([-r * 0.78, y], [-r * 0.5, y - r * 1.1], [tipX, tipY], 10);
  const right = bezier([tipX, tipY], [r * 0.35, y - r * 1.0], [r * 0.78, y], 10);
  return [
    { shape: ellipse(0, y + r * 0.05, r * 1.45, r * 0.26), material: hat, bevel: r * 0.15, line: 0.45 },
    { shape: polygon([...left, ...right.slice(1)]), material: hat, bevel: r * 0.35, line: 0.45 },
    { shape: intersect(polygon([...left, ...right.slice(1)]), roundBox(0, y - r * 0.12, r * 2, r * 0.13, 0)), material: band, bevel: r * 0.08 },
  ];
}

export function hoodParts(r: number, cloth: Material): { back: Part; front: Part } {
  const y = HEAD_Y;
  const outer = smoothUnion(0.06, circle(0, y - r * 0.05, r * 1.22), polygon([[-r * 1.1, y + r * 0.2], [r * 1.1, y + r * 0.2], [r * 0.6, y + r * 1.35], [-r * 0.6, y + r * 1.35]]));
  const face = ellipse(0, y + r * 0.2, r * 0.86, r * 0.9);
  return {
    back: { shape: outer, material: cloth, bevel: r * 0.4, line: 0.45 },
    // The front rim frames the face and stops at the chin.
    front: { shape: intersect(subtract(outer, face), { d: (_x, py) => py - (y + r * 0.6), box: outer.box }), material: cloth, bevel: r * 0.25, line: 0.45 },
  };
}

export function crownParts(r: number, gold: Material, gem: Material): Part[] {
  const y = HEAD_Y - r * 0.78;
  const pts: Point[] = [[-r * 0.72, y + r * 0.28]];
  for (let i = 0; i <= 4; i++) {
    const x = -r * 0.72 + (1.44 * r * i) / 4;
    pts.push([x, y - r * (i % 2 === 0 ? 0.45 : 0.15)]);
  }
  pts.push([r * 0.72, y + r * 0.28]);
  return [
    { shape: offset(polygon(pts), r * 0.03), material: gold, bevel: r * 0.1, line: 0.45 },
    { shape: circle(0, y + r * 0.05, r * 0.1), material: gem, bevel: r * 0.08, line: 0.35 },
  ];
}

export { capsule };
