import { describe, expect, it } from 'vitest';
import { dominantColors } from '../../../../workers/engines/effect/dominantColors.ts';
import type { RawImage } from '../../../../workers/types.ts';

/** Stripes of colours with the given pixel counts (and alpha). */
function stripes(parts: [number[], number][]): RawImage {
  const total = parts.reduce((n, [, k]) => n + k, 0);
  const img: RawImage = { data: new Uint8Array(total * 4), width: total, height: 1 };
  let at = 0;
  for (const [c, k] of parts) for (let i = 0; i < k; i++) img.data.set(c.length === 4 ? c : [...c, 255], (at++) * 4);
  return img;
}

describe('dominantColors', () => {
  it.each([
    ['heaviest first', stripes([[[20, 60, 240], 50], [[250, 200, 40], 30], [[10, 10, 10], 5]]), [[20, 60, 240], [250, 200, 40], [10, 10, 10]]],
    ['near colours merge into their mean', stripes([[[200, 0, 0], 10], [[204, 2, 0], 10], [[0, 0, 200], 5]]), [[202, 1, 0], [0, 0, 200]]],
    ['transparent pixels do not count', stripes([[[0, 255, 0, 0], 100], [[255, 0, 0], 3]]), [[255, 0, 0]]],
    ['saturated colours outweigh greys of the same area', stripes([[[128, 128, 128], 10], [[230, 40, 40], 10]]), [[230, 40, 40], [128, 128, 128]]],
  ])('%s', (_name, img, expected) => {
    expect(dominantColors(img, 5).map((c) => [c.r, c.g, c.b])).toEqual(expected);
  });

  it('gives nothing for a clear image and checks its count', () => {
    expect(dominantColors(stripes([[[1, 2, 3, 0], 4]]), 3)).toEqual([]);
    expect(() => dominantColors(stripes([[[1, 2, 3], 4]]), 0)).toThrow('Expected integer between 1 and 64 for count but received 0');
  });
});
