// The few colours an image is mostly made of: a histogram of 15-bit colour bins (alpha-weighted,
// saturated pixels weighing up to three times more, so a grey backdrop does not outvote the
// subject), bins taken heaviest first, skipping any too close to one already taken.
// (Restored from the compiled module after an accidental overwrite; behaviour unchanged.)
import type { RawImage } from '../../types.ts';
import { checkImage, checkInt } from '../../kernels/check.ts';
import type { Rgba } from '../../kernels/image.ts';

const BITS = 5;
const BINS = 1 << (3 * BITS);

/** Up to `count` dominant colours of `img`'s visible pixels, heaviest first, at least `minDistance` (RGB) apart. */
export function dominantColors(img: RawImage, count: number, minDistance = 48): Rgba[] {
  checkImage(img, 'image');
  checkInt(count, 1, 64, 'count');
  const weight = new Float64Array(BINS);
  const sum = new Float64Array(BINS * 3);
  const d = img.data;
  const shift = 8 - BITS;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3]!;
    if (a < 16) continue;
    const r = d[i]!, g = d[i + 1]!, b = d[i + 2]!;
    const max = Math.max(r, g, b), min = Math.min(r, g, b);
    const w = (a / 255) * (1 + (2 * (max - min)) / 255);
    const k = ((r >> shift) << (2 * BITS)) | ((g >> shift) << BITS) | (b >> shift);
    weight[k] = weight[k]! + w;
    sum[k * 3] = sum[k * 3]! + r * w;
    sum[k * 3 + 1] = sum[k * 3 + 1]! + g * w;
    sum[k * 3 + 2] = sum[k * 3 + 2]! + b * w;
  }
  const order: number[] = [];
  for (let k = 0; k < BINS; k++) if (weight[k]! > 0) order.push(k);
  // Heaviest first; ties by bin index so the order never depends on the sort's stability.
  order.sort((p, q) => weight[q]! - weight[p]! || p - q);
  const picked: Rgba[] = [];
  for (const k of order) {
    const w = weight[k]!;
    const c: Rgba = {
      r: Math.round(sum[k * 3]! / w), g: Math.round(sum[k * 3 + 1]! / w), b: Math.round(sum[k * 3 + 2]! / w), a: 255,
    };
    if (picked.some((p) => Math.hypot(p.r - c.r, p.g - c.g, p.b - c.b) < minDistance)) continue;
    picked.push(c);
    if (picked.length === count) break;
  }
  return picked;
}
