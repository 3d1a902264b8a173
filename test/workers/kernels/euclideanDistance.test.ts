// The exact distance transform against brute force, and signed distances' signs.
import { describe, expect, it } from 'vitest';
import { signedDistance, squaredDistance } from '../../../workers/kernels/euclideanDistance.ts';
import { createRandom } from '../../../workers/kernels/random.ts';

function brute(feature: Uint8Array, w: number, h: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let best = 1e20;
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) if (feature[j * w + i]) best = Math.min(best, (x - i) ** 2 + (y - j) ** 2);
    out.push(best);
  }
  return out;
}

describe('squaredDistance', () => {
  it.each([[7, 5, 0.1], [12, 9, 0.3], [16, 16, 0.02], [1, 9, 0.5]])('%ix%i, density %d: equals brute force', (w, h, density) => {
    const rng = createRandom(`edt${w}x${h}`);
    const feature = Uint8Array.from({ length: w * h }, () => (rng.next() < density ? 1 : 0));
    feature[0] = 1;
    expect([...squaredDistance(feature, w, h)]).toEqual(brute(feature, w, h));
  });

  it('checks the mask size', () => {
    expect(() => squaredDistance(new Uint8Array(5), 2, 2)).toThrow(/mask entries for feature/);
  });
});

describe('signedDistance', () => {
  it('is negative inside, positive outside, about half a pixel either side of the edge', () => {
    const w = 9, h = 9;
    const inside = Uint8Array.from({ length: w * h }, (_, i) => (i % w >= 3 && i % w <= 5 && Math.floor(i / w) >= 3 && Math.floor(i / w) <= 5 ? 1 : 0));
    const sd = signedDistance(inside, w, h);
    expect(sd[4 * w + 4]).toBeCloseTo(-1.5, 5);
    expect(sd[4 * w + 3]).toBeCloseTo(-0.5, 5);
    expect(sd[4 * w + 2]).toBeCloseTo(0.5, 5);
    expect(sd[4 * w + 0]).toBeCloseTo(2.5, 5);
  });
});
