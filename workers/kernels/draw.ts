// Drawing soft shapes for the procedural engines: anti-aliased discs and capsules (line segments
// with round ends), blended source-over.
import type { RawImage } from '../types.ts';
import { checkImage, checkNumber } from './check.ts';
import type { Rgba } from './image.ts';

export interface Brush {
  color: Rgba;
  /** Width of the soft edge in pixels (>= 0.5 keeps it anti-aliased). */
  softness: number;
}

/** Blends `color` with coverage `cov` (0..1) over pixel offset `o`. */
function plot(d: Uint8Array, o: number, color: Rgba, cov: number): void {
  const sa = (color.a / 255) * cov;
  if (sa <= 0) return;
  const da = d[o + 3]! / 255;
  const keep = da * (1 - sa);
  const oa = sa + keep;
  d[o] = Math.round((color.r * sa + d[o]! * keep) / oa);
  d[o + 1] = Math.round((color.g * sa + d[o + 1]! * keep) / oa);
  d[o + 2] = Math.round((color.b * sa + d[o + 2]! * keep) / oa);
  d[o + 3] = Math.round(oa * 255);
}

/** A filled disc of `radius` centred at (cx, cy). Mutates `img`. */
export function drawDisc(img: RawImage, cx: number, cy: number, radius: number, brush: Brush): void {
  drawCapsule(img, cx, cy, cx, cy, radius, brush);
}

/** A thick segment from (x0, y0) to (x1, y1) with round ends, `radius` half its width. */
export function drawCapsule(
  img: RawImage,
  x0: number, y0: number, x1: number, y1: number,
  radius: number,
  brush: Brush,
): void {
  checkImage(img, 'canvas');
  checkNumber(radius, 0, 1 << 14, 'radius');
  checkNumber(brush.softness, 0, 1 << 14, 'softness');
  const soft = Math.max(0.5, brush.softness);
  const reach = radius + soft;
  const bx0 = Math.max(0, Math.floor(Math.min(x0, x1) - reach));
  const bx1 = Math.min(img.width - 1, Math.ceil(Math.max(x0, x1) + reach));
  const by0 = Math.max(0, Math.floor(Math.min(y0, y1) - reach));
  const by1 = Math.min(img.height - 1, Math.ceil(Math.max(y0, y1) + reach));
  const vx = x1 - x0;
  const vy = y1 - y0;
  const len2 = vx * vx + vy * vy;
  const d = img.data;
  for (let y = by0; y <= by1; y++) {
    const py = y + 0.5 - y0;
    for (let x = bx0; x <= bx1; x++) {
      const px = x + 0.5 - x0;
      // Distance from the pixel centre to the segment.
      const t = len2 > 0 ? Math.max(0, Math.min(1, (px * vx + py * vy) / len2)) : 0;
      const ex = px - t * vx;
      const ey = py - t * vy;
      const dist = Math.sqrt(ex * ex + ey * ey);
      if (dist >= reach) continue;
      const cov = dist <= radius - soft ? 1 : Math.min(1, (reach - dist) / (2 * soft));
      plot(d, (y * img.width + x) * 4, brush.color, cov);
    }
  }
}
