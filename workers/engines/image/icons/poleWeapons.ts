// Spears and staves. Spears: a long shaft, a leaf-shaped ridged head on a metal socket, a binding and
// sometimes a tassel; halberds add an axe blade, tridents three prongs. Staves: a crooked wooden
// staff holding a glowing orb in a claw or a crystal; wands are short with a star or gem tip;
// sceptres are metal with a crowned head.
import type { Part } from '../partRaster.ts';
import { circle, polygon, roundBox, star, taper } from '../shapes.ts';
import type { Point } from '../shapes.ts';
import { ribbon, union } from '../shapeOps.ts';
import { LOOKS, fixed, glint, rgb, turn } from './common.ts';
import { bladeParts } from './sword.ts';
import type { Generator } from './types.ts';

export const spear: Generator = (ctx) => {
  const { rng, palette, variant, pixel } = ctx;
  const kind = variant === 'halberd' ? 'halberd' : variant === 'trident' ? 'trident' : 'spear';
  const metal = palette.role(0, 'head', LOOKS.steel);
  const wood = palette.role(1, 'shaft', LOOKS.wood);
  const cloth = fixed('binding', { color: ctx.colorRng.pick([rgb(190, 40, 48), rgb(40, 90, 190), rgb(230, 180, 40)]), finish: 'matte' });
  const top = -0.55, bottom = 1.05;
  const parts: Part[] = [{ shape: taper(0, bottom, 0.045, 0, top, 0.042), material: wood, bevel: 0.045, line: 0.45 }];
  if (kind === 'trident') {
    parts.push({ shape: ribbon([[-0.26, top - 0.05], [-0.2, top + 0.06], [0, top + 0.1], [0.2, top + 0.06], [0.26, top - 0.05]], [0.04, 0.05, 0.06, 0.05, 0.04]).whole, material: metal, bevel: 0.04, line: 0.45 });
    for (const x of [-0.26, 0, 0.26]) {
      parts.push(...bladeParts({ base: top, length: x === 0 ? 0.62 : 0.48, width: 0.045, curve: 0, profile: 'straight', fuller: false }, metal, pixel).map((p) => ({ ...p, shape: { d: (px: number, py: number) => p.shape.d(px - x, py), box: { ...p.shape.box, x0: p.shape.box.x0 + x, x1: p.shape.box.x1 + x } } })));
    }
  } else {
    const length = kind === 'halberd' ? 0.5 : rng.range(0.5, 0.62);
    parts.push(...bladeParts({ base: top - 0.04, length, width: rng.range(0.09, 0.12), curve: 0, profile: 'leaf', fuller: false }, metal, pixel));
    if (kind === 'halberd') {
      const y = top + 0.1;
      const blade: Point[] = [[0.03, y - 0.1], [0.36, y - 0.22], [0.44, y + 0.02], [0.36, y + 0.24], [0.03, y + 0.12]];
      parts.push({ shape: polygon(blade), material: metal, bevel: 0.05, tilt: [0.15, 0], line: 0.45 });
      parts.push({ shape: polygon([[-0.03, y - 0.05], [-0.3, y + 0.04], [-0.03, y + 0.1]]), material: metal, bevel: 0.03, line: 0.45 });
    }
  }
  parts.push({ shape: taper(0, top + 0.16, 0.06, 0, top - 0.03, 0.045), material: fixed('socket', LOOKS.iron), bevel: 0.05, line: 0.45 });
  parts.push({ shape: roundBox(0, top + 0.24, 0.06, 0.05, 0.02), material: cloth, bevel: 0.04, line: 0.45 });
  if (kind === 'spear' && rng.next() < 0.6) {
    parts.push({ shape: polygon([[-0.02, top + 0.27], [-0.12, top + 0.55], [-0.02, top + 0.5], [0.05, top + 0.58], [0.03, top + 0.27]]), material: cloth, bevel: 0.03, line: 0.45 });
  }
  parts.push({ shape: roundBox(0, bottom - 0.25, 0.055, 0.12, 0.02), material: fixed('grip', { ...LOOKS.leather, texture: { kind: 'wrap', amount: 0.1, scale: 11 } }), bevel: 0.05, line: 0.45 });
  return { parts: turn(parts, Math.PI / 4), glow: palette.glow ?? undefined, notes: { head: kind } };
};

export const staff: Generator = (ctx) => {
  const { rng, palette, variant, colorRng, pixel } = ctx;
  const kind = variant === 'wand' ? 'wand' : variant === 'scepter' ? 'scepter' : rng.pick(['orb', 'orb', 'crystal', 'curl'] as const);
  const magicColor = palette.named(0) ? undefined : colorRng.pick([rgb(80, 170, 255), rgb(170, 90, 250), rgb(60, 220, 150), rgb(255, 120, 60), rgb(250, 80, 140)]);
  const orbMat = palette.role(0, 'orb', { color: magicColor ?? rgb(80, 170, 255), finish: 'glow' });
  const parts: Part[] = [];
  let head: Point = [0, 0];
  if (kind === 'wand' || kind === 'scepter') {
    const len = kind === 'wand' ? 1.1 : 1.35;
    const top = -len / 2, bottom = len / 2;
    const shaftMat = kind === 'wand' ? palette.role(1, 'wand', LOOKS.darkWood) : palette.role(1, 'rod', LOOKS.gold);
    parts.push({ shape: taper(0, bottom, kind === 'wand' ? 0.035 : 0.045, 0, top + 0.1, kind === 'wand' ? 0.025 : 0.04), material: shaftMat, bevel: 0.04, line: 0.45 });
    if (kind === 'wand') {
      parts.push({ shape: roundBox(0, bottom - 0.15, 0.045, 0.15, 0.02), material: fixed('grip', LOOKS.gold), bevel: 0.04, line: 0.45 });
      parts.push({ shape: star(0, top - 0.02, 0.2, 5, 0.45), material: orbMat, bevel: 0.06, line: 0.45 });
    } else {
      parts.push({ shape: roundBox(0, top + 0.12, 0.09, 0.03, 0.015), material: shaftMat, bevel: 0.03, line: 0.45 });
      parts.push({ shape: union(star(0, top - 0.1, 0.22, 5, 0.5, -Math.PI / 2), circle(0, top - 0.05, 0.12)), material: shaftMat, bevel: 0.05, line: 0.45 });
      parts.push({ shape: circle(0, top - 0.08, 0.09), material: orbMat, bevel: 0.09, line: 0.45 });
    }
    head = [0, top - 0.05];
  } else {
    // A crooked staff: a wavy centre line with a width that thins toward the top.
    const n = 10, top = -0.62, bottom = 0.95;
    const path: Point[] = [], widths: number[] = [];
    const wob = rng.range(0.015, 0.035), phase = rng.range(0, 6);
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      path.push([Math.sin(t * 9 + phase) * wob, bottom - (bottom - top) * t]);
      widths.push(0.075 - 0.02 * t);
    }
    const wood = palette.role(1, 'staff', LOOKS.wood);
    parts.push({ shape: ribbon(path, widths).whole, material: wood, bevel: 0.05, line: 0.45, texAngle: 0 });
    parts.push({ shape: roundBox(path[4]?.[0] ?? 0, 0.35, 0.06, 0.09, 0.02), material: fixed('wrap', { ...LOOKS.leather, texture: { kind: 'wrap', amount: 0.1, scale: 11 } }), bevel: 0.05, line: 0.45 });
    const tx = path[n]?.[0] ?? 0;
    if (kind === 'orb') {
      const r = rng.range(0.24, 0.3);
      head = [tx, top - r * 0.9];
      // Claws curl up around the orb.
      for (const s of [-1, 1]) {
        const claw: Point[] = [[tx + s * 0.03, top + 0.05], [tx + s * (r + 0.05), top - r * 0.4], [tx + s * (r + 0.02), top - r * 1.3], [tx + s * r * 0.45, top - r * 1.85]];
        parts.push({ shape: ribbon(claw, [0.045, 0.04, 0.03, 0.008]).whole, material: wood, bevel: 0.03, line: 0.45 });
      }
      parts.unshift({ shape: circle(head[0], head[1], r), material: orbMat, bevel: r, line: 0.45 });
      parts.push({ shape: circle(head[0] - r * 0.35, head[1] - r * 0.35, r * 0.22), material: orbMat, tone: 0.35 });
    } else if (kind === 'crystal') {
      const h = rng.range(0.62, 0.76), w = rng.range(0.16, 0.2);
      head = [tx, top - h * 0.45];
      const c: Point[] = [[tx, top - h], [tx + w, top - h * 0.75], [tx + w, top - h * 0.1], [tx, top + 0.04], [tx - w, top - h * 0.1], [tx - w, top - h * 0.75]];
      parts.push({ shape: polygon(c), material: palette.role(0, 'crystal', { color: magicColor ?? rgb(80, 170, 255), finish: 'gem' }), bevel: 0.02, tilt: [-0.15, 0], line: 0.45 });
      parts.push({ shape: polygon([[tx, top - h], [tx + w, top - h * 0.75], [tx + w, top - h * 0.1], [tx, top + 0.04]]), material: palette.role(0, 'crystal', { color: magicColor ?? rgb(80, 170, 255), finish: 'gem' }), tilt: [0.5, 0], tone: -0.05 });
      parts.push({ shape: ribbon([[tx - 0.08, top + 0.02], [tx, top - 0.06], [tx + 0.08, top + 0.02]], [0.03, 0.035, 0.03]).whole, material: fixed('band', LOOKS.gold), bevel: 0.03, line: 0.45 });
    } else {
      // The wood curls into a hook with a gem floating inside it.
      const curl: Point[] = [];
      for (let i = 0; i <= 14; i++) {
        const a = Math.PI * (1 - (i / 14) * 1.6), rr = 0.26 * (1 - i / 22);
        curl.push([tx + 0.26 + Math.cos(a) * rr, top - 0.26 * 0.1 - Math.sin(a) * rr * 1.1]);
      }
      curl[0] = [tx, top + 0.02];
      parts.push({ shape: ribbon(curl, curl.map((_, i) => 0.055 - i * 0.0025)).whole, material: wood, bevel: 0.03, line: 0.45 });
      head = [tx + 0.26, top - 0.06];
      parts.push({ shape: circle(head[0], head[1], 0.14), material: orbMat, bevel: 0.14, line: 0.45 });
    }
  }
  const turned = turn(parts, Math.PI / 4);
  if (!pixel) {
    const [hx, hy] = [head[0] * Math.SQRT1_2 - head[1] * Math.SQRT1_2, head[0] * Math.SQRT1_2 + head[1] * Math.SQRT1_2];
    turned.push(glint(star(hx + 0.22, hy - 0.12, 0.12, 4, 0.2)));
    turned.push(glint(star(hx - 0.14, hy - 0.2, 0.07, 4, 0.25)));
  }
  return { parts: turned, glow: palette.glow ?? orbMat.ramp[3], notes: { head: kind } };
};
