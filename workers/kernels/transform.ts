// Moving, squashing and mirroring a sprite inside its own canvas: the building block of the
// procedural motions. Scaling is about an anchor (the sprite's feet), so a squash stays on the ground.
import type { RawImage } from '../types.ts';
import { at, checkImage, checkNumber } from './check.ts';
import { opaqueBounds, translate } from './compose.ts';
import type { ResizeMode } from './resize.ts';

export interface SpriteTransform {
  /** Offset in pixels (whole pixels in 'nearest' mode: the caller rounds). */
  dx: number;
  dy: number;
  /** Scale about the anchor; a negative scaleX mirrors. */
  scaleX: number;
  scaleY: number;
  /** Point that stays put under scaling, in canvas pixels. */
  anchorX: number;
  anchorY: number;
}

export const IDENTITY: Readonly<SpriteTransform> = Object.freeze({ dx: 0, dy: 0, scaleX: 1, scaleY: 1, anchorX: 0, anchorY: 0 });

type Box = { x: number; y: number; width: number; height: number };

/**
 * `img` transformed by `t` on a canvas of the same size (transparent outside). 'nearest' only
 * ever copies input pixels; 'smooth' samples bilinearly in premultiplied alpha. `bounds` (the
 * opaque box of `img`, if the caller already knows it) limits the work to where the sprite lands.
 */
export function transformSprite(img: RawImage, t: SpriteTransform, mode: ResizeMode, bounds?: Box | null): RawImage {
  checkImage(img, 'image');
  checkNumber(t.dx, -1e5, 1e5, 'dx');
  checkNumber(t.dy, -1e5, 1e5, 'dy');
  checkNumber(Math.abs(t.scaleX), 1e-3, 64, 'scaleX');
  checkNumber(Math.abs(t.scaleY), 1e-3, 64, 'scaleY');
  if (t.scaleX === 1 && t.scaleY === 1 && Number.isInteger(t.dx) && Number.isInteger(t.dy)) {
    return translate(img, t.dx, t.dy);
  }
  const { width, height } = img;
  const out = new Uint8Array(width * height * 4);
  const box = bounds === undefined ? opaqueBounds(img) : bounds;
  if (!box) return { data: out, width, height };
  // Where the box lands: forward-map its corners, pad a pixel for the bilinear footprint.
  const xs = [box.x, box.x + box.width].map((x) => t.anchorX + (x - t.anchorX) * t.scaleX + t.dx);
  const ys = [box.y, box.y + box.height].map((y) => t.anchorY + (y - t.anchorY) * t.scaleY + t.dy);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)) - 1);
  const x1 = Math.min(width, Math.ceil(Math.max(...xs)) + 1);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)) - 1);
  const y1 = Math.min(height, Math.ceil(Math.max(...ys)) + 1);
  const invX = 1 / t.scaleX;
  const invY = 1 / t.scaleY;
  const src = img.data;
  for (let y = y0; y < y1; y++) {
    const v = t.anchorY + (y + 0.5 - t.anchorY - t.dy) * invY;
    for (let x = x0; x < x1; x++) {
      const u = t.anchorX + (x + 0.5 - t.anchorX - t.dx) * invX;
      const o = (y * width + x) * 4;
      if (mode === 'nearest') {
        const sx = Math.floor(u);
        const sy = Math.floor(v);
        if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
        const i = (sy * width + sx) * 4;
        out[o] = at(src, i);
        out[o + 1] = at(src, i + 1);
        out[o + 2] = at(src, i + 2);
        out[o + 3] = at(src, i + 3);
      } else {
        sampleBilinear(src, width, height, u - 0.5, v - 0.5, out, o);
      }
    }
  }
  return { data: out, width, height };
}

/** Premultiplied bilinear sample at (fx, fy) in pixel-centre coordinates; outside is transparent. */
function sampleBilinear(src: Uint8Array, w: number, h: number, fx: number, fy: number, out: Uint8Array, o: number): void {
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const ax = fx - x0;
  const ay = fy - y0;
  let r = 0, g = 0, b = 0, a = 0;
  for (let k = 0; k < 4; k++) {
    const sx = x0 + (k & 1);
    const sy = y0 + (k >> 1);
    if (sx < 0 || sy < 0 || sx >= w || sy >= h) continue;
    const wgt = ((k & 1) ? ax : 1 - ax) * ((k >> 1) ? ay : 1 - ay);
    const i = (sy * w + sx) * 4;
    const pa = at(src, i + 3);
    if (pa === 0 || wgt === 0) continue;
    const wa = wgt * pa;
    r += at(src, i) * wa;
    g += at(src, i + 1) * wa;
    b += at(src, i + 2) * wa;
    a += wa;
  }
  const alpha = Math.round(a / 255);
  if (alpha <= 0) return;
  out[o] = Math.min(255, Math.round(r / a));
  out[o + 1] = Math.min(255, Math.round(g / a));
  out[o + 2] = Math.min(255, Math.round(b / a));
  out[o + 3] = Math.min(255, alpha);
}
