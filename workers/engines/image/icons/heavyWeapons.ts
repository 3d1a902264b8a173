// Axes and hammers: a wooden haft with a leather grip and, at the top, a forged head. Axes have a
// single or double bit whose cutting edge is ground bright; hammers a block head with banded faces,
// or a warhammer's spike; maces a flanged ball; clubs are a knotted, studded lump of wood.
import type { Material } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { bezier, circle, polygon, roundBox, star, taper } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { intersect, mirrorX, place, smoothUnion, subtract, union } from '../shapeOps.ts';
import { LOOKS, fixed, turn } from './common.ts';
import type { Generator, IconContext } from './types.ts';

/** A haft from y = bottom up to y = top with a wrapped grip near the bottom. */
export function haftParts(ctx: IconContext, top: number, bottom: number, r: number, wood: Material): Part[] {
  const grip = fixed('grip', { ...LOOKS.leather, texture: { kind: 'wrap', amount: 0.1, scale: 11 } });
  const gy0 = bottom - (bottom - top) * 0.28;
  return [
    { shape: taper(0, bottom, r * 1.05, 0, top, r * 0.9), material: wood, bevel: r, line: 0.45 },
    { shape: roundBox(0, (gy0 + bottom - 0.08) / 2, r * 1.25, (bottom - 0.08 - gy0) / 2, r * 0.6), material: grip, bevel: r, line: 0.45 },
    { shape: circle(0, bottom + r * 0.4, r * 1.4), material: fixed('butt', LOOKS.iron), bevel: r, line: 0.45 },
  ];
}

/** One axe bit on the right of the haft, its socket centred at height y. */
function axeBit(y: number, reach: number, spread: number): Shape {
  const top: Point = [reach * 0.92, y - spread];
  const bot: Point = [reach, y + spread * 0.95];
  const pts: Point[] = [
    [0.05, y - 0.16],
    ...bezier([0.05, y - 0.16], [reach * 0.45, y - 0.14], top, 6).slice(1),
    ...bezier(top, [reach * 1.32, y], bot, 10).slice(1),
    ...bezier(bot, [reach * 0.45, y + 0.14], [0.05, y + 0.14], 6).slice(1),
  ];
  return polygon(pts);
}

export const axe: Generator = (ctx) => {
  const { rng, palette, variant } = ctx;
  const hatchet = variant === 'hatchet';
  const double = variant === 'double' || (!hatchet && rng.next() < 0.3);
  const len = hatchet ? 1.4 : rng.range(1.75, 1.95);
  const top = -len / 2, bottom = len / 2;
  const headY = top + 0.22;
  const reach = hatchet ? rng.range(0.42, 0.5) : rng.range(0.5, 0.62);
  const spread = hatchet ? rng.range(0.2, 0.26) : rng.range(0.28, 0.4);
  const metal = palette.role(0, 'head', LOOKS.steel);
  const wood = palette.role(1, 'haft', LOOKS.wood);
  const bit = axeBit(headY, reach, spread);
  const head = double ? union(bit, mirrorX(bit)) : bit;
  // The ground edge: what the head leaves when moved back toward the haft.
  const edge = double ? union(subtract(bit, place(bit, -0.1, 0)), mirrorX(subtract(bit, place(bit, -0.1, 0)))) : subtract(bit, place(bit, -0.1, 0));
  const parts: Part[] = [
    ...haftParts(ctx, top, bottom, 0.055, wood),
    { shape: head, material: metal, bevel: 0.06, tilt: [0.1, 0], line: 0.45 },
    { shape: intersect(edge, head), material: metal, tone: 0.22, tilt: [-0.3, -0.2] },
    { shape: roundBox(0, headY, 0.1, 0.19, 0.04), material: fixed('socket', LOOKS.iron), bevel: 0.05, line: 0.45 },
    { shape: circle(0, headY - 0.08, 0.028), material: fixed('rivet', LOOKS.gold), bevel: 0.03 },
    { shape: circle(0, headY + 0.08, 0.028), material: fixed('rivet', LOOKS.gold), bevel: 0.03 },
  ];
  if (!double && rng.next() < 0.6) {
    // A back spike balances the single bit.
    parts.splice(3, 0, { shape: polygon([[-0.06, headY - 0.09], [-0.34, headY + 0.02], [-0.06, headY + 0.1]]), material: metal, bevel: 0.04, tilt: [-0.2, 0.1], line: 0.45 });
  }
  return { parts: turn(parts, Math.PI / 4), glow: palette.glow ?? undefined, notes: { head: double ? 'double' : hatchet ? 'hatchet' : 'single' } };
};

export const hammer: Generator = (ctx) => {
  const { rng, palette, variant } = ctx;
  const kind = variant === 'mace' ? 'mace' : variant === 'club' ? 'club' : rng.pick(['block', 'block', 'war'] as const);
  const len = rng.range(1.6, 1.85);
  const top = -len / 2, bottom = len / 2;
  const metal = palette.role(0, 'head', kind === 'club' ? LOOKS.wood : LOOKS.iron);
  const trim = palette.role(1, 'trim', rng.next() < 0.5 ? LOOKS.gold : LOOKS.steel);
  const wood = fixed('haft', LOOKS.darkWood);
  const parts: Part[] = [];
  const headY = top + 0.18;
  if (kind === 'club') {
    const body = smoothUnion(0.15, taper(0, bottom, 0.06, 0, top + 0.35, 0.16), circle(0, top + 0.22, 0.24));
    parts.push({ shape: body, material: metal, bevel: 0.14, line: 0.45 });
    for (let i = 0; i < 5; i++) {
      const a = rng.range(0, Math.PI * 2), r = rng.range(0.05, 0.15);
      const sx = Math.cos(a) * r, sy = top + 0.25 + Math.sin(a) * r + i * 0.05;
      parts.push({ shape: star(sx, sy, 0.05, 4, 0.45, rng.range(0, 1)), material: trim, bevel: 0.02, line: 0.35 });
    }
    parts.push({ shape: roundBox(0, bottom - 0.2, 0.075, 0.14, 0.03), material: fixed('grip', { ...LOOKS.leather, texture: { kind: 'wrap', amount: 0.1, scale: 11 } }), bevel: 0.05, line: 0.45 });
  } else {
    parts.push(...haftParts(ctx, top + 0.1, bottom, 0.055, wood));
    if (kind === 'mace') {
      const ball = smoothUnion(0.04, circle(0, headY, 0.22), star(0, headY, 0.36, 8, 0.55, -Math.PI / 2));
      parts.push({ shape: ball, material: metal, bevel: 0.1, line: 0.45 });
      parts.push({ shape: circle(0, headY, 0.11), material: trim, bevel: 0.08, line: 0.35 });
      parts.push({ shape: roundBox(0, headY + 0.3, 0.08, 0.06, 0.03), material: trim, bevel: 0.04, line: 0.45 });
    } else {
      const hw = rng.range(0.36, 0.44), hh = rng.range(0.17, 0.22);
      const block = kind === 'war'
        ? union(roundBox(hw * 0.35, headY, hw * 0.65, hh, 0.05), polygon([[-hw * 0.25, headY - hh * 0.6], [-hw - 0.12, headY], [-hw * 0.25, headY + hh * 0.6]]))
        : roundBox(0, headY, hw, hh, 0.06);
      parts.push({ shape: block, material: metal, bevel: 0.08, line: 0.45 });
      // Banded faces and a collar where the haft goes in.
      parts.push({ shape: roundBox(hw - 0.05, headY, 0.05, hh + 0.025, 0.03), material: trim, bevel: 0.04, line: 0.4 });
      if (kind === 'block') parts.push({ shape: roundBox(-hw + 0.05, headY, 0.05, hh + 0.025, 0.03), material: trim, bevel: 0.04, line: 0.4 });
      parts.push({ shape: roundBox(0, headY, 0.09, hh + 0.04, 0.03), material: trim, bevel: 0.05, line: 0.4 });
      parts.push({ shape: star(0, headY, 0.06, 4, 0.45, 0), material: metal, bevel: 0.03, tone: 0.1 });
    }
  }
  return { parts: turn(parts, Math.PI / 4), glow: palette.glow ?? undefined, notes: { head: kind } };
};
