import { describe, expect, it } from 'vitest';
import { createField, fillField, fillFieldFor, multiplyField, shadeField, splat } from '../../../../workers/engines/effect/field.ts';
import { createLayer } from '../../../../workers/engines/effect/layer.ts';

const lut = new Float32Array([1, 1, 1, 0.5, 0.5, 0.5, 0, 0, 0]); // white, grey, black
const options = { lut, steps: 3, edge0: 0.2, edge1: 0.6, rampAt: 1, rampSlope: 1, opacity: 1, blend: 'over' as const };

describe('splat', () => {
  it('adds a bounded bump: peak in the middle, zero past the radius, neighbours sum', () => {
    const f = createField(32, 32);
    splat(f, 16, 16, 8, 1);
    expect(f.data[15 * 32 + 15]).toBeGreaterThan(0.98);
    expect(f.data[15 * 32 + 25]).toBe(0);
    splat(f, 16, 16, 8, 1);
    expect(f.data[15 * 32 + 15]).toBeGreaterThan(1.96);
  });
});

describe('coarse fields', () => {
  it('splat takes layer coordinates and a coarse field shades like a fine one', () => {
    const fine = createField(64, 64);
    const coarse = createField(64, 64, 2);
    expect([coarse.width, coarse.height]).toEqual([32, 32]);
    splat(fine, 30, 34, 14, 1);
    splat(coarse, 30, 34, 14, 1);
    const a = createLayer(64, 64), b = createLayer(64, 64);
    // A smooth ramp (black to white over 256 steps), so the comparison is not of rounding steps.
    const smooth = new Float32Array(256 * 3).map((_, i) => 1 - Math.floor(i / 3) / 255);
    shadeField(fine, a, { ...options, lut: smooth, steps: 256, lit: 1 });
    shadeField(coarse, b, { ...options, lut: smooth, steps: 256, lit: 1 });
    let worst = 0;
    for (let i = 0; i < a.data.length; i++) worst = Math.max(worst, Math.abs(a.data[i]! - b.data[i]!));
    expect(worst).toBeLessThan(0.08);
  });
});

describe('shadeField', () => {
  it('is clear below edge0, opaque above edge1, denser is nearer the core colour', () => {
    const f = createField(3, 1);
    f.data.set([0.1, 0.4, 1]);
    const l = createLayer(3, 1);
    shadeField(f, l, options);
    expect(l.data[3]).toBe(0);
    expect(l.data[7]).toBeCloseTo(0.5, 5);
    expect(l.data[11]).toBe(1);
    expect([...l.data.subarray(8, 11)]).toEqual([1, 1, 1]); // v = 1: ramp 0, white
    expect(l.data[4]! / l.data[7]!).toBeCloseTo(0.5, 1); // v = 0.4: ramp 0.6, grey
  });

  it('refuses a field of another size', () => {
    expect(() => shadeField(createField(2, 2), createLayer(3, 3), options)).toThrow('Expected a field for a 3x3 layer but received 2x2 at scale 1');
  });
});

describe('fillFieldFor', () => {
  it('fills what multiplyField reads under non-zero cells, so the product is fillField then multiply', () => {
    const fn = (x: number, y: number) => 1 + Math.sin(x * 0.21) * Math.cos(y * 0.13);
    const make = () => {
      const f = createField(64, 64, 2);
      splat(f, 20, 24, 9, 1);
      splat(f, 44, 40, 6, 0.5);
      return f;
    };
    const a = make(), b = make();
    const full = createField(64, 64, 4);
    fillField(full, fn);
    multiplyField(a, full);
    const lazy = createField(64, 64, 4);
    lazy.data.fill(Number.NaN); // anything read but not filled would show
    fillFieldFor(lazy, [b], fn);
    multiplyField(b, lazy);
    expect(b.data).toEqual(a.data);
    expect(lazy.data.some((v) => Number.isNaN(v))).toBe(true); // the far corners were not evaluated
  });
});
