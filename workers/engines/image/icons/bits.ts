// Pieces the item icons share: a leaf with its midrib, a stalk, the soft highlight of a round,
// glossy thing, a face-on facet set (a star or heart cut into lit and shaded halves), and which
// colour word goes where when an item has a metal part and a stone part ("golden ruby ring").
import type { IconColor } from '../colors.ts';
import { makeMaterial } from '../material.ts';
import type { Material } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { bezier, ellipse, taper } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { ribbon } from '../shapeOps.ts';
import { SHINE } from './common.ts';
import type { IconPalette, RoleLook } from './palette.ts';

/** A leaf from a (stalk end) to b (tip), widest `w` a third of the way, its midrib bent by `bend` (sideways, units). */
export function leafShape(a: Point, b: Point, w: number, bend = 0): { shape: Shape; rib: Point[] } {
  const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const c: Point = [mx + (-(b[1] - a[1]) / len) * bend, my + ((b[0] - a[0]) / len) * bend];
  const rib = bezier(a, c, b, 12);
  const widths = rib.map((_, i) => {
    const t = i / 12;
    return i === 12 ? 0 : w * Math.sin(Math.PI * Math.min(1, t ** 0.8)) + w * 0.08 * (1 - t);
  });
  return { shape: ribbon(rib, widths).whole, rib };
}

/** A leaf and its midrib (a darker line, kept in pixel art). */
export function leafParts(a: Point, b: Point, w: number, mat: Material, bend = 0): Part[] {
  const { shape, rib } = leafShape(a, b, w, bend);
  const vein = ribbon(rib.slice(0, 11), rib.slice(0, 11).map((_, i) => w * 0.09 * (1 - i / 11) + 0.004)).whole;
  return [
    { shape, material: mat, bevel: w * 0.6, line: 0.45 },
    { shape: vein, material: mat, tone: -0.2, thin: true },
  ];
}

/** A stalk from `a` bending through `c` to `b`, thinning from ra to rb. */
export function stalk(a: Point, c: Point, b: Point, ra: number, rb: number, mat: Material): Part {
  const path = bezier(a, c, b, 8);
  return { shape: ribbon(path, path.map((_, i) => ra + ((rb - ra) * i) / 8)).whole, material: mat, bevel: ra, line: 0.45 };
}

/** The soft white highlight of a glossy round thing (drawn inside it). */
export function highlight(x: number, y: number, rx: number, ry: number, opacity = 0.6): Part {
  return { shape: ellipse(x, y, rx, ry), material: SHINE, opacity, tone: 0.4, thin: true };
}

/** A short straight stick of radius r, for handles and bones. */
export const stick = (a: Point, b: Point, r: number): Shape => taper(a[0], a[1], r, b[0], b[1], r);

/** The prompt's colour words in order (at most eight). */
export function wordsOf(palette: IconPalette): IconColor[] {
  const out: IconColor[] = [];
  for (let i = 0; i < 8; i++) {
    const w = palette.word(i);
    if (w) out.push(w);
  }
  return out;
}

/** A material from a colour word (its finish where it brings one), else from `look`. */
export function fromWord(name: string, word: IconColor | undefined, look: RoleLook): Material {
  if (!word) return makeMaterial(name, look.color, look.finish, look.texture);
  return makeMaterial(name, word.color, word.finish ?? look.finish, word.texture ?? (word.finish === null ? look.texture : undefined));
}

/**
 * Colour words of an item with a metal setting and a stone (rings, amulets, crowns): metal words
 * go to the metal, gem and plain colour words to the stone, in text order.
 */
export function metalAndStone(palette: IconPalette): { metal: IconColor | undefined; stone: IconColor | undefined } {
  const words = wordsOf(palette);
  const metal = words.find((w) => w.finish === 'metal');
  const stone = words.find((w) => w !== metal && w.finish !== 'metal');
  return { metal, stone };
}

/** A smooth path through `points` (Catmull-Rom), `steps` points per span: snakes, tails, vines. */
export function smoothPath(points: readonly Point[], steps: number): Point[] {
  const out: Point[] = [];
  const at = (i: number): Point => points[Math.max(0, Math.min(points.length - 1, i))] as Point;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = at(i - 1), p1 = at(i), p2 = at(i + 1), p3 = at(i + 2);
    for (let k = 0; k < steps; k++) {
      const t = k / steps, t2 = t * t, t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number): number => 0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (3 * b - a - 3 * c + d) * t3);
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  out.push(at(points.length - 1));
  return out;
}
