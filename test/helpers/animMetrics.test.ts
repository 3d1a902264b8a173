// The animation metrics on tiny drawn images: each one passes what it should and, more to the
// point, fails what it exists to catch (a metric that cannot fail guards nothing).
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../workers/types.ts';
import {
  areaRatio, clipped, components, ditherNoise, feetLift, frameZeroMatches, HEAD, halfTransparentFraction, LEGS,
  maskIoU, periodOf, regionChange, subjectMask, verticalEdgeRuns,
} from './animMetrics.ts';
import type { Color } from './animMetrics.ts';

type C = [number, number, number, number];
const RED: C = [200, 40, 40, 255];
const BLUE: C = [40, 40, 200, 255];
const SKIN: C = [230, 180, 150, 255];
const BG: C = [250, 200, 200, 255];

function blank(width: number, height: number, fill: C = [0, 0, 0, 0]): RawImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(fill, i);
  return { data, width, height };
}
function fill(img: RawImage, x: number, y: number, w: number, h: number, c: C): RawImage {
  for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) img.data.set(c, (yy * img.width + xx) * 4);
  return img;
}
/** A 6x12 figure at (x, y): a 6x3 head with an eye, a body, two legs; `legs` stretches the legs. */
function figure(img: RawImage, x: number, y: number, legs = 4): RawImage {
  fill(img, x, y, 6, 3, SKIN);
  fill(img, x + 1, y + 1, 1, 1, BLUE);
  fill(img, x, y + 3, 6, 5, RED);
  fill(img, x, y + 8, 2, legs, BLUE);
  fill(img, x + 4, y + 8, 2, legs, BLUE);
  return img;
}
const scene = (x: number, y: number, legs = 4, size = 40): RawImage => figure(blank(size, size), x, y, legs);

describe('subjectMask', () => {
  it('is alpha > 0, or for an opaque input what differs from the background', () => {
    const img = fill(blank(3, 1, BG), 1, 0, 1, 1, RED);
    expect([...subjectMask(img).data]).toEqual([1, 1, 1]);
    expect([...subjectMask(img, BG).data]).toEqual([0, 1, 0]);
    expect([...subjectMask(fill(blank(2, 1), 0, 0, 1, 1, RED)).data]).toEqual([1, 0]);
  });
});

describe('frameZeroMatches', () => {
  const start = figure(blank(8, 14), 1, 1);
  const placed = (edit?: (f: RawImage) => void, scale = 1) => {
    const f0 = figure(blank(30, 30), 11, 11);
    edit?.(f0);
    return { frames: [f0], start: { x: 10, y: 10, width: 8, height: 14, scale } };
  };
  it('passes the start image copied at result.start into a larger canvas', () => {
    expect(frameZeroMatches(placed(), start)).toEqual({ ok: true, differing: 0, strayOutside: 0 });
  });
  it('fails one changed pixel, a stray pixel in the headroom, a scaled start', () => {
    expect(frameZeroMatches(placed((f) => fill(f, 12, 12, 1, 1, RED)), start)).toMatchObject({ ok: false, differing: 1 });
    expect(frameZeroMatches(placed((f) => fill(f, 0, 0, 1, 1, [1, 1, 1, 1])), start)).toMatchObject({ ok: false, strayOutside: 1 });
    expect(frameZeroMatches(placed(undefined, 0.5), start).ok).toBe(false);
  });
  it('takes the background colour as background outside, for an opaque input', () => {
    const opaque = fill(blank(4, 4, BG), 1, 1, 2, 2, RED);
    const f0 = fill(blank(10, 10, BG), 4, 4, 2, 2, RED);
    expect(frameZeroMatches({ frames: [f0], start: { x: 3, y: 3, width: 4, height: 4, scale: 1 } }, opaque, BG).ok).toBe(true);
    expect(frameZeroMatches({ frames: [f0], start: { x: 3, y: 3, width: 4, height: 4, scale: 1 } }, opaque).ok).toBe(false);
  });
});

describe('clipped', () => {
  it('names the sides a frame touches that frame 0 did not', () => {
    const f0 = scene(10, 28); // feet on the bottom edge already
    expect(clipped(scene(12, 28), f0)).toEqual([]);
    expect(clipped(scene(34, 28), f0)).toEqual(['right']);
    expect(clipped(scene(10, 0), f0)).toEqual(['top']);
  });
  it('sees an opaque subject run into the border', () => {
    const f0 = fill(blank(10, 10, BG), 4, 4, 2, 2, RED);
    expect(clipped(fill(blank(10, 10, BG), 0, 4, 2, 2, RED), f0, BG)).toEqual(['left']);
    expect(clipped(fill(blank(10, 10, BG), 0, 4, 2, 2, RED), f0)).toEqual([]); // without it, all is subject
  });
});

describe('areaRatio', () => {
  it('is 1 for a moved body and falls when part of it is cut away', () => {
    expect(areaRatio(scene(15, 5), scene(10, 10))).toBe(1);
    const cut = scene(10, 10);
    fill(cut, 10, 18, 6, 4, [0, 0, 0, 0]);
    expect(areaRatio(cut, scene(10, 10))).toBe(48 / 64); // the legs' 16 of 64 pixels
  });
});

describe('feetLift', () => {
  it('is the rise of the lowest row over the body height', () => {
    expect(feetLift(scene(10, 20), scene(10, 20))).toBe(0);
    expect(feetLift(scene(10, 14), scene(10, 20))).toBe(0.5);
    expect(feetLift(scene(10, 23), scene(10, 20))).toBe(-0.25);
  });
});

describe('regionChange', () => {
  it('is 0 for head and legs when the whole body moves, even far (a jump)', () => {
    const f0 = scene(10, 25);
    for (const f of [scene(13, 23), scene(10, 2), scene(25, 10)]) {
      expect(regionChange(f, f0, HEAD)).toBe(0);
      expect(regionChange(f, f0, LEGS)).toBe(0);
    }
  });
  it('is 0 for the head but high for the legs when only the legs stretch', () => {
    const f0 = scene(10, 20);
    const stretched = scene(10, 16, 8); // feet on the same row, head 4 px higher
    expect(regionChange(stretched, f0, HEAD)).toBe(0);
    expect(regionChange(stretched, f0, LEGS)).toBeGreaterThan(0.2);
  });
  it('is high when the head is smeared', () => {
    const f0 = scene(10, 20);
    const smeared = scene(10, 20);
    fill(smeared, 10, 20, 6, 3, [120, 60, 200, 128]);
    expect(regionChange(smeared, f0, HEAD)).toBeGreaterThan(0.3);
    expect(regionChange(smeared, f0, LEGS)).toBe(0);
  });
  it('is 1 when the subject vanished', () => {
    expect(regionChange(blank(40, 40), scene(10, 20), HEAD)).toBe(1);
  });
});

describe('components', () => {
  it('counts 8-connected pieces of at least minSize', () => {
    const img = blank(12, 6);
    fill(img, 0, 0, 3, 3, RED);
    fill(img, 3, 3, 2, 2, RED); // touches the first by a corner: one piece
    fill(img, 8, 0, 4, 4, RED);
    fill(img, 10, 5, 1, 1, RED); // a speck
    expect(components(subjectMask(img))).toEqual([16, 13, 1]);
    expect(components(subjectMask(img), 2)).toEqual([16, 13]);
  });
  it('sees a body torn in two', () => {
    const torn = scene(10, 10);
    fill(torn, 10, 17, 6, 1, [0, 0, 0, 0]);
    expect(components(subjectMask(scene(10, 10)), 3)).toHaveLength(1);
    expect(components(subjectMask(torn), 3)).toHaveLength(3); // the top, and each leg
  });
});

describe('verticalEdgeRuns', () => {
  it('counts long vertical hard alpha steps, not short or soft ones', () => {
    const block = fill(blank(10, 12), 3, 1, 4, 10, RED);
    expect(verticalEdgeRuns(block, 5)).toBe(20); // left and right sides
    expect(verticalEdgeRuns(block, 11)).toBe(0);
    const soft = blank(10, 12);
    for (let x = 0; x < 9; x++) fill(soft, x, 0, 1, 12, [200, 40, 40, 240 - Math.abs(x - 4) * 60]); // 60 a step
    expect(verticalEdgeRuns(soft, 3)).toBe(0);
  });
  it('grows when a body is cut along a vertical line and one half slid (a tear), not when it is sheared', () => {
    const whole = fill(blank(24, 24), 2, 4, 16, 16, RED);
    const torn = fill(fill(blank(24, 24), 2, 4, 8, 16, RED), 12, 1, 8, 16, RED);
    expect(verticalEdgeRuns(whole, 8)).toBe(32); // its two sides
    expect(verticalEdgeRuns(torn, 8)).toBe(64); // and the two faces of the cut
    const sheared = blank(24, 24);
    for (let y = 4; y < 20; y++) fill(sheared, 2 + (y >> 2), y, 16, 1, RED); // leaning: 4-row steps
    expect(verticalEdgeRuns(sheared, 8)).toBe(0);
  });
  it('steps on the subject mask of an opaque input', () => {
    const opaque = fill(blank(10, 12, BG), 3, 1, 4, 10, RED);
    expect(verticalEdgeRuns(opaque, 5)).toBe(0);
    expect(verticalEdgeRuns(opaque, 5, BG)).toBe(20);
  });
  it('does not count a dithered fade (a checker of clear and opaque) as seams', () => {
    const faded = blank(12, 12);
    for (let y = 0; y < 12; y++) for (let x = (y % 2); x < 12; x += 2) fill(faded, x, y, 1, 1, RED);
    expect(verticalEdgeRuns(faded, 2)).toBe(0);
  });
});

describe('halfTransparentFraction', () => {
  it('is 0 for a clean sprite and rises with a cross-fade', () => {
    expect(halfTransparentFraction(scene(10, 10))).toBe(0);
    const ghost = scene(10, 10);
    for (let i = 3; i < ghost.data.length; i += 4) if (ghost.data[i]) ghost.data[i] = 128;
    expect(halfTransparentFraction(ghost)).toBe(1);
    const fringe = fill(blank(4, 1), 0, 0, 4, 1, RED);
    fringe.data[3] = 250;
    fringe.data[7] = 10;
    expect(halfTransparentFraction(fringe)).toBe(0);
  });
});

describe('ditherNoise', () => {
  it('is 0 for flat areas and high for a checker of two poses', () => {
    expect(ditherNoise(fill(blank(8, 8), 2, 2, 4, 4, RED))).toBe(0);
    const checker = blank(8, 8);
    for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) fill(checker, x, y, 1, 1, (x + y) % 2 ? RED : BLUE);
    expect(ditherNoise(checker)).toBe(1);
  });
  it('ignores the background of an opaque input', () => {
    const bg: Color = BG;
    expect(ditherNoise(fill(blank(8, 8, BG), 2, 2, 4, 4, RED), bg)).toBe(0);
  });
});

describe('maskIoU', () => {
  it('is 1 for the same silhouette, 0 for disjoint ones, 1/3 for half-overlapping squares', () => {
    const a = subjectMask(fill(blank(8, 4), 0, 0, 4, 4, RED));
    expect(maskIoU(a, a)).toBe(1);
    expect(maskIoU(a, subjectMask(fill(blank(8, 4), 4, 0, 4, 4, RED)))).toBe(0);
    expect(maskIoU(a, subjectMask(fill(blank(8, 4), 2, 0, 4, 4, RED)))).toBeCloseTo(1 / 3);
    expect(() => maskIoU(a, subjectMask(blank(4, 4)))).toThrow(/one size/);
  });
});

describe('periodOf', () => {
  it('sums the delays', () => {
    expect(periodOf([80, 80, 90])).toBe(250);
    expect(periodOf([])).toBe(0);
  });
});
