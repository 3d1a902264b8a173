// Jewellery and regalia: a ring (a band seen a little from above, a cut stone in its setting), an
// amulet (a pendant with a stone on a chain of links), a crown (points tipped with pearls, stones
// on the band, velvet inside) and a magic orb on a claw stand. Metal words go to the metal, gem
// and colour words to the stones ("silver ruby ring").
import { makeMaterial } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { bezier, circle, ellipse, polygon, roundBox, star } from '../shapes.ts';
import type { Point } from '../shapes.ts';
import { arcPoints } from '../shapes.ts';
import { intersect, offset, place, ribbon, rotate, shell, subtract, union } from '../shapeOps.ts';
import { LOOKS, glint, moveParts, rgb } from './common.ts';
import { fromWord, highlight, metalAndStone } from './bits.ts';
import { GEM_COLORS, brilliant, topView } from './gem.ts';
import type { Generator } from './types.ts';

export const ring: Generator = ({ rng, colorRng, palette }) => {
  const { metal: metalWord, stone: stoneWord } = metalAndStone(palette);
  const metal = fromWord('band', metalWord, LOOKS.gold);
  const stone = fromWord('stone', stoneWord, { color: colorRng.pick(GEM_COLORS), finish: 'gem' });
  const cy = 0.3, rx = 0.7, ry = 0.55, t = 0.1;
  const band = shell(ellipse(0, cy, rx, ry), t);
  const front = intersect(band, { d: (_x, y) => cy - 0.1 - y, box: band.box });
  const parts: Part[] = [
    { shape: band, material: metal, bevel: t * 0.9, tone: -0.12, line: 0.45 },
    { shape: front, material: metal, bevel: t * 0.9, line: 0.45 },
  ];
  // The setting: a collar with prongs, the stone above it.
  const sy = cy - ry - 0.02;
  parts.push({ shape: offset(polygon([[-0.26, sy + 0.1], [0.26, sy + 0.1], [0.16, sy - 0.12], [-0.16, sy - 0.12]]), 0.02), material: metal, bevel: 0.05, line: 0.45 });
  const w = rng.range(0.3, 0.36);
  parts.push(...moveParts(brilliant(w, 0.14, 0.22, w * 0.55, stone), 0, sy - 0.16, 1));
  for (const s of [-1, 1]) parts.push({ shape: polygon([[s * (w - 0.02), sy - 0.16], [s * (w + 0.04), sy - 0.1], [s * (w - 0.1), sy - 0.04]]), material: metal, bevel: 0.02, line: 0.4 });
  parts.push(glint(star(-0.12, sy - 0.3, 0.12, 4, 0.2), 0.95));
  parts.push(glint(star(-0.55, cy + 0.25, 0.08, 4, 0.22), 0.8));
  return { parts, glow: palette.glow ?? undefined, notes: {} };
};

export const amulet: Generator = ({ rng, colorRng, palette }) => {
  const { metal: metalWord, stone: stoneWord } = metalAndStone(palette);
  const metal = fromWord('setting', metalWord, LOOKS.gold);
  const stone = fromWord('stone', stoneWord, { color: colorRng.pick(GEM_COLORS), finish: 'gem' });
  const py = 0.42, pr = 0.36;
  const parts: Part[] = [];
  // The chain: links along a U from the top corners down to the pendant's bail.
  const left = bezier([-0.72, -0.95], [-0.72, -0.05], [0, py - pr - 0.06], 14);
  const right = left.map(([x, y]): Point => [-x, y]).reverse();
  const links = [...left, ...right.slice(1)];
  links.forEach(([x, y], i) => {
    const next = links[Math.min(links.length - 1, i + 1)] as Point, prev = links[Math.max(0, i - 1)] as Point;
    const a = Math.atan2(next[1] - prev[1], next[0] - prev[0]);
    const long = i % 2 === 0;
    const l = 0.065, w = long ? 0.035 : 0.022;
    const shape = long ? shell(ellipse(0, 0, l, w), 0.014) : ellipse(0, 0, l * 0.9, w);
    parts.push({ shape: place(rotate(shape, a), x, y), material: metal, bevel: 0.02, tone: long ? 0 : -0.1, thin: true });
  });
  const round = rng.next() < 0.5;
  const frame = round ? circle(0, py, pr) : offset(polygon([[0, py - pr * 1.05], [pr * 0.9, py - pr * 0.2], [0, py + pr * 1.2], [-pr * 0.9, py - pr * 0.2]]), 0.04);
  parts.push({ shape: shell(circle(0, py - pr - 0.04, 0.07), 0.03), material: metal, bevel: 0.03, line: 0.4 });
  parts.push({ shape: frame, material: metal, bevel: 0.08, line: 0.45 });
  // Beads round the frame.
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    let r = 0.1;
    while (r < 1.5 && frame.d(Math.cos(a) * r, py + Math.sin(a) * r) < -0.045) r += 0.01;
    parts.push({ shape: circle(Math.cos(a) * r, py + Math.sin(a) * r, 0.028), material: metal, bevel: 0.025, tone: 0.12 });
  }
  const cut = round ? topView(8, pr * 0.66, pr * 0.66, 0.55, stone, Math.PI / 8) : topView(4, pr * 0.62, pr * 0.78, 0.5, stone, -Math.PI / 2);
  parts.push(...moveParts(cut, 0, py + (round ? 0 : 0.04), 1));
  parts.push(glint(star(-0.14, py - 0.14, 0.1, 4, 0.2), 0.95));
  return { parts, glow: palette.glow ?? undefined, notes: { pendant: round ? 'round' : 'drop' } };
};

export const crown: Generator = ({ rng, palette }) => {
  const { metal: metalWord, stone: stoneWord } = metalAndStone(palette);
  const gold = fromWord('crown', metalWord, LOOKS.gold);
  const velvet = makeMaterial('velvet', rgb(170, 30, 50), 'soft');
  const pearl = makeMaterial('pearl', rgb(248, 246, 240), 'soft');
  const stones = stoneWord ? [fromWord('stone', stoneWord, LOOKS.gold)] : [makeMaterial('ruby', rgb(220, 24, 60), 'gem'), makeMaterial('sapphire', rgb(36, 90, 230), 'gem'), makeMaterial('emerald', rgb(30, 190, 100), 'gem')];
  const W = 0.9, bandTop = 0.05, bandBot = 0.5;
  const points = rng.pick([5, 5, 3] as const);
  const outline: Point[] = [[-W, bandBot]];
  for (let i = 0; i < points * 2 + 1; i++) {
    const x = -W + (2 * W * i) / (points * 2);
    const tall = i % 2 === 0;
    const mid = i === points;
    outline.push([x, tall ? bandTop - (mid ? 0.78 : 0.58) : bandTop - 0.06]);
  }
  outline.push([W, bandBot]);
  const body = offset(polygon(outline), 0.03);
  const parts: Part[] = [
    { shape: intersect(ellipse(0, bandTop, W * 0.8, 0.55), { d: (_x, y) => y - bandTop, box: { x0: -W, y0: -1, x1: W, y1: 1 } }), material: velvet, bevel: 0.2, line: 0.4 },
    { shape: body, material: gold, bevel: 0.08, sheen: 0.12, line: 0.45 },
    { shape: roundBox(0, (bandTop + bandBot) / 2 + 0.05, W + 0.03, (bandBot - bandTop) / 2 - 0.02, 0.05), material: gold, bevel: 0.08, tone: 0.05, line: 0.45 },
    { shape: roundBox(0, bandBot - 0.02, W + 0.05, 0.05, 0.03), material: gold, bevel: 0.04, tone: -0.05, line: 0.4 },
  ];
  for (let i = 0; i <= points * 2; i += 2) {
    const p = outline[i + 1] as Point;
    parts.push({ shape: circle(p[0], p[1] - 0.02, 0.09), material: pearl, bevel: 0.08, line: 0.4 });
  }
  const n = 3;
  for (let i = 0; i < n; i++) {
    const x = (i - 1) * W * 0.62, y = (bandTop + bandBot) / 2 + 0.05;
    const mat = stones[i % stones.length] ?? gold;
    parts.push({ shape: i === 1 ? star(x, y, 0.14, 4, 0.8, 0) : ellipse(x, y, 0.1, 0.12), material: mat, bevel: 0.06, tilt: [-0.1, -0.1], line: 0.4 });
  }
  parts.push(glint(star(-W * 0.55, bandTop - 0.3, 0.12, 4, 0.2), 0.9));
  return { parts, glow: palette.glow ?? undefined, notes: { points } };
};

export const orb: Generator = ({ rng, colorRng, palette }) => {
  const magic = palette.role(0, 'orb', { color: colorRng.pick([rgb(120, 90, 240), rgb(60, 170, 250), rgb(220, 70, 200), rgb(60, 210, 170)]), finish: 'glow' });
  const stand = palette.role(1, 'stand', LOOKS.gold);
  const cy = -0.2, r = 0.72;
  const parts: Part[] = [
    { shape: circle(0, cy, r), material: magic, bevel: r, line: 0.45 },
  ];
  // A swirl of light inside.
  const swirl = arcPoints(0, cy, r * 0.5, rng.range(0, 1), rng.range(0, 1) + Math.PI * 1.3, 12);
  parts.push({ shape: ribbon(swirl, swirl.map((_, i) => 0.06 * Math.sin((i / 12) * Math.PI) + 0.008)).whole, material: magic, tone: 0.35, thin: true });
  parts.push(highlight(-r * 0.38, cy - r * 0.42, r * 0.22, r * 0.14, 0.7));
  // The stand: a footed base and claws holding the ball.
  parts.push({ shape: union(offset(polygon([[-0.3, 0.5], [0.3, 0.5], [0.5, 0.86], [-0.5, 0.86]]), 0.03), roundBox(0, 0.88, 0.58, 0.07, 0.04)), material: stand, bevel: 0.08, line: 0.45 });
  for (const s of [-1, 1]) {
    const claw = bezier([s * 0.22, 0.52], [s * (r + 0.1), 0.3], [s * r * 0.82, cy + 0.1], 8);
    parts.push({ shape: ribbon(claw, claw.map((_, i) => 0.07 - i * 0.006)).whole, material: stand, bevel: 0.04, line: 0.45 });
  }
  parts.push({ shape: subtract(ellipse(0, 0.5, 0.34, 0.09), circle(9, 9, 0.1)), material: stand, bevel: 0.04, tone: 0.1, line: 0.4 });
  parts.push(glint(star(r * 0.5, cy - r * 0.5, 0.12, 4, 0.2), 0.9));
  return { parts, ground: true, glow: palette.glow ?? magic.ramp[3], notes: {} };
};
