// Colour changes that keep the drawing: a tint that keeps each pixel's luminance (shading and
// outlines survive, only the hue moves) and the average colour of an image (for reference images).
import type { RawImage } from '../types.ts';
import { checkImage, checkNumber } from './check.ts';
import type { Rgba } from './image.ts';

/** Rec. 601 luma, 0..255: how bright a colour looks, which the tint keeps. */
export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/**
 * `img` tinted toward `color` by `strength` (0 = unchanged, 1 = fully colourised). Each pixel's
 * luma L maps onto the tint's ramp black -> color -> white, so dark stays dark and light stays
 * light; alpha is untouched. Returns a new image.
 */
export function recolor(img: RawImage, color: Rgba, strength: number): RawImage {
  checkImage(img, 'image');
  checkNumber(strength, 0, 1, 'strength');
  // One ramp entry per luma value: the per-pixel work is a lookup and a lerp.
  const ramp = new Uint8Array(256 * 3);
  const lc = Math.max(1, Math.min(254, luma(color.r, color.g, color.b)));
  for (let l = 0; l < 256; l++) {
    const chan = [color.r, color.g, color.b];
    for (let c = 0; c < 3; c++) {
      const v = chan[c]!;
      ramp[l * 3 + c] = Math.round(l <= lc ? (v * l) / lc : v + ((255 - v) * (l - lc)) / (255 - lc));
    }
  }
  const src = img.data;
  const out = new Uint8Array(src.length);
  const s = strength;
  for (let i = 0; i < src.length; i += 4) {
    const a = src[i + 3]!;
    if (a === 0) continue;
    const r = src[i]!, g = src[i + 1]!, b = src[i + 2]!;
    const l = Math.round(luma(r, g, b)) * 3;
    out[i] = Math.round(r + (ramp[l]! - r) * s);
    out[i + 1] = Math.round(g + (ramp[l + 1]! - g) * s);
    out[i + 2] = Math.round(b + (ramp[l + 2]! - b) * s);
    out[i + 3] = a;
  }
  return { data: out, width: img.width, height: img.height };
}

/** Alpha-weighted mean colour (opaque result); mid grey for a fully transparent image. */
export function averageColor(img: RawImage): Rgba {
  checkImage(img, 'image');
  const d = img.data;
  let r = 0, g = 0, b = 0, w = 0;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3]!;
    if (a === 0) continue;
    r += d[i]! * a;
    g += d[i + 1]! * a;
    b += d[i + 2]! * a;
    w += a;
  }
  if (w === 0) return { r: 128, g: 128, b: 128, a: 255 };
  return { r: Math.round(r / w), g: Math.round(g / w), b: Math.round(b / w), a: 255 };
}

/** Hue (0..360), saturation and lightness (0..1) to an opaque colour. */
export function hsl(h: number, s: number, l: number): Rgba {
  const k = (n: number): number => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return { r: f(0), g: f(8), b: f(4), a: 255 };
}

/** `c` mixed toward `d` by t (0..1), per channel, straight alpha. */
export function mixColor(c: Rgba, d: Rgba, t: number): Rgba {
  const m = (x: number, y: number): number => Math.round(x + (y - x) * t);
  return { r: m(c.r, d.r), g: m(c.g, d.g), b: m(c.b, d.b), a: m(c.a, d.a) };
}
