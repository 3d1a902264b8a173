// Seeded gradient noise (Ken Perlin's improved noise, 1D/2D/3D) and its fractal sum. Effects need
// two things plain noise lacks: the same seed must give the same field (so a job's bytes repeat),
// and sustained effects must loop, so every axis can be made periodic: with a period of P lattice
// cells, noise(x + P) === noise(x) exactly, and an effect that scrolls or evolves by whole periods
// over its loop ends where it began.
import { checkInt } from '../../kernels/check.ts';
import { createRandom } from '../../kernels/random.ts';

export interface Noise {
  /** Smooth noise in about [-1, 1]; `period` > 0 repeats it every `period` units. */
  noise1(x: number, period?: number): number;
  noise2(x: number, y: number, px?: number, py?: number): number;
  noise3(x: number, y: number, z: number, px?: number, py?: number, pz?: number): number;
  /**
   * Fractal sum of `octaves` octaves of noise3, each at twice the frequency and half the amplitude
   * of the last, normalised to about [-1, 1]. Periods are given for the first octave and double
   * with the frequency, so the sum keeps them.
   */
  fbm3(x: number, y: number, z: number, octaves: number, px?: number, py?: number, pz?: number): number;
  /**
   * fbm3 along a row: out[i] = fbm3(xs[i], y, z, ...) for i in [from, to), the same values, with
   * the y and z halves of every octave worked out once for the row instead of once per point.
   */
  fbm3Row(out: Float64Array, xs: Float64Array, from: number, to: number, y: number, z: number, octaves: number, px?: number, py?: number, pz?: number): void;
}

const fade = (t: number): number => t * t * t * (t * (t * 6 - 15) + 10);
const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
const wrap = (i: number, p: number): number => (p > 0 ? ((i % p) + p) % p : i) & 255;

/** Perlin's 12 cube-edge gradients (4 repeated to make 16), looked up by the hash's low 4 bits:
 * a table read instead of Perlin's branches, which mispredict on random hashes (3x faster here). */
const GX = new Float64Array([1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0, 1, 0, -1, 0]);
const GY = new Float64Array([1, 1, -1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1]);
const GZ = new Float64Array([0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1, 0, 1, 0, -1]);

function g(h: number, dx: number, dy: number, dz: number): number {
  const k = h & 15;
  return (GX[k] as number) * dx + (GY[k] as number) * dy + (GZ[k] as number) * dz;
}

function grad2(h: number, x: number, y: number): number {
  switch (h & 7) {
    case 0: return x + y;
    case 1: return -x + y;
    case 2: return x - y;
    case 3: return -x - y;
    case 4: return x;
    case 5: return -x;
    case 6: return y;
    default: return -y;
  }
}

/** Noise fields from `seed`; `label` gives each use its own field (flames vs smoke of one job). */
export function createNoise(seed: string, label = ''): Noise {
  const rng = createRandom(seed, `noise:${label}`);
  const p = new Uint8Array(512);
  for (let i = 0; i < 256; i++) p[i] = i;
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = p[i] as number;
    p[i] = p[j] as number;
    p[j] = t;
  }
  for (let i = 0; i < 256; i++) p[i + 256] = p[i] as number;
  const P = (i: number): number => p[i] as number;
  // One random value per lattice point for 1D value-gradient noise.
  const slopes = new Float32Array(256);
  for (let i = 0; i < 256; i++) slopes[i] = rng.next() * 2 - 1;

  const noise1 = (x: number, period = 0): number => {
    const xf = Math.floor(x);
    const fx = x - xf;
    const a = slopes[wrap(xf, period)] as number;
    const b = slopes[wrap(xf + 1, period)] as number;
    // Gradient noise in 1D: each lattice point has a slope; 2x keeps the range near [-1, 1].
    return 2 * lerp(a * fx, b * (fx - 1), fade(fx));
  };

  const noise2 = (x: number, y: number, px = 0, py = 0): number => {
    const xf = Math.floor(x);
    const yf = Math.floor(y);
    const fx = x - xf;
    const fy = y - yf;
    const x0 = wrap(xf, px), x1 = wrap(xf + 1, px);
    const y0 = wrap(yf, py), y1 = wrap(yf + 1, py);
    const u = fade(fx);
    const v = fade(fy);
    const a = P(P(x0) + y0), b = P(P(x1) + y0), c = P(P(x0) + y1), d = P(P(x1) + y1);
    return lerp(
      lerp(grad2(a, fx, fy), grad2(b, fx - 1, fy), u),
      lerp(grad2(c, fx, fy - 1), grad2(d, fx - 1, fy - 1), u),
      v,
    );
  };

  const perm = new Int32Array(p);
  const noise3 = (x: number, y: number, z: number, px = 0, py = 0, pz = 0): number => {
    const xf = Math.floor(x);
    const yf = Math.floor(y);
    const zf = Math.floor(z);
    const fx = x - xf;
    const fy = y - yf;
    const fz = z - zf;
    // wrap() of each lattice coordinate and the next, inlined: with whole periods and lattice
    // coordinates in int32 range (always, in practice) one int32 remainder per axis, not two
    // double ones (fmod is a library call); the same indices as wrap() in every case.
    let x0: number, x1: number, y0: number, y1: number, z0: number, z1: number;
    if (!(px > 0)) {
      x0 = xf & 255;
      x1 = (xf + 1) & 255;
    } else if ((px | 0) === px && (xf | 0) === xf) {
      let m = (xf | 0) % (px | 0);
      if (m < 0) m += px;
      x0 = m & 255;
      x1 = (m + 1 >= px ? m + 1 - px : m + 1) & 255;
    } else {
      x0 = wrap(xf, px);
      x1 = wrap(xf + 1, px);
    }
    if (!(py > 0)) {
      y0 = yf & 255;
      y1 = (yf + 1) & 255;
    } else if ((py | 0) === py && (yf | 0) === yf) {
      let m = (yf | 0) % (py | 0);
      if (m < 0) m += py;
      y0 = m & 255;
      y1 = (m + 1 >= py ? m + 1 - py : m + 1) & 255;
    } else {
      y0 = wrap(yf, py);
      y1 = wrap(yf + 1, py);
    }
    if (!(pz > 0)) {
      z0 = zf & 255;
      z1 = (zf + 1) & 255;
    } else if ((pz | 0) === pz && (zf | 0) === zf) {
      let m = (zf | 0) % (pz | 0);
      if (m < 0) m += pz;
      z0 = m & 255;
      z1 = (m + 1 >= pz ? m + 1 - pz : m + 1) & 255;
    } else {
      z0 = wrap(zf, pz);
      z1 = wrap(zf + 1, pz);
    }
    const u = fx * fx * fx * (fx * (fx * 6 - 15) + 10);
    const v = fy * fy * fy * (fy * (fy * 6 - 15) + 10);
    const w = fz * fz * fz * (fz * (fz * 6 - 15) + 10);
    const a0 = perm[x0] as number, a1 = perm[x1] as number;
    const b00 = perm[a0 + y0] as number, b01 = perm[a0 + y1] as number;
    const b10 = perm[a1 + y0] as number, b11 = perm[a1 + y1] as number;
    const n000 = g(perm[b00 + z0] as number, fx, fy, fz);
    const n100 = g(perm[b10 + z0] as number, fx - 1, fy, fz);
    const n010 = g(perm[b01 + z0] as number, fx, fy - 1, fz);
    const n110 = g(perm[b11 + z0] as number, fx - 1, fy - 1, fz);
    const n001 = g(perm[b00 + z1] as number, fx, fy, fz - 1);
    const n101 = g(perm[b10 + z1] as number, fx - 1, fy, fz - 1);
    const n011 = g(perm[b01 + z1] as number, fx, fy - 1, fz - 1);
    const n111 = g(perm[b11 + z1] as number, fx - 1, fy - 1, fz - 1);
    const nx00 = n000 + (n100 - n000) * u, nx10 = n010 + (n110 - n010) * u;
    const nx01 = n001 + (n101 - n001) * u, nx11 = n011 + (n111 - n011) * u;
    const nxy0 = nx00 + (nx10 - nx00) * v, nxy1 = nx01 + (nx11 - nx01) * v;
    return nxy0 + (nxy1 - nxy0) * w;
  };

  const fbm3 = (x: number, y: number, z: number, octaves: number, px = 0, py = 0, pz = 0): number => {
    let sum = 0;
    let amp = 1;
    let norm = 0;
    let f = 1;
    for (let o = 0; o < octaves; o++) {
      sum += amp * noise3(x * f, y * f, z * f, px * f, py * f, pz * f);
      norm += amp;
      amp *= 0.5;
      f *= 2;
    }
    return sum / norm;
  };

  // The lattice index of coordinate floor `i` and the next one along an axis of period `p` (the
  // same indices as noise3 computes), into `into` [i0, i1].
  const lattice = (i: number, p: number, into: Int32Array): void => {
    if (!(p > 0)) {
      into[0] = i & 255;
      into[1] = (i + 1) & 255;
    } else if ((p | 0) === p && (i | 0) === i) {
      let m = (i | 0) % (p | 0);
      if (m < 0) m += p;
      into[0] = m & 255;
      into[1] = (m + 1 >= p ? m + 1 - p : m + 1) & 255;
    } else {
      into[0] = wrap(i, p);
      into[1] = wrap(i + 1, p);
    }
  };
  const ly = new Int32Array(2), lz = new Int32Array(2);
  const fbm3Row = (out: Float64Array, xs: Float64Array, from: number, to: number, y: number, z: number, octaves: number, px = 0, py = 0, pz = 0): void => {
    for (let i = from; i < to; i++) out[i] = 0;
    let amp = 1;
    let norm = 0;
    let f = 1;
    for (let o = 0; o < octaves; o++) {
      const Y = y * f, Z = z * f;
      const opx = px * f;
      const yf = Math.floor(Y), zf = Math.floor(Z);
      const fy = Y - yf, fz = Z - zf;
      lattice(yf, py * f, ly);
      lattice(zf, pz * f, lz);
      const y0 = ly[0] as number, y1 = ly[1] as number, z0 = lz[0] as number, z1 = lz[1] as number;
      const v = fy * fy * fy * (fy * (fy * 6 - 15) + 10);
      const w = fz * fz * fz * (fz * (fz * 6 - 15) + 10);
      const fy1 = fy - 1, fz1 = fz - 1;
      for (let i = from; i < to; i++) {
        const X = (xs[i] as number) * f;
        const xf = Math.floor(X);
        const fx = X - xf;
        let x0: number, x1: number;
        if (!(opx > 0)) {
          x0 = xf & 255;
          x1 = (xf + 1) & 255;
        } else if ((opx | 0) === opx && (xf | 0) === xf) {
          let m = (xf | 0) % (opx | 0);
          if (m < 0) m += opx;
          x0 = m & 255;
          x1 = (m + 1 >= opx ? m + 1 - opx : m + 1) & 255;
        } else {
          x0 = wrap(xf, opx);
          x1 = wrap(xf + 1, opx);
        }
        const u = fx * fx * fx * (fx * (fx * 6 - 15) + 10);
        const fx1 = fx - 1;
        const a0 = perm[x0] as number, a1 = perm[x1] as number;
        const b00 = perm[a0 + y0] as number, b01 = perm[a0 + y1] as number;
        const b10 = perm[a1 + y0] as number, b11 = perm[a1 + y1] as number;
        const n000 = g(perm[b00 + z0] as number, fx, fy, fz);
        const n100 = g(perm[b10 + z0] as number, fx1, fy, fz);
        const n010 = g(perm[b01 + z0] as number, fx, fy1, fz);
        const n110 = g(perm[b11 + z0] as number, fx1, fy1, fz);
        const n001 = g(perm[b00 + z1] as number, fx, fy, fz1);
        const n101 = g(perm[b10 + z1] as number, fx1, fy, fz1);
        const n011 = g(perm[b01 + z1] as number, fx, fy1, fz1);
        const n111 = g(perm[b11 + z1] as number, fx1, fy1, fz1);
        const nx00 = n000 + (n100 - n000) * u, nx10 = n010 + (n110 - n010) * u;
        const nx01 = n001 + (n101 - n001) * u, nx11 = n011 + (n111 - n011) * u;
        const nxy0 = nx00 + (nx10 - nx00) * v, nxy1 = nx01 + (nx11 - nx01) * v;
        out[i] = (out[i] as number) + amp * (nxy0 + (nxy1 - nxy0) * w);
      }
      norm += amp;
      amp *= 0.5;
      f *= 2;
    }
    for (let i = from; i < to; i++) out[i] = (out[i] as number) / norm;
  };

  return { noise1, noise2, noise3, fbm3, fbm3Row };
}

/**
 * Fills `out` (width x height, row-major) with `fn(x, y)` evaluated every `step` pixels and
 * interpolated bilinearly between: smooth fields (noise, soft densities) cost 1/step² of a full
 * evaluation, and the sharp parts of an effect (thresholds, colour ramps) still run per pixel.
 * `fn` receives pixel-centre coordinates.
 */
export function sampleField(
  out: Float32Array, width: number, height: number, step: number,
  fn: (x: number, y: number) => number,
): void {
  checkInt(width, 1, 1 << 14, 'field width');
  checkInt(height, 1, 1 << 14, 'field height');
  checkInt(step, 1, 64, 'field step');
  if (out.length < width * height) {
    throw new RangeError(`Expected at least ${width * height} values for field but received ${out.length}`);
  }
  const gw = Math.ceil((width - 1) / step) + 1;
  const gh = Math.ceil((height - 1) / step) + 1;
  const grid = new Float32Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) grid[gy * gw + gx] = fn(gx * step + 0.5, gy * step + 0.5);
  }
  interpolateGrid(out, width, height, step, grid);
}

/** The grid sampleField evaluates for a width x height field every `step` pixels: gw x gh points. */
export function gridSize(width: number, height: number, step: number): { gw: number; gh: number } {
  return { gw: Math.ceil((width - 1) / step) + 1, gh: Math.ceil((height - 1) / step) + 1 };
}

/**
 * sampleField's second half, for callers that evaluate the grid themselves (values at pixel
 * centres gx * step + 0.5, gy * step + 0.5, row-major, gridSize() points): fills `out` by
 * bilinear interpolation between them.
 */
export function interpolateGrid(out: Float32Array, width: number, height: number, step: number, grid: Float32Array): void {
  checkInt(width, 1, 1 << 14, 'field width');
  checkInt(height, 1, 1 << 14, 'field height');
  checkInt(step, 1, 64, 'field step');
  const { gw, gh } = gridSize(width, height, step);
  if (out.length < width * height) {
    throw new RangeError(`Expected at least ${width * height} values for field but received ${out.length}`);
  }
  if (grid.length < gw * gh) {
    throw new RangeError(`Expected at least ${gw * gh} grid values but received ${grid.length}`);
  }
  // Per column: the grid cell to its left and the weight of the one to its right, computed once.
  const col = new Int32Array(width);
  const colW = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const gx = Math.max(0, Math.min(gw - 2, Math.floor(x / step)));
    col[x] = gx;
    colW[x] = gw > 1 ? Math.min(1, (x - gx * step) / step) : 0;
  }
  const rowLerp = new Float32Array(gw);
  for (let y = 0; y < height; y++) {
    const gy = Math.max(0, Math.min(gh - 2, Math.floor(y / step)));
    const fy = gh > 1 ? Math.min(1, (y - gy * step) / step) : 0;
    const r0 = gy * gw;
    const r1 = gh > 1 ? r0 + gw : r0;
    // Interpolate the two grid rows once, then each pixel is one lerp along the row.
    for (let gx = 0; gx < gw; gx++) {
      const a = grid[r0 + gx] as number;
      rowLerp[gx] = a + ((grid[r1 + gx] as number) - a) * fy;
    }
    const o = y * width;
    for (let x = 0; x < width; x++) {
      const c = col[x] as number;
      const a = rowLerp[c] as number;
      const b = gw > 1 ? (rowLerp[c + 1] as number) : a;
      out[o + x] = a + (b - a) * (colW[x] as number);
    }
  }
}

/**
 * A function periodic in x and y (periods px, py: a noise scrolled by whole periods) tabulated
 * once over one period, `perUnit` samples a unit, and read back bilinearly at any (x, y): for a
 * noise whose third coordinate never changes, a table lookup per point instead of fractal noise
 * per point per frame. Keep perUnit at 8 or more samples per lattice cell of the finest octave.
 */
export interface PeriodicTable {
  width: number;
  height: number;
  perUnit: number;
  data: Float32Array;
}

export function periodicTable(px: number, py: number, perUnit: number, fn: (x: number, y: number) => number): PeriodicTable {
  const width = Math.round(px * perUnit), height = Math.round(py * perUnit);
  checkInt(width, 1, 1 << 12, 'table width');
  checkInt(height, 1, 1 << 12, 'table height');
  const data = new Float32Array(width * height);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) data[j * width + i] = fn(i / perUnit, j / perUnit);
  }
  return { width, height, perUnit, data };
}

/** The table's function at (x, y), wrapped into its period, bilinear between samples. */
export function readPeriodic(tab: PeriodicTable, x: number, y: number): number {
  const { width: w, height: h, data } = tab;
  let fx = x * tab.perUnit, fy = y * tab.perUnit;
  fx -= Math.floor(fx / w) * w;
  fy -= Math.floor(fy / h) * h;
  let i = Math.floor(fx), j = Math.floor(fy);
  const ax = fx - i, ay = fy - j;
  if (i >= w) i -= w;
  if (j >= h) j -= h;
  const i1 = i + 1 === w ? 0 : i + 1, j1 = j + 1 === h ? 0 : j + 1;
  const r0 = j * w, r1 = j1 * w;
  const a = (data[r0 + i] as number) + ((data[r0 + i1] as number) - (data[r0 + i] as number)) * ax;
  const b = (data[r1 + i] as number) + ((data[r1 + i1] as number) - (data[r1 + i] as number)) * ax;
  return a + (b - a) * ay;
}
