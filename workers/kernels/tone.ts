// Colour arithmetic for palette ramps: hue and saturation of a colour, and moving a colour to a
// given luma without changing its hue. Ramps are built from stops whose luma must rise with their
// position (a darker source pixel has to stay darker), so every edit here can keep a stop's luma.
import type { Rgba } from './image.ts';
import { hsl, luma } from './recolor.ts';

const clamp255 = (v: number): number => Math.max(0, Math.min(255, Math.round(v)));

/** Luma (Rec. 601, 0..255) of a colour. */
export function lumaOf(c: Rgba): number {
  return luma(c.r, c.g, c.b);
}

interface Hsl {
  h: number;
  s: number;
  l: number;
}

/** Hue (0..360), saturation and lightness (0..1) of a colour. Grey has hue 0 and saturation 0. */
export function toHsl(c: Rgba): Hsl {
  const r = c.r / 255, g = c.g / 255, b = c.b / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d < 1e-6) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / d + 6) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return { h: h * 60, s: Math.min(1, s), l };
}

/**
 * `c` moved to luma `target` along the line to black (when darker) or white (when lighter): the
 * hue stays, and the result's luma is exact up to rounding, because luma is linear in RGB.
 */
export function withLuma(c: Rgba, target: number): Rgba {
  const t = Math.max(0, Math.min(255, target));
  const l = lumaOf(c);
  if (Math.abs(l - t) < 0.25) return { ...c };
  if (t < l) {
    const k = l > 0 ? t / l : 0;
    return { r: clamp255(c.r * k), g: clamp255(c.g * k), b: clamp255(c.b * k), a: c.a };
  }
  const k = l < 255 ? (t - l) / (255 - l) : 0;
  return { r: clamp255(c.r + (255 - c.r) * k), g: clamp255(c.g + (255 - c.g) * k), b: clamp255(c.b + (255 - c.b) * k), a: c.a };
}

/** `c` with hue `h` and saturation scaled to `s`, then put back at its own luma. */
export function withHue(c: Rgba, h: number, s?: number): Rgba {
  const cur = toHsl(c);
  const turned = hsl(((h % 360) + 360) % 360, s ?? cur.s, Math.max(0.02, Math.min(0.98, cur.l)));
  return withLuma({ ...turned, a: c.a }, lumaOf(c));
}

/** Saturation scaled by `k` about the colour's own luma (k > 1 more vivid, < 1 greyer); luma kept. */
export function saturate(c: Rgba, k: number): Rgba {
  const l = lumaOf(c);
  const out = { r: clamp255(l + (c.r - l) * k), g: clamp255(l + (c.g - l) * k), b: clamp255(l + (c.b - l) * k), a: c.a };
  return withLuma(out, l);
}

/** `c` scaled toward black by `k` (0..1, 1 = unchanged): luma scales by the same factor. */
export function shade(c: Rgba, k: number): Rgba {
  return { r: clamp255(c.r * k), g: clamp255(c.g * k), b: clamp255(c.b * k), a: c.a };
}

/** `c` mixed toward white by `k` (0 = unchanged, 1 = white). */
export function tint(c: Rgba, k: number): Rgba {
  return { r: clamp255(c.r + (255 - c.r) * k), g: clamp255(c.g + (255 - c.g) * k), b: clamp255(c.b + (255 - c.b) * k), a: c.a };
}

/** `#rrggbb` of a colour (for sheet.json's plan). */
export function toHex(c: Rgba): string {
  return `#${[c.r, c.g, c.b].map((v) => clamp255(v).toString(16).padStart(2, '0')).join('')}`;
}
