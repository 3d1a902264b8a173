// Telling the subject (the character, the object) from its background, so motion moves the subject
// and the background stays where it is. An image with transparency is its own mask. An opaque image
// is taken to stand on a flat colour: the most common border colour, flood-filled inward from the
// borders within a tolerance (so a white eye on a white background stays part of the subject).
import type { RawImage } from '../types.ts';
import { checkImage } from './check.ts';
import type { Rgba } from './image.ts';
import { BACKGROUND_TOLERANCE, distance, unmixEdges } from './edgeUnmix.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Subject {
  /** The subject alone, on transparency, at its place in the frame. */
  sprite: RawImage;
  /** The flat colour behind it, or null when the image's own transparency is the background. */
  background: Rgba | null;
  /** The subject's opaque bounding box (alpha > 0); null when there is no subject. */
  box: Box | null;
  /** Alpha-weighted centre of the subject (the box centre when there is none). */
  centroid: { x: number; y: number };
}


/** True when some pixel is less than half opaque: the image carries its own background. */
export function hasTransparency(img: RawImage): boolean {
  checkImage(img, 'image');
  const d = img.data;
  for (let i = 3; i < d.length; i += 4) if (d[i]! < 128) return true;
  return false;
}

/**
 * The most common colour of the image's border, exactly as it occurs (so pixel art's palette is
 * kept): border pixels are binned by 5 bits a channel, the fullest bin wins, and its most common
 * exact colour is returned.
 */
export function borderColor(img: RawImage): Rgba {
  checkImage(img, 'image');
  const { width: w, height: h, data: d } = img;
  const bins = new Map<number, Map<number, number>>();
  const visit = (x: number, y: number): void => {
    const i = (y * w + x) * 4;
    const r = d[i]!, g = d[i + 1]!, b = d[i + 2]!;
    const bin = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    const exact = (r << 16) | (g << 8) | b;
    const m = bins.get(bin) ?? new Map<number, number>();
    m.set(exact, (m.get(exact) ?? 0) + 1);
    bins.set(bin, m);
  };
  for (let x = 0; x < w; x++) {
    visit(x, 0);
    if (h > 1) visit(x, h - 1);
  }
  for (let y = 1; y < h - 1; y++) {
    visit(0, y);
    if (w > 1) visit(w - 1, y);
  }
  let best: Map<number, number> | undefined;
  let bestCount = -1;
  for (const m of bins.values()) {
    let n = 0;
    for (const c of m.values()) n += c;
    if (n > bestCount) [best, bestCount] = [m, n];
  }
  let color = 0;
  let top = -1;
  for (const [c, n] of best ?? []) if (n > top) [color, top] = [c, n];
  return { r: color >>> 16, g: (color >>> 8) & 255, b: color & 255, a: 255 };
}

/** Background pixels: those within tolerance of `bg`, 4-connected to the border. 1 = background. */
export function backgroundMask(img: RawImage, bg: Rgba): Uint8Array {
  checkImage(img, 'image');
  const { width: w, height: h, data: d } = img;
  const mask = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  let top = 0;
  const seed = (p: number): void => {
    if (mask[p] === 0 && distance(d, p * 4, bg) <= BACKGROUND_TOLERANCE) {
      mask[p] = 1;
      stack[top++] = p;
    }
  };
  for (let x = 0; x < w; x++) {
    seed(x);
    seed((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  while (top > 0) {
    const p = stack[--top]!;
    const x = p % w;
    if (x > 0) seed(p - 1);
    if (x < w - 1) seed(p + 1);
    if (p >= w) seed(p - w);
    if (p < w * (h - 1)) seed(p + w);
  }
  return mask;
}

/** The box of pixels with alpha > 0, or null when there are none. */
export function alphaBox(img: RawImage): Box | null {
  checkImage(img, 'image');
  const { width: w, height: h, data: d } = img;
  let x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = y * w * 4 + 3; x < w; x++, i += 4) {
      if (d[i]! === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** Alpha-weighted centre of `img` in pixel coordinates (pixel centres at +0.5). */
export function centroidOf(img: RawImage, box: Box | null): { x: number; y: number } {
  if (!box) return { x: img.width / 2, y: img.height / 2 };
  const d = img.data;
  let sx = 0, sy = 0, sa = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x, i = (y * img.width + x) * 4 + 3; x < box.x + box.width; x++, i += 4) {
      const a = d[i]!;
      sx += a * (x + 0.5);
      sy += a * (y + 0.5);
      sa += a;
    }
  }
  return sa > 0 ? { x: sx / sa, y: sy / sa } : { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * The subject of `img` and what is behind it. `binary` (pixel art) keeps alpha 0 or 255 and every
 * colour as it was; otherwise the subject's edge pixels next to a flat background are un-mixed from
 * it (alpha from their distance to the background colour), so a moved subject carries no halo.
 */
export function separateSubject(img: RawImage, binary: boolean): Subject {
  checkImage(img, 'image');
  const sprite: RawImage = { data: new Uint8Array(img.data), width: img.width, height: img.height };
  const d = sprite.data;
  let background: Rgba | null = null;
  if (!hasTransparency(img)) {
    background = borderColor(img);
    const mask = backgroundMask(img, background);
    for (let p = 0; p < mask.length; p++) if (mask[p] === 1) d.fill(0, p * 4, p * 4 + 4);
    if (!binary) unmixEdges(img, sprite, mask, background);
  } else if (binary) {
    // Pixel art's alpha is binary: a half-transparent pixel is either there or not.
    for (let i = 3; i < d.length; i += 4) d[i] = d[i]! >= 128 ? 255 : 0;
  }
  for (let i = 3; i < d.length; i += 4) if (d[i]! === 0) d.fill(0, i - 3, i);
  const box = alphaBox(sprite);
  return { sprite, background, box, centroid: centroidOf(sprite, box) };
}
