// Seeded symmetric masks: templates honoured, halves mirrored, smoothing and the largest part, and
// the mask as a shape.
import { describe, expect, it } from 'vitest';
import { bodyCells, fillSymmetric, keepLargest, maskShape, parseTemplate, smoothMask } from '../../../../workers/engines/image/symmetricMask.ts';
import type { Mask } from '../../../../workers/engines/image/symmetricMask.ts';
import { createRandom } from '../../../../workers/kernels/random.ts';

const TEMPLATE = parseTemplate(['..oO', '.oO#', 'oO##', '.o.#']);

const mirrored = (m: Mask) => {
  for (let y = 0; y < m.height; y++) for (let x = 0; x < m.width; x++) {
    if (m.cells[y * m.width + x] !== m.cells[y * m.width + m.width - 1 - x]) return false;
  }
  return true;
};

describe('fillSymmetric', () => {
  it.each(['a', 'b', 'c', 'd', 'e'])('seed %s: mirrored, always-cells set, never-cells empty', (seed) => {
    const m = fillSymmetric(TEMPLATE, createRandom(seed), 0.5);
    expect([m.width, m.height]).toEqual([8, 4]);
    expect(mirrored(m)).toBe(true);
    expect(m.cells[1 * 8 + 3]).toBe(1);
    expect(m.cells[0]).toBe(0);
    expect(m.cells[3 * 8 + 2]).toBe(0);
  });

  it('an odd centre column makes it 2 * half - 1 wide', () => {
    expect(fillSymmetric(TEMPLATE, createRandom('x'), 0.5, true).width).toBe(7);
  });

  it('differs between seeds and repeats for one seed', () => {
    const cells = (s: string) => [...fillSymmetric(parseTemplate(['oooooooo', 'oooooooo']), createRandom(s), 0.5).cells].join('');
    expect(cells('one')).toBe(cells('one'));
    expect(cells('one')).not.toBe(cells('two'));
  });

  it('rejects ragged templates', () => {
    expect(() => parseTemplate(['..', '...'])).toThrow(/template rows/);
  });
});

describe('smoothMask and keepLargest', () => {
  it('fills a hole surrounded by body and drops a lone cell', () => {
    const w = 5, h = 5;
    const cells = new Uint8Array(w * h).fill(1);
    cells[12] = 0;
    const filled = smoothMask({ width: w, height: h, cells }, 1, 5, 3);
    expect(filled.cells[12]).toBe(1);
    const lone = new Uint8Array(w * h);
    lone[12] = 1;
    expect([...smoothMask({ width: w, height: h, cells: lone }, 1, 5, 3).cells].every((v) => v === 0)).toBe(true);
  });

  it('keeps only the largest 4-connected part', () => {
    const m = { width: 6, height: 1, cells: Uint8Array.from([1, 0, 1, 1, 1, 0]) };
    expect([...keepLargest(m).cells]).toEqual([0, 0, 1, 1, 1, 0]);
    expect(bodyCells(keepLargest(m))).toEqual([[2, 0], [3, 0], [4, 0]]);
  });
});

describe('maskShape', () => {
  it('is inside on body cells and outside on empty ones, within the given bounds', () => {
    const m = { width: 4, height: 4, cells: Uint8Array.from([0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0]) };
    const s = maskShape(m, { x0: 0, y0: 0, x1: 4, y1: 4 }, 4, 0.3);
    expect(s.d(2, 2)).toBeLessThan(-0.5);
    expect(s.d(0.3, 0.3)).toBeGreaterThan(0.5);
    expect(s.d(3, 2)).toBeCloseTo(0, 0);
  });
});
