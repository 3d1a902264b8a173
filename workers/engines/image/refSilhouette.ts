// A reference image's silhouette: its own alpha where it has transparency, else every pixel that
// differs from the flat colour around its border (uploads are often opaque pictures on white), else
// the whole picture. Pure and small: references are shrunk before they get here.
import type { RawImage } from '../../types.ts';
import { checkImage } from '../../kernels/check.ts';

export interface Silhouette {
  /** 1 = subject, one entry a pixel. */
  mask: Uint8Array;
  /** The subject's bounding box; the whole image when nothing stands out. */
  x: number;
  y: number;
  width: number;
  height: number;
}

// Largest channel difference that still counts as the border colour (JPEG noise on a flat fill).
const TOLERANCE = 30;

export function refSilhouette(img: RawImage): Silhouette {
  checkImage(img, 'reference');
  const { width: w, height: h, data: d } = img;
  const n = w * h;
  const mask = new Uint8Array(n);
  let clear = 0;
  for (let p = 0; p < n; p++) if (d[p * 4 + 3]! < 128) clear++;
  if (clear > n * 0.02) {
    for (let p = 0; p < n; p++) mask[p] = d[p * 4 + 3]! >= 128 ? 1 : 0;
  } else {
    // The border's most common colour (5-bit bins), if most of the border is that colour.
    const counts = new Map<number, number>();
    const border: number[] = [];
    for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
    for (let y = 1; y < h - 1; y++) border.push(y * w, y * w + w - 1);
    for (const p of border) {
      const key = ((d[p * 4]! >> 3) << 10) | ((d[p * 4 + 1]! >> 3) << 5) | (d[p * 4 + 2]! >> 3);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let best = -1, bestCount = 0;
    for (const [k, c] of counts) if (c > bestCount || (c === bestCount && k < best)) { best = k; bestCount = c; }
    if (bestCount < border.length * 0.5) mask.fill(1);
    else {
      const br = ((best >> 10) << 3) + 4, bg = (((best >> 5) & 31) << 3) + 4, bb = ((best & 31) << 3) + 4;
      for (let p = 0; p < n; p++) {
        const diff = Math.max(Math.abs(d[p * 4]! - br), Math.abs(d[p * 4 + 1]! - bg), Math.abs(d[p * 4 + 2]! - bb));
        mask[p] = diff > TOLERANCE ? 1 : 0;
      }
    }
  }
  let x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    if (!mask[y * w + x]!) continue;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    y1 = y;
  }
  if (x1 < 0) {
    mask.fill(1);
    return { mask, x: 0, y: 0, width: w, height: h };
  }
  return { mask, x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}
