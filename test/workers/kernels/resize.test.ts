import { describe, expect, it } from 'vitest';
import { fitSize, fitWithin, resizeTo } from '../../../workers/kernels/resize.ts';
import { usesOnlyPalette } from '../../../workers/kernels/palette.ts';
import { pixelArt, solid, paletteOf } from '../images.ts';
import type { RawImage } from '../../../workers/types.ts';

const px = (img: RawImage, x: number, y: number): number[] => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

describe('fitSize / fitWithin', () => {
  it.each([
    [256, 256, 256, 256], [1024, 1024, 512, 512], [1024, 512, 512, 256], [300, 2000, 77, 512], [600, 100, 512, 85],
  ])('%ix%i fits 512x512 as %ix%i (down only, aspect kept)', (w, h, ew, eh) => {
    expect(fitSize(w, h, 512, 512)).toEqual({ width: ew, height: eh });
  });

  it('returns the image itself when it already fits', () => {
    const img = solid(10, 10, [1, 2, 3, 255]);
    expect(fitWithin(img, 512, 512, 'smooth')).toBe(img);
  });
});

describe('resizeTo', () => {
  it('nearest: an integer upscale repeats each pixel and keeps the palette', () => {
    const art = pixelArt(16, 16);
    const big = resizeTo(art, 64, 64, 'nearest');
    for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) expect(px(big, x, y)).toEqual(px(art, x >> 2, y >> 2));
    expect(usesOnlyPalette(resizeTo(art, 23, 9, 'nearest'), paletteOf([art]))).toBe(true);
  });

  it('smooth: averages an area when shrinking', () => {
    const img = solid(4, 4, [0, 0, 0, 255]);
    img.data.set([200, 100, 50, 255], 0); // one bright pixel in the top-left 2x2 block
    expect(px(resizeTo(img, 2, 2, 'smooth'), 0, 0)).toEqual([50, 25, 13, 255]);
  });

  it('smooth: premultiplied, so transparent pixels do not darken the edge', () => {
    // Red opaque next to transparent *black*: a straight-alpha filter would give dark red.
    const img = solid(2, 1, [255, 0, 0, 255]);
    img.data.set([0, 0, 0, 0], 4);
    expect(px(resizeTo(img, 1, 1, 'smooth'), 0, 0)).toEqual([255, 0, 0, 128]);
  });

  it('checks its inputs first, naming the thing', () => {
    expect(() => resizeTo({ data: new Uint8Array(5), width: 2, height: 2 }, 1, 1, 'smooth')).toThrow(
      'Expected 16 bytes (2x2 RGBA) for image but received 5',
    );
    expect(() => resizeTo(solid(2, 2, [0, 0, 0, 0]), 0, 1, 'nearest')).toThrow(
      'Expected integer between 1 and 16384 for width but received 0',
    );
  });
});
