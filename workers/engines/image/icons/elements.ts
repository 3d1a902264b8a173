// Elemental touches around an icon named with an element word: licks of flame for fire,
// snowflakes for ice, drips and bubbles for poison, bolts for lightning, sparkles for magic and
// holy light, wisps for darkness. Placed on the upper edge of what was drawn, seeded.
import { makeMaterial } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { partsExtent } from '../partLayout.ts';
import type { Random } from '../../../kernels/random.ts';
import { capsule, circle, star, taper } from '../shapes.ts';
import type { Point, Shape } from '../shapes.ts';
import { ribbon, smoothUnion, union } from '../shapeOps.ts';
import type { Element } from '../colors.ts';
import { rgb } from './common.ts';

const FLAME = makeMaterial('flame', rgb(255, 120, 30), 'glow');
const FLAME_CORE = makeMaterial('flame core', rgb(255, 226, 90), 'glow');
const FROST = makeMaterial('frost', rgb(214, 240, 255), 'glow');
const VENOM = makeMaterial('venom', rgb(130, 220, 50), 'glass');
const BOLT = makeMaterial('bolt', rgb(255, 240, 110), 'glow');
const ARCANE = makeMaterial('arcane', rgb(210, 160, 255), 'glow');
const HOLY = makeMaterial('holy', rgb(255, 226, 120), 'glow');
const SHADOW = makeMaterial('wisp', rgb(90, 50, 130), 'soft');

/** Points just outside the drawing's upper edge, where touches go. */
function edgePoints(parts: readonly Part[], rng: Random, n: number): Point[] {
  const e = partsExtent(parts);
  const solid = parts.filter((p) => !p.overlay && !p.lineOnly);
  const w = e.x1 - e.x0, h = e.y1 - e.y0, step = Math.max(w, h) / 28;
  const d = (x: number, y: number): number => Math.min(...solid.map((p) => p.shape.d(x, y)));
  const found: Point[] = [];
  for (let y = e.y0; y <= e.y0 + h * 0.75; y += step) {
    for (let x = e.x0; x <= e.x1; x += step) {
      const v = d(x, y);
      if (v > 0 && v < step * 1.2) found.push([x, y]);
    }
  }
  const out: Point[] = [];
  for (let i = 0; i < n && found.length > 0; i++) {
    const k = rng.int(0, found.length - 1);
    out.push(found[k] as Point);
    // Keep touches apart.
    const [px, py] = found[k] as Point;
    for (let j = found.length - 1; j >= 0; j--) {
      const [qx, qy] = found[j] as Point;
      if (Math.hypot(qx - px, qy - py) < step * 4) found.splice(j, 1);
    }
  }
  return out;
}

export function elementParts(element: Element, parts: readonly Part[], rng: Random, pixel: boolean): Part[] {
  const e = partsExtent(parts);
  const r = Math.max(e.x1 - e.x0, e.y1 - e.y0) * (pixel ? 0.065 : 0.05);
  const spots = edgePoints(parts, rng, pixel ? 3 : 5);
  const out: Part[] = [];
  for (const [x, y] of spots) {
    const k = rng.range(0.8, 1.25) * r;
    switch (element) {
      case 'fire': {
        const sway = rng.range(-0.6, 0.6) * k;
        const flame = (s: number): Shape => smoothUnion(k * 0.3 * s, circle(x, y, k * s), taper(x, y - k * 0.2 * s, k * 0.8 * s, x + sway * s, y - k * 2.6 * s, k * 0.05));
        out.push({ shape: flame(1), material: FLAME, overlay: true, bevel: k * 0.6, line: 0.35 });
        out.push({ shape: flame(0.55), material: FLAME_CORE, overlay: true, bevel: k * 0.3 });
        break;
      }
      case 'ice': {
        const arms = [0, Math.PI / 3, (2 * Math.PI) / 3].map((a) => capsule(x - Math.cos(a) * k, y - Math.sin(a) * k, x + Math.cos(a) * k, y + Math.sin(a) * k, k * 0.14));
        out.push({ shape: union(...arms), material: FROST, overlay: true, thin: true, line: 0.3 });
        break;
      }
      case 'poison': {
        const drop = smoothUnion(k * 0.3, circle(x, y + k * 0.6, k * 0.7), taper(x, y + k * 0.3, k * 0.5, x, y - k * 1.2, k * 0.05));
        out.push({ shape: drop, material: VENOM, overlay: true, bevel: k * 0.5, line: 0.35 });
        out.push({ shape: circle(x + k * 1.4, y - k * 1.2, k * 0.35), material: VENOM, overlay: true, bevel: k * 0.3, line: 0.3 });
        break;
      }
      case 'lightning': {
        const b = k * 1.7;
        const pts: Point[] = [[x, y - b * 1.6], [x + b * 0.6, y - b * 0.3], [x - b * 0.3, y - b * 0.2], [x + b * 0.5, y + b * 1.4]];
        out.push({ shape: ribbon(pts, [b * 0.05, b * 0.3, b * 0.3, b * 0.05]).whole, material: BOLT, overlay: true, thin: true, line: 0.35 });
        break;
      }
      case 'dark': {
        const b = k * 1.6;
        const pts: Point[] = [[x, y + b * 0.3], [x + b * 0.8, y - b], [x - b * 0.2, y - b * 2], [x + b * 0.6, y - b * 3]];
        out.push({ shape: ribbon(pts, [b * 0.5, b * 0.38, b * 0.24, b * 0.04]).whole, material: SHADOW, overlay: true, opacity: 0.85, bevel: b * 0.25, line: 0.3 });
        break;
      }
      case 'magic':
      case 'holy':
        out.push({ shape: star(x, y - k * 0.5, k * 1.3, 4, 0.22), material: element === 'magic' ? ARCANE : HOLY, overlay: true, thin: true, tone: 0.2 });
        out.push({ shape: circle(x + k * 1.2, y - k * 1.4, k * 0.25), material: element === 'magic' ? ARCANE : HOLY, overlay: true, thin: true });
        break;
    }
  }
  return out;
}
