// The swoosh of a strike for a figure whose arm is not found (a 16 px knight's arm is a pixel or
// two against its body, a chibi's crosses its chest): a crescent in front of the body on the fast
// frames, as animators draw a smear arc, so the attack reads as a blow and not as a lean.
import type { RawImage } from '../../types.ts';
import { blendPixel } from '../../kernels/blit.ts';
import type { Extent } from '../rig/skin.ts';

export interface Arc {
  /** The outer circle's centre and radius; the inner circle is the outer moved back by `thickness`. */
  cx: number;
  cy: number;
  radius: number;
  thickness: number;
  fwd: 1 | -1;
}

/** How far round from straight ahead the arc reaches, above and below (radians). */
const REACH = 1.25;

/** The arc in front of a body whose posed extent is `body`, facing `fwd`. */
export function arcFor(body: Extent, fwd: 1 | -1): Arc {
  const h = body.y1 - body.y0;
  const front = fwd > 0 ? body.x1 : body.x0;
  const radius = 0.55 * h;
  // The circle reaches 0.18 of the height past the body's front edge, centred at the chest.
  return { cx: front + fwd * (0.18 * h - radius), cy: body.y0 + 0.5 * h, radius, thickness: Math.max(2, 0.1 * h), fwd };
}

/** What the arc covers, to grow the canvas by. */
export function arcExtent(a: Arc): Extent {
  const reachY = a.radius * Math.sin(REACH);
  const near = a.cx + a.fwd * a.radius * Math.cos(REACH) - a.fwd * a.thickness;
  const far = a.cx + a.fwd * a.radius;
  return { x0: Math.min(near, far), x1: Math.max(near, far), y0: a.cy - reachY, y1: a.cy + reachY };
}

/**
 * The arc drawn onto `canvas` at (ox, oy) in `color` at `opacity`. Pixel art gets hard pixels (in
 * or out, at half coverage); painted art a soft edge of a pixel.
 */
export function drawArc(canvas: RawImage, a: Arc, ox: number, oy: number, color: readonly [number, number, number], opacity: number, pixel: boolean): void {
  const e = arcExtent(a);
  const x0 = Math.max(0, Math.floor(e.x0 + ox)), x1 = Math.min(canvas.width, Math.ceil(e.x1 + ox));
  const y0 = Math.max(0, Math.floor(e.y0 + oy)), y1 = Math.min(canvas.height, Math.ceil(e.y1 + oy));
  const inner = { x: a.cx - a.fwd * a.thickness, y: a.cy };
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    const px = x + 0.5 - ox, py = y + 0.5 - oy;
    const angle = Math.atan2(py - a.cy, a.fwd * (px - a.cx));
    if (Math.abs(angle) > REACH) continue;
    // Inside the outer circle by `outside`, outside the inner by `beyondInner`: the crescent's depth.
    const outside = a.radius - Math.hypot(px - a.cx, py - a.cy);
    const beyondInner = Math.hypot(px - inner.x, py - inner.y) - a.radius;
    // The tips thin away: the last fifth of the reach fades out.
    const tip = Math.min(1, (REACH - Math.abs(angle)) / (0.2 * REACH));
    const cover = Math.max(0, Math.min(1, outside + 0.5, beyondInner + 0.5)) * tip;
    if (pixel ? cover < 0.5 : cover <= 0) continue;
    blendPixel(canvas.data, (y * canvas.width + x) * 4, color[0], color[1], color[2], 255 * opacity * (pixel ? 1 : cover));
  }
}
