// Potions: a glass bottle (round flask, cone, vial, square, heart or diamond), coloured liquid up
// to a seeded level with a brighter surface and bubbles, a cork or glass stopper, sometimes a
// label or a cord, and the curved reflection that makes glass read as glass.
import { makeMaterial } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { capsule, circle, ellipse, polygon, roundBox, star } from '../shapes.ts';
import type { Shape } from '../shapes.ts';
import { below, intersect, offset, ribbon, shell, smoothUnion } from '../shapeOps.ts';
import { arcPoints } from '../shapes.ts';
import { LOOKS, SHINE, fixed, glint, rgb } from './common.ts';
import type { Generator } from './types.ts';

const BODIES = ['round', 'round', 'cone', 'vial', 'square', 'heart', 'diamond'] as const;
type Body = (typeof BODIES)[number];

const POTION_COLORS = [rgb(214, 40, 60), rgb(46, 110, 230), rgb(60, 190, 80), rgb(150, 60, 220), rgb(240, 130, 30), rgb(240, 90, 180), rgb(40, 200, 210)];

/** The bottle's body (without neck) and its top y, where the neck starts. */
function body(kind: Body, w: number): { shape: Shape; top: number; bottom: number } {
  switch (kind) {
    case 'round': return { shape: circle(0, 0.35, 0.6 * w), top: 0.35 - 0.6 * w, bottom: 0.35 + 0.6 * w };
    case 'cone': return { shape: offset(polygon([[-0.14, -0.15], [0.14, -0.15], [0.62 * w, 0.82], [-0.62 * w, 0.82]]), 0.1), top: -0.2, bottom: 0.92 };
    case 'vial': return { shape: capsule(0, -0.15, 0, 0.7, 0.3 * w), top: -0.45, bottom: 0.7 + 0.3 * w };
    case 'square': return { shape: roundBox(0, 0.38, 0.52 * w, 0.55, 0.14), top: -0.17, bottom: 0.93 };
    case 'heart': {
      const r = 0.36 * w;
      const lobes = smoothUnion(0.05, circle(-r * 0.75, 0.12, r), circle(r * 0.75, 0.12, r));
      const tip = polygon([[-r * 1.62, 0.28], [r * 1.62, 0.28], [0, 0.98]]);
      return { shape: smoothUnion(0.1, lobes, offset(tip, 0.02)), top: 0.12 - r, bottom: 1 };
    }
    case 'diamond': return { shape: offset(polygon([[0, -0.22], [0.6 * w, 0.36], [0, 0.94], [-0.6 * w, 0.36]]), 0.06), top: -0.28, bottom: 1 };
  }
}

export const potion: Generator = ({ rng, colorRng, palette, variant, pixel }) => {
  const kind: Body = variant === 'flask' ? 'round' : variant === 'vial' ? 'vial' : variant === 'bottle' ? rng.pick(['square', 'cone'] as const) : rng.pick(BODIES);
  const w = rng.range(0.9, 1.1);
  const { shape: belly, top, bottom } = body(kind, w);
  const neckW = kind === 'vial' ? 0.3 * w : rng.range(0.12, 0.17);
  const neckTop = Math.min(top, -0.2) - rng.range(0.28, 0.42);
  const neck = roundBox(0, (neckTop + top) / 2 + 0.05, neckW, (top - neckTop) / 2 + 0.1, 0.03);
  const glassShape = smoothUnion(0.14, belly, neck);
  const lip = roundBox(0, neckTop, neckW + 0.06, 0.06, 0.05);
  const liquidColor = palette.named(0) ? undefined : colorRng.pick(POTION_COLORS);
  const liquidMat = palette.role(0, 'liquid', { color: liquidColor ?? rgb(200, 40, 60), finish: 'glow' }, true);
  // Glass takes a hint of the liquid; pixel art, with one colour per step, keeps it neutral so the
  // liquid's colour is the one that reads.
  const glass = makeMaterial('glass', pixel ? rgb(196, 222, 236) : mixWhite(liquidMat.ramp[2], 0.72), 'glass');
  // Liquid fills the inside of the glass up to a seeded level.
  const inner = offset(glassShape, -0.055);
  const fill = rng.range(0.5, 0.82);
  const level = bottom - (bottom - Math.max(top, -0.1)) * fill;
  const liquid = intersect(inner, below(level, inner.box));
  const surface = intersect(liquid, { d: (_x, y) => y - (level + 0.07), box: liquid.box });
  const parts: Part[] = [
    { shape: glassShape, material: glass, bevel: 0.12, opacity: 0.5, tone: 0.12, line: 0.5 },
    { shape: liquid, material: liquidMat, bevel: 0.3, line: 0.3 },
    { shape: surface, material: liquidMat, tone: 0.22 },
  ];
  // Bubbles rise in the liquid.
  const bubbles = rng.int(2, 4);
  for (let i = 0; i < bubbles; i++) {
    const y = level + (bottom - level) * rng.range(0.15, 0.7);
    const x = rng.range(-0.3, 0.3) * w;
    const r = rng.range(0.025, 0.06);
    if (liquid.d(x, y) < -r * 1.5) parts.push({ shape: shell(circle(x, y, r), 0.012), material: liquidMat, tone: 0.35, thin: true });
  }
  // Decoration: a parchment label or a cord at the neck.
  const deco = rng.pick(['label', 'cord', 'none'] as const);
  if (deco === 'label' && kind !== 'vial' && kind !== 'diamond' && !pixel) {
    const ly = Math.min(bottom - 0.3, level + 0.2);
    parts.push({ shape: roundBox(0, ly, 0.28 * w, 0.15, 0.04), material: fixed('label', LOOKS.parchment), bevel: 0.05, line: 0.4 });
    parts.push({ shape: star(0, ly, 0.1, 5, 0.45), material: liquidMat, tone: -0.1 });
  } else if (deco === 'cord') {
    parts.push({ shape: roundBox(0, top - 0.04, neckW + 0.035, 0.045, 0.04), material: fixed('cord', LOOKS.leather), bevel: 0.04, line: 0.4 });
  }
  parts.push({ shape: lip, material: glass, bevel: 0.05, line: 0.5 });
  // The stopper: a cork, or a glass knob for fancy bottles.
  if (rng.next() < 0.7) {
    const h = rng.range(0.2, 0.3);
    const cork = offset(polygon([[-neckW + 0.01, neckTop + 0.04], [neckW - 0.01, neckTop + 0.04], [neckW + 0.02, neckTop - h], [-neckW - 0.02, neckTop - h]]), 0.025);
    parts.push({ shape: cork, material: fixed('cork', { color: rgb(178, 128, 80), finish: 'matte', texture: { kind: 'speckle', amount: 0.06, scale: 14 } }), bevel: 0.06, line: 0.5 });
  } else {
    parts.push({ shape: roundBox(0, neckTop - 0.06, neckW * 0.7, 0.06, 0.03), material: glass, bevel: 0.04, line: 0.5 });
    parts.push({ shape: circle(0, neckTop - 0.2, neckW * 1.15), material: liquidMat, bevel: 0.12, line: 0.5 });
  }
  // Reflections on the glass: a long curved streak on the lit side and a small dot.
  const bb = belly.box;
  const cx = (bb.x0 + bb.x1) / 2, cy = (bb.y0 + bb.y1) / 2;
  const rx = (bb.x1 - bb.x0) / 2, ry = (bb.y1 - bb.y0) / 2;
  const arc = arcPoints(0, 0, 1, Math.PI * 1.08, Math.PI * 1.38, 8).map(([x, y]): [number, number] => [cx + x * rx * 0.72, cy + y * ry * 0.72]);
  const streak = ribbon(arc, arc.map((_, i) => (pixel ? 0.05 : 0.045) * Math.sin(((i + 0.5) / arc.length) * Math.PI) + 0.005));
  parts.push({ shape: intersect(streak.whole, inner), material: SHINE, opacity: 0.85, tone: 0.4, thin: true });
  parts.push({ shape: ellipse(cx - rx * 0.32, cy + ry * 0.05, 0.035, 0.035), material: SHINE, opacity: 0.8, tone: 0.4, thin: true });
  parts.push(glint(star(cx + rx * 0.55, cy - ry * 0.55, 0.12, 4, 0.22), 0.9));
  return {
    parts,
    glow: palette.glow ?? undefined,
    notes: { body: kind, fill: Math.round(fill * 100) / 100, deco },
  };
};

function mixWhite(c: { r: number; g: number; b: number }, t: number) {
  return rgb(Math.round(c.r + (255 - c.r) * t), Math.round(c.g + (255 - c.g) * t), Math.round(c.b + (255 - c.b) * t));
}
