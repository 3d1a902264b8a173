import { describe, expect, it } from 'vitest';
import { burstAge, emit, lifeFade, loopAge, travel } from '../../../../workers/engines/effect/particles.ts';
import type { Emitter } from '../../../../workers/engines/effect/particles.ts';
import { createRandom } from '../../../../workers/kernels/random.ts';

const emitter: Emitter = { count: 50, x: 0.5, y: 0.8, spreadX: 0.1, spreadY: 0.02, angle: -Math.PI / 2, cone: 0.3, speed: [0.5, 1], life: [0.2, 0.6], size: [0.01, 0.02] };

describe('emit', () => {
  it('is deterministic for a seed and keeps every value in its range', () => {
    const a = emit(createRandom('s', 'p'), emitter);
    expect(a).toEqual(emit(createRandom('s', 'p'), emitter));
    expect(a).not.toEqual(emit(createRandom('t', 'p'), emitter));
    expect(a).toHaveLength(50);
    for (const p of a) {
      expect(((p.x - 0.5) / 0.1) ** 2 + ((p.y - 0.8) / 0.02) ** 2).toBeLessThanOrEqual(1 + 1e-9);
      expect(p.speed).toBeGreaterThanOrEqual(0.5);
      expect(p.speed).toBeLessThan(1);
      expect(Math.hypot(p.vx, p.vy)).toBeCloseTo(p.speed, 9);
      // Within the cone around straight up.
      expect(Math.abs(Math.atan2(p.vy, p.vx) + Math.PI / 2)).toBeLessThanOrEqual(0.3 + 1e-9);
      expect(p.life).toBeGreaterThanOrEqual(0.2);
      expect(p.start).toBeGreaterThanOrEqual(0);
      expect(p.start).toBeLessThan(1);
    }
  });

  it('draws one-shot births from the start window', () => {
    for (const p of emit(createRandom('s'), { ...emitter, start: [0.1, 0.2] })) {
      expect(p.start).toBeGreaterThanOrEqual(0.1);
      expect(p.start).toBeLessThan(0.2);
    }
  });

  it('refuses a bad count with a message naming it', () => {
    expect(() => emit(createRandom('s'), { ...emitter, count: -1 })).toThrow('Expected integer between 0 and 100000 for particle count but received -1');
  });
});

describe('travel', () => {
  const p = emit(createRandom('s'), { ...emitter, count: 1 })[0]!;
  const at = (tau: number, g: number, drag: number) => {
    const out = { x: 0, y: 0 };
    travel(p, tau, g, drag, out);
    return out;
  };

  it.each([
    [0, 0], [0.3, 0], [0.3, 2], [1, 9.8],
  ])('without drag is ballistic (tau %s, gravity %s)', (tau, g) => {
    const o = at(tau, g, 0);
    expect(o.x).toBeCloseTo(p.x + p.vx * tau, 12);
    expect(o.y).toBeCloseTo(p.y + p.vy * tau + 0.5 * g * tau * tau, 12);
  });

  it('with drag starts at the same speed, slows down, and tends to the ballistic path as drag goes to 0', () => {
    expect(at(0, 3, 2)).toEqual({ x: p.x, y: p.y });
    const near = at(0.5, 3, 1e-5);
    const none = at(0.5, 3, 0);
    expect(near.x).toBeCloseTo(none.x, 4);
    expect(near.y).toBeCloseTo(none.y, 4);
    // Sideways it never goes further than vx / drag.
    expect(Math.abs(at(100, 0, 2).x - p.x)).toBeCloseTo(Math.abs(p.vx) / 2, 6);
  });
});

describe('ages', () => {
  const [p] = emit(createRandom('ages'), { ...emitter, count: 1, life: [0.4, 0.4] });

  it.each([0, 0.1, 0.37, 0.5, 0.99])('a loop particle at phase %s is at the same age and cycle one loop later', (t) => {
    for (const rate of [1, 2, 3]) {
      const a = loopAge(p!, t, rate);
      const b = loopAge(p!, t + 1, rate);
      expect(b.age).toBeCloseTo(a.age, 9);
      expect(b.cycle).toBe(a.cycle);
      expect(a.cycle).toBeGreaterThanOrEqual(0);
      expect(a.cycle).toBeLessThan(rate);
    }
  });

  it('a one-shot particle is unborn before its start and gone after its life', () => {
    expect(burstAge(p!, p!.start - 0.01)).toBeLessThan(0);
    expect(burstAge(p!, p!.start + 0.2)).toBeCloseTo(0.5, 9);
    expect(burstAge(p!, p!.start + 0.41)).toBeGreaterThan(1);
  });

  it.each([
    [0, 0], [0.05, 0.5], [0.5, 1], [0.9, 0.5], [1, 0], [-0.2, 0], [1.2, 0],
  ])('lifeFade(%s) with 10%% / 20%% ramps is %s', (age, expected) => {
    expect(lifeFade(age, 0.1, 0.2)).toBeCloseTo(expected, 9);
  });
});
