// Seeded value noise for surface texture (wood grain, stone speckle, leaf clumps) and for wobbling
// shapes. A pure function of (seed, x, y): no state, so a pixel's texture does not depend on the
// order pixels are visited in, and the same unit-space point gets the same value at any resolution.
import { hash32 } from '../../kernels/random.ts';

/** Lattice value in [-1, 1] at integer point (ix, iy). */
function lattice(seed: number, ix: number, iy: number): number {
  return hash32((seed ^ Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1)) >>> 0) / 0x7fffffff - 1;
}

/** Smooth value noise in [-1, 1]; features about 1 unit apart. */
export function noise2(seed: number, x: number, y: number): number {
  const ix = Math.floor(x), iy = Math.floor(y);
  const fx = x - ix, fy = y - iy;
  // Quintic fade: no visible grid creases where cells meet.
  const ux = fx * fx * fx * (fx * (fx * 6 - 15) + 10);
  const uy = fy * fy * fy * (fy * (fy * 6 - 15) + 10);
  const a = lattice(seed, ix, iy), b = lattice(seed, ix + 1, iy);
  const c = lattice(seed, ix, iy + 1), d = lattice(seed, ix + 1, iy + 1);
  return (a + (b - a) * ux) * (1 - uy) + (c + (d - c) * ux) * uy;
}

/** Fractal sum of `octaves` noise layers (each twice the frequency, half the amplitude), about [-1, 1]. */
export function fbm(seed: number, x: number, y: number, octaves = 3): number {
  let sum = 0, amp = 0.5, freq = 1, norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += amp * noise2((seed + o * 0x9e3779b9) >>> 0, x * freq, y * freq);
    norm += amp;
    amp *= 0.5;
    freq *= 2;
  }
  return sum / norm;
}
