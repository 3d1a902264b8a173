import { describe, expect, it } from 'vitest';
import { blendAt, clearLayer, createLayer, writeLayer } from '../../../../workers/engines/effect/layer.ts';
import { polygon, ring, spot, stroke } from '../../../../workers/engines/effect/layerShapes.ts';
import type { Layer } from '../../../../workers/engines/effect/layer.ts';
import { createImage } from '../../../../workers/kernels/image.ts';
import { flattenOnto } from '../../../../workers/engines/effect/flatten.ts';

const red = { r: 1, g: 0, b: 0, a: 1 };
const alphaAt = (l: Layer, x: number, y: number) => l.data[(y * l.width + x) * 4 + 3]!;
const covered = (l: Layer) => {
  let n = 0;
  for (let i = 3; i < l.data.length; i += 4) if (l.data[i]! > 0.5) n++;
  return n;
};

describe('blending', () => {
  it("'add' sums light (plus), 'over' hides what is below", () => {
    const d = new Float32Array(4);
    blendAt(d, 0, { r: 1, g: 0, b: 0, a: 0.5 }, 1, 'add');
    blendAt(d, 0, { r: 0, g: 0, b: 1, a: 0.5 }, 1, 'add');
    expect([...d]).toEqual([0.5, 0, 0.5, 1]);
    blendAt(d, 0, { r: 0, g: 1, b: 0, a: 1 }, 0.5, 'over');
    expect([...d]).toEqual([0.25, 0.5, 0.25, 1]);
  });
});

describe('shapes', () => {
  it.each([
    ['spot, solid', (l: Layer) => spot(l, 32, 32, 10, red, 'over', 'solid'), Math.PI * 100],
    ['stroke, solid', (l: Layer) => stroke(l, 12, 32, 52, 32, 5, 5, red, 'over', 'solid'), 40 * 10 + Math.PI * 25],
    ['ring, solid', (l: Layer) => ring(l, 32, 32, 20, 20, 3, red, 'over', 'solid'), Math.PI * (23 * 23 - 17 * 17)],
    ['flat ring keeps its width', (l: Layer) => ring(l, 32, 32, 24, 6, 2, red, 'over', 'solid'), 2 * Math.PI * Math.sqrt((24 * 24 + 6 * 6) / 2) * 4 * 0.92],
    ['polygon', (l: Layer) => polygon(l, [10, 10, 50, 10, 50, 30, 10, 30], red, 'over'), 40 * 20],
    ['polygon, other winding', (l: Layer) => polygon(l, [10, 30, 50, 30, 50, 10, 10, 10], red, 'over'), 40 * 20],
  ])('%s covers about its area', (_name, draw, area) => {
    const l = createLayer(64, 64);
    draw(l);
    expect(Math.abs(covered(l) - area) / area).toBeLessThan(0.12);
  });

  it('a glow spot is strongest in the middle and ends at its radius', () => {
    const l = createLayer(64, 64);
    spot(l, 32, 32, 12, red, 'add');
    expect(alphaAt(l, 31, 31)).toBeGreaterThan(0.95);
    expect(alphaAt(l, 38, 31)).toBeLessThan(alphaAt(l, 34, 31));
    expect(alphaAt(l, 45, 31)).toBe(0);
  });

  it('clips at the edges and ignores nothing-to-draw', () => {
    const l = createLayer(16, 16);
    spot(l, -5, 8, 8, red, 'over', 'solid');
    stroke(l, 8, 8, 30, 30, 2, 2, { ...red, a: 0 }, 'over');
    ring(l, 8, 8, 0, 5, 1, red, 'add');
    expect(covered(l)).toBeGreaterThan(0);
    expect(covered(l)).toBeLessThan(40); // the part of the disc inside, x 0..3
    clearLayer(l);
    expect(covered(l)).toBe(0);
  });
});

describe('writeLayer', () => {
  it('writes straight 8-bit RGBA, clamps alpha, keeps the hue of over-bright light', () => {
    const l = createLayer(2, 1);
    l.data.set([0.5, 0.25, 0, 0.5, 1.6, 0.4, 0, 2]);
    const out = createImage(2, 1);
    writeLayer(l, out, 0, 0, 2, 1);
    expect([...out.data]).toEqual([255, 128, 0, 128, 204, 51, 0, 255]);
  });

  it('scales up bilinearly and writes the flat copy in the same pass as flattenOnto would', () => {
    const l = createLayer(8, 8);
    spot(l, 4, 4, 3, { r: 0.2, g: 0.8, b: 1, a: 0.9 }, 'add');
    const bg = { r: 82, g: 255, b: 96, a: 255 };
    const out = createImage(20, 20);
    const flat = createImage(20, 20, bg);
    writeLayer(l, out, 2, 2, 16, 16, { image: flat, background: bg });
    expect(flat.data).toEqual(flattenOnto(out, bg).data);
    expect(out.data[(10 * 20 + 10) * 4 + 3]).toBeGreaterThan(150);
    expect(out.data[3]).toBe(0);
  });

  it('checks the rectangle against the output', () => {
    expect(() => writeLayer(createLayer(4, 4), createImage(4, 4), 2, 0, 4, 4)).toThrow('Expected integer between 1 and 2 for width but received 4');
  });
});
