// Soft shadows and glows under a drawn icon: a drop shadow of its own silhouette, a ground shadow
// under standing subjects, an elemental glow. They are smooth, so they are blurred small (about 256
// px whatever the output size) and enlarged bilinearly while being laid under the icon.
import type { RawImage } from '../../types.ts';
import { checkImage, checkInt, checkNumber } from '../../kernels/check.ts';
import type { Rgba } from '../../kernels/image.ts';
import { layUnder } from './iconFinish.ts';

/** Box blur of a float plane, `passes` times each way (three passes approach a Gaussian). */
function blurPlane(src: Float32Array, w: number, h: number, radius: number, passes = 3): Float32Array {
  let a: Float32Array = src, b: Float32Array = new Float32Array(src.length);
  const r = Math.max(1, Math.round(radius));
  const line = new Float32Array(Math.max(w, h));
  for (let pass = 0; pass < passes; pass++) {
    for (const [len, count, step, stride] of [[w, h, 1, w], [h, w, w, 1]] as const) {
      for (let k = 0; k < count; k++) {
        const base = k * stride;
        for (let i = 0; i < len; i++) line[i] = (a[base + i * step] as number);
        let sum = 0;
        for (let i = -r; i <= r; i++) sum += i >= 0 && i < len ? (line[i] as number) : 0;
        for (let i = 0; i < len; i++) {
          b[base + i * step] = sum / (2 * r + 1);
          const add = i + r + 1, drop = i - r;
          if (add < len) sum += (line[add] as number);
          if (drop >= 0) sum -= (line[drop] as number);
        }
      }
      [a, b] = [b, a];
    }
  }
  return a;
}

/**
 * The icon's alpha moved by (dx, dy) px, shrunk by `factor` (block average), blurred by `radius`
 * (output px) and scaled by `gain`: a soft shadow or glow is smooth, so it is computed small.
 */
function softAlpha(img: RawImage, dx: number, dy: number, radius: number, factor: number, gain: number): { plane: Float32Array; w: number; h: number } {
  const w = Math.ceil(img.width / factor), h = Math.ceil(img.height / factor);
  const plane = new Float32Array(w * h);
  const d = img.data;
  const norm = gain / (factor * factor);
  for (let y = 0; y < img.height; y++) {
    const ty = y + dy;
    if (ty < 0 || ty >= img.height) continue;
    const row = Math.floor(ty / factor) * w;
    for (let x = 0; x < img.width; x++) {
      const a = (d[(y * img.width + x) * 4 + 3] as number);
      if (a === 0) continue;
      const tx = x + dx;
      if (tx < 0 || tx >= img.width) continue;
      const k = row + Math.floor(tx / factor);
      plane[k] = (plane[k] as number) + a * norm;
    }
  }
  return { plane: blurPlane(plane, w, h, Math.max(1, radius / factor)), w, h };
}

/** Lays a small plane (bilinearly enlarged by `factor`) in `color` under `img`. */
function underScaled(img: RawImage, small: { plane: Float32Array; w: number; h: number }, factor: number, color: Rgba): void {
  const { plane, w, h } = small;
  const d = img.data;
  // Only the rows and columns where the plane is not empty.
  let c0 = w, c1 = -1, r0y = h, r1y = -1;
  for (let k = 0; k < plane.length; k++) {
    if ((plane[k] as number) <= 0) continue;
    const cx = k % w, cy = Math.floor(k / w);
    if (cx < c0) c0 = cx;
    if (cx > c1) c1 = cx;
    if (cy < r0y) r0y = cy;
    r1y = cy;
  }
  if (c1 < 0) return;
  const yFrom = Math.max(0, Math.floor((r0y - 1) * factor)), yTo = Math.min(img.height, Math.ceil((r1y + 2) * factor));
  const xFrom = Math.max(0, Math.floor((c0 - 1) * factor)), xTo = Math.min(img.width, Math.ceil((c1 + 2) * factor));
  for (let y = yFrom; y < yTo; y++) {
    const fy = Math.max(0, Math.min(h - 1, (y + 0.5) / factor - 0.5));
    const ya = Math.floor(fy), ty = fy - ya;
    const r0 = ya * w, r1 = Math.min(h - 1, ya + 1) * w;
    for (let x = xFrom; x < xTo; x++) {
      const fx = Math.max(0, Math.min(w - 1, (x + 0.5) / factor - 0.5));
      const xa = Math.floor(fx), tx = fx - xa;
      const xb = Math.min(w - 1, xa + 1);
      const p00 = (plane[r0 + xa] as number), p01 = (plane[r0 + xb] as number), p10 = (plane[r1 + xa] as number), p11 = (plane[r1 + xb] as number);
      if (p00 + p01 + p10 + p11 <= 0) continue;
      const top = p00 + (p01 - p00) * tx, bot = p10 + (p11 - p10) * tx;
      layUnder(d, (y * img.width + x) * 4, top + (bot - top) * ty, color);
    }
  }
}

/** Shadows and glows are blurred at about 256 px whatever the output size. */
const softFactor = (img: RawImage): number => Math.max(1, Math.floor(Math.min(img.width, img.height) / 256));

/** A soft shadow of the icon's own silhouette, moved by (dx, dy) px and blurred by `radius`, under it. */
export function dropShadow(img: RawImage, dx: number, dy: number, radius: number, opacity: number, color: Rgba): void {
  checkImage(img, 'icon');
  checkInt(dx, -4096, 4096, 'shadow dx');
  checkInt(dy, -4096, 4096, 'shadow dy');
  checkNumber(opacity, 0, 1, 'shadow opacity');
  const f = softFactor(img);
  underScaled(img, softAlpha(img, dx, dy, radius, f, opacity), f, color);
}

/** A soft ellipse under a standing subject, centred at (cx, cy). */
export function groundShadow(img: RawImage, cx: number, cy: number, rx: number, ry: number, opacity: number, color: Rgba): void {
  checkImage(img, 'icon');
  checkNumber(opacity, 0, 1, 'shadow opacity');
  checkNumber(rx, 0.5, 1 << 14, 'shadow rx');
  checkNumber(ry, 0.5, 1 << 14, 'shadow ry');
  const d = img.data;
  const y0 = Math.max(0, Math.floor(cy - ry)), y1 = Math.min(img.height - 1, Math.ceil(cy + ry));
  const x0 = Math.max(0, Math.floor(cx - rx)), x1 = Math.min(img.width - 1, Math.ceil(cx + rx));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const q = ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2;
      if (q >= 1) continue;
      const o = (y * img.width + x) * 4;
      const a = (d[o + 3] as number) / 255;
      if (a >= 1) continue;
      const keep = opacity * Math.min(1, (1 - q) * 2.5) * (1 - a);
      const oa = a + keep;
      d[o] = ((d[o] as number) * a + color.r * keep) / oa;
      d[o + 1] = ((d[o + 1] as number) * a + color.g * keep) / oa;
      d[o + 2] = ((d[o + 2] as number) * a + color.b * keep) / oa;
      d[o + 3] = Math.round(oa * 255);
    }
  }
}

/** A glow of `color` around the icon: its silhouette grown and blurred by `radius`, under it. */
export function glowAura(img: RawImage, radius: number, opacity: number, color: Rgba): void {
  checkImage(img, 'icon');
  checkNumber(opacity, 0, 1, 'glow opacity');
  const f = softFactor(img);
  const soft = softAlpha(img, 0, 0, radius, f, 1.6 * opacity);
  for (let i = 0; i < soft.plane.length; i++) soft.plane[i] = Math.min(255 * opacity, (soft.plane[i] as number));
  underScaled(img, soft, f, color);
}
