import { describe, expect, it } from 'vitest';
import { crop, drawOnto, opaqueBounds, translate } from '../../../workers/kernels/compose.ts';
import { crossfade, dissolve } from '../../../workers/kernels/blend.ts';
import { transformSprite } from '../../../workers/kernels/transform.ts';
import { cloneImage, createImage } from '../../../workers/kernels/image.ts';
import { usesOnlyPalette } from '../../../workers/kernels/palette.ts';
import { pixelArt, solid, paletteOf } from '../images.ts';
import { createRandom } from '../../../workers/kernels/random.ts';
import type { RawImage } from '../../../workers/types.ts';

const px = (img: RawImage, x: number, y: number): number[] => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

describe('drawOnto (source-over)', () => {
  it.each([
    ['opaque over anything', [10, 20, 30, 255], [200, 200, 200, 255], [10, 20, 30, 255]],
    ['transparent leaves the destination', [10, 20, 30, 0], [200, 200, 200, 255], [200, 200, 200, 255]],
    ['half over opaque mixes', [255, 0, 0, 128], [0, 0, 255, 255], [128, 0, 127, 255]],
    ['half over transparent keeps colour', [255, 0, 0, 128], [0, 0, 0, 0], [255, 0, 0, 128]],
  ])('%s', (_name, src, dst, expected) => {
    const d = solid(1, 1, dst);
    drawOnto(d, solid(1, 1, src), 0, 0);
    expect(px(d, 0, 0)).toEqual(expected);
  });

  it('clips at the edges', () => {
    const d = createImage(3, 3);
    drawOnto(d, solid(2, 2, [9, 9, 9, 255]), 2, -1);
    expect(px(d, 2, 0)).toEqual([9, 9, 9, 255]);
    expect(px(d, 2, 1)).toEqual([0, 0, 0, 0]);
  });

  it('grown by a whole number draws what drawing a nearest-resized copy draws, aligned or not', () => {
    // Clear, opaque and partly clear pixels, over a destination of all three, clipped on every side.
    const random = createRandom('grown');
    const rand = (n: number): number => random.int(0, n - 1);
    const alphas = [0, 255, 255, 90];
    const image = (w: number, h: number, offset: number): RawImage => {
      const data = new Uint8Array(w * h * 4 + offset).subarray(offset);
      for (let p = 0; p < w * h; p++) data.set([rand(256), rand(256), rand(256), alphas[rand(4)]!], p * 4);
      return { data, width: w, height: h };
    };
    for (let trial = 0; trial < 120; trial++) {
      const k = 2 + rand(5), src = image(1 + rand(9), 1 + rand(9), 0);
      const offset = trial % 2 === 0 ? 0 : 1;
      const dst = image(30, 30, offset), copy = cloneImage(dst);
      const dx = rand(40) - 10, dy = rand(40) - 10;
      const big = createImage(src.width * k, src.height * k);
      for (let y = 0; y < big.height; y++) for (let x = 0; x < big.width; x++) big.data.set(px(src, Math.floor(x / k), Math.floor(y / k)), (y * big.width + x) * 4);
      drawOnto(dst, src, dx, dy, k);
      drawOnto(copy, big, dx, dy);
      expect([...dst.data]).toEqual([...copy.data]);
    }
  });
});

describe('translate, bounds, crop', () => {
  it('moves whole pixels and finds the moved box', () => {
    const img = createImage(8, 8);
    drawOnto(img, solid(2, 3, [1, 2, 3, 255]), 1, 1);
    const moved = translate(img, 3, 2);
    expect(opaqueBounds(moved)).toEqual({ x: 4, y: 3, width: 2, height: 3 });
    expect(crop(moved, 4, 3, 2, 3)).toEqual(solid(2, 3, [1, 2, 3, 255]));
    expect(opaqueBounds(createImage(2, 2))).toBeNull();
  });
});

describe('transformSprite', () => {
  it('nearest only copies input pixels', () => {
    const art = pixelArt(20, 20);
    const t = { dx: 2, dy: -3, scaleX: -0.7, scaleY: 1.2, anchorX: 10, anchorY: 20 };
    expect(usesOnlyPalette(transformSprite(art, t, 'nearest'), paletteOf([art]))).toBe(true);
  });

  it('keeps the anchor fixed when scaling', () => {
    const img = createImage(10, 10);
    drawOnto(img, solid(4, 4, [5, 5, 5, 255]), 3, 6); // feet on the bottom row
    const squashed = transformSprite(img, { dx: 0, dy: 0, scaleX: 1, scaleY: 0.5, anchorX: 5, anchorY: 10 }, 'nearest');
    expect(opaqueBounds(squashed)).toEqual({ x: 3, y: 8, width: 4, height: 2 });
  });

  it('smooth keeps an opaque interior opaque under a sub-pixel move', () => {
    const img = createImage(10, 10);
    drawOnto(img, solid(6, 6, [50, 60, 70, 255]), 2, 2);
    const moved = transformSprite(img, { dx: 0.5, dy: 0.25, scaleX: 1, scaleY: 1, anchorX: 5, anchorY: 10 }, 'smooth');
    expect(px(moved, 5, 5)).toEqual([50, 60, 70, 255]);
  });
});

describe('crossfade and dissolve', () => {
  const a = solid(4, 4, [255, 0, 0, 255]);
  const b = solid(4, 4, [0, 0, 255, 255]);

  it('crossfade ends are the inputs, the middle mixes (premultiplied)', () => {
    expect(crossfade(a, b, 0)).toEqual(a);
    expect(crossfade(a, b, 1)).toEqual(b);
    expect(px(crossfade(a, b, 0.5), 0, 0)).toEqual([128, 0, 128, 255]);
    expect(px(crossfade(a, solid(4, 4, [0, 0, 0, 0]), 0.5), 0, 0)).toEqual([255, 0, 0, 128]);
  });

  it('dissolve picks whole pixels and only ever grows toward b', () => {
    let prev = cloneImage(a);
    for (const t of [0, 0.25, 0.5, 0.75, 1]) {
      const d = dissolve(a, b, t, 7);
      for (let i = 0; i < 16; i++) {
        const p = [...d.data.subarray(i * 4, i * 4 + 4)];
        expect([[255, 0, 0, 255], [0, 0, 255, 255]]).toContainEqual(p);
        if (prev.data[i * 4 + 2] === 255) expect(p[2]).toBe(255);
      }
      prev = d;
    }
    expect(dissolve(a, b, 1, 7)).toEqual(b);
  });

  it('rejects t outside 0..1 and mismatched sizes', () => {
    expect(() => crossfade(a, b, 1.5)).toThrow('Expected number between 0 and 1 for t but received 1.5');
    expect(() => crossfade(a, solid(2, 2, [0, 0, 0, 0]), 0.5)).toThrow('Expected 4x4 for second image but received 2x2');
  });
});
