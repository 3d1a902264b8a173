// Pickup symbols: a heart, a faceted star, a crescent moon with craters, a lightning bolt and a
// snowflake. Bold shapes with a big bevel and glints, as health and score pickups are drawn.
import { makeMaterial } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { capsule, circle, polygon, star } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { cached, intersect, leftOf, offset, subtract, union } from '../shapeOps.ts';
import { glint, rgb } from './common.ts';
import { highlight } from './bits.ts';
import type { Generator } from './types.ts';

export const heart: Generator = ({ palette }) => {
  const red = palette.role(0, 'heart', { color: rgb(226, 34, 56), finish: 'soft' });
  // The classic heart curve (x = 16 sin^3 t, y = 13 cos t - 5 cos 2t - 2 cos 3t - cos 4t), scaled.
  const pts: Point[] = [];
  for (let i = 0; i < 96; i++) {
    const t = (i / 96) * Math.PI * 2;
    pts.push([(16 * Math.sin(t) ** 3) / 17, -(13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t)) / 17 - 0.05]);
  }
  const parts: Part[] = [
    { shape: offset(cached(polygon(pts)), 0.02), material: red, bevel: 0.42, line: 0.45 },
    highlight(-0.5, -0.38, 0.13, 0.18, 0.7),
    glint(star(0.42, -0.5, 0.14, 4, 0.2), 0.9),
  ];
  return { parts, glow: palette.glow ?? undefined, notes: {} };
};

export const starIcon: Generator = ({ rng, palette }) => {
  const gold = palette.role(0, 'star', { color: rgb(252, 206, 40), finish: 'soft' });
  const R = 0.98, inner = rng.range(0.45, 0.5), cy = 0.08;
  const tips: Point[] = [], dents: Point[] = [];
  for (let i = 0; i < 5; i++) {
    const a = -Math.PI / 2 + (i * Math.PI * 2) / 5;
    tips.push([Math.cos(a) * R, cy + Math.sin(a) * R]);
    const b = a + Math.PI / 5;
    dents.push([Math.cos(b) * R * inner, cy + Math.sin(b) * R * inner]);
  }
  const parts: Part[] = [];
  const c: Point = [0, cy];
  // Ten facets, each leaning out from the centre: a star cut like a gem.
  for (let i = 0; i < 5; i++) {
    const tip = tips[i] as Point, next = dents[i] as Point, prev = dents[(i + 4) % 5] as Point;
    for (const side of [prev, next]) {
      const mx = (tip[0] + side[0]) / 3, my = (tip[1] + side[1] - 2 * cy) / 3;
      const l = Math.hypot(mx, my) || 1;
      parts.push({ shape: polygon([c, tip, side]), material: gold, tilt: [(mx / l) * 0.6, (my / l) * 0.6] });
    }
  }
  const outline: Point[] = [];
  for (let i = 0; i < 5; i++) outline.push(tips[i] as Point, dents[i] as Point);
  parts.push({ shape: polygon(outline), material: gold, lineOnly: true, line: 0.45 });
  parts.push(glint(star(-0.5, -0.5, 0.14, 4, 0.2), 0.9));
  return { parts, glow: palette.glow ?? undefined, notes: {} };
};

export const moon: Generator = ({ rng, palette, pixel }) => {
  const pale = palette.role(0, 'moon', { color: rgb(250, 228, 140), finish: 'soft' });
  const k = rng.range(0.38, 0.48);
  const shape = subtract(circle(0, 0, 0.92), circle(k, -0.22, 0.76));
  const parts: Part[] = [{ shape, material: pale, bevel: 0.3, line: 0.45 }];
  for (const [x, y, r] of [[-0.55, -0.1, 0.12], [-0.3, 0.45, 0.09], [-0.62, 0.32, 0.06], [-0.2, -0.6, 0.07]] as const) {
    parts.push({ shape: intersect(circle(x, y, r), offset(shape, -0.04)), material: pale, bevel: r * 0.8, tone: -0.16, tilt: [0.2, 0.2] });
  }
  // Twinkles beside it (too small for a pixel grid).
  if (!pixel) parts.push(glint(star(0.55, 0.45, 0.14, 4, 0.2), 0.85), glint(star(0.72, -0.7, 0.09, 4, 0.25), 0.8));
  return { parts, glow: palette.glow ?? undefined, notes: {} };
};

export const bolt: Generator = ({ palette }) => {
  const yellow = palette.role(0, 'bolt', { color: rgb(255, 214, 50), finish: 'glow' });
  const pts: Point[] = [[0.2, -1.0], [-0.52, 0.14], [-0.06, 0.14], [-0.3, 1.0], [0.54, -0.26], [0.08, -0.26], [0.42, -1.0]];
  const shape = offset(polygon(pts), 0.02);
  const b = shape.box;
  const parts: Part[] = [
    { shape, material: yellow, bevel: 0.1, line: 0.45 },
    // A lit left edge: the bolt reads as a thick cut-out, not a flat sign.
    { shape: intersect(shape, leftOf(0.15, -1.0, -0.4, 0.9, b)), material: yellow, tone: 0.15 },
  ];
  parts.push(glint(star(-0.35, 0.0, 0.12, 4, 0.2), 0.85));
  return { parts, glow: palette.glow ?? rgb(255, 230, 90), notes: {} };
};

export const snowflake: Generator = ({ rng, palette }) => {
  const ice = palette.role(0, 'ice', { color: rgb(150, 210, 250), finish: 'soft' });
  const arms: Shape[] = [];
  const w = 0.075;
  const branch = rng.range(0.2, 0.28);
  for (let i = 0; i < 6; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 3;
    const dx = Math.cos(a), dy = Math.sin(a);
    arms.push(capsule(0, 0, dx * 0.92, dy * 0.92, w));
    for (const [at, len] of [[0.42, branch + 0.05], [0.68, branch]] as const) {
      for (const s of [-1, 1]) {
        const b = a + s * 0.85;
        arms.push(capsule(dx * at, dy * at, dx * at + Math.cos(b) * len, dy * at + Math.sin(b) * len, w * 0.8));
      }
    }
  }
  const shape = union(...arms, star(0, 0, 0.22, 6, 1, 0));
  const parts: Part[] = [
    { shape, material: ice, bevel: 0.06, line: 0.45 },
    { shape: star(0, 0, 0.12, 6, 1, Math.PI / 6), material: makeMaterial('core', rgb(240, 250, 255), 'soft'), bevel: 0.05 },
  ];
  return { parts, glow: palette.glow ?? rgb(170, 225, 255), notes: {} };
};
