// Coins: a single coin seen slightly from below its face (its milled edge shows), with a raised rim
// and an embossed emblem (star, crown, moon, sun, heart, gem or cross); or a pile: two stacks and a
// coin leaning in front. Gold unless a word says otherwise.
import type { Material } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { circle, ellipse, polygon, roundBox, star } from '../shapes.ts';
import type { Shape } from '../shapes.ts';
import { offset, smoothUnion, subtract, union } from '../shapeOps.ts';
import { LOOKS, glint } from './common.ts';
import type { Generator } from './types.ts';

export const EMBLEMS = ['star', 'crown', 'moon', 'sun', 'heart', 'gem', 'cross'] as const;
export type Emblem = (typeof EMBLEMS)[number];

/** An emblem of radius about r centred at (cx, cy), squashed vertically by k. */
export function emblem(kind: Emblem, cx: number, cy: number, r: number): Shape {
  switch (kind) {
    case 'star': return star(cx, cy, r, 5, 0.45);
    case 'sun': return union(star(cx, cy, r, 12, 0.7), circle(cx, cy, r * 0.55));
    case 'moon': return subtract(circle(cx, cy, r * 0.85), circle(cx + r * 0.4, cy - r * 0.25, r * 0.7));
    case 'heart': return smoothUnion(0.02, circle(cx - r * 0.38, cy - r * 0.2, r * 0.45), circle(cx + r * 0.38, cy - r * 0.2, r * 0.45), polygon([[cx - r * 0.8, cy], [cx + r * 0.8, cy], [cx, cy + r * 0.85]]));
    case 'gem': return polygon([[cx, cy - r], [cx + r * 0.75, cy], [cx, cy + r], [cx - r * 0.75, cy]]);
    case 'cross': return union(roundBox(cx, cy, r * 0.28, r * 0.9, r * 0.08), roundBox(cx, cy, r * 0.9, r * 0.28, r * 0.08));
    case 'crown': return offset(polygon([[cx - r * 0.85, cy + r * 0.55], [cx - r * 0.85, cy - r * 0.5], [cx - r * 0.42, cy], [cx, cy - r * 0.7], [cx + r * 0.42, cy], [cx + r * 0.85, cy - r * 0.5], [cx + r * 0.85, cy + r * 0.55]]), r * 0.05);
  }
}

/** One coin: face ellipse rx x ry at (cx, cy), edge `thick` below it. */
function coinParts(cx: number, cy: number, rx: number, ry: number, thick: number, mat: Material, mark: Emblem | null): Part[] {
  const face = ellipse(cx, cy, rx, ry);
  const parts: Part[] = [];
  if (thick > 0) {
    const side = union(ellipse(cx, cy + thick, rx, ry), roundBox(cx, cy + thick / 2, rx, thick / 2));
    parts.push({ shape: side, material: mat, tone: -0.2, bevel: thick * 0.6, line: 0.4, texAngle: 0 });
  }
  const rim = Math.min(rx, ry) * 0.14;
  parts.push({ shape: face, material: mat, bevel: rim * 0.9, line: 0.4 });
  parts.push({ shape: offset(face, -rim), material: mat, tone: -0.06, bevel: rim * 0.5, sheen: 0.28 });
  if (mark) {
    const m = emblem(mark, 0, 0, 0.55);
    const k = ry / rx;
    parts.push({ shape: { d: (x, y) => m.d((x - cx) / rx, (y - cy) / (rx * k)) * rx * Math.min(1, k), box: { x0: cx - rx, y0: cy - ry, x1: cx + rx, y1: cy + ry } }, material: mat, bevel: rx * 0.06, tone: 0.08 });
  }
  return parts;
}

export const coin: Generator = ({ rng, palette, variant }) => {
  const mat = palette.role(0, 'coin', LOOKS.gold);
  const mark = rng.pick(EMBLEMS);
  const parts: Part[] = [];
  const pile = variant === 'pile';
  if (!pile) {
    const tilt = rng.range(0.86, 0.95);
    parts.push(...coinParts(0, 0, 0.9, 0.9 * tilt, rng.range(0.07, 0.1), mat, mark));
    parts.push(glint(star(-0.45, -0.5, 0.22, 4, 0.18), 0.95));
  } else {
    // Two stacks of flat coins behind, one coin leaning in front.
    const stacks = [[-0.42, rng.int(4, 7)], [0.38, rng.int(2, 5)]] as const;
    for (const [x, n] of stacks) {
      for (let i = 0; i < n; i++) {
        const jitter = rng.range(-0.04, 0.04);
        parts.push(...coinParts(x + jitter, 0.55 - i * 0.13, 0.36, 0.12, 0.07, mat, null));
      }
    }
    parts.push(...coinParts(0.05, 0.35, 0.42, 0.4, 0.07, mat, mark));
    parts.push(glint(star(-0.3, 0.55 - stacks[0][1] * 0.13, 0.14, 4, 0.18), 0.95));
  }
  return { parts, glow: palette.glow ?? undefined, ground: pile, notes: { emblem: mark, pile } };
};
