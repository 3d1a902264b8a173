import { describe, expect, it } from 'vitest';
import { BAYER4, bayer } from '../../../workers/kernels/dither.ts';
import { buildRamp, ditherToward, nearestOpaque, shiftByRamp } from '../../../workers/kernels/ramp.ts';
import { extractPalette, packColor, usesOnlyPalette } from '../../../workers/kernels/palette.ts';
import { pixelKnight } from '../../fixtures/sprites.ts';

describe('ordered dithering', () => {
  it('uses the 4x4 Bayer matrix: every threshold once per tile', () => {
    expect([...BAYER4].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    const ts = Array.from({ length: 16 }, (_, i) => bayer(i % 4, Math.floor(i / 4)));
    expect(new Set(ts).size).toBe(16);
    expect(bayer(5, 9)).toBe(bayer(1, 1));
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

  it.each([1, 2, -1, -3])('shifting by %d steps stays in the palette and keeps alpha', (steps) => {
    if (!ramp) throw new Error('no ramp');
    const out = shiftByRamp(knight, steps, ramp);
    expect(usesOnlyPalette(out, palette)).toBe(true);
    for (let i = 3; i < out.data.length; i += 4) expect(out.data[i]).toBe(knight.data[i]);
  });

  it('takes whole steps only (a part step would be a dither over the whole sprite)', () => {
    if (!ramp) throw new Error('no ramp');
    expect(() => shiftByRamp(knight, 0.5, ramp)).toThrow(RangeError);
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

  it('keeps a colour in its own material: light skin darkens to darker skin, not to a light grey a shirt is', () => {
    // The pirate's palette: its skin's far limb turned a shirt's grey and a sole its hair's pink.
    const skin = packColor(0xf6, 0xd5, 0xa4, 255), darkSkin = packColor(0xde, 0x94, 0x62, 255);
    const shirt = packColor(0xd5, 0xcd, 0xc5, 255), hair = packColor(0xc8, 0x80, 0x78, 255);
    const r = buildRamp([skin, darkSkin, shirt, hair])!;
    const down = (c: number) => r.colors[r.down[r.index.get(c)!]!];
    expect(down(skin)).toBe(darkSkin);
    // A grey has no colour to keep: it still darkens along the greys it has, or stays.
    expect(down(shirt)).toBe(shirt);
  });

  it('has no ramp for an image with too many colours to be a palette', () => {
    expect(buildRamp(Array.from({ length: 300 }, (_, i) => packColor(i & 255, i >> 8, 0, 255)))).toBeNull();
  });
});
