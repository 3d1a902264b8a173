// Outlining a drawn icon: the dark line that keeps it readable on any background, as a smooth band
// of any width (from an exact distance transform, or from the distances the part rasterizer left)
// or as the one-pixel line of pixel art. Always laid under the icon, never over it.
import type { RawImage } from '../../types.ts';
import { checkImage, checkNumber } from '../../kernels/check.ts';
import type { Rgba } from '../../kernels/image.ts';
import { squaredDistance } from '../../kernels/euclideanDistance.ts';

/** `img` over a layer whose alpha is `alpha` (0..255 floats) in `color`: what lies under the icon. */
function under(img: RawImage, alpha: Float32Array, color: Rgba): void {
  for (let p = 0; p < alpha.length; p++) layUnder(img.data, p * 4, alpha[p] as number, color);
}

/** The pixel at byte `o` of `d` over `color` at coverage `cover` (0..255 float, clamped): paint laid under it. */
export function layUnder(d: Uint8Array, o: number, cover: number, color: Rgba): void {
  const la = Math.min(255, cover) / 255;
  if (la <= 0) return;
  const a = (d[o + 3] as number) / 255;
  if (a >= 1) return;
  const keep = la * (1 - a);
  const oa = a + keep;
  d[o] = ((d[o] as number) * a + color.r * keep) / oa;
  d[o + 1] = ((d[o + 1] as number) * a + color.g * keep) / oa;
  d[o + 2] = ((d[o + 2] as number) * a + color.b * keep) / oa;
  d[o + 3] = Math.round(oa * 255);
}

/** A `width`-pixel outline in `color` around everything at least half opaque. Mutates `img`. */
export function outlineSmooth(img: RawImage, width: number, color: Rgba): void {
  checkImage(img, 'icon');
  checkNumber(width, 0, 256, 'outline width');
  if (width <= 0) return;
  const n = img.width * img.height;
  const inside = new Uint8Array(n);
  for (let p = 0; p < n; p++) inside[p] = (img.data[p * 4 + 3] as number) >= 128 ? 1 : 0;
  const sq = squaredDistance(inside, img.width, img.height);
  const alpha = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const dist = Math.sqrt((sq[p] as number)) - 0.5;
    const cov = width + 0.5 - dist;
    alpha[p] = cov >= 1 ? 255 : cov <= 0 ? 0 : cov * 255;
  }
  under(img, alpha, color);
}

/** Pixel art's outline: every transparent pixel touching an opaque one (4-neighbours) becomes `color`. */
export function outlinePixel(img: RawImage, color: Rgba): void {
  checkImage(img, 'icon');
  const { width: w, height: h, data: d } = img;
  const solid = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < w && y < h && (d[(y * w + x) * 4 + 3] as number) > 0;
  const edge: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (solid(x, y)) continue;
      if (solid(x - 1, y) || solid(x + 1, y) || solid(x, y - 1) || solid(x, y + 1)) edge.push((y * w + x) * 4);
    }
  }
  for (const o of edge) {
    d[o] = color.r; d[o + 1] = color.g; d[o + 2] = color.b; d[o + 3] = 255;
  }
}

/**
 * An outline from a distance field (output px to the nearest drawn edge, < 0 inside), as the part
 * rasterizer leaves it: a band `width` px wide in `color`, anti-aliased, under the icon.
 */
export function outlineFromDistance(img: RawImage, distance: Float32Array, width: number, color: Rgba): void {
  checkImage(img, 'icon');
  checkNumber(width, 0, 256, 'outline width');
  if (distance.length !== img.width * img.height) {
    throw new RangeError(`Expected ${img.width * img.height} distances but received ${distance.length}`);
  }
  const d = img.data;
  for (let p = 0, o = 0; p < distance.length; p++, o += 4) {
    const cov = width + 0.5 - (distance[p] as number);
    if (cov <= 0) continue;
    const a = (d[o + 3] as number) / 255;
    if (a >= 1) continue;
    const keep = Math.min(1, cov) * (1 - a);
    const oa = a + keep;
    d[o] = ((d[o] as number) * a + color.r * keep) / oa;
    d[o + 1] = ((d[o + 1] as number) * a + color.g * keep) / oa;
    d[o + 2] = ((d[o + 2] as number) * a + color.b * keep) / oa;
    d[o + 3] = Math.round(oa * 255);
  }
}
