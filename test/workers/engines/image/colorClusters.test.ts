// k-means colour clusters: the right colours with the right shares, deterministic, and images held
// to N colours.
import { describe, expect, it } from 'vitest';
import { colorClusters, countColors, limitColors, snapToColors } from '../../../../workers/engines/image/colorClusters.ts';
import { createImage, fillRect } from '../../../../workers/kernels/image.ts';

function twoTone() {
  const img = createImage(10, 10);
  fillRect(img, 0, 0, 10, 7, { r: 200, g: 30, b: 30, a: 255 });
  fillRect(img, 0, 7, 10, 3, { r: 30, g: 30, b: 200, a: 255 });
  return img;
}

describe('colorClusters', () => {
  it('finds both colours, heaviest first, with their shares', () => {
    const c = colorClusters([twoTone()], 4);
    expect(c.length).toBe(2);
    expect(c[0]?.color).toMatchObject({ r: 200, g: 30, b: 30 });
    expect(c[0]?.weight).toBeCloseTo(0.7, 5);
    expect(c[1]?.weight).toBeCloseTo(0.3, 5);
  });

  it('ignores transparent pixels and gives nothing for an empty image', () => {
    expect(colorClusters([createImage(4, 4)], 3)).toEqual([]);
  });

  it('is deterministic on a noisy image', () => {
    const img = createImage(32, 32);
    for (let i = 0; i < img.data.length; i += 4) img.data.set([(i * 7) % 256, (i * 13) % 256, (i * 29) % 256, 255], i);
    expect(colorClusters([img], 6)).toEqual(colorClusters([img], 6));
  });
});

describe('limitColors', () => {
  it('holds an image to N colours, leaves a small palette alone', () => {
    const img = createImage(32, 32);
    for (let i = 0; i < img.data.length; i += 4) img.data.set([(i * 7) % 256, (i * 13) % 256, (i * 29) % 256, 255], i);
    expect(countColors(limitColors(img, 8))).toBeLessThanOrEqual(8);
    const small = twoTone();
    expect(limitColors(small, 8)).toBe(small);
  });

  it('snaps to the nearest palette colour', () => {
    const img = snapToColors(twoTone(), [{ r: 255, g: 0, b: 0, a: 255 }, { r: 0, g: 0, b: 255, a: 255 }]);
    expect([...img.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect(() => snapToColors(img, [])).toThrow(/palette/);
  });
});
