import { describe, expect, it } from 'vitest';
import { BAYER4, bayer, ditherAlpha, ditherPick } from '../../../workers/kernels/dither.ts';
import { buildRamp, ditherToward, nearestOpaque, shiftByRamp } from '../../../workers/kernels/ramp.ts';
import { extractPalette, packColor, usesOnlyPalette } from '../../../workers/kernels/palette.ts';
import { pixelKnight } from '../../fixtures/sprites.ts';
import { solid } from '../images.ts';

const count = (img: { data: Uint8Array }, rgba: number[]): number => {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) if (rgba.every((v, k) => img.data[i + k] === v)) n++;
  return n;
};

describe('ordered dithering', () => {
  it('uses the 4x4 Bayer matrix: every threshold once per tile', () => {
    expect([...BAYER4].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    const ts = Array.from({ length: 16 }, (_, i) => bayer(i % 4, Math.floor(i / 4)));
    expect(new Set(ts).size).toBe(16);
    expect(bayer(5, 9)).toBe(bayer(1, 1));
  });

  it.each([0, 0.25, 0.5, 0.8, 1])('ditherPick at t=%d picks t of the pixels from the second image, whole', (t) => {
    const a = solid(8, 8, [10, 20, 30, 255]);
    const b = solid(8, 8, [200, 100, 0, 255]);
    const out = ditherPick(a, b, t);
    // 4 tiles of 16 thresholds (v + 0.5) / 16: a pixel switches when t is above its threshold.
    expect(count(out, [200, 100, 0, 255])).toBe(4 * BAYER4.filter((v) => (v + 0.5) / 16 < t).length);
    expect(Math.abs(count(out, [200, 100, 0, 255]) - t * 64)).toBeLessThanOrEqual(2);
    expect(count(out, [10, 20, 30, 255]) + count(out, [200, 100, 0, 255])).toBe(64);
  });

  it('ditherPick: the set of switched pixels only grows with t (no flicker)', () => {
    const a = solid(8, 8, [0, 0, 0, 255]);
    const b = solid(8, 8, [255, 255, 255, 255]);
    let prev = ditherPick(a, b, 0);
    for (let k = 1; k <= 32; k++) {
      const cur = ditherPick(a, b, k / 32);
      for (let i = 0; i < cur.data.length; i += 4) if (prev.data[i] === 255) expect(cur.data[i]).toBe(255);
      prev = cur;
    }
  });

  it('ditherAlpha keeps alpha binary and about the asked share', () => {
    const img = ditherAlpha(solid(8, 8, [1, 2, 3, 255]), 0.5);
    expect(count(img, [1, 2, 3, 255])).toBe(32);
    expect(count(img, [0, 0, 0, 0])).toBe(32);
  });

  it('checks its inputs', () => {
    expect(() => ditherPick(solid(2, 2, [0, 0, 0, 0]), solid(3, 2, [0, 0, 0, 0]), 0.5)).toThrow('Expected 2x2 for second image but received 3x2');
    expect(() => ditherPick(solid(2, 2, [0, 0, 0, 0]), solid(2, 2, [0, 0, 0, 0]), 2)).toThrow('Expected number between 0 and 1 for t but received 2');
  });
});

describe('palette ramps', () => {
  const knight = pixelKnight();
  const palette = extractPalette([knight]) ?? [];
  const ramp = buildRamp(palette);

  it('steps each colour to a lighter / darker colour of the palette', () => {
    expect(ramp).not.toBeNull();
    if (!ramp) return;
    const grey = packColor(170, 170, 190, 255);
    const i = ramp.index.get(grey) ?? -1;
    expect(ramp.colors[ramp.up[i] ?? 0]).toBe(packColor(190, 190, 210, 255));
    expect(ramp.colors[ramp.down[i] ?? 0]).toBe(packColor(140, 140, 160, 255));
  });

  it.each([0.5, 1, 1.7, 2, -1, -2.5])('shifting by %d levels stays in the palette and keeps alpha', (levels) => {
    if (!ramp) throw new Error('no ramp');
    const out = shiftByRamp(knight, levels, ramp);
    expect(usesOnlyPalette(out, palette)).toBe(true);
    for (let i = 3; i < out.data.length; i += 4) expect(out.data[i]).toBe(knight.data[i]);
  });

  it('a glow lightens on average', () => {
    if (!ramp) throw new Error('no ramp');
    const sum = (img: { data: Uint8Array }) => img.data.reduce((s, v, i) => (i % 4 === 3 ? s : s + v), 0);
    expect(sum(shiftByRamp(knight, 1, ramp))).toBeGreaterThan(sum(knight));
    expect(sum(shiftByRamp(knight, -1, ramp))).toBeLessThan(sum(knight));
  });

  it('ditherToward uses only the given colour and the image\'s own', () => {
    const white = nearestOpaque(palette, 255, 255, 255, 0);
    const out = ditherToward(knight, white, 0.5);
    expect(usesOnlyPalette(out, palette)).toBe(true);
  });

  it('keeps a ramp within a hue, and an outline dark: a red with no lighter red stays red, black stays black', () => {
    const red = packColor(200, 30, 40, 255), black = packColor(10, 10, 12, 255);
    const grey = packColor(120, 120, 120, 255), lightGrey = packColor(200, 200, 200, 255);
    const r = buildRamp([red, black, grey, lightGrey])!;
    const up = (c: number) => r.colors[r.up[r.index.get(c)!]!];
    expect(up(red)).toBe(red);
    expect(up(black)).toBe(black);
    expect(up(grey)).toBe(lightGrey);
    // Going down a grey reaches black (the same hue); the red has no darker red.
    expect(r.colors[r.down[r.index.get(grey)!]!]).toBe(black);
    expect(r.colors[r.down[r.index.get(red)!]!]).toBe(red);
  });

  it('has no ramp for an image with too many colours to be a palette', () => {
    expect(buildRamp(Array.from({ length: 300 }, (_, i) => packColor(i & 255, i >> 8, 0, 255)))).toBeNull();
  });
});
