// Paper things: a scroll between two rolls with wooden knobs and lines of writing, a closed book
// (cover, spine, page edges, an emblem, a bookmark), a folded treasure map (a dotted path to a
// red X) and a sealed envelope.
import { makeMaterial } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { capsule, circle, polygon, roundBox, star } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { intersect, offset, ribbon, smoothUnion, union } from '../shapeOps.ts';
import { LOOKS, fixed, rgb, turn } from './common.ts';
import { EMBLEMS, emblem } from './coin.ts';
import type { Generator } from './types.ts';

const INK = makeMaterial('ink', rgb(96, 66, 46), 'matte');
const WAX = { color: rgb(196, 30, 40), finish: 'soft' as const };

/** Lines of writing on a page: rows of short dashes between x0 and x1. */
function writing(rng: { range(a: number, b: number): number }, x0: number, x1: number, y0: number, rows: number, gap: number): Part[] {
  const parts: Part[] = [];
  for (let i = 0; i < rows; i++) {
    const y = y0 + i * gap;
    const end = i === rows - 1 ? x0 + (x1 - x0) * rng.range(0.35, 0.6) : x1 - rng.range(0, 0.12);
    parts.push({ shape: roundBox((x0 + end) / 2, y, (end - x0) / 2, 0.022, 0.02), material: INK, thin: true, opacity: 0.85 });
  }
  return parts;
}

export const scroll: Generator = ({ rng, palette }) => {
  const paper = palette.role(0, 'parchment', LOOKS.parchment);
  const knob = palette.role(1, 'knobs', LOOKS.darkWood);
  const W = 0.58, H = 0.7;
  const parts: Part[] = [{ shape: roundBox(0, 0, W, H, 0.02), material: paper, bevel: 0.06, sheen: 0.15, line: 0.45 }];
  parts.push(...writing(rng, -W + 0.14, W - 0.14, -H + 0.25, 5, 0.2));
  for (const y of [-H, H]) {
    parts.push({ shape: capsule(-W - 0.06, y, W + 0.06, y, 0.13), material: paper, bevel: 0.12, tone: -0.04, line: 0.45 });
    for (const s of [-1, 1]) parts.push({ shape: union(roundBox(s * (W + 0.12), y, 0.06, 0.07, 0.02), circle(s * (W + 0.22), y, 0.09)), material: knob, bevel: 0.07, line: 0.45 });
  }
  const sealed = rng.next() < 0.5;
  if (sealed) {
    parts.push({ shape: ribbon([[0.22, 0.25], [0.3, 0.62], [0.24, 0.92]], [0.05, 0.05, 0.05]).whole, material: fixed('ribbon', WAX), bevel: 0.03, line: 0.4 });
    parts.push({ shape: offset(star(0.26, 0.3, 0.15, 10, 0.82), 0.02), material: fixed('seal', WAX), bevel: 0.08, line: 0.45 });
    parts.push({ shape: star(0.26, 0.3, 0.07, 5, 0.45), material: fixed('seal', WAX), tone: -0.15 });
  }
  return { parts: turn(parts, rng.range(-0.12, 0.12)), glow: palette.glow ?? undefined, notes: { sealed } };
};

const COVERS = [rgb(150, 36, 40), rgb(40, 70, 150), rgb(40, 110, 60), rgb(100, 50, 130), rgb(120, 74, 44)];

export const book: Generator = ({ rng, colorRng, palette }) => {
  const cover = palette.role(0, 'cover', { color: colorRng.pick(COVERS), finish: 'matte' });
  const trim = palette.role(1, 'trim', LOOKS.gold);
  const pages = makeMaterial('pages', rgb(246, 238, 214), 'soft', { kind: 'planks', amount: 0.05, scale: 28 });
  const W = 0.62, H = 0.82;
  const parts: Part[] = [
    { shape: roundBox(0.09, 0.07, W, H, 0.04), material: pages, bevel: 0.03, line: 0.4, texAngle: Math.PI / 2 },
    { shape: roundBox(0.02, 0.02, W + 0.03, H + 0.02, 0.06), material: cover, tone: -0.2, bevel: 0.04, line: 0.4 },
    { shape: roundBox(0, 0, W, H, 0.06), material: cover, bevel: 0.08, sheen: 0.18, line: 0.45 },
    { shape: roundBox(-W + 0.1, 0, 0.08, H - 0.005, 0.03), material: cover, tone: -0.14, bevel: 0.05 },
  ];
  // Bands across the spine, corner guards, the emblem in a frame.
  for (const y of [-H + 0.18, H - 0.18]) parts.push({ shape: roundBox(-W + 0.1, y, 0.09, 0.035, 0.01), material: trim, bevel: 0.02, line: 0.35 });
  for (const y of [-1, 1]) parts.push({ shape: polygon([[W + 0.01, y * (H + 0.01)], [W - 0.2, y * (H + 0.01)], [W + 0.01, y * (H - 0.2)]]), material: trim, bevel: 0.03, line: 0.4 });
  const mark = rng.pick(EMBLEMS);
  parts.push({ shape: offset(roundBox(0.06, -0.05, 0.3, 0.36, 0.08), 0), material: trim, bevel: 0.03, line: 0.4 });
  parts.push({ shape: roundBox(0.06, -0.05, 0.24, 0.3, 0.06), material: cover, tone: -0.08, bevel: 0.03 });
  parts.push({ shape: emblem(mark, 0.06, -0.05, 0.2), material: trim, bevel: 0.04, line: 0.35 });
  // A bookmark ribbon hanging out at the bottom.
  parts.push({ shape: polygon([[0.3, H - 0.02], [0.42, H - 0.02], [0.42, H + 0.26], [0.36, H + 0.2], [0.3, H + 0.26]]), material: fixed('bookmark', WAX), bevel: 0.02, line: 0.4 });
  return { parts: turn(parts, rng.range(-0.1, 0.1)), glow: palette.glow ?? undefined, notes: { emblem: mark } };
};

export const map: Generator = ({ rng, palette }) => {
  const paper = palette.role(0, 'parchment', { color: rgb(236, 212, 160), finish: 'matte', texture: { kind: 'speckle', amount: 0.05, scale: 6 } });
  const land = makeMaterial('land', rgb(150, 178, 100), 'matte');
  const red = makeMaterial('path', rgb(200, 40, 40), 'soft');
  const panels: Point[][] = [
    [[-0.95, -0.62], [-0.32, -0.72], [-0.32, 0.6], [-0.95, 0.7]],
    [[-0.32, -0.72], [0.32, -0.62], [0.32, 0.7], [-0.32, 0.6]],
    [[0.32, -0.62], [0.95, -0.72], [0.95, 0.6], [0.32, 0.7]],
  ];
  const sheet = union(...panels.map((p) => polygon(p)));
  const parts: Part[] = panels.map((p, i): Part => ({ shape: polygon(p), material: paper, tone: i % 2 ? -0.1 : 0.06, line: 0.4, bevel: 0.02 }));
  // An island coast and a dotted way to the X.
  const blobs: Shape[] = [];
  for (let i = 0; i < 6; i++) blobs.push(circle(rng.range(-0.55, 0.45), rng.range(-0.35, 0.3), rng.range(0.14, 0.24)));
  parts.push({ shape: intersect(smoothUnion(0.12, ...blobs), offset(sheet, -0.1)), material: land, tone: -0.02, line: 0.35, opacity: 0.8 });
  const path: Point[] = [[-0.72, 0.45], [-0.45, 0.2], [-0.1, 0.35], [0.2, 0.05], [0.55, -0.3]];
  for (let i = 0; i < path.length - 1; i++) {
    const a = path[i] as Point, b = path[i + 1] as Point;
    for (let k = 0; k < 3; k++) {
      const t = (k + 0.5) / 3;
      parts.push({ shape: circle(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, 0.032), material: red, thin: true });
    }
  }
  const [xx, xy] = [0.62, -0.36];
  parts.push({ shape: union(ribbon([[xx - 0.14, xy - 0.14], [xx + 0.14, xy + 0.14]], [0.045, 0.045]).whole, ribbon([[xx + 0.14, xy - 0.14], [xx - 0.14, xy + 0.14]], [0.045, 0.045]).whole), material: red, bevel: 0.03, line: 0.4 });
  return { parts, glow: palette.glow ?? undefined, notes: {} };
};

export const letter: Generator = ({ rng, palette }) => {
  const paper = palette.role(0, 'paper', { color: rgb(244, 236, 216), finish: 'soft' });
  const seal = palette.role(1, 'seal', WAX);
  const W = 0.92, H = 0.6;
  const body = roundBox(0, 0, W, H, 0.05);
  const parts: Part[] = [
    { shape: body, material: paper, bevel: 0.05, sheen: 0.15, line: 0.45 },
    { shape: intersect(offset(polygon([[-W, H], [0, -0.02], [W, H]]), 0), body), material: paper, tone: -0.06, line: 0.35 },
    { shape: intersect(offset(polygon([[-W, -H], [W, -H], [0, 0.16]]), 0.01), body), material: paper, tone: 0.06, bevel: 0.03, line: 0.4 },
  ];
  // The flap's edges, drawn as creases so pixel art (which has no inner lines) still shows them.
  const crease = (a: Point, b: Point): Part => ({ shape: ribbon([a, b], [0.018, 0.018]).whole, material: paper, tone: -0.32, thin: true });
  parts.push(crease([-W + 0.04, -H + 0.04], [0, 0.15]), crease([W - 0.04, -H + 0.04], [0, 0.15]), crease([-W + 0.04, H - 0.04], [-0.2, 0.12]), crease([W - 0.04, H - 0.04], [0.2, 0.12]));
  parts.push({ shape: offset(star(0, 0.12, 0.18, 12, 0.84), 0.02), material: seal, bevel: 0.1, line: 0.45 });
  parts.push({ shape: emblem(rng.pick(['heart', 'star', 'crown'] as const), 0, 0.12, 0.1), material: seal, tone: -0.18 });
  return { parts: turn(parts, rng.range(-0.15, -0.05)), glow: palette.glow ?? undefined, notes: {} };
};
