import { describe, expect, it } from 'vitest';
import { averageColor, luma, recolor } from '../../../workers/kernels/recolor.ts';
import { extractPalette, mapToPalette, packColor, usesOnlyPalette } from '../../../workers/kernels/palette.ts';
import { createRandom, hashString } from '../../../workers/kernels/random.ts';
import { colorWord } from '../../../workers/kernels/words.ts';
import { motionFromText } from '../../../workers/engines/animate/plan.ts';
import { parseHexColor } from '../../../workers/kernels/image.ts';
import { pixelArt, solid, paletteOf } from '../images.ts';

describe('recolor', () => {
  it('keeps luminance roughly and alpha exactly while moving the hue', () => {
    const img = solid(2, 2, [128, 128, 128, 200]);
    const out = recolor(img, { r: 255, g: 200, b: 50, a: 255 }, 1);
    const [r, g, b, a] = [...out.data.subarray(0, 4)] as [number, number, number, number];
    expect(a).toBe(200);
    expect(r).toBeGreaterThan(b);
    expect(Math.abs(luma(r, g, b) - 128)).toBeLessThan(6);
    expect(recolor(img, { r: 255, g: 0, b: 0, a: 255 }, 0)).toEqual(img);
  });

  it('averageColor weighs by alpha', () => {
    const img = solid(2, 1, [255, 0, 0, 255]);
    img.data.set([0, 0, 255, 0], 4);
    expect(averageColor(img)).toEqual({ r: 255, g: 0, b: 0, a: 255 });
  });
});

describe('palette lock', () => {
  it('extracts the colours and maps others to the nearest', () => {
    const art = pixelArt(12, 12);
    const palette = paletteOf([art]);
    expect(palette).toContain(0);
    expect(palette).toContain(packColor(250, 200, 80, 255));
    expect(usesOnlyPalette(art, palette)).toBe(true);
    const off = solid(3, 3, [245, 195, 90, 255]);
    expect(usesOnlyPalette(off, palette)).toBe(false);
    expect([...mapToPalette(off, palette).data.subarray(0, 4)]).toEqual([250, 200, 80, 255]);
  });

  it('gives no palette for an image with more colours than the limit', () => {
    expect(extractPalette([pixelArt(12, 12)], 3)).toBeNull();
    expect(extractPalette([pixelArt(12, 12)], 5)).toHaveLength(5);
  });
});

describe('random', () => {
  it('is a pure function of seed and label', () => {
    const a = createRandom('abc', 'x');
    const b = createRandom('abc', 'x');
    const c = createRandom('abc', 'y');
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(c.next()).not.toBe(xs[0]);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(hashString('abc')).toBe(hashString('abc'));
  });
});

describe('words', () => {
  it.each([
    ['make him golden', 'gold'], ['an ICE knight', 'ice'], ['burning sword', 'fire'], ['a knight', undefined],
  ])('%s -> %s', (text, name) => {
    expect(colorWord(text)?.name).toBe(name);
  });

  it.each([
    ['the knight jumps', 'jump'], ['Bounce!', 'bounce'], ['walking forward', 'walk'], ['run fast', 'run'],
    ['spin around', 'spin'], ['sword slash', 'attack'], ['a knight standing', 'idle'],
  ])('%s -> %s', (text, motion) => {
    expect(motionFromText(text)).toBe(motion);
  });

  it('parses background colours', () => {
    expect(parseHexColor('#52FF60')).toEqual({ r: 0x52, g: 0xff, b: 0x60, a: 255 });
    expect(() => parseHexColor('green')).toThrow('Expected a colour like #RRGGBB for background but received "green"');
  });
});
