// Gradient mapping and the colour arithmetic under it: ramps rise in luma, mapping keeps alpha and
// order, weights and levels do what they say, withLuma lands on its target.
import { describe, expect, it } from 'vitest';
import { buildRamp, lumaLevels, mapLuminance, rampDrop } from '../../../workers/kernels/luminanceMap.ts';
import { lumaOf, saturate, toHex, toHsl, withHue, withLuma } from '../../../workers/kernels/tone.ts';
import { edgeGlow } from '../../../workers/kernels/edgeGlow.ts';
import { grainTexture } from '../../../workers/kernels/texture.ts';
import { alphaBounds } from '../../../workers/kernels/track.ts';
import { createImage, fillRect } from '../../../workers/kernels/image.ts';
import type { Rgba } from '../../../workers/kernels/image.ts';
import { solid } from '../images.ts';

const c = (r: number, g: number, b: number): Rgba => ({ r, g, b, a: 255 });
const GOLD = buildRamp([{ at: 0, color: c(30, 15, 0) }, { at: 0.5, color: c(200, 140, 30) }, { at: 1, color: c(255, 250, 220) }]);

/** A grey gradient 256 x 1 with alpha `a`. */
function greys(a = 255) {
  const img = createImage(256, 1);
  for (let x = 0; x < 256; x++) img.data.set([x, x, x, a], x * 4);
  return img;
}

describe('buildRamp / mapLuminance', () => {
  it('maps the ends of the luma range to the ends of the ramp and rises in between', () => {
    expect([...GOLD.subarray(0, 3)]).toEqual([30, 15, 0]);
    expect([...GOLD.subarray(765, 768)]).toEqual([255, 250, 220]);
    expect(rampDrop(GOLD)).toBe(0);
    expect(rampDrop(buildRamp([{ at: 0, color: c(255, 255, 255) }, { at: 1, color: c(0, 0, 0) }]))).toBeGreaterThan(200);
  });

  it.each([255, 128, 1])('keeps alpha %i and luma order', (a) => {
    const out = mapLuminance(greys(a), { ramp: GOLD });
    for (let x = 0; x < 256; x++) expect(out.data[x * 4 + 3]).toBe(a);
    for (let x = 1; x < 256; x++) {
      const l = (i: number): number => lumaOf(c(out.data[i * 4] ?? 0, out.data[i * 4 + 1] ?? 0, out.data[i * 4 + 2] ?? 0));
      expect(l(x)).toBeGreaterThanOrEqual(l(x - 1) - 0.6);
    }
  });

  it('leaves transparent pixels, zero-weight pixels and strength 0 alone', () => {
    const img = greys();
    img.data.set([9, 9, 9, 0], 0);
    const weight = new Uint8Array(256);
    weight[100] = 255;
    const out = mapLuminance(img, { ramp: GOLD, weight });
    expect([...out.data.subarray(0, 4)]).toEqual([9, 9, 9, 0]);
    expect([...out.data.subarray(50 * 4, 51 * 4)]).toEqual([50, 50, 50, 255]);
    expect([...out.data.subarray(400, 403)]).not.toEqual([100, 100, 100]);
    expect(mapLuminance(img, { ramp: GOLD, strength: 0 }).data).toEqual(img.data);
  });

  it('clearOutside: the subject in `area` maps as it does on a copy; see-through pixels come out 0', () => {
    const img = createImage(40, 30);
    fillRect(img, 10, 5, 12, 20, c(120, 90, 60));
    fillRect(img, 14, 9, 4, 4, c(220, 200, 180));
    // See-through pixels with colour in them, inside the area and out.
    for (const p of [0, 5 * 40 + 30, 6 * 40 + 10]) img.data.set([9, 9, 9, 0], p * 4);
    img.data.set([9, 9, 9, 0], (5 * 40 + 12) * 4);
    const area = { x0: 10, y0: 5, x1: 22, y1: 25 };
    const copied = mapLuminance(img, { ramp: GOLD, area });
    const cleared = mapLuminance(img, { ramp: GOLD, area, clearOutside: true });
    for (let p = 0; p < 40 * 30; p++) {
      if (img.data[p * 4 + 3] === 0) expect([...cleared.data.subarray(p * 4, p * 4 + 4)]).toEqual([0, 0, 0, 0]);
      else expect([...cleared.data.subarray(p * 4, p * 4 + 4)]).toEqual([...copied.data.subarray(p * 4, p * 4 + 4)]);
    }
    expect(copied.data[3]).toBe(0);
    expect(copied.data[0]).toBe(9);
  });

  it('inPlace: every path writes into the image itself what it returns on a copy', () => {
    // A subject with soft edges, in a frame that is see-through around it, at an offset in its buffer.
    const make = () => {
      const img = createImage(48, 40);
      for (let y = 6; y < 34; y++) for (let x = 8; x < 30; x++) img.data.set([(x * 37) & 255, (y * 11) & 255, (x * y) & 255, x === 8 || y === 33 ? 90 : 255], (y * 48 + x) * 4);
      // See-through pixels with colour in them, inside the subject's rectangle.
      for (const p of [6 * 48 + 12, 20 * 48 + 29]) img.data.set([9, 9, 9, 0], p * 4);
      const held = new Uint8Array(img.data.length + 16);
      held.set(img.data, 8);
      return { ...img, data: held.subarray(8, 8 + img.data.length) };
    };
    const weight = new Uint8Array(48 * 40).map((_, p) => (p * 7) & 255);
    const texture = { data: grainTexture('stone', 16, 40, 's'), width: 16, height: 16, dx: 3, dy: 5 };
    const area = { x0: 8, y0: 6, x1: 30, y1: 34 };
    const alphaRows = new Float32Array(40).map((_, y) => 1 - y / 60);
    const cases = {
      packed: {}, faded: { alphaRows }, textured: { texture, alphaRows }, partly: { strength: 0.6 },
      weighted: { weight, alphaRows }, overColour: { weight, alphaRows, fadeOver: c(20, 40, 60) }, cleared: { area, clearOutside: true },
    };
    for (const [name, opts] of Object.entries(cases)) {
      const copied = mapLuminance(make(), { ramp: GOLD, ...opts });
      const img = make();
      const inPlace = mapLuminance(img, { ramp: GOLD, ...opts, inPlace: true });
      expect(inPlace.data, name).toBe(img.data);
      expect(Buffer.from(inPlace.data).equals(Buffer.from(copied.data)), name).toBe(true);
    }
  });

  it("spans: each row worked over its visible span alone gives what the whole area gives, copied, in place or cleared", () => {
    // A diamond with a soft edge and coloured see-through pixels, in a see-through frame.
    const make = () => {
      const img = createImage(48, 40);
      for (let y = 4; y < 36; y++) for (let x = 4; x < 44; x++) {
        const d = Math.abs(x - 24) + Math.abs(y - 20);
        img.data.set([(x * 37) & 255, (y * 11) & 255, (x * y) & 255, d < 14 ? 255 : d < 16 ? 100 : 0], (y * 48 + x) * 4);
        if (d >= 16) img.data.set([9, 9, 9], (y * 48 + x) * 4);
      }
      return img;
    };
    const { spans } = alphaBounds(make(), false);
    const texture = { data: grainTexture('stone', 16, 40, 's'), width: 16, height: 16, dx: 3, dy: 5 };
    const area = { x0: 4, y0: 4, x1: 44, y1: 36 };
    const alphaRows = new Float32Array(40).map((_, y) => 1 - y / 60);
    const cases = { packed: { area }, faded: { area, alphaRows }, textured: { area, texture }, cleared: { area, clearOutside: true } };
    for (const [name, opts] of Object.entries(cases)) {
      for (const inPlace of [false, true]) {
        const whole = mapLuminance(make(), { ramp: GOLD, ...opts, inPlace });
        const narrowed = mapLuminance(make(), { ramp: GOLD, ...opts, inPlace, spans });
        expect(Buffer.from(narrowed.data).equals(Buffer.from(whole.data)), `${name}, in place: ${inPlace}`).toBe(true);
      }
    }
    expect([...spans.subarray(20 * 2, 20 * 2 + 2)]).toEqual([9, 40]);
    expect([...spans.subarray(0, 2)]).toEqual([0, 0]);
  });

  it('stretches levels: the window [lo, hi] covers the whole ramp', () => {
    const out = mapLuminance(greys(), { ramp: GOLD, levels: { lo: 64, hi: 192 } });
    expect([...out.data.subarray(64 * 4, 64 * 4 + 3)]).toEqual([30, 15, 0]);
    expect([...out.data.subarray(192 * 4, 192 * 4 + 3)]).toEqual([255, 250, 220]);
  });

  it('fades alpha by row, or toward a colour on opaque sources', () => {
    const img = solid(2, 2, [128, 128, 128, 255]);
    const rows = new Float32Array([1, 0.5]);
    expect(mapLuminance(img, { ramp: GOLD, alphaRows: rows }).data[3 * 4 + 3]).toBe(128);
    const faded = mapLuminance(img, { ramp: GOLD, alphaRows: rows, fadeOver: c(0, 0, 255) });
    expect(faded.data[3 * 4 + 3]).toBe(255);
    expect(faded.data[3 * 4 + 2]).toBeGreaterThan(100);
  });

  it('lumaLevels finds the 2nd..98th percentile, widened to a minimum span', () => {
    expect(lumaLevels([greys()])).toEqual({ lo: 5, hi: 250 });
    expect(lumaLevels([solid(4, 4, [100, 100, 100, 255])], undefined, 140)).toEqual({ lo: 30, hi: 170 });
  });
});

describe('tone', () => {
  it.each([[c(200, 30, 40), 60], [c(20, 90, 230), 200], [c(128, 128, 128), 0], [c(10, 200, 10), 255]])('withLuma(%o, %i) is exact and keeps the hue', (col, target) => {
    const out = withLuma(col, target);
    expect(Math.abs(lumaOf(out) - target)).toBeLessThanOrEqual(1);
    if (target > 20 && target < 235 && toHsl(col).s > 0.2) expect(Math.abs(toHsl(out).h - toHsl(col).h)).toBeLessThan(3);
  });

  it('withHue and saturate keep luma', () => {
    const col = c(240, 98, 8);
    expect(Math.abs(lumaOf(withHue(col, 220)) - lumaOf(col))).toBeLessThanOrEqual(1.5);
    expect(Math.abs(lumaOf(saturate(col, 0.3)) - lumaOf(col))).toBeLessThanOrEqual(1.5);
    expect(toHex(c(255, 16, 1))).toBe('#ff1001');
  });
});

describe('edgeGlow and grain', () => {
  it('lights the rim inside the silhouette only', () => {
    const img = createImage(12, 12);
    fillRect(img, 2, 2, 8, 8, c(40, 40, 40));
    const out = edgeGlow(img, c(255, 255, 0), 2, 1);
    expect(out.data[(2 * 12 + 2) * 4]).toBeGreaterThan(200);
    expect(out.data[(6 * 12 + 6) * 4]).toBe(40);
    expect(out.data[(0 * 12 + 0) * 4 + 3]).toBe(0);
  });

  it.each(['stone', 'wood', 'flame', 'bubble', 'crackle'] as const)('%s tiles are seeded and bounded', (kind) => {
    const a = grainTexture(kind, 32, 30, 'seed');
    expect(a).toEqual(grainTexture(kind, 32, 30, 'seed'));
    expect(a).not.toEqual(grainTexture(kind, 32, 30, 'other'));
    expect(Math.max(...a.map(Math.abs))).toBeLessThanOrEqual(75); // stone pits reach 2.2x
  });
});
