import { describe, expect, it } from 'vitest';
import { createNoise, gridSize, interpolateGrid, periodicTable, readPeriodic, sampleField } from '../../../../workers/engines/effect/noise.ts';

const points = Array.from({ length: 200 }, (_, i) => [i * 0.137 - 7, i * 0.291 - 11, i * 0.053] as const);

describe('createNoise', () => {
  it('is the same field for the same seed and label, another for another label or seed', () => {
    const a = createNoise('seed', 'fire');
    const b = createNoise('seed', 'fire');
    const c = createNoise('seed', 'smoke');
    const d = createNoise('other', 'fire');
    const sample = (n: typeof a) => points.map(([x, y, z]) => n.noise3(x, y, z));
    expect(sample(a)).toEqual(sample(b));
    expect(sample(a)).not.toEqual(sample(c));
    expect(sample(a)).not.toEqual(sample(d));
  });

  it.each([
    ['noise1', (n: ReturnType<typeof createNoise>, x: number, y: number, z: number) => n.noise1(x + y + z)],
    ['noise2', (n: ReturnType<typeof createNoise>, x: number, y: number) => n.noise2(x, y)],
    ['noise3', (n: ReturnType<typeof createNoise>, x: number, y: number, z: number) => n.noise3(x, y, z)],
    ['fbm3', (n: ReturnType<typeof createNoise>, x: number, y: number, z: number) => n.fbm3(x, y, z, 4)],
  ])('%s stays in about [-1, 1], varies, and is 0 on lattice points where gradient noise must be', (_name, f) => {
    const n = createNoise('range');
    const values = points.map(([x, y, z]) => f(n, x, y, z));
    expect(Math.max(...values.map(Math.abs))).toBeLessThanOrEqual(1.1);
    expect(new Set(values.map((v) => v.toFixed(3))).size).toBeGreaterThan(150);
    expect(f(n, 3, 4, 5)).toBeCloseTo(0, 12);
  });

  it('is smooth: nearby points give nearby values', () => {
    const n = createNoise('smooth');
    for (const [x, y, z] of points) expect(Math.abs(n.noise3(x, y, z) - n.noise3(x + 1e-3, y, z))).toBeLessThan(0.01);
  });

  it.each([
    ['x', 4, (n: ReturnType<typeof createNoise>, x: number, y: number, z: number, p: number) => [n.noise3(x, y, z, p), n.noise3(x + p, y, z, p)]],
    ['y', 3, (n: ReturnType<typeof createNoise>, x: number, y: number, z: number, p: number) => [n.noise3(x, y, z, 0, p), n.noise3(x, y + p, z, 0, p)]],
    ['z', 2, (n: ReturnType<typeof createNoise>, x: number, y: number, z: number, p: number) => [n.noise3(x, y, z, 0, 0, p), n.noise3(x, y, z + p, 0, 0, p)]],
    ['fbm y and z', 2, (n: ReturnType<typeof createNoise>, x: number, y: number, z: number, p: number) => [n.fbm3(x, y, z, 4, 0, p, p), n.fbm3(x, y + p, z + p, 4, 0, p, p)]],
    ['2D x', 5, (n: ReturnType<typeof createNoise>, x: number, y: number, _z: number, p: number) => [n.noise2(x, y, p), n.noise2(x - p, y, p)]],
    ['1D', 6, (n: ReturnType<typeof createNoise>, x: number, _y: number, _z: number, p: number) => [n.noise1(x, p), n.noise1(x + 2 * p, p)]],
  ])('repeats along %s with period %i (what makes loops seamless)', (_axis, period, f) => {
    const n = createNoise('period');
    for (const [x, y, z] of points) {
      const [a, b] = f(n, x, y, z, period) as [number, number];
      expect(b).toBeCloseTo(a, 9);
    }
  });
});

describe('sampleField', () => {
  it('evaluates on a grid and interpolates between: linear functions come back exactly', () => {
    const out = new Float32Array(37 * 23);
    let calls = 0;
    sampleField(out, 37, 23, 4, (x, y) => {
      calls++;
      return 2 * x - y + 3;
    });
    expect(calls).toBe(10 * 7); // x = 0, 4, ..., 36 and y = 0, 4, ..., 24
    for (let y = 0; y < 23; y++) for (let x = 0; x < 37; x++) expect(out[y * 37 + x]).toBeCloseTo(2 * (x + 0.5) - (y + 0.5) + 3, 3);
  });

  it.each([
    [() => sampleField(new Float32Array(10), 4, 4, 2, () => 0), 'Expected at least 16 values for field but received 10'],
    [() => sampleField(new Float32Array(16), 4, 4, 0, () => 0), 'Expected integer between 1 and 64 for field step but received 0'],
    [() => sampleField(new Float32Array(16), 0, 4, 1, () => 0), 'Expected integer between 1 and 16384 for field width but received 0'],
  ])('checks its inputs first (%#)', (call, message) => {
    expect(call).toThrow(message);
  });
});

describe('fbm3Row', () => {
  it.each([
    ['no periods', 0, 0, 0],
    ['periodic y and z', 0, 6, 2],
    ['periodic x', 5, 2, 0],
    ['fractional periods (the general path)', 2.5, 1.5, 0],
  ])('is fbm3 point by point, value for value (%s)', (_, px, py, pz) => {
    const n = createNoise('row', 'test');
    for (let r = 0; r < 20; r++) {
      const xs = Float64Array.from({ length: 40 }, (_, i) => i * 0.173 - 3 + r * 0.41);
      const out = new Float64Array(40).fill(-9);
      const y = r * 0.77 - 5, z = r * 0.13 - 1;
      const octaves = 1 + (r % 4);
      n.fbm3Row(out, xs, 2, 37, y, z, octaves, px, py, pz);
      for (let i = 2; i < 37; i++) expect(out[i]).toBe(n.fbm3(xs[i] as number, y, z, octaves, px, py, pz));
      expect(out[0]).toBe(-9);
      expect(out[39]).toBe(-9);
    }
  });
});

describe('interpolateGrid', () => {
  it('is sampleField given the grid sampleField evaluates', () => {
    const fn = (x: number, y: number) => Math.sin(x * 0.3) + Math.cos(y * 0.17) * x * 0.01;
    const a = new Float32Array(37 * 23);
    sampleField(a, 37, 23, 4, fn);
    const { gw, gh } = gridSize(37, 23, 4);
    const grid = new Float32Array(gw * gh);
    for (let gy = 0; gy < gh; gy++) for (let gx = 0; gx < gw; gx++) grid[gy * gw + gx] = fn(gx * 4 + 0.5, gy * 4 + 0.5);
    const b = new Float32Array(37 * 23);
    interpolateGrid(b, 37, 23, 4, grid);
    expect(b).toEqual(a);
  });
});

describe('periodicTable', () => {
  it('repeats with its periods and stays close to the function it tabulates', () => {
    const n = createNoise('table', 'test');
    const fn = (x: number, y: number) => n.fbm3(x, y, 0.5, 3, 5, 2, 0);
    const tab = periodicTable(5, 2, 48, fn);
    for (const [x, y] of points) {
      expect(readPeriodic(tab, x, y)).toBeCloseTo(readPeriodic(tab, x + 5, y - 2), 5);
      expect(Math.abs(readPeriodic(tab, x, y) - fn(x, y))).toBeLessThan(0.01);
    }
  });
});
