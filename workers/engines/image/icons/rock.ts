// Rocks: an irregular, flat-bottomed boulder cut into facets (a Voronoi pattern whose cells lean
// outward, so it reads as chipped stone), with cracks, sometimes moss on top, ore veins ("ore"),
// and smaller stones beside it.
import type { Material } from '../material.ts';
import type { Facet, Part } from '../partRaster.ts';
import { polygon, star } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { intersect, offset, ribbon } from '../shapeOps.ts';
import type { Random } from '../../../kernels/random.ts';
import { noise2 } from '../valueNoise.ts';
import { hashString } from '../../../kernels/random.ts';
import { LOOKS, fixed, rgb } from './common.ts';
import type { Generator } from './types.ts';

/** One boulder centred at (cx, cy) of radii (rx, ry), its facet sites and outline. */
function boulder(rng: Random, cx: number, cy: number, rx: number, ry: number, stone: Material): { parts: Part[]; shape: Shape } {
  const n = rng.int(8, 11);
  const pts: Point[] = [];
  for (let i = 0; i < n; i++) {
    const a = Math.PI * 2 * (i / n) + rng.range(-0.15, 0.15);
    const k = rng.range(0.82, 1.04);
    // A flat bottom: rocks sit on the ground.
    pts.push([cx + Math.cos(a) * rx * k, cy + Math.min(ry * 0.62, Math.sin(a) * ry * k)]);
  }
  const shape = offset(polygon(pts), Math.min(rx, ry) * 0.05);
  const facets: Facet[] = [{ x: cx - rx * 0.1, y: cy - ry * 0.15, nx: -0.05, ny: -0.12 }];
  const ring = rng.int(6, 8);
  for (let i = 0; i < ring; i++) {
    const a = Math.PI * 2 * (i / ring) + rng.range(-0.3, 0.3);
    const d = rng.range(0.55, 0.75);
    facets.push({ x: cx + Math.cos(a) * rx * d, y: cy + Math.sin(a) * ry * d, nx: Math.cos(a) * 0.7, ny: Math.sin(a) * 0.6 - 0.15 });
  }
  return { shape, parts: [{ shape, material: stone, facets, bevel: Math.min(rx, ry) * 0.12, line: 0.45 }] };
}

export const rock: Generator = ({ rng, palette, variant, colorRng }) => {
  const stone = palette.role(0, 'stone', LOOKS.stone);
  const parts: Part[] = [];
  // Smaller stones beside the boulder, behind it.
  const side = rng.int(0, 2);
  for (let i = 0; i < side; i++) {
    const s = i === 0 ? 1 : -1;
    parts.push(...boulder(rng, s * rng.range(0.75, 0.9), 0.32, rng.range(0.3, 0.38), rng.range(0.22, 0.28), stone).parts);
  }
  const main = boulder(rng, 0, 0, 1, 0.72, stone);
  parts.push(...main.parts);
  // Cracks from the edge inward.
  const dark = fixed('crack', { color: rgb(40, 36, 44), finish: 'matte' });
  for (let i = 0; i < rng.int(1, 2); i++) {
    const a = rng.range(-2.6, -0.5);
    const start: Point = [Math.cos(a) * 0.9, Math.sin(a) * 0.62];
    const mid: Point = [start[0] * 0.6 + rng.range(-0.1, 0.1), start[1] * 0.6 + rng.range(-0.08, 0.08)];
    const end: Point = [start[0] * 0.3 + rng.range(-0.1, 0.1), start[1] * 0.3 + rng.range(0, 0.1)];
    parts.push({ shape: intersect(ribbon([start, mid, end], [0.022, 0.015, 0.004]).whole, main.shape), material: dark, thin: true });
  }
  const ore = variant === 'ore';
  if (ore) {
    const oreMat = palette.role(1, 'ore', { color: colorRng.pick([rgb(250, 190, 40), rgb(60, 200, 230), rgb(230, 50, 80), rgb(150, 80, 230)]), finish: 'gem' });
    for (let i = 0; i < 5; i++) {
      const x = rng.range(-0.6, 0.6), y = rng.range(-0.35, 0.3);
      if (main.shape.d(x, y) < -0.12) parts.push({ shape: star(x, y, rng.range(0.07, 0.11), rng.int(5, 6), 1, rng.range(0, 1)), material: oreMat, bevel: 0.05, line: 0.4 });
    }
  }
  if (!ore && (palette.named(1) || rng.next() < 0.35)) {
    const moss = palette.role(1, 'moss', { color: rgb(90, 150, 60), finish: 'soft', texture: { kind: 'clumps', amount: 0.1, scale: 9 } }, true);
    const seed = hashString(String(rng.next()));
    const cap = { d: (x: number, y: number) => y - (-0.45 + 0.12 * noise2(seed, x * 4, 0.5) + 0.1 * x), box: main.shape.box };
    parts.push({ shape: intersect(main.shape, cap), material: moss, bevel: 0.08, line: 0.35 });
  }
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: { stones: side + 1, ore } };
};
