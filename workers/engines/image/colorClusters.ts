// The main colours of images as k-means clusters over a 15-bit colour histogram (alpha-weighted,
// deterministic farthest-point start: same pixels, same palette), with their shares; and holding an
// image to at most N colours, as pixel art and reference palettes need.
import type { RawImage } from '../../types.ts';
import { checkImage, checkInt } from '../../kernels/check.ts';
import type { Rgba } from '../../kernels/image.ts';

export interface WeightedColor {
  color: Rgba;
  /** Share of the (alpha-weighted) visible pixels nearest this colour, 0..1. */
  weight: number;
}

interface Point3 { r: number; g: number; b: number; w: number }

// Weighted RGB distance (green counts most, as the eye does).
const dist = (p: Omit<Point3, 'w'>, c: Omit<Point3, 'w'>): number => 2 * (p.r - c.r) ** 2 + 4 * (p.g - c.g) ** 2 + 3 * (p.b - c.b) ** 2;

function histogram(images: readonly RawImage[]): Point3[] {
  const count = new Float64Array(32768), sr = new Float64Array(32768), sg = new Float64Array(32768), sb = new Float64Array(32768);
  images.forEach((img, n) => {
    checkImage(img, `images[${n}]`);
    const d = img.data;
    for (let i = 0; i < d.length; i += 4) {
      const a = d[i + 3]!;
      if (a < 16) continue;
      const r = d[i]!, g = d[i + 1]!, b = d[i + 2]!;
      const bin = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
      const w = a / 255;
      count[bin] = count[bin]! + w;
      sr[bin] = sr[bin]! + r * w; sg[bin] = sg[bin]! + g * w; sb[bin] = sb[bin]! + b * w;
    }
  });
  const pts: Point3[] = [];
  for (let bin = 0; bin < 32768; bin++) {
    const w = count[bin]!;
    if (w > 0) pts.push({ r: sr[bin]! / w, g: sg[bin]! / w, b: sb[bin]! / w, w });
  }
  return pts;
}

/** Up to `k` colour clusters of the visible pixels of `images`, heaviest first. */
export function colorClusters(images: readonly RawImage[], k: number): WeightedColor[] {
  checkInt(k, 1, 256, 'k');
  const pts = histogram(images);
  if (pts.length === 0) return [];
  const total = pts.reduce((s, p) => s + p.w, 0);
  // Start: the heaviest bin, then repeatedly the bin farthest (weighted) from every centre so far.
  const centres: Point3[] = [{ ...pts.reduce((a, b) => (b.w > a.w ? b : a)) }];
  const near = pts.map((p) => dist(p, centres[0] as Point3));
  while (centres.length < Math.min(k, pts.length)) {
    let bi = -1, bestScore = 0;
    pts.forEach((p, i) => {
      const score = near[i]! * Math.sqrt(p.w);
      if (score > bestScore) { bestScore = score; bi = i; }
    });
    if (bi < 0) break;
    const c = { ...(pts[bi] as Point3) };
    centres.push(c);
    pts.forEach((p, i) => { near[i] = Math.min(near[i]!, dist(p, c)); });
  }
  const assign = new Int32Array(pts.length);
  for (let iter = 0; iter < 10; iter++) {
    pts.forEach((p, i) => {
      let bi = 0, bd = Infinity;
      centres.forEach((c, j) => { const q = dist(p, c); if (q < bd) { bd = q; bi = j; } });
      assign[i] = bi;
    });
    const acc = centres.map(() => ({ r: 0, g: 0, b: 0, w: 0 }));
    pts.forEach((p, i) => {
      const a = acc[assign[i]!] as Point3;
      a.r += p.r * p.w; a.g += p.g * p.w; a.b += p.b * p.w; a.w += p.w;
    });
    centres.forEach((c, j) => {
      const a = acc[j] as Point3;
      c.w = a.w;
      if (a.w > 0) { c.r = a.r / a.w; c.g = a.g / a.w; c.b = a.b / a.w; }
    });
  }
  return centres
    .filter((c) => c.w > 0)
    .map((c) => ({ color: { r: Math.round(c.r), g: Math.round(c.g), b: Math.round(c.b), a: 255 }, weight: c.w / total }))
    .sort((a, b) => b.weight - a.weight || a.color.r - b.color.r || a.color.g - b.color.g || a.color.b - b.color.b);
}

/** `img` with every visible pixel replaced by the nearest of `palette` (a new image). */
export function snapToColors(img: RawImage, palette: readonly Rgba[]): RawImage {
  checkImage(img, 'image');
  if (palette.length === 0) throw new RangeError('Expected at least 1 colour for palette but received 0');
  const d = img.data;
  const out = new Uint8Array(d);
  const cache = new Map<number, Rgba>();
  for (let i = 0; i < d.length; i += 4) {
    if (d[i + 3]! === 0) continue;
    const key = (d[i]! << 16) | (d[i + 1]! << 8) | d[i + 2]!;
    let c = cache.get(key);
    if (!c) {
      let bd = Infinity;
      const p = { r: d[i]!, g: d[i + 1]!, b: d[i + 2]! };
      for (const q of palette) {
        const v = dist(p, q);
        if (v < bd) { bd = v; c = q; }
      }
      cache.set(key, c as Rgba);
    }
    const cc = c as Rgba;
    out[i] = cc.r; out[i + 1] = cc.g; out[i + 2] = cc.b;
  }
  return { data: out, width: img.width, height: img.height };
}

/** How many distinct visible colours `img` has, counting up to `limit` + 1. */
export function countColors(img: RawImage, limit = 1 << 20): number {
  checkImage(img, 'image');
  const d = img.data;
  const seen = new Set<number>();
  for (let i = 0; i < d.length; i += 4) {
    if (d[i + 3]! === 0) continue;
    seen.add((d[i]! << 16) | (d[i + 1]! << 8) | d[i + 2]!);
    if (seen.size > limit) break;
  }
  return seen.size;
}

/** `img` held to at most `max` visible colours (its own clusters); `img` itself when it has few enough. */
export function limitColors(img: RawImage, max: number): RawImage {
  checkInt(max, 1, 256, 'max colours');
  if (countColors(img, max) <= max) return img;
  return snapToColors(img, colorClusters([img], max).map((w) => w.color));
}
