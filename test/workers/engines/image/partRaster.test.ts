// Drawing parts: anti-aliased edges when smooth, hard ones in pixel art, a flat face in its base
// colour, light from the top-left on a dome, the distance left for the outline, and placement.
import { describe, expect, it } from 'vitest';
import { drawPart } from '../../../../workers/engines/image/partRaster.ts';
import type { Part, View } from '../../../../workers/engines/image/partRaster.ts';
import { fitView, partsExtent } from '../../../../workers/engines/image/partLayout.ts';
import { createImage } from '../../../../workers/kernels/image.ts';
import { makeMaterial } from '../../../../workers/engines/image/material.ts';
import { circle, roundBox } from '../../../../workers/engines/image/shapes.ts';

const RED = makeMaterial('red', { r: 200, g: 40, b: 40, a: 255 }, 'matte');
const view = (pixel = false): View => ({ size: 64, scale: 10, ox: 32, oy: 32, pixel, seed: 1 });
const px = (img: ReturnType<typeof createImage>, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

describe('drawPart', () => {
  it('fills a flat face with the base colour and anti-aliases its edge', () => {
    const img = createImage(64, 64);
    drawPart(img, { shape: circle(0, 0, 2), material: RED }, view());
    // The base colour, give or take the faint glint every surface has.
    const [r, g, b, a] = px(img, 32, 32) as [number, number, number, number];
    expect(Math.abs(r - 200) + Math.abs(g - 40) + Math.abs(b - 40)).toBeLessThan(16);
    expect(a).toBe(255);
    expect(px(img, 2, 2)[3]).toBe(0);
    // Somewhere on the rim, coverage is partial.
    const rim = Array.from({ length: 64 }, (_, x) => px(img, x, 32)[3] as number).filter((a) => a > 0 && a < 255);
    expect(rim.length).toBeGreaterThan(0);
  });

  it('pixel art: coverage is all or nothing, colours from the five-step ramp', () => {
    const img = createImage(64, 64);
    drawPart(img, { shape: circle(0, 0, 2), material: RED, bevel: 1 }, view(true));
    const ramp = new Set(RED.ramp.map((c) => `${c.r},${c.g},${c.b}`));
    for (let i = 0; i < img.data.length; i += 4) {
      const a = img.data[i + 3];
      expect(a === 0 || a === 255).toBe(true);
      if (a) expect(ramp.has(`${img.data[i]},${img.data[i + 1]},${img.data[i + 2]}`)).toBe(true);
    }
  });

  it('a dome is lit at the top-left and shaded at the bottom-right', () => {
    const img = createImage(64, 64);
    drawPart(img, { shape: circle(0, 0, 2.5), material: RED, bevel: 2.5 }, view());
    const luma = (p: number[]) => 0.3 * (p[0] ?? 0) + 0.59 * (p[1] ?? 0) + 0.11 * (p[2] ?? 0);
    expect(luma(px(img, 20, 20))).toBeGreaterThan(luma(px(img, 44, 44)) + 20);
  });

  it('keeps the least distance to any part for the outline', () => {
    const img = createImage(64, 64);
    const union = new Float32Array(64 * 64).fill(99);
    drawPart(img, { shape: roundBox(0, 0, 1, 1), material: RED }, view(), union, 6);
    expect(union[32 * 64 + 32]).toBeLessThan(0);
    // The box's right edge is at x = 42; pixel 46's centre (46.5) is 4.5 px away.
    expect(union[32 * 64 + 46]).toBeCloseTo(4.5, 1);
    expect(union[0]).toBe(99);
  });

  it('checks its inputs', () => {
    const img = createImage(8, 8);
    expect(() => drawPart(img, { shape: circle(0, 0, 1), material: RED }, { ...view(), scale: 0 })).toThrow(/view scale/);
    expect(() => drawPart(img, { shape: circle(0, 0, 1), material: RED }, view(), new Float32Array(3), 2)).toThrow(/union/);
    expect(() => drawPart({ data: new Uint8Array(3), width: 8, height: 8 }, { shape: circle(0, 0, 1), material: RED }, view())).toThrow(/canvas/);
  });
});

describe('layout', () => {
  it('finds the true extent and centres it with the margin', () => {
    const parts: Part[] = [{ shape: circle(10, 5, 1), material: RED }, { shape: roundBox(14, 5, 1, 3), material: RED }];
    const e = partsExtent(parts);
    expect(e.x0).toBeCloseTo(9, 1);
    expect(e.x1).toBeCloseTo(15, 1);
    const v = fitView(e, 100, 0.1, false, 0);
    expect(v.scale).toBeCloseTo(80 / 6, 0);
    expect(((e.x0 + e.x1) / 2) * v.scale + v.ox).toBeCloseTo(50, 5);
    expect(Number.isInteger(fitView(e, 32, 0.1, true, 0).ox)).toBe(true);
  });
});
