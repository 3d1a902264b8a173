// Connected parts of a mask, labelled a run at a time: corners join unless only sides count, parts
// are numbered in the order a raster scan meets them, and each part's size is its pixel count.
import { describe, expect, it } from 'vitest';
import { components } from '../../../workers/kernels/components.ts';

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
});
