// Bows: a curved wooden limb (recurved at the tips for some), a leather grip, a taut string and,
// often, an arrow nocked across it; turned so the arrow points to the top right.
import type { Part } from '../partRaster.ts';
import { capsule, polygon, roundBox } from '../shapes.ts';
import type { Point } from '../shapes.ts';
import { ribbon } from '../shapeOps.ts';
import { LOOKS, fixed, rgb, turn } from './common.ts';
import type { Generator } from './types.ts';

export const bow: Generator = (ctx) => {
  const { rng, palette } = ctx;
  const recurve = rng.next() < 0.5;
  const depth = rng.range(0.38, 0.5);
  const wood = palette.role(0, 'limb', LOOKS.wood);
  const trim = palette.role(1, 'trim', rng.next() < 0.5 ? LOOKS.gold : LOOKS.iron);
  const n = 16;
  const path: Point[] = [], widths: number[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n, y = -1 + 2 * t;
    // A bow's belly: deepest at the grip; recurves flick the tips back toward the string side.
    let x = -depth * Math.cos((y * Math.PI) / 2);
    if (recurve) x += 0.16 * Math.max(0, Math.abs(y) - 0.7) / 0.3 * Math.abs(y);
    path.push([x, y]);
    widths.push(0.025 + 0.045 * Math.cos((y * Math.PI) / 2));
  }
  const tipTop = path[0] as Point, tipBottom = path[n] as Point;
  const arrow = ctx.variant === null ? rng.next() < 0.7 : true;
  const parts: Part[] = [
    { shape: capsule(tipTop[0], tipTop[1], tipBottom[0], tipBottom[1], 0.009), material: fixed('string', { color: rgb(236, 228, 206), finish: 'matte' }), thin: true },
    { shape: ribbon(path, widths).whole, material: wood, bevel: 0.05, line: 0.45 },
    { shape: roundBox(-depth, 0, 0.07, 0.15, 0.03), material: fixed('grip', { ...LOOKS.leather, texture: { kind: 'wrap', amount: 0.1, scale: 11 } }), bevel: 0.05, line: 0.45 },
    { shape: roundBox(tipTop[0], tipTop[1] + 0.05, 0.04, 0.05, 0.02), material: trim, bevel: 0.03, line: 0.4 },
    { shape: roundBox(tipBottom[0], tipBottom[1] - 0.05, 0.04, 0.05, 0.02), material: trim, bevel: 0.03, line: 0.4 },
  ];
  if (arrow) {
    const feather = fixed('fletching', { color: ctx.colorRng.pick([rgb(220, 50, 50), rgb(250, 250, 245), rgb(60, 120, 220)]), finish: 'matte' });
    const tipX = -depth - 0.42;
    parts.push({ shape: capsule(tipX + 0.05, 0, 0.06, 0, 0.018), material: fixed('shaft', LOOKS.wood), bevel: 0.02, line: 0.4, thin: true });
    parts.push({ shape: polygon([[tipX - 0.12, 0], [tipX + 0.06, -0.06], [tipX + 0.03, 0], [tipX + 0.06, 0.06]]), material: fixed('arrowhead', LOOKS.steel), bevel: 0.02, line: 0.4 });
    for (const s of [-1, 1]) parts.push({ shape: polygon([[-0.05, 0], [0.08, s * 0.075], [0.1, s * 0.02], [-0.15, s * 0.012]]), material: feather, bevel: 0.02, line: 0.4 });
  }
  return { parts: turn(parts, (Math.PI * 3) / 4), glow: palette.glow ?? undefined, notes: { recurve, arrow } };
};
