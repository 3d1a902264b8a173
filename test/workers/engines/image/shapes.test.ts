// Signed-distance shapes and their combinations: distances at known points, boxes that hold the
// shape, and input checks that name the thing.
import { describe, expect, it } from 'vitest';
import { capsule, circle, ellipse, polygon, roundBox, star, taper } from '../../../../workers/engines/image/shapes.ts';
import type { Shape } from '../../../../workers/engines/image/shapes.ts';
import { cached, intersect, mirrorX, offset, ribbon, rotate, shell, smoothSubtract, smoothUnion, subtract, union } from '../../../../workers/engines/image/shapeOps.ts';
import { gridShape } from '../../../../workers/engines/image/gridShape.ts';

const square = polygon([[-1, -1], [1, -1], [1, 1], [-1, 1]]);

describe('shape distances', () => {
  it.each<[string, Shape, number, number, number]>([
    ['circle centre', circle(0, 0, 2), 0, 0, -2],
    ['circle outside', circle(0, 0, 2), 5, 0, 3],
    ['box side', roundBox(0, 0, 2, 1), 0, 3, 2],
    ['box corner', roundBox(0, 0, 1, 1), 4, 5, 5],
    ['rounded box corner', roundBox(0, 0, 1, 1, 0.5), 1, 1, Math.SQRT2 * 0.5 - 0.5],
    ['capsule side', capsule(0, 0, 10, 0, 1), 5, 3, 2],
    ['capsule end', capsule(0, 0, 10, 0, 1), 13, 0, 2],
    ['taper wide end', taper(0, 0, 2, 10, 0, 1), -4, 0, 2],
    ['polygon inside', square, 0, 0, -1],
    ['polygon outside', square, 3, 0, 2],
    ['polygon corner', square, 4, 5, 5],
    ['ellipse on edge', ellipse(0, 0, 4, 2), 4, 0, 0],
    ['ellipse outside along x', ellipse(0, 0, 4, 2), 5, 0, 1],
    ['union', union(circle(0, 0, 1), circle(10, 0, 1)), 10, 0, -1],
    ['intersect', intersect(circle(0, 0, 2), circle(2, 0, 2)), 1, 0, -1],
    ['subtract', subtract(circle(0, 0, 2), circle(0, 0, 1)), 0, 0, 1],
    ['offset', offset(circle(0, 0, 1), 0.5), 3, 0, 1.5],
    ['shell', shell(circle(0, 0, 5), 1), 0, 0, 4],
    ['rotate a quarter turn', rotate(roundBox(0, 0, 4, 1), Math.PI / 2), 0, 3, -1],
    ['mirrorX', mirrorX(circle(-3, 0, 1)), 3, 0, -1],
  ])('%s', (_name, shape, x, y, want) => {
    expect(shape.d(x, y)).toBeCloseTo(want, 5);
  });

  it('smooth union melts two shapes (inside the gap it is below the hard union)', () => {
    const a = circle(-1.1, 0, 1), b = circle(1.1, 0, 1);
    expect(smoothUnion(0.5, a, b).d(0, 0)).toBeLessThan(union(a, b).d(0, 0));
    expect(smoothUnion(0.5, a, b).d(-1.1, 0)).toBeCloseTo(-1, 1);
  });

  it('a star has its tips at radius r and is inside at its centre', () => {
    const s = star(0, 0, 2, 5, 0.4);
    expect(s.d(0, -2)).toBeCloseTo(0, 5);
    expect(s.d(0, 0)).toBeLessThan(-0.5);
  });

  it.each<[string, Shape]>([
    ['circle', circle(1, 2, 3)], ['ellipse', ellipse(1, 2, 3, 1)], ['box', roundBox(-1, 0, 2, 3, 0.5)], ['taper', taper(0, 0, 1, 4, 3, 0.3)],
    ['polygon', polygon([[0, 0], [3, 1], [1, 4]])], ['rotated box', rotate(roundBox(0, 0, 3, 1), 0.7)], ['mirrored', mirrorX(circle(-2, 1, 1))],
  ])('the box of a %s holds every inside point', (_name, s) => {
    const b = s.box;
    for (let y = b.y0 - 2; y <= b.y1 + 2; y += 0.25) {
      for (let x = b.x0 - 2; x <= b.x1 + 2; x += 0.25) {
        if (s.d(x, y) < 0) expect(x >= b.x0 - 1e-9 && x <= b.x1 + 1e-9 && y >= b.y0 - 1e-9 && y <= b.y1 + 1e-9).toBe(true);
      }
    }
  });

  it('a ribbon is a band along its path, split into left and right halves', () => {
    const r = ribbon([[0, 0], [0, -10]], [1, 1]);
    expect(r.whole.d(0, -5)).toBeCloseTo(-1, 5);
    expect(r.whole.d(3, -5)).toBeCloseTo(2, 5);
    // Travelling up (y decreasing), left is -x.
    expect(r.left.d(-0.5, -5)).toBeLessThan(0);
    expect(r.left.d(0.5, -5)).toBeGreaterThan(0);
    expect(r.right.d(0.5, -5)).toBeLessThan(0);
  });

  it('smooth subtraction cuts like subtraction away from the cut and rounds its edge', () => {
    const hard = subtract(circle(0, 0, 2), circle(0, 2, 0.5)), soft = smoothSubtract(0.3, circle(0, 0, 2), circle(0, 2, 0.5));
    expect(soft.d(0, -1)).toBeCloseTo(hard.d(0, -1), 6);
    expect(soft.d(0, 2)).toBeGreaterThan(0);
    // Where the cut meets the edge, the smooth one takes away a little more.
    expect(soft.d(0.55, 1.9)).toBeGreaterThan(hard.d(0.55, 1.9));
  });

  it('a cached shape reads back its distances closely near the edge, and keeps its box', () => {
    const heart = polygon(Array.from({ length: 64 }, (_, i) => {
      const t = (i / 64) * Math.PI * 2;
      return [(16 * Math.sin(t) ** 3) / 17, -(13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t)) / 17] as const;
    }));
    const fast = cached(heart, 128);
    expect(fast.box).toEqual(heart.box);
    let worst = 0;
    for (let y = -1.2; y <= 1.2; y += 0.037) for (let x = -1.2; x <= 1.2; x += 0.041) {
      const d = heart.d(x, y);
      if (Math.abs(d) < 0.1) worst = Math.max(worst, Math.abs(fast.d(x, y) - d));
    }
    expect(worst).toBeLessThan(0.01);
    expect(fast.d(0, 0.2)).toBeLessThan(0);
    expect(fast.d(3, 3)).toBeGreaterThan(1);
  });

  it('a grid of distances samples smoothly and grows outside its bounds', () => {
    // A 4x4 grid of the distance to x = 2 (cells of 1 unit): inside left, outside right.
    const g = Float32Array.from({ length: 16 }, (_, i) => (i % 4) + 0.5 - 2);
    const s = gridShape(g, 4, 4, { x0: 0, y0: 0, x1: 4, y1: 4 });
    expect(s.d(2, 2)).toBeCloseTo(0, 5);
    expect(s.d(1, 2)).toBeCloseTo(-1, 5);
    expect(s.d(7, 2)).toBeGreaterThan(4);
  });
});

describe('shape input checks', () => {
  it.each<[string, () => unknown, RegExp]>([
    ['negative radius', () => circle(0, 0, -1), /circle radius/],
    ['too few polygon points', () => polygon([[0, 0], [1, 1]]), /polygon/],
    ['non-finite centre', () => circle(Number.NaN, 0, 1), /circle centre/],
    ['ribbon widths', () => ribbon([[0, 0], [1, 1]], [1]), /widths for ribbon/],
    ['grid size', () => gridShape(new Float32Array(3), 2, 2, { x0: 0, y0: 0, x1: 1, y1: 1 }), /grid cells/],
  ])('%s', (_name, f, message) => {
    expect(f).toThrow(message);
  });
});
