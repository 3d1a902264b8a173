import { describe, expect, it } from 'vitest';
import { assembleSheet, sheetGrid, cutFrames, releaseSheet } from '../../../workers/output/sheet.ts';
import { solid } from '../images.ts';

describe('sheetGrid', () => {
  it.each([
    [1, 1, 1], [4, 2, 2], [5, 3, 2], [9, 3, 3], [16, 4, 4], [36, 6, 6], [49, 7, 7],
    [81, 9, 9], [100, 10, 10], [120, 11, 11], [121, 11, 11],
  ])('%i frames -> %i columns x %i rows', (n, columns, rows) => {
    expect(sheetGrid(n)).toEqual({ columns, rows });
  });

  it.each([0, -1, 2.5, 2000])('rejects %s frames with a message naming the thing', (n) => {
    expect(() => sheetGrid(n)).toThrow(`Expected integer between 1 and 1024 for frame count but received ${n}`);
  });
});

describe('assembleSheet', () => {
  it.each([4, 9, 16, 36, 49, 81, 100, 121])('places %i frames row by row and slices back to them', (n) => {
    const frames = Array.from({ length: n }, (_, i) => solid(5, 3, [i, 255 - i, i % 7, 255]));
    const { image, grid, rects } = assembleSheet(frames);
    const columns = Math.ceil(Math.sqrt(n));
    expect(grid).toEqual({ columns, rows: Math.ceil(n / columns) });
    expect(image.width).toBe(columns * 5);
    expect(image.height).toBe(grid.rows * 3);
    rects.forEach((r, i) => expect(r).toEqual({ x: (i % columns) * 5, y: Math.floor(i / columns) * 3, w: 5, h: 3 }));
    expect(cutFrames(image, rects)).toEqual(frames);
  });

  it('pads a larger sheet with the background colour', () => {
    const frames = Array.from({ length: 9 }, () => solid(341, 341, [255, 0, 0, 255]));
    const { image } = assembleSheet(frames, { width: 1024, height: 1024, background: { r: 1, g: 2, b: 3, a: 255 } });
    const last = (1024 * 1024 - 1) * 4;
    expect([...image.data.subarray(last, last + 4)]).toEqual([1, 2, 3, 255]);
    expect([...image.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
  });

  it('reuses a released sheet\'s block for the next of its size, cleared where no frame lands', () => {
    // 6 frames fill a 3x2 grid; 5 leave its last cell empty, which must not show the sheet before.
    const first = assembleSheet(Array.from({ length: 6 }, () => solid(4, 4, [200, 100, 50, 255])));
    releaseSheet(first);
    const next = assembleSheet(Array.from({ length: 5 }, () => solid(4, 4, [1, 2, 3, 255])));
    expect(next.image.data).toBe(first.image.data);
    expect(cutFrames(next.image, [{ x: 8, y: 4, w: 4, h: 4 }])[0]!.data.every((v) => v === 0)).toBe(true);
    expect(cutFrames(next.image, next.rects).every((f) => f.data.every((v, i) => v === [1, 2, 3, 255][i % 4]))).toBe(true);
    // Taken, it is the caller's: an unreleased sheet's block is not handed out twice.
    expect(assembleSheet(Array.from({ length: 5 }, () => solid(4, 4, [9, 9, 9, 255]))).image.data).not.toBe(next.image.data);
  });

  it('rejects frames of different sizes', () => {
    expect(() => assembleSheet([solid(2, 2, [0, 0, 0, 0]), solid(3, 2, [0, 0, 0, 0])])).toThrow(
      'Expected 2x2 for frames[1] but received 3x2',
    );
  });
});
