// Moving, squashing and mirroring a sprite inside its own canvas: the building block of the
// procedural motions. Scaling is about an anchor (the sprite's feet), so a squash stays on the ground.
import type { RawImage } from '../types.ts';
import { checkImage, checkNumber } from './check.ts';
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
  // The inverse map is separable: source column depends on x only, source row on y only, so
  // both are computed once per column and once per row instead of once per pixel.
  const cols = x1 - x0;
  const colPos = new Float64Array(cols);
  for (let x = x0; x < x1; x++) colPos[x - x0] = t.anchorX + (x + 0.5 - t.anchorX - t.dx) * invX;
  for (let y = y0; y < y1; y++) {
    const v = t.anchorY + (y + 0.5 - t.anchorY - t.dy) * invY;
    const rowOut = y * width * 4;
    if (mode === 'nearest') {
      const sy = Math.floor(v);
      if (sy < 0 || sy >= height) continue;
      const rowIn = sy * width * 4;
      for (let c = 0; c < cols; c++) {
        const sx = Math.floor(colPos[c]!);
        if (sx < 0 || sx >= width) continue;
        const i = rowIn + sx * 4;
        const o = rowOut + (x0 + c) * 4;
        out[o] = src[i]!;
        out[o + 1] = src[i + 1]!;
        out[o + 2] = src[i + 2]!;
        out[o + 3] = src[i + 3]!;
      }
    } else {
      bilinearRow(src, width, height, v - 0.5, colPos, out, rowOut + x0 * 4);
    }
  }
  return { data: out, width, height };
}

/**
 * One output row of premultiplied bilinear samples: source row position `fy`, source column
 * positions `colPos` (pixel centres at +0.5). Outside the source is transparent.
 */
function bilinearRow(src: Uint8Array, w: number, h: number, fy: number, colPos: Float64Array, out: Uint8Array, o0: number): void {
  const yTop = Math.floor(fy);
  const ay = fy - yTop;
  const topOk = yTop >= 0 && yTop < h;
  const botOk = yTop + 1 >= 0 && yTop + 1 < h;
  if (!topOk && !botOk) return;
  // Out-of-range taps read a clamped (valid) pixel with weight 0: no branches per channel.
  const top = Math.max(0, Math.min(h - 1, yTop)) * w * 4;
  const bot = Math.max(0, Math.min(h - 1, yTop + 1)) * w * 4;
  const wt = topOk ? 1 - ay : 0;
  const wb = botOk ? ay : 0;
  for (let c = 0, o = o0; c < colPos.length; c++, o += 4) {
    const fx = colPos[c]! - 0.5;
    const xl = Math.floor(fx);
    const ax = fx - xl;
    const wl = xl >= 0 && xl < w ? 1 - ax : 0;
    const wr = xl + 1 >= 0 && xl + 1 < w ? ax : 0;
    const l = Math.max(0, Math.min(w - 1, xl)) * 4;
    const r = Math.max(0, Math.min(w - 1, xl + 1)) * 4;
    const i00 = top + l, i01 = top + r, i10 = bot + l, i11 = bot + r;
    // Weight x alpha of each of the four taps.
    const w00 = wt * wl * src[i00 + 3]!;
    const w01 = wt * wr * src[i01 + 3]!;
    const w10 = wb * wl * src[i10 + 3]!;
    const w11 = wb * wr * src[i11 + 3]!;
    const a = w00 + w01 + w10 + w11;
    if (a < 0.5) continue;
    const inv = 1 / a;
    out[o] = (src[i00]! * w00 + src[i01]! * w01 + src[i10]! * w10 + src[i11]! * w11) * inv + 0.5;
    out[o + 1] = (src[i00 + 1]! * w00 + src[i01 + 1]! * w01 + src[i10 + 1]! * w10 + src[i11 + 1]! * w11) * inv + 0.5;
    out[o + 2] = (src[i00 + 2]! * w00 + src[i01 + 2]! * w01 + src[i10 + 2]! * w10 + src[i11 + 2]! * w11) * inv + 0.5;
    out[o + 3] = a + 0.5; // weights sum to 1, so this is the alpha (Uint8Array store truncates)
  }
}
