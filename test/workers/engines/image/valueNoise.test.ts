import { describe, expect, it } from 'vitest';
import { fbm, noise2 } from '../../../../workers/engines/image/valueNoise.ts';

describe('value noise', () => {
  it('is a pure function of seed and point, in [-1, 1], and smooth', () => {
    for (let i = 0; i < 500; i++) {
      const x = i * 0.173, y = i * 0.311;
      const v = noise2(7, x, y);
      expect(v).toBe(noise2(7, x, y));
      expect(Math.abs(v)).toBeLessThanOrEqual(1);
      expect(Math.abs(noise2(7, x + 0.001, y) - v)).toBeLessThan(0.02);
      expect(Math.abs(fbm(7, x, y))).toBeLessThanOrEqual(1);
    }
    expect(noise2(7, 0.5, 0.5)).not.toBe(noise2(8, 0.5, 0.5));
  });
});
