import { describe, expect, it } from 'vitest';
import { findCells, overlayScale } from '../../../workers/engines/overlay.ts';
import { createImage, fillRect } from '../../../workers/kernels/image.ts';

const sprite = { r: 200, g: 10, b: 10, a: 255 };

describe('findCells', () => {
  it('splits rows and cells at transparent gutters, tight to each sprite', () => {
    const sheet = createImage(100, 60);
    fillRect(sheet, 5, 5, 10, 20, sprite);
    fillRect(sheet, 40, 8, 12, 17, sprite);
    fillRect(sheet, 5, 35, 30, 20, sprite);
    expect(findCells(sheet, 2)).toEqual([
      [{ x: 5, y: 5, width: 10, height: 20 }, { x: 40, y: 8, width: 12, height: 17 }],
      [{ x: 5, y: 35, width: 30, height: 20 }],
    ]);
  });

  it('works on a flat coloured background', () => {
    const sheet = createImage(60, 40, { r: 255, g: 0, b: 255, a: 255 });
    fillRect(sheet, 5, 5, 10, 10, sprite);
    fillRect(sheet, 35, 5, 10, 10, sprite);
    fillRect(sheet, 5, 25, 10, 10, sprite);
    expect(findCells(sheet, 2)[0]).toEqual([{ x: 5, y: 5, width: 10, height: 10 }, { x: 35, y: 5, width: 10, height: 10 }]);
  });

  it('skips rows past the gutters found', () => {
    const sheet = createImage(40, 40);
    fillRect(sheet, 5, 5, 10, 10, sprite);
    fillRect(sheet, 5, 25, 10, 10, sprite);
    expect(findCells(sheet, 5)).toHaveLength(2);
  });

  it('falls back to equal bands when there is no gutter to split at', () => {
    const sheet = createImage(40, 40);
    fillRect(sheet, 0, 0, 40, 40, sprite); // no gutters at all
    const cells = findCells(sheet, 4);
    expect(cells).toHaveLength(4);
    expect(cells[1]?.[0]).toEqual({ x: 0, y: 10, width: 10, height: 10 });
    expect(cells[1]).toHaveLength(4);
  });
});

describe('overlayScale', () => {
  it.each([
    [{ longestSide: 1024 }, 512, 256, 2],
    [{ longestSide: 4096 }, 4096, 1024, 1],
    [{ scale: 2 }, 300, 200, 2],
    [{ scale: 2 }, 4096, 4096, 2],
    [{ scale: 4 }, 4096, 100, 2], // capped at 8192 px
  ])('%o for %ix%i -> x%s', (output, w, h, k) => {
    expect(overlayScale(createImage(w, h), output)).toBe(k);
  });
});
