// Trees: a tapering trunk with root flares and branches under a canopy of leaf clumps (oak, birch,
// bush with berries), stacked jagged tiers (pine), or a curved ringed trunk under drooping fronds
// (palm). Leaves take the first colour word ("autumn tree", "pink blossom tree").
import type { Material } from '../material.ts';
import type { Facet, Part } from '../partRaster.ts';
import { bezier, circle, ellipse, polygon, taper } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { intersect, offset, ribbon, smoothUnion } from '../shapeOps.ts';
import { makeMaterial } from '../material.ts';
import type { Random } from '../../../kernels/random.ts';
import { LOOKS, fixed, rgb } from './common.ts';
import type { Generator } from './types.ts';

const LEAF = { color: rgb(70, 156, 60), finish: 'soft' as const, texture: { kind: 'clumps' as const, amount: 0.1, scale: 6 } };

/** Clumps on an ellipse around (cx, cy): one smooth canopy and lighter clump tops on the lit side. */
function canopy(rng: Random, cx: number, cy: number, rx: number, ry: number, n: number, leaf: Material): Part[] {
  const blobs: [number, number, number][] = [[cx, cy, Math.min(rx, ry) * 0.8]];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + rng.range(-0.2, 0.2);
    const r = Math.min(rx, ry) * rng.range(0.42, 0.55);
    blobs.push([cx + Math.cos(a) * (rx - r * 0.9), cy + Math.sin(a) * (ry - r * 0.9), r]);
  }
  const body = smoothUnion(0.06, ...blobs.map(([x, y, r]) => circle(x, y, r)));
  const parts: Part[] = [{ shape: body, material: leaf, bevel: Math.min(rx, ry) * 0.5, line: 0.45 }];
  // Leaf clumps inside: each Voronoi cell bulges like a small dome, lit from the top-left, with
  // darker seams between: the canopy reads as lumps of leaves.
  const clumps: Facet[] = [];
  const r = Math.min(rx, ry) * 0.5;
  for (let gy = cy - ry; gy <= cy + ry; gy += r * 1.05) {
    for (let gx = cx - rx + ((gy - cy) / r % 2 ? r * 0.6 : 0); gx <= cx + rx; gx += r * 1.2) {
      clumps.push({ x: gx + rng.range(-0.25, 0.25) * r, y: gy + rng.range(-0.25, 0.25) * r, nx: 0, ny: 0, r: r * 1.3 });
    }
  }
  (parts[0] as Part).facets = clumps;
  return parts;
}

function trunkParts(rng: Random, wood: Material, top: number, base: number, w: number, branches: boolean): Part[] {
  const parts: Part[] = [{ shape: smoothUnion(0.08, taper(0, base, w, 0, top, w * 0.55), taper(0, base - 0.02, w * 0.5, -w * 2.2, base + 0.02, w * 0.25), taper(0, base - 0.02, w * 0.5, w * 2.1, base + 0.03, w * 0.25)), material: wood, bevel: w, line: 0.45, texAngle: 0 }];
  if (branches) {
    for (const s of [-1, 1]) {
      const y = top + (base - top) * rng.range(0.15, 0.35);
      parts.push({ shape: taper(0, y, w * 0.4, s * rng.range(0.3, 0.45), y - rng.range(0.25, 0.35), w * 0.2), material: wood, bevel: w * 0.4, line: 0.45 });
    }
  }
  return parts;
}

export const tree: Generator = ({ rng, palette, variant, colorRng }) => {
  const kind = variant === 'pine' ? 'pine' : variant === 'palm' ? 'palm' : variant === 'bush' ? 'bush' : variant === 'birch' ? 'birch' : variant === 'oak' ? 'oak' : rng.pick(['oak', 'oak', 'pine', 'birch', 'palm'] as const);
  const leafLook = kind === 'pine' ? { ...LEAF, color: rgb(40, 120, 70) } : { ...LEAF, color: palette.named(0) ? LEAF.color : colorRng.pick([rgb(70, 156, 60), rgb(92, 170, 56), rgb(60, 140, 76)]) };
  // "Snowy pine": green needles under caps of snow, not a white tree.
  const snowy = kind === 'pine' && (palette.word(0)?.name === 'white' || palette.word(0)?.name === 'ice');
  const leaf = snowy ? makeMaterial('leaves', leafLook.color, 'soft', leafLook.texture) : palette.role(0, 'leaves', leafLook, true);
  const snow = makeMaterial('snow', rgb(244, 248, 255), 'soft');
  const wood = palette.role(1, 'trunk', kind === 'birch' ? { color: rgb(232, 228, 216), finish: 'matte' } : LOOKS.darkWood);
  const parts: Part[] = [];
  if (kind === 'pine') {
    parts.push(...trunkParts(rng, wood, 0.5, 1.0, 0.1, false));
    const tiers = rng.int(3, 4);
    for (let i = 0; i < tiers; i++) {
      const t = i / tiers;
      const bottom = 0.62 - t * 1.2, height = 0.75 - t * 0.1, half = 0.82 - t * 0.5;
      const pts: Point[] = [[0, bottom - height]];
      const teeth = 5;
      for (let k = 0; k <= teeth; k++) {
        const x = half - (2 * half * k) / teeth;
        pts.push([x, bottom + (k % 2 === 0 ? 0 : -0.1)]);
      }
      const tier = offset(polygon(pts), 0.03);
      parts.push({ shape: tier, material: leaf, bevel: 0.16, tilt: [0, -0.1], line: 0.45 });
      if (snowy) {
        const top = bottom - height, reach = height * 0.55;
        const cap = { d: (x: number, y: number) => y - (top + reach + 0.05 * Math.sin(x * 22)), box: tier.box };
        parts.push({ shape: intersect(tier, cap), material: snow, bevel: 0.05, line: 0.35 });
      }
    }
  } else if (kind === 'palm') {
    const lean = rng.range(0.15, 0.3) * (rng.next() < 0.5 ? -1 : 1);
    const path = bezier([0, 1.0], [lean * 0.2, 0.2], [lean, -0.45], 10);
    const ring = { ...wood, texture: { kind: 'planks' as const, amount: 0.1, scale: 9 } };
    parts.push({ shape: ribbon(path, path.map((_, i) => 0.1 - i * 0.004)).whole, material: ring, bevel: 0.09, line: 0.45 });
    const top = path[path.length - 1] as Point;
    const fronds = rng.int(6, 8);
    for (let i = 0; i < fronds; i++) {
      const a = Math.PI + (i / (fronds - 1)) * Math.PI + rng.range(-0.12, 0.12);
      const len = rng.range(0.75, 0.95);
      const tip: Point = [top[0] + Math.cos(a) * len, top[1] + Math.sin(a) * len * 0.3 + 0.5];
      const mid: Point = [top[0] + Math.cos(a) * len * 0.6, top[1] + Math.sin(a) * len * 0.5 - 0.16];
      const leafPath = bezier(top, mid, tip, 10);
      parts.push({ shape: ribbon(leafPath, leafPath.map((_, k) => 0.1 * Math.sin((Math.min(k, 9.6) / 10) * Math.PI) + 0.008)).whole, material: leaf, bevel: 0.05, line: 0.45 });
    }
    for (const dx of [-0.07, 0.07, 0]) parts.push({ shape: circle(top[0] + dx, top[1] + 0.1 + (dx === 0 ? 0.06 : 0), 0.08), material: fixed('coconut', LOOKS.darkWood), bevel: 0.08, line: 0.45 });
  } else if (kind === 'bush') {
    parts.push(...canopy(rng, 0, 0.2, 0.95, 0.6, 7, leaf));
    const berry = fixed('berry', { color: colorRng.pick([rgb(220, 40, 60), rgb(70, 80, 220), rgb(250, 250, 250)]), finish: 'soft' });
    for (let i = 0; i < 7; i++) parts.push({ shape: circle(rng.range(-0.7, 0.7), rng.range(0.0, 0.5), 0.055), material: berry, bevel: 0.05, line: 0.35 });
  } else {
    const w = rng.range(0.13, 0.17);
    parts.push(...trunkParts(rng, wood, -0.1, 1.0, w, true));
    if (kind === 'birch') {
      for (let i = 0; i < 6; i++) parts.push({ shape: ellipse(rng.range(-w * 0.5, w * 0.5), rng.range(0.15, 0.9), w * 0.35, 0.02), material: fixed('bark', { color: rgb(50, 44, 44), finish: 'matte' }) });
    }
    parts.push(...canopy(rng, 0, -0.45, rng.range(0.82, 0.95), rng.range(0.62, 0.72), rng.int(7, 9), leaf));
  }
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: { kind } };
};

export type { Shape };
