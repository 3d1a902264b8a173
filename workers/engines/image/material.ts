// Materials for drawn parts: a five-step colour ramp (darkest, shadow, base, light, highlight) with
// hue shifting, as pixel artists paint them (shadows lean toward blue-violet, lights toward yellow,
// so shading reads as light rather than as a grey veil), plus how shiny, glowing or textured the
// surface is. Smooth rendering interpolates the ramp; pixel art picks its five colours only.
import { checkNumber } from '../../kernels/check.ts';
import type { Rgba } from '../../kernels/image.ts';
import { hsl } from '../../kernels/recolor.ts';
import { toHsl } from '../../kernels/tone.ts';

export type Ramp = readonly [Rgba, Rgba, Rgba, Rgba, Rgba];

/** How a surface answers light. */
export type Finish = 'matte' | 'soft' | 'metal' | 'glass' | 'gem' | 'glow';

/** A procedural surface pattern in the part's unit space. */
export interface Texture {
  kind: 'grain' | 'speckle' | 'planks' | 'wrap' | 'clumps' | 'scales';
  /** Tone change at full strength (0..0.5). */
  amount: number;
  /** Features per unit (higher = finer). */
  scale: number;
}

export interface Material {
  name: string;
  ramp: Ramp;
  finish: Finish;
  /** Specular strength 0..1 and sharpness (exponent). */
  spec: number;
  shine: number;
  /** 0..1: how much the surface glows instead of being lit (fire, magic liquid). */
  emissive: number;
  texture?: Texture;
  /** Colour of this material's edge lines: its darkest tone pulled toward ink. */
  line: Rgba;
}

/** Any hue (wrapped), saturation and lightness (clamped to 0..1) and alpha to a colour. */
export function fromHsl(h: number, s: number, l: number, a = 255): Rgba {
  const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
  return { ...hsl(((h % 360) + 360) % 360, clamp01(s), clamp01(l)), a };
}

/** Moves hue h toward `target` by up to `deg` degrees the short way round. */
function shiftHue(h: number, target: number, deg: number): number {
  const diff = ((target - h + 540) % 360) - 180;
  return h + Math.sign(diff) * Math.min(Math.abs(diff), deg);
}

const INK: Rgba = { r: 22, g: 16, b: 30, a: 255 };

function mix(a: Rgba, b: Rgba, t: number): Rgba {
  const m = (x: number, y: number): number => Math.round(x + (y - x) * t);
  return { r: m(a.r, b.r), g: m(a.g, b.g), b: m(a.b, b.b), a: 255 };
}

/**
 * The five-step ramp around `base`; `contrast` > 1 spreads it (metal), < 1 flattens it (glow);
 * `shift` scales the hue shifting (skin wants little: its shadows must not turn red).
 */
export function makeRamp(base: Rgba, contrast = 1, shift = 1): Ramp {
  checkNumber(contrast, 0.2, 3, 'contrast');
  checkNumber(shift, 0, 2, 'shift');
  const { h, s, l } = toHsl(base);
  // Greys get a faint cool shadow and warm light so they do not look dead.
  const sat = (k: number): number => (s < 0.06 ? 0.08 : Math.min(1, s * (1 + (k - 1) * shift)));
  const dark = (k: number): number => l * Math.max(0.05, 1 - (1 - k) * contrast);
  const lift = (k: number): number => l + (1 - l) * Math.min(0.95, k * contrast);
  return [
    fromHsl(shiftHue(h, 255, 28 * shift), sat(0.85), dark(0.3)),
    fromHsl(shiftHue(h, 250, 14 * shift), sat(1.05), dark(0.64)),
    { ...base, a: 255 },
    fromHsl(shiftHue(h, 55, 10 * shift), sat(0.95), lift(0.32)),
    fromHsl(shiftHue(h, 55, 16 * shift), sat(0.7), lift(0.72)),
  ];
}

const FINISH: Record<Finish, { contrast: number; spec: number; shine: number; emissive: number }> = {
  matte: { contrast: 1, spec: 0.06, shine: 8, emissive: 0 },
  soft: { contrast: 0.9, spec: 0.25, shine: 14, emissive: 0 },
  metal: { contrast: 1.25, spec: 0.75, shine: 22, emissive: 0 },
  glass: { contrast: 0.9, spec: 0.9, shine: 40, emissive: 0.1 },
  gem: { contrast: 1.3, spec: 0.9, shine: 30, emissive: 0.1 },
  glow: { contrast: 0.7, spec: 0.3, shine: 16, emissive: 0.55 },
};

/** A material of colour `base` and `finish`, optionally textured; `shift` scales its hue shifting. */
export function makeMaterial(name: string, base: Rgba, finish: Finish, texture?: Texture, shift = 1): Material {
  const f = FINISH[finish];
  const ramp = makeRamp(base, f.contrast, shift);
  return {
    name, ramp, finish, spec: f.spec, shine: f.shine, emissive: f.emissive,
    ...(texture ? { texture } : {}),
    line: mix(ramp[0], INK, 0.55),
  };
}

/** The same material with its colours moved by `dl` lightness (a darker band, a paler belly). */
export function shadeMaterial(m: Material, dl: number, name = m.name): Material {
  const base = toHsl(m.ramp[2]);
  const next = makeMaterial(name, fromHsl(base.h, base.s, base.l + dl), m.finish, m.texture);
  return next;
}
