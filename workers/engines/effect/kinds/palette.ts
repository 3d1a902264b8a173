// Effect colours: each element's own ramp (fire is white-yellow-orange-red), recoloured by colour
// words ("green fire") or a reference image's dominant colours. A recolour keeps each stop's
// lightness and takes hue and saturation from the new colour, so a ramp stays a ramp: a bright
// core, a saturated body, a dark edge, whatever the hue.
import type { Rgba } from '../../../kernels/image.ts';
import { hsl } from '../../../kernels/recolor.ts';
import { toHsl } from '../../../kernels/tone.ts';
import type { EffectPalette } from './types.ts';

const hex = (h: string): Rgba => ({
  r: parseInt(h.slice(1, 3), 16), g: parseInt(h.slice(3, 5), 16), b: parseInt(h.slice(5, 7), 16), a: 255,
});
const pal = (ramp: string[], smoke: string[]): EffectPalette => ({ ramp: ramp.map(hex), smoke: smoke.map(hex) });

/** Every element's default colours. */
export const PALETTES = {
  fire: pal(['#fffbe8', '#ffe066', '#ff9a1f', '#e0401a', '#7a1a10'], ['#8a8079', '#57504d', '#2a2625']),
  ice: pal(['#ffffff', '#dcf8ff', '#8fe0ff', '#3fa2f0', '#1f56b0'], ['#eef8ff', '#b4d6ee', '#7898c0']),
  poison: pal(['#f4ffc8', '#b8ff5a', '#5fd62e', '#2f8f2a', '#17451a'], ['#a8d880', '#5c8a4a', '#2c4a28']),
  lightning: pal(['#ffffff', '#eef4ff', '#9cc8ff', '#5a78ff', '#3a2aa8'], ['#d0d8ff', '#8890c0', '#404870']),
  magic: pal(['#fff4ff', '#ffb8f8', '#d070ff', '#8a3ae0', '#3c1680'], ['#e0c8ff', '#9070c0', '#40285c']),
  heal: pal(['#f8fff0', '#c8ffb0', '#6fe07a', '#2fae5a', '#14603a'], ['#e0ffe0', '#a0d8a8', '#5a9a6a']),
  holy: pal(['#ffffff', '#fff4c0', '#ffd85a', '#f0a830', '#a0601a'], ['#fff8e0', '#e8d8a8', '#b09868']),
  water: pal(['#ffffff', '#c8f0ff', '#6cc4ff', '#2a7ee0', '#14408a'], ['#e8f8ff', '#a8d0f0', '#5a88c0']),
  smoke: pal(['#eeecea', '#c4c0bc', '#94908c', '#625e5c', '#34302f'], ['#d8d4d0', '#8c8884', '#3c3836']),
  dust: pal(['#f4e6cc', '#dcc49c', '#b4946c', '#84684c', '#4c3a2a'], ['#e8d8b8', '#b09878', '#6c5840']),
  shadow: pal(['#e0c8ff', '#9a60e0', '#54248c', '#2a1048', '#0e0618'], ['#6a5a80', '#3a2c4c', '#140e1c']),
  energy: pal(['#ffffff', '#c8fbff', '#5fe4ff', '#1f9cf0', '#1a3fa0'], ['#d8f4ff', '#88b8d8', '#3a5a80']),
  force: pal(['#ffffff', '#d8f2ff', '#86ccff', '#3e8ee8', '#2444a0'], ['#e8eef4', '#a8b4c0', '#5c6470']),
  steel: pal(['#ffffff', '#e6faff', '#8fe3ff', '#3aa8f5', '#1f5ab8'], ['#e8f0f4', '#a0b0bc', '#50606c']),
  impact: pal(['#ffffff', '#fff8c8', '#ffd040', '#ff8a20', '#a03a10'], ['#d8d0c8', '#8a8078', '#403a36']),
} satisfies Record<string, EffectPalette>;

export type PaletteName = keyof typeof PALETTES;

/** How a colour word recolours: a hue and saturation, and a lightness curve (dark, white). */
export interface Tint {
  h: number;
  s: number;
  /** Maps each stop's lightness; identity for plain colours. */
  light?: (l: number) => number;
}

/**
 * `stops` recoloured by `tint`. Core stops (the first) drift a little toward yellow-white and edge
 * stops a little the other way, as painted effects do, so the ramp does not look flat.
 */
export function tintStops(stops: readonly Rgba[], tint: Tint, strength = 1): Rgba[] {
  return stops.map((c, i) => {
    const { l } = toHsl(c);
    const pos = stops.length > 1 ? i / (stops.length - 1) : 0.5;
    const h = tint.h + (0.5 - pos) * 16 * tint.s;
    const target = hsl(((h % 360) + 360) % 360, tint.s, tint.light ? tint.light(l) : l);
    return strength >= 1 ? target : mixRgb(c, target, strength);
  });
}

export function mixRgb(a: Rgba, b: Rgba, t: number): Rgba {
  const m = (x: number, y: number): number => Math.round(x + (y - x) * t);
  return { r: m(a.r, b.r), g: m(a.g, b.g), b: m(a.b, b.b), a: 255 };
}

/** The palette recoloured by a tint: the ramp fully, smoke only lightly (smoke stays smoky). */
export function tintPalette(p: EffectPalette, tint: Tint): EffectPalette {
  return { ramp: tintStops(p.ramp, tint), smoke: tintStops(p.smoke, { ...tint, s: Math.min(tint.s, 0.3) }, 0.7) };
}

/**
 * The palette in a reference image's colours (`colors`, dominant first): the dominant colour is
 * the body and the edge, the lighter of the two leading colours the core, each stop keeping part
 * of its own lightness so a dark reference still gives a glowing core. Smoke is tinted lightly.
 */
export function paletteFromColors(p: EffectPalette, colors: readonly Rgba[]): EffectPalette {
  const primary = colors[0];
  if (!primary) return p;
  const second = colors[1] ?? primary;
  const main = toHsl(primary);
  const core = toHsl(second).l > main.l ? toHsl(second) : main;
  const ramp = p.ramp.map((c, i) => {
    const ref = i <= 1 ? core : main;
    return hsl(ref.h, ref.s, toHsl(c).l * 0.6 + ref.l * 0.4);
  });
  return { ramp, smoke: tintStops(p.smoke, { h: main.h, s: Math.min(0.3, main.s) }, 0.7) };
}

const dist = (a: Rgba, b: Rgba): number => Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);

/**
 * Ramp stops that would vanish into the background (closer than `min` in RGB) are moved in
 * lightness away from it, so "green poison on chroma green" still reads on the opaque sheet.
 */
export function separateFrom(p: EffectPalette, bg: Rgba, min = 44): EffectPalette {
  const bgL = toHsl(bg).l;
  const fix = (c: Rgba): Rgba => {
    if (dist(c, bg) >= min) return c;
    const { h, s, l } = toHsl(c);
    const dir = bgL > 0.5 ? -1 : 1;
    for (let k = 1; k <= 10; k++) {
      const moved = hsl(h, s, Math.max(0, Math.min(1, l + dir * 0.05 * k)));
      if (dist(moved, bg) >= min) return moved;
    }
    return hsl(h, s, Math.max(0, Math.min(1, l + dir * 0.5)));
  };
  // Only the ramp's body: its faint outer stop and the smoke are seen through their shading and
  // alpha, and moving greys toward one lightness would flatten the smoke.
  return { ramp: p.ramp.map((c, i) => (i < p.ramp.length - 1 ? fix(c) : c)), smoke: p.smoke };
}
