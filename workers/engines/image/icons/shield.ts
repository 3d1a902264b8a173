// Shields: heater, round, kite and tower shapes (buckler: a small round one with a big boss), a
// metal rim, a painted or planked field, and heraldry: a cross, a split (per pale), a chevron, a
// bend, quarters, a charge (star, sun, moon, crown...) or a seeded symmetric device, the way
// identicons are made. Rivets on the rim, a boss on round shields.
import type { Part } from '../partRaster.ts';
import { bezier, circle, polygon, roundBox } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { intersect, leftOf, offset, subtract, union } from '../shapeOps.ts';
import { fillSymmetric, keepLargest, maskShape, parseTemplate } from '../symmetricMask.ts';
import { LOOKS, glint, rgb } from './common.ts';
import { EMBLEMS, emblem } from './coin.ts';
import type { Generator, IconContext } from './types.ts';
import { star } from '../shapes.ts';

const FIELD_COLORS = [rgb(180, 32, 40), rgb(36, 70, 170), rgb(30, 120, 60), rgb(120, 40, 140), rgb(230, 230, 236), rgb(40, 40, 48)];
const HERALDRY = ['cross', 'pale', 'chevron', 'bend', 'quarters', 'charge', 'charge', 'device'] as const;

function outline(kind: 'heater' | 'round' | 'kite' | 'tower'): Shape {
  switch (kind) {
    case 'round': return circle(0, 0, 0.92);
    case 'tower': return union(roundBox(0, 0.05, 0.66, 0.9, 0.14), polygon(bezier([-0.66, -0.7], [0, -1.02], [0.66, -0.7], 10).concat([[0.66, -0.3], [-0.66, -0.3]] as Point[])));
    case 'kite': {
      const right = bezier([0.62, -0.45], [0.6, 0.35], [0, 1.1], 10);
      return union(circle(0, -0.42, 0.62), polygon([[0, -0.6], ...right, ...right.map(([x, y]): Point => [-x, y]).reverse()]));
    }
    case 'heater': {
      const top = bezier([-0.78, -0.86], [0, -0.98], [0.78, -0.86], 10);
      const right = bezier([0.8, -0.1], [0.74, 0.62], [0, 1.0], 12);
      return polygon([...top, [0.8, -0.86], ...right, ...right.map(([x, y]): Point => [-x, y]).reverse().slice(1), [-0.8, -0.86]]);
    }
  }
}

/** A seeded symmetric device (a little beast or sigil) as a shape of about radius r. */
function device(ctx: IconContext, r: number): Shape {
  const t = parseTemplate(['o.oO', '.oO#', 'oOo#', 'oO##', '.oO#', 'o.oO', '.o.o']);
  const m = keepLargest(fillSymmetric(t, ctx.rng, 0.5, true));
  const k = r / 4;
  return maskShape(m, { x0: -m.width * k / 2, y0: -m.height * k / 2, x1: (m.width * k) / 2, y1: (m.height * k) / 2 }, 4, 0.12);
}

export const shield: Generator = (ctx) => {
  const { rng, colorRng, palette, variant } = ctx;
  const buckler = variant === 'round';
  const kind = buckler ? 'round' : rng.pick(['heater', 'heater', 'round', 'kite', 'tower'] as const);
  const shape = outline(kind);
  const rimW = buckler ? 0.12 : 0.09;
  const inner = offset(shape, -rimW);
  const wooden = rng.next() < 0.3;
  const fieldLook = wooden && !palette.named(0)
    ? { color: rgb(150, 98, 52), finish: 'matte' as const, texture: { kind: 'planks' as const, amount: 0.07, scale: 3.2 } }
    : { color: colorRng.pick(FIELD_COLORS), finish: 'soft' as const };
  const field = palette.role(0, 'field', fieldLook);
  const rim = palette.role(1, 'rim', rng.next() < 0.5 ? LOOKS.gold : LOOKS.steel);
  const goldCharge = rng.next() < 0.5;
  const heraldry = kind === 'round' && (buckler || rng.next() < 0.4) ? 'boss' : rng.pick(HERALDRY);
  // A named field colour must stay the shield's colour: halves and quarters then go silver, not gold.
  const large = heraldry === 'pale' || heraldry === 'quarters';
  const charge = palette.role(2, 'charge', goldCharge && !(large && palette.named(0)) ? { color: rgb(245, 200, 60), finish: 'soft' } : { color: rgb(238, 236, 230), finish: 'soft' });
  const parts: Part[] = [
    { shape, material: rim, bevel: rimW * 0.9, line: 0.45 },
    { shape: inner, material: field, bevel: 0.08, sheen: 0.22, line: 0.35, texAngle: Math.PI / 2 },
  ];
  const b = inner.box;
  const on = (s: Shape): Part => ({ shape: intersect(s, offset(inner, -0.02)), material: charge, bevel: 0.05, sheen: 0.2, line: 0.3 });
  switch (heraldry) {
    case 'cross': parts.push(on(union(roundBox(0, 0, 0.13, 2, 0), roundBox(0, kind === 'round' ? 0 : -0.15, 2, 0.13, 0)))); break;
    case 'pale': parts.push(on(roundBox(1, 0, 1, 2, 0))); break;
    case 'chevron': parts.push(on(subtract(polygon([[-1.2, 0.75], [0, -0.2], [1.2, 0.75], [1.2, 1.05], [0, 0.1], [-1.2, 1.05]]), circle(9, 9, 0.1)))); break;
    case 'bend': parts.push(on(intersect(leftOf(-1, -1.3, 1, 0.7, b), leftOf(1, 1.0, -1, -1.0, b)))); break;
    case 'quarters': parts.push(on(union(roundBox(0.5, -0.5, 0.5, 0.5, 0), roundBox(-0.5, 0.5, 0.5, 0.5, 0)))); break;
    case 'charge': parts.push(on(emblem(rng.pick(EMBLEMS), 0, kind === 'heater' ? -0.08 : 0, 0.42))); break;
    case 'device': parts.push(on(device(ctx, 0.5))); break;
    case 'boss': {
      const r = buckler ? 0.36 : 0.24;
      parts.push({ shape: circle(0, 0, r + 0.05), material: rim, bevel: 0.05, line: 0.4 });
      parts.push({ shape: circle(0, 0, r), material: rim, bevel: r, line: 0.3 });
      break;
    }
  }
  // Rivets around the rim.
  const rivets = kind === 'round' ? 10 : 8;
  for (let i = 0; i < rivets; i++) {
    const a = (i / rivets) * Math.PI * 2 + Math.PI / rivets;
    // Walk out from the centre to the middle of the rim.
    let r = 0.2;
    while (r < 1.3 && shape.d(Math.cos(a) * r, Math.sin(a) * r) < -rimW / 2) r += 0.01;
    parts.push({ shape: circle(Math.cos(a) * r, Math.sin(a) * r, 0.032), material: rim, bevel: 0.03, tone: 0.1, line: 0.3 });
  }
  parts.push(glint(star(-0.5, -0.62, 0.16, 4, 0.2), 0.9));
  return { parts, glow: palette.glow ?? undefined, notes: { shape: kind, heraldry, wooden } };
};
