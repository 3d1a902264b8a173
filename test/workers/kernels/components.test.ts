// Connected parts of a mask, labelled a run at a time: corners join unless only sides count, parts
// are numbered in the order a raster scan meets them, and each part's size is its pixel count.
import { describe, expect, it } from 'vitest';
import { componentRuns, components } from '../../../workers/kernels/components.ts';

/** A mask from rows of '#' (set) and '.' (clear). */
function mask(rows: string[]): { data: Uint8Array; width: number; height: number } {
  const width = rows[0]!.length, height = rows.length;
  return { data: Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 255 : 0)), width, height };
}

const labelled = (rows: string[], diagonal = true): string[] => {
  const m = mask(rows);
  const { labels } = components(m.data, m.width, m.height, diagonal);
  return rows.map((_, y) => [...labels.subarray(y * m.width, (y + 1) * m.width)].map((l) => (l ? String(l) : '.')).join(''));
};

describe('components', () => {
  it('joins pixels that touch at a corner, or only at their sides when asked', () => {
    const rows = ['#..', '.#.', '..#'];
    expect(labelled(rows)).toEqual(['1..', '.1.', '..1']);
    expect(labelled(rows, false)).toEqual(['1..', '.2.', '..3']);
  });

  it('numbers parts in the order a raster scan meets them, a U as one part, with their sizes', () => {
    const rows = ['#..#.#', '#..#..', '####.#'];
    expect(labelled(rows)).toEqual(['1..1.2', '1..1..', '1111.3']);
    const m = mask(rows);
    expect(components(m.data, m.width, m.height).sizes).toEqual([0, 8, 1, 1]);
  });

  it('finds nothing in a clear mask', () => {
    const m = mask(['...', '...']);
    const { labels, sizes } = components(m.data, m.width, m.height);
    expect([...labels]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(sizes).toEqual([0]);
  });

  it("reads an RGBA image's alpha a pixel's word at a time as it reads bytes, and says whether every run pixel is 255", () => {
    // Alpha per pixel: 0 clear, 30 below the threshold, 200 and 255 set; over a window.
    const alpha = [
      [0, 255, 255, 0, 30, 255],
      [30, 0, 255, 0, 0, 255],
      [255, 255, 0, 0, 255, 0],
      [0, 0, 0, 30, 255, 255],
    ];
    const width = 6, height = 4;
    const rgba = (a: number[][], offset: number): Uint8Array => {
      const data = new Uint8Array(width * height * 4 + offset).subarray(offset);
      a.flat().forEach((v, p) => data.set([9, 8, 7, v], p * 4));
      return data;
    };
    const opts = { min: 64, window: { x: 1, y: 0, width: 5, height: 4 }, stride: 4, offset: 3 };
    const words = componentRuns(rgba(alpha, 0), width, height, opts);
    const bytes = componentRuns(rgba(alpha, 1), width, height, opts);
    expect([...words.runs]).toEqual([...bytes.runs]);
    expect([...words.part]).toEqual([...bytes.part]);
    expect(words.sizes).toEqual(bytes.sizes);
    expect(words.sizes).toEqual([0, 4, 5]);
    expect([words.full, bytes.full]).toEqual([true, true]);
    const soft = alpha.map((row) => [...row]);
    soft[3]![4] = 200;
    expect([componentRuns(rgba(soft, 0), width, height, opts).full, componentRuns(rgba(soft, 1), width, height, opts).full]).toEqual([false, false]);
  });
});
