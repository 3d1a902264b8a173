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
  /** How far the crescent's middle is turned down from straight ahead (radians; 0 ahead). */
  tilt?: number;
  /** How far round from its middle it reaches either way (radians); REACH unless set. */
  reach?: number;
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

/**
 * The arc a front-view figure strikes with: across the front of its body, from the striking arm's
 * shoulder (`side`: -1 the left of the picture) at the neck's height down through the chest to the
 * other hip, bowed toward the arm's side below, as a blade swung over the shoulder and down across
 * the body. It lies mostly over the body (drawn over it), so the figure keeps about its area.
 */
export function arcAcross(body: Extent, side: 1 | -1, neckY: number, hipY: number): Arc {
  const w = body.x1 - body.x0, mx = (body.x0 + body.x1) / 2;
  const s = { x: mx + side * 0.4 * w, y: neckY }, e = { x: mx - side * 0.3 * w, y: hipY };
  const dx = e.x - s.x, dy = e.y - s.y, chord = Math.max(1, Math.hypot(dx, dy));
  // The normal to the chord on its lower side, where the crescent bows.
  let nx = -dy / chord, ny = dx / chord;
  if (ny < 0) { nx = -nx; ny = -ny; }
  const sag = 0.22 * chord;
  const radius = (chord * chord / 4 + sag * sag) / (2 * sag);
  const cx = (s.x + e.x) / 2 - nx * (radius - sag), cy = (s.y + e.y) / 2 - ny * (radius - sag);
  // A tenth of the chord thick, a pixel at least: across a 15 px figure's face a band two pixels
  // wide reads as a mask, a line as the swing.
  return {
    cx, cy, radius, thickness: Math.max(1, 0.1 * chord), fwd: side,
    tilt: Math.atan2(ny, side * nx), reach: Math.asin(Math.min(1, chord / 2 / radius)),
  };
}

/** What the arc covers, to grow the canvas by. */
export function arcExtent(a: Arc): Extent {
  const tilt = a.tilt ?? 0, reach = a.reach ?? REACH;
  // The crescent's outline: the outer circle's arc and its tips (the inner one lies within them).
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const add = (x: number, y: number) => { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); };
  for (let k = 0; k <= 32; k++) {
    const t = tilt - reach + (2 * reach * k) / 32;
    add(a.cx + a.fwd * a.radius * Math.cos(t), a.cy + a.radius * Math.sin(t));
    add(a.cx - a.fwd * a.thickness * Math.cos(tilt) + a.fwd * a.radius * Math.cos(t), a.cy - a.thickness * Math.sin(tilt) + a.radius * Math.sin(t));
  }
  return { x0, x1, y0, y1 };
}

/**
 * The arc drawn onto `canvas` at (ox, oy) in `color` at `opacity`. Pixel art gets hard pixels (in
 * or out, at half coverage); painted art a soft edge of a pixel.
 */
export function drawArc(canvas: RawImage, a: Arc, ox: number, oy: number, color: readonly [number, number, number], opacity: number, pixel: boolean): void {
  const e = arcExtent(a);
  const x0 = Math.max(0, Math.floor(e.x0 + ox)), x1 = Math.min(canvas.width, Math.ceil(e.x1 + ox));
  const y0 = Math.max(0, Math.floor(e.y0 + oy)), y1 = Math.min(canvas.height, Math.ceil(e.y1 + oy));
  const tilt = a.tilt ?? 0, reach = a.reach ?? REACH;
  const inner = { x: a.cx - a.fwd * a.thickness * Math.cos(tilt), y: a.cy - a.thickness * Math.sin(tilt) };
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    const px = x + 0.5 - ox, py = y + 0.5 - oy;
    let angle = Math.atan2(py - a.cy, a.fwd * (px - a.cx)) - tilt;
    if (angle > Math.PI) angle -= 2 * Math.PI;
    if (angle < -Math.PI) angle += 2 * Math.PI;
    if (Math.abs(angle) > reach) continue;
    // Inside the outer circle by `outside`, outside the inner by `beyondInner`: the crescent's depth.
    const outside = a.radius - Math.hypot(px - a.cx, py - a.cy);
    const beyondInner = Math.hypot(px - inner.x, py - inner.y) - a.radius;
    // The tips thin away: the last fifth of the reach fades out.
    const tip = Math.min(1, (reach - Math.abs(angle)) / (0.2 * reach));
    const cover = Math.max(0, Math.min(1, outside + 0.5, beyondInner + 0.5)) * tip;
    if (pixel ? cover < 0.5 : cover <= 0) continue;
    blendPixel(canvas.data, (y * canvas.width + x) * 4, color[0], color[1], color[2], 255 * opacity * (pixel ? 1 : cover));
  }
}
