// Exact Euclidean distance transform (Felzenszwalb & Huttenlocher, "Distance Transforms of Sampled
// Functions"): two 1D passes of a lower envelope of parabolas, O(pixels). Used for outlines of any
// thickness around a finished silhouette, and to turn binary masks into signed distance grids that
// shade and scale like drawn shapes. Hot loops read typed arrays directly: the shared at() helper
// has seen every array type by the time a worker runs them, and its reads go megamorphic.
import { checkInt } from './check.ts';

const FAR = 1e20;

/** Squared distance (in pixels, centre to centre) from every pixel to the nearest non-zero `feature` pixel. */
export function squaredDistance(feature: Uint8Array, width: number, height: number): Float32Array {
  checkInt(width, 1, 1 << 15, 'width');
  checkInt(height, 1, 1 << 15, 'height');
  if (feature.length !== width * height) {
    throw new RangeError(`Expected ${width * height} mask entries for feature but received ${feature.length}`);
  }
  const out = new Float32Array(width * height);
  const n = Math.max(width, height);
  const f = new Float64Array(n), d = new Float64Array(n), z = new Float64Array(n + 1);
  const v = new Int32Array(n);
  // Columns first, then rows over the column results.
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) f[y] = feature[y * width + x]! ? 0 : FAR;
    envelope(f, d, v, z, height);
    for (let y = 0; y < height; y++) out[y * width + x] = d[y]!;
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) f[x] = out[row + x]!;
    envelope(f, d, v, z, width);
    for (let x = 0; x < width; x++) out[row + x] = Math.min(FAR, d[x]!);
  }
  return out;
}

/** One dimension: d[q] = min over p of (q - p)^2 + f[p]. */
function envelope(f: Float64Array, d: Float64Array, v: Int32Array, z: Float64Array, n: number): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    const fq = f[q]! + q * q;
    let p = v[k]!;
    let s = (fq - (f[p]! + p * p)) / (2 * q - 2 * p);
    // z[0] is -Infinity, so k never drops below 0.
    while (s <= z[k]!) {
      k--;
      p = v[k]!;
      s = (fq - (f[p]! + p * p)) / (2 * q - 2 * p);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1]! < q) k++;
    const p = v[k]!;
    d[q] = (q - p) * (q - p) + f[p]!;
  }
}

/**
 * Signed distance in pixels from each pixel centre to the mask's edge: negative inside (`inside`
 * non-zero), positive outside, about +-0.5 on the pixels either side of the edge.
 */
export function signedDistance(inside: Uint8Array, width: number, height: number): Float32Array {
  const outsideMask = new Uint8Array(inside.length);
  for (let i = 0; i < inside.length; i++) outsideMask[i] = inside[i]! ? 0 : 1;
  const toInside = squaredDistance(inside, width, height);
  const toOutside = squaredDistance(outsideMask, width, height);
  const out = new Float32Array(inside.length);
  for (let i = 0; i < out.length; i++) {
    out[i] = inside[i]! ? 0.5 - Math.sqrt(toOutside[i]!) : Math.sqrt(toInside[i]!) - 0.5;
  }
  return out;
}
