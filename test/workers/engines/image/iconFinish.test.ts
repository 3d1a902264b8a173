// Finishing: outlines around what is drawn (pixel and smooth), shadows and glows under it, never
// over it.
import { describe, expect, it } from 'vitest';
import { outlineFromDistance, outlinePixel, outlineSmooth } from '../../../../workers/engines/image/iconFinish.ts';
import { dropShadow, glowAura, groundShadow } from '../../../../workers/engines/image/iconShadow.ts';
import { createImage, fillRect } from '../../../../workers/kernels/image.ts';

const INK = { r: 10, g: 10, b: 20, a: 255 };
const WHITE = { r: 255, g: 255, b: 255, a: 255 };
const alphaAt = (img: ReturnType<typeof createImage>, x: number, y: number) => img.data[(y * img.width + x) * 4 + 3];

describe('outlines', () => {
  it('pixel art: a one-pixel 4-connected ring', () => {
    const img = createImage(8, 8);
    fillRect(img, 3, 3, 2, 2, WHITE);
    outlinePixel(img, INK);
    expect(alphaAt(img, 2, 3)).toBe(255);
    expect(alphaAt(img, 2, 2)).toBe(0); // corners stay open
    expect([...img.data.subarray((3 * 8 + 3) * 4, (3 * 8 + 3) * 4 + 3)]).toEqual([255, 255, 255]);
  });

  it('smooth: a band of the given width, under the icon', () => {
    const img = createImage(32, 32);
    fillRect(img, 12, 12, 8, 8, WHITE);
    outlineSmooth(img, 3, INK);
    expect(alphaAt(img, 10, 15)).toBe(255);
    expect(alphaAt(img, 5, 15)).toBe(0);
    expect(img.data[(15 * 32 + 15) * 4]).toBe(255);
  });

  it('from a distance field', () => {
    const img = createImage(4, 1);
    outlineFromDistance(img, Float32Array.from([-1, 1, 2, 6]), 2, INK);
    expect([...[0, 1, 2, 3].map((x) => alphaAt(img, x, 0))]).toEqual([255, 255, 128, 0]);
    expect(() => outlineFromDistance(img, new Float32Array(2), 2, INK)).toThrow(/distances/);
  });
});

describe('shadows and glows', () => {
  it.each([
    ['drop shadow', (img: ReturnType<typeof createImage>) => dropShadow(img, 4, 6, 4, 0.5, INK)],
    ['ground shadow', (img: ReturnType<typeof createImage>) => groundShadow(img, 32, 44, 20, 6, 0.4, INK)],
    ['glow', (img: ReturnType<typeof createImage>) => glowAura(img, 6, 0.6, { r: 255, g: 120, b: 30, a: 255 })],
  ])('%s: lies around the icon, leaves it and the far corners alone', (_name, apply) => {
    const img = createImage(64, 64);
    fillRect(img, 20, 20, 24, 24, WHITE);
    apply(img);
    expect([...img.data.subarray((32 * 64 + 32) * 4, (32 * 64 + 32) * 4 + 4)]).toEqual([255, 255, 255, 255]);
    expect(alphaAt(img, 0, 0)).toBe(0);
    let around = 0;
    for (let x = 0; x < 64; x++) for (let y = 0; y < 64; y++) if ((x < 20 || x >= 44 || y < 20 || y >= 44) && (alphaAt(img, x, y) ?? 0) > 0) around++;
    expect(around).toBeGreaterThan(20);
  });
});
