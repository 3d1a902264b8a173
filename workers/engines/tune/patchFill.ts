// Filling a hole from its surroundings by patch-based synthesis (exemplar inpainting, as in
// Criminisi et al. and PatchMatch): the hole is filled from its rim inward, each pixel taking the
// centre of the known patch that best matches what is already known around it. Candidates are a
// random sample of known patches near the hole, plus, for coherence, the continuation of the patch
// each filled neighbour came from, so a texture (bricks, grass, a gradient) carries on across the
// hole instead of being smeared.
import type { RawImage } from '../../types.ts';
import { createRandom } from '../../kernels/random.ts';

/** Patch radius: 7 x 7 patches. */
const R = 3;

/**
 * `img` with the pixels of `hole` (1 = fill) synthesised, in place. `candidates` bounds the random
 * patches tried per pixel (coherence candidates come on top), which bounds the time.
 */
export function patchFill(img: RawImage, hole: Uint8Array, candidates: number, seed: string): RawImage {
  const { width: w, height: h, data } = img;
  const known = new Uint8Array(w * h);
  let holeCount = 0, x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (let p = 0; p < w * h; p++) {
    if (hole[p]) {
      holeCount++;
      const x = p % w, y = (p - x) / w;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
    } else known[p] = 1;
  }
  if (holeCount === 0 || holeCount === w * h) return img;
  // Sources: known pixels whose whole patch is known, in a window around the hole three times its size.
  const mx = Math.max(16, x1 - x0), my = Math.max(16, y1 - y0);
  const sx0 = Math.max(R, x0 - mx), sx1 = Math.min(w - 1 - R, x1 + mx), sy0 = Math.max(R, y0 - my), sy1 = Math.min(h - 1 - R, y1 + my);
  const sources: number[] = [];
  for (let y = sy0; y <= sy1; y++) for (let x = sx0; x <= sx1; x++) if (patchKnown(known, w, x, y)) sources.push(y * w + x);
  if (sources.length === 0) return img;
  const rng = createRandom(seed, 'patch-fill');
  // Where each filled pixel's value came from, for coherence.
  const from = new Int32Array(w * h).fill(-1);
  // Fill order: rings inward from the rim (pixels with a known 4-neighbour first).
  let front: number[] = [];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (hole[y * w + x] && touchesKnown(known, w, h, y * w + x)) front.push(y * w + x);
  const tries = Math.max(8, Math.min(candidates, Math.round(3e7 / (holeCount * (2 * R + 1) ** 2))));
  while (front.length > 0) {
    const filled: number[] = [];
    for (const p of front) {
      if (known[p]) continue;
      const px = p % w, py = (p - px) / w;
      let best = -1, bestCost = Infinity;
      const consider = (q: number): void => {
        if (q < 0 || q === p || !sourceOk(known, w, h, q)) return;
        const c = cost(data, known, w, h, px, py, q % w, Math.floor(q / w), bestCost);
        if (c < bestCost) { bestCost = c; best = q; }
      };
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const nx = px + dx, ny = py + dy;
        if ((dx || dy) && nx >= 0 && ny >= 0 && nx < w && ny < h) {
          const s = from[ny * w + nx]!;
          if (s >= 0) consider(s - dy * w - dx);
        }
      }
      for (let k = 0; k < tries; k++) consider(sources[Math.floor(rng.next() * sources.length)]!);
      if (best < 0) best = sources[Math.floor(rng.next() * sources.length)]!;
      data.set(data.subarray(best * 4, best * 4 + 4), p * 4);
      from[p] = best;
      filled.push(p);
    }
    for (const p of filled) known[p] = 1;
    const next = new Set<number>();
    for (const p of filled) {
      const x = p % w, y = (p - x) / w;
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const nx = x + dx, ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < w && ny < h && !known[ny * w + nx]) next.add(ny * w + nx);
      }
    }
    front = [...next];
  }
  return img;
}

function patchKnown(known: Uint8Array, w: number, x: number, y: number): boolean {
  for (let dy = -R; dy <= R; dy++) for (let dx = -R; dx <= R; dx++) if (!known[(y + dy) * w + x + dx]) return false;
  return true;
}

/** A source centre: known, and its patch inside the image. */
function sourceOk(known: Uint8Array, w: number, h: number, q: number): boolean {
  const x = q % w, y = Math.floor(q / w);
  return x >= R && y >= R && x < w - R && y < h - R && known[q] === 1;
}

function touchesKnown(known: Uint8Array, w: number, h: number, p: number): boolean {
  const x = p % w, y = (p - x) / w;
  return (x > 0 && known[p - 1] === 1) || (x < w - 1 && known[p + 1] === 1) || (y > 0 && known[p - w] === 1) || (y < h - 1 && known[p + w] === 1);
}

/** Sum of squared RGBA differences over the pixels known around (px, py), against the patch at (qx, qy); stops past `limit`. */
function cost(d: Uint8Array, known: Uint8Array, w: number, h: number, px: number, py: number, qx: number, qy: number, limit: number): number {
  let sum = 0, n = 0;
  for (let dy = -R; dy <= R; dy++) {
    const y = py + dy;
    if (y < 0 || y >= h) continue;
    for (let dx = -R; dx <= R; dx++) {
      const x = px + dx;
      if (x < 0 || x >= w || !known[y * w + x]) continue;
      const i = (y * w + x) * 4, j = ((qy + dy) * w + qx + dx) * 4;
      const a = d[i]! - d[j]!, b = d[i + 1]! - d[j + 1]!, c = d[i + 2]! - d[j + 2]!, e = d[i + 3]! - d[j + 3]!;
      sum += a * a + b * b + c * c + e * e;
      n++;
      if (sum > limit * 49) return Infinity;
    }
  }
  return n > 0 ? sum / n : Infinity;
}
