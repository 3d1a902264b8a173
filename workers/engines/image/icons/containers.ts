// Containers and oddments: a money bag tied at the neck (coins peeking out sometimes), a barrel of
// bulging staves with iron hoops, a cauldron bubbling with a glowing brew, a trophy cup (a goblet
// for "goblet"/"chalice"), a feather and a cartoon bone.
import { makeMaterial } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { bezier, capsule, circle, ellipse, polygon, roundBox, star, taper } from '../shapes.ts';
import type { Point } from '../shapes.ts';
import { intersect, offset, ribbon, shell, smoothUnion, subtract, union } from '../shapeOps.ts';
import { LOOKS, fixed, glint, rgb, turn } from './common.ts';
import { fromWord, highlight, leafShape, wordsOf } from './bits.ts';
import { emblem } from './coin.ts';
import type { Generator } from './types.ts';

export const bag: Generator = ({ rng, palette }) => {
  const cloth = palette.role(0, 'bag', { color: rgb(176, 126, 78), finish: 'matte', texture: { kind: 'speckle', amount: 0.05, scale: 8 } });
  const tie = palette.role(1, 'tie', { color: rgb(190, 40, 48), finish: 'matte' });
  const gold = fixed('gold', LOOKS.gold);
  const coins = rng.next() < 0.5;
  const parts: Part[] = [];
  if (coins) for (const [x, y] of [[-0.12, -0.72], [0.14, -0.78]] as const) parts.push({ shape: ellipse(x, y, 0.15, 0.14), material: gold, bevel: 0.05, line: 0.4 });
  const body = smoothUnion(0.25, ellipse(0, 0.32, 0.78, 0.62), polygon([[-0.2, -0.36], [0.2, -0.36], [0.36, 0.0], [-0.36, 0.0]]));
  // The gathered top flares out above the tie in a ruffle.
  const ruffle: Point[] = [[-0.2, -0.38], [0.2, -0.38]];
  for (let i = 0; i <= 6; i++) {
    const x = 0.42 - (0.84 * i) / 6;
    ruffle.push([x, -0.66 + (i % 2 ? 0.05 : -0.03)]);
  }
  parts.push({ shape: offset(polygon(ruffle), 0.03), material: cloth, bevel: 0.06, tone: -0.04, line: 0.45 });
  parts.push({ shape: body, material: cloth, bevel: 0.32, line: 0.45 });
  parts.push({ shape: roundBox(0, -0.38, 0.26, 0.06, 0.04), material: tie, bevel: 0.04, line: 0.4 });
  parts.push({ shape: union(ribbon([[0.02, -0.36], [0.16, -0.12], [0.12, 0.02]], [0.03, 0.03, 0.025]).whole, ribbon([[0.02, -0.36], [-0.1, -0.12], [-0.16, -0.02]], [0.03, 0.03, 0.025]).whole), material: tie, bevel: 0.02, line: 0.4 });
  // A coin sign on the front.
  parts.push({ shape: circle(0, 0.38, 0.24), material: gold, bevel: 0.06, line: 0.4 });
  parts.push({ shape: emblem('star', 0, 0.38, 0.15), material: gold, tone: -0.15, bevel: 0.03 });
  parts.push(highlight(-0.42, 0.1, 0.12, 0.2, 0.3));
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: { coins } };
};

export const barrel: Generator = ({ palette }) => {
  const wood = palette.role(0, 'staves', { color: rgb(160, 100, 54), finish: 'matte', texture: { kind: 'planks', amount: 0.09, scale: 6 } });
  const hoop = palette.role(1, 'hoops', LOOKS.iron);
  const top = -0.82, bot = 0.86, ry = 0.16;
  const side = bezier([-0.6, top], [-0.9, (top + bot) / 2], [-0.6, bot], 12);
  const outline: Point[] = [...side, ...side.map(([x, y]): Point => [-x, y]).reverse()];
  const body = union(polygon(outline), ellipse(0, bot, 0.6, ry));
  const parts: Part[] = [
    { shape: body, material: wood, bevel: 0.2, line: 0.45, texAngle: Math.PI / 2 },
    { shape: ellipse(0, top, 0.6, ry), material: wood, tone: 0.08, bevel: 0.04, line: 0.45 },
    { shape: ellipse(0, top, 0.5, ry * 0.72), material: wood, tone: -0.08, bevel: 0.03 },
  ];
  for (const y of [-0.5, 0.54]) {
    const band = intersect(offset(body, 0.012), { d: (x: number, py: number) => Math.abs(py - y - 0.1 * (1 - (x / 0.8) ** 2) * 0.8) - 0.06, box: body.box });
    parts.push({ shape: band, material: hoop, bevel: 0.04, line: 0.4 });
  }
  parts.push({ shape: circle(0.3, 0.05, 0.05), material: fixed('bung', LOOKS.darkWood), bevel: 0.04, line: 0.35 });
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: {} };
};

export const cauldron: Generator = ({ rng, palette }) => {
  // Colours and elements go to the brew ("poison cauldron", "purple cauldron"), materials to the pot.
  const words = wordsOf(palette);
  const potWord = words.find((w) => !w.element && w.finish !== null && w.finish !== 'glass' && w.finish !== 'gem');
  const brewWord = words.find((w) => w !== potWord);
  const iron = fromWord('pot', potWord, { color: rgb(64, 64, 76), finish: 'metal' });
  const brew = brewWord ? makeMaterial('brew', brewWord.color, 'glow') : makeMaterial('brew', rgb(110, 220, 60), 'glow');
  const rimY = -0.25;
  const pot = intersect(ellipse(0, 0.2, 0.88, 0.66), { d: (_x, y) => rimY - y, box: { x0: -1, y0: -1, x1: 1, y1: 1 } });
  const parts: Part[] = [];
  for (const x of [-0.5, 0, 0.5]) parts.push({ shape: taper(x, 0.7, 0.12, x * 1.2, 0.95, 0.08), material: iron, bevel: 0.06, tone: x === 0 ? 0 : -0.1, line: 0.45 });
  for (const s of [-1, 1]) parts.push({ shape: shell(circle(s * 0.86, -0.05, 0.14), 0.04), material: iron, bevel: 0.03, line: 0.4 });
  parts.push({ shape: pot, material: iron, bevel: 0.4, line: 0.45 });
  parts.push({ shape: union(ellipse(0, rimY, 0.84, 0.2), roundBox(0, rimY + 0.02, 0.84, 0.06, 0.04)), material: iron, bevel: 0.08, tone: 0.06, line: 0.45 });
  parts.push({ shape: ellipse(0, rimY, 0.68, 0.13), material: brew, bevel: 0.06, line: 0.35 });
  // Bubbles on the surface and rising above it.
  for (let i = 0; i < 4; i++) {
    const x = rng.range(-0.45, 0.45), r = rng.range(0.06, 0.1);
    parts.push({ shape: circle(x, rimY - 0.02, r), material: brew, bevel: r, tone: 0.15, line: 0.35 });
  }
  for (const [x, y, r] of [[-0.15, -0.55, 0.09], [0.12, -0.78, 0.07], [-0.05, -0.98, 0.05]] as const) {
    parts.push({ shape: shell(circle(x + rng.range(-0.05, 0.05), y, r), 0.02), material: brew, bevel: 0.02, line: 0.3, thin: true });
  }
  parts.push(highlight(-0.5, 0.05, 0.08, 0.2, 0.3));
  return { parts, ground: true, glow: palette.glow ?? brew.ramp[3], notes: {} };
};

export const trophy: Generator = ({ palette, variant }) => {
  const gold = palette.role(0, 'cup', LOOKS.gold);
  const goblet = variant === 'goblet';
  const parts: Part[] = [];
  const rim = -0.78;
  const bowl = intersect(ellipse(0, rim, goblet ? 0.46 : 0.58, goblet ? 0.78 : 0.86), { d: (_x, y) => rim - y, box: { x0: -1, y0: -1, x1: 1, y1: 1 } });
  if (!goblet) {
    for (const s of [-1, 1]) {
      const handle = intersect(shell(ellipse(s * 0.56, -0.42, 0.28, 0.26), 0.055), { d: (x) => 0.4 - s * x, box: { x0: -1.2, y0: -1, x1: 1.2, y1: 0 } });
      parts.push({ shape: handle, material: gold, bevel: 0.05, line: 0.45 });
    }
  }
  parts.push({ shape: bowl, material: gold, bevel: 0.3, sheen: 0.1, line: 0.45 });
  parts.push({ shape: ellipse(0, rim, goblet ? 0.46 : 0.58, 0.1), material: gold, tone: -0.25, line: 0.4 });
  parts.push({ shape: taper(0, 0.05, 0.07, 0, 0.55, 0.1), material: gold, bevel: 0.05, line: 0.45 });
  parts.push({ shape: ellipse(0, 0.26, 0.13, 0.07), material: gold, bevel: 0.05, line: 0.4 });
  parts.push({ shape: union(roundBox(0, 0.62, 0.3, 0.08, 0.03), roundBox(0, 0.76, 0.46, 0.08, 0.03)), material: gold, bevel: 0.05, line: 0.45 });
  if (goblet) {
    parts.push({ shape: star(0, -0.4, 0.1, 4, 0.8, 0), material: makeMaterial('jewel', rgb(220, 30, 60), 'gem'), bevel: 0.05, line: 0.4 });
  } else {
    parts.push({ shape: emblem('star', 0, -0.42, 0.2), material: gold, bevel: 0.05, tone: 0.1, line: 0.35 });
  }
  parts.push(glint(star(-0.3, -0.6, 0.12, 4, 0.2), 0.9));
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: { kind: goblet ? 'goblet' : 'cup' } };
};

export const feather: Generator = ({ rng, colorRng, palette }) => {
  const vaneMat = palette.role(0, 'vane', { color: colorRng.pick([rgb(240, 240, 244), rgb(210, 60, 50), rgb(70, 120, 210), rgb(60, 170, 160)]), finish: 'soft' });
  const a: Point = [-0.5, 0.62], b: Point = [0.62, -0.9];
  const { shape, rib } = leafShape(a, b, 0.3, rng.range(0.1, 0.18));
  // Notches where the barbs part.
  let vane = shape;
  for (const [t, s] of [[0.35, 1], [0.6, -1], [0.75, 1]] as const) {
    const p = rib[Math.round(t * 12)] as Point;
    const dx = b[0] - a[0], dy = b[1] - a[1], l = Math.hypot(dx, dy);
    const nx = -dy / l * s, ny = dx / l * s;
    vane = subtract(vane, polygon([[p[0] + nx * 0.5, p[1] + ny * 0.5], [p[0] + nx * 0.12 + dx / l * 0.02, p[1] + ny * 0.12 + dy / l * 0.02], [p[0] + nx * 0.5 + dx / l * 0.1, p[1] + ny * 0.5 + dy / l * 0.1]]));
  }
  const parts: Part[] = [{ shape: vane, material: vaneMat, bevel: 0.12, line: 0.45 }];
  // Barbs: darker strokes slanting back from the shaft, so it reads as a feather, not a leaf.
  for (let i = 2; i <= 10; i += 2) {
    const p = rib[i] as Point;
    for (const s of [-1, 1]) {
      const dx = b[0] - a[0], dy = b[1] - a[1], l = Math.hypot(dx, dy);
      const reach = 0.3 * Math.sin(Math.PI * Math.min(1, (i / 12) ** 0.8)) + 0.04;
      const end: Point = [p[0] - (dx / l) * reach * 0.7 - s * (dy / l) * reach, p[1] - (dy / l) * reach * 0.7 + s * (dx / l) * reach];
      parts.push({ shape: intersect(ribbon([p, end], [0.014, 0.01]).whole, offset(vane, -0.02)), material: vaneMat, tone: -0.22, thin: true });
    }
  }
  parts.push(
    { shape: ribbon([[-0.86, 1.05], [a[0], a[1]], ...rib.slice(1, 12)], [0.03, 0.032, ...rib.slice(1, 12).map((_, i) => 0.028 - i * 0.002)]).whole, material: fixed('quill', { color: rgb(246, 240, 224), finish: 'soft' }), bevel: 0.02, line: 0.4, thin: true },
  );
  return { parts, glow: palette.glow ?? undefined, notes: {} };
};

export const bone: Generator = ({ rng, palette }) => {
  const mat = palette.role(0, 'bone', { color: rgb(240, 232, 208), finish: 'soft' });
  const len = rng.range(0.62, 0.7);
  const knobs = (x: number): ReturnType<typeof union> => union(circle(x, -0.17, 0.19), circle(x, 0.17, 0.19));
  const shape = smoothUnion(0.08, capsule(-len, 0, len, 0, 0.14), knobs(-len - 0.06), knobs(len + 0.06));
  const parts: Part[] = [
    { shape, material: mat, bevel: 0.16, line: 0.45 },
    highlight(-0.2, -0.06, 0.3, 0.035, 0.45),
  ];
  return { parts: turn(parts, -Math.PI / 4), glow: palette.glow ?? undefined, notes: {} };
};
