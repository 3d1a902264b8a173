// Removing a flat background's spill from a subject's anti-aliased edge, so the subject can move
// over that background (or any other) without a fringe of the old background around it.
import type { RawImage } from '../types.ts';
import type { Rgba } from './image.ts';

// Colour distance (largest channel difference) within which a pixel counts as the background:
// wide enough for JPEG noise around a flat colour, narrow enough to keep a pale outline.
export const BACKGROUND_TOLERANCE = 24;

/** Largest channel difference between pixel `i` of `d` and `c`. */
export function distance(d: Uint8Array, i: number, c: Rgba): number {
  return Math.max(Math.abs(d[i]! - c.r), Math.abs(d[i + 1]! - c.g), Math.abs(d[i + 2]! - c.b));
}

// Without an inner neighbour to compare with, distance at which an edge pixel is taken as fully
// the subject's; closer ones are partly background (anti-aliasing).
const EDGE_FULL = 96;

/**
 * Removes the background's spill from the subject's edge pixels (those next to the background):
 * an anti-aliased edge pixel c is taken as alpha * f + (1 - alpha) * bg, with f the colour of its
 * most distinct inner neighbour; alpha is c's projection onto f along bg -> f, and c is un-mixed to
 * bg + (c - bg) / alpha. Mutates `sprite`.
 */
export function unmixEdges(img: RawImage, sprite: RawImage, mask: Uint8Array, bg: Rgba): void {
  const { width: w, height: h } = img;
  const src = img.data;
  const d = sprite.data;
  const isEdge = (p: number): boolean => {
    const x = p % w;
    return (x > 0 && mask[p - 1] === 1) || (x < w - 1 && mask[p + 1] === 1) || (p >= w && mask[p - w] === 1) || (p < w * (h - 1) && mask[p + w] === 1);
  };
  const edge = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) if (mask[p] === 0 && isEdge(p)) edge[p] = 1;
  for (let p = 0; p < mask.length; p++) {
    if (edge[p] !== 1) continue;
    const i = p * 4;
    const x = p % w, y = (p - x) / w;
    // The inner neighbour farthest from the background stands for the subject's own colour here.
    let f = -1, fd = -1;
    for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) {
      for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
        const q = yy * w + xx;
        if (mask[q] === 1 || edge[q] === 1) continue;
        const dq = distance(src, q * 4, bg);
        if (dq > fd) [f, fd] = [q * 4, dq];
      }
    }
    let alpha: number;
    if (f >= 0 && fd > BACKGROUND_TOLERANCE) {
      const fr = src[f]! - bg.r, fg = src[f + 1]! - bg.g, fb = src[f + 2]! - bg.b;
      const cr = src[i]! - bg.r, cg = src[i + 1]! - bg.g, cb = src[i + 2]! - bg.b;
      alpha = (cr * fr + cg * fg + cb * fb) / (fr * fr + fg * fg + fb * fb);
    } else {
      alpha = distance(src, i, bg) / EDGE_FULL;
    }
    alpha = Math.max(BACKGROUND_TOLERANCE / 255, Math.min(1, alpha));
    if (alpha >= 1) continue;
    d[i] = Math.max(0, Math.min(255, Math.round(bg.r + (src[i]! - bg.r) / alpha)));
    d[i + 1] = Math.max(0, Math.min(255, Math.round(bg.g + (src[i + 1]! - bg.g) / alpha)));
    d[i + 2] = Math.max(0, Math.min(255, Math.round(bg.b + (src[i + 2]! - bg.b) / alpha)));
    d[i + 3] = Math.round(alpha * 255);
  }
}

