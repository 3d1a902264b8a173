// Materials and light: ramps that go dark to light with hue shifting, HSL round trips, and tones
// that face the light brighter.
import { describe, expect, it } from 'vitest';
import { fromHsl, makeMaterial, makeRamp } from '../../../../workers/engines/image/material.ts';
import { toHsl } from '../../../../workers/kernels/tone.ts';
import { BASE_TONE, rampColor, surfaceTone, textureTone } from '../../../../workers/engines/image/shading.ts';

const luma = (c: { r: number; g: number; b: number }) => 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;

describe('ramps', () => {
  it.each([[200, 40, 40], [40, 90, 220], [150, 150, 150], [240, 200, 60], [20, 20, 24]])('rgb(%i, %i, %i) goes dark to light, base in the middle', (r, g, b) => {
    const ramp = makeRamp({ r, g, b, a: 255 });
    for (let i = 1; i < 5; i++) expect(luma(ramp[i] as (typeof ramp)[0])).toBeGreaterThanOrEqual(luma(ramp[i - 1] as (typeof ramp)[0]));
    expect(ramp[2]).toEqual({ r, g, b, a: 255 });
  });

  it('round-trips HSL', () => {
    for (const c of [{ r: 200, g: 40, b: 40 }, { r: 12, g: 200, b: 90 }, { r: 128, g: 128, b: 128 }]) {
      const { h, s, l } = toHsl({ ...c, a: 255 });
      const back = fromHsl(h, s, l);
      expect(Math.abs(back.r - c.r) + Math.abs(back.g - c.g) + Math.abs(back.b - c.b)).toBeLessThanOrEqual(3);
    }
  });
});

describe('light', () => {
  const m = makeMaterial('m', { r: 120, g: 120, b: 200, a: 255 }, 'matte');

  it('a face toward the viewer has the base tone; toward the light brighter, away darker', () => {
    expect(surfaceTone(0, 0, 1, m)).toBeCloseTo(BASE_TONE, 1);
    const n = Math.SQRT1_2;
    expect(surfaceTone(-n * 0.7, -n * 0.7, 0.7, m)).toBeGreaterThan(BASE_TONE);
    expect(surfaceTone(n * 0.7, n * 0.7, 0.7, m)).toBeLessThan(BASE_TONE);
  });

  it('pixel art takes one of the five ramp colours; smooth interpolates', () => {
    const out = new Float32Array(3);
    rampColor(m.ramp, 0.62, true, out);
    expect(m.ramp.some((c) => c.r === out[0] && c.g === out[1] && c.b === out[2])).toBe(true);
    rampColor(m.ramp, 0.62, false, out);
    expect(out[0]).toBeGreaterThan(m.ramp[2].r - 1);
    expect(out[0]).toBeLessThan(m.ramp[3].r + 1);
  });

  it.each(['grain', 'planks', 'wrap', 'speckle', 'clumps', 'scales'] as const)('texture %s stays within its amount', (kind) => {
    for (let i = 0; i < 200; i++) {
      const v = textureTone({ kind, amount: 0.1, scale: 7 }, 3, i * 0.037, i * 0.051);
      expect(Math.abs(v)).toBeLessThanOrEqual(0.25);
    }
  });
});
