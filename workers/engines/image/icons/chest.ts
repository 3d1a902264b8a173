// Chests: a planked wooden box with an arched or flat lid, metal straps and corner brackets, a
// lock plate with a keyhole, rivets; "treasure" opens it on a heap of gold with a glow; "crate" is
// a plain box of boards with a diagonal brace.
import { makeMaterial } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { circle, ellipse, polygon, roundBox, star } from '../shapes.ts';
import type { Shape } from '../shapes.ts';
import { below, intersect, offset, rotate, union } from '../shapeOps.ts';
import { LOOKS, fixed, glint, rgb } from './common.ts';
import type { Generator } from './types.ts';

const HOLE = makeMaterial('keyhole', rgb(30, 20, 26), 'matte');

export const chest: Generator = ({ rng, palette, variant }) => {
  const crate = variant === 'crate';
  const open = variant === 'open';
  const W = crate ? 0.75 : rng.range(0.8, 0.9);
  const bodyTop = 0, bodyBottom = crate ? 0.75 : rng.range(0.6, 0.7);
  const planks = { kind: 'planks' as const, amount: 0.08, scale: 5.5 };
  const wood = palette.role(0, 'wood', { color: rgb(150, 96, 52), finish: 'matte', texture: planks });
  const metal = palette.role(1, 'metal', crate ? LOOKS.darkWood : rng.next() < 0.5 ? LOOKS.gold : LOOKS.iron);
  const parts: Part[] = [];
  if (crate) {
    const box = roundBox(0, 0, W, W, 0.04);
    parts.push({ shape: box, material: wood, bevel: 0.05, sheen: 0.15, line: 0.4 });
    const frame = fixed('frame', LOOKS.darkWood);
    for (const [x, y, hw, hh] of [[0, -W + 0.08, W, 0.08], [0, W - 0.08, W, 0.08], [-W + 0.08, 0, 0.08, W], [W - 0.08, 0, 0.08, W]] as const) {
      parts.push({ shape: roundBox(x, y, hw, hh, 0.03), material: frame, bevel: 0.05, line: 0.4 });
    }
    parts.push({ shape: intersect(rotate(roundBox(0, 0, 0.09, W * 1.4, 0), Math.PI / 4), offset(box, -0.12)), material: frame, bevel: 0.05, line: 0.4 });
    for (const [x, y] of [[-1, -1], [1, -1], [-1, 1], [1, 1]] as const) parts.push({ shape: circle(x * (W - 0.08), y * (W - 0.08), 0.035), material: fixed('nail', LOOKS.iron), bevel: 0.03 });
    return { parts, ground: true, notes: { kind: 'crate' } };
  }
  const arched = rng.next() < 0.65;
  const lidH = rng.range(0.36, 0.44);
  const lid: Shape = arched
    ? intersect(union(ellipse(0, bodyTop - lidH * 0.45, W, lidH * 0.6), roundBox(0, bodyTop - lidH * 0.25, W, lidH * 0.25, 0.02)), below(bodyTop - lidH * 1.05, { x0: -W, y0: -2, x1: W, y1: 2 }))
    : roundBox(0, bodyTop - lidH / 2, W, lidH / 2, 0.06);
  const body = roundBox(0, (bodyTop + bodyBottom) / 2, W, (bodyBottom - bodyTop) / 2, 0.05);
  if (open) {
    // The lid stands open behind: we see its dark inside above the box, and a heap of gold.
    const inside = makeMaterial('inside', rgb(88, 52, 34), 'matte', planks);
    parts.push({ shape: roundBox(0, bodyTop - lidH * 0.9, W * 0.98, lidH * 0.75, 0.08), material: inside, bevel: 0.06, line: 0.4 });
    const gold = fixed('gold', LOOKS.gold);
    const heap: Shape[] = [];
    for (let i = 0; i < 9; i++) heap.push(circle(rng.range(-W * 0.75, W * 0.75), bodyTop - rng.range(0, 0.18), rng.range(0.12, 0.2)));
    parts.push({ shape: union(...heap), material: gold, bevel: 0.1, line: 0.4 });
    for (let i = 0; i < 5; i++) {
      const x = rng.range(-W * 0.7, W * 0.7), y = bodyTop - rng.range(0.05, 0.25);
      parts.push({ shape: ellipse(x, y, 0.11, 0.07), material: gold, bevel: 0.03, tone: 0.1, line: 0.35 });
    }
    parts.push({ shape: star(rng.range(-0.3, 0.3), bodyTop - 0.22, 0.13, 6, 0.6), material: fixed('gem', { color: rgb(220, 30, 70), finish: 'gem' }), bevel: 0.04, line: 0.4 });
  } else {
    parts.push({ shape: lid, material: wood, bevel: arched ? 0.22 : 0.06, sheen: 0.1, line: 0.4 });
  }
  parts.push({ shape: body, material: wood, bevel: 0.05, sheen: 0.15, line: 0.4 });
  // Trim along the lid seam and the foot, straps over both, brackets at the corners.
  const silhouette = open ? body : union(lid, body);
  parts.push({ shape: roundBox(0, bodyTop + 0.02, W + 0.02, 0.05, 0.03), material: metal, bevel: 0.04, line: 0.4 });
  parts.push({ shape: roundBox(0, bodyBottom - 0.03, W + 0.02, 0.045, 0.03), material: metal, bevel: 0.04, line: 0.4 });
  const strapX = W * rng.range(0.55, 0.68);
  for (const x of [-strapX, strapX]) {
    parts.push({ shape: intersect(roundBox(x, 0, 0.065, 1.5, 0.02), offset(silhouette, 0.015)), material: metal, bevel: 0.04, line: 0.4 });
    for (const y of [bodyTop + 0.2, bodyBottom - 0.16, ...(open ? [] : [bodyTop - lidH * 0.55])]) {
      parts.push({ shape: circle(x, y, 0.026), material: metal, bevel: 0.025, tone: 0.15 });
    }
  }
  for (const s of [-1, 1]) {
    parts.push({ shape: polygon([[s * (W + 0.02), bodyBottom + 0.01], [s * (W + 0.02), bodyBottom - 0.26], [s * (W - 0.1), bodyBottom - 0.16], [s * (W - 0.2), bodyBottom + 0.01]]), material: metal, bevel: 0.04, line: 0.4 });
  }
  // The lock.
  const ly = bodyTop + 0.1;
  parts.push({ shape: roundBox(0, ly, 0.13, 0.15, 0.05), material: metal, bevel: 0.05, line: 0.4 });
  parts.push({ shape: union(circle(0, ly - 0.03, 0.035), polygon([[-0.02, ly - 0.02], [0.02, ly - 0.02], [0.035, ly + 0.08], [-0.035, ly + 0.08]])), material: HOLE });
  if (open) parts.push(glint(star(-0.25, bodyTop - 0.32, 0.16, 4, 0.2)), glint(star(0.45, bodyTop - 0.15, 0.1, 4, 0.22)));
  return { parts, ground: true, glow: open ? rgb(255, 210, 90) : (palette.glow ?? undefined), notes: { kind: open ? 'open' : arched ? 'arched' : 'flat' } };
};
