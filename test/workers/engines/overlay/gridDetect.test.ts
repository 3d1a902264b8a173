// Grid detection from content: transparent gutters, flat-colour gutters, touching sprites (no
// gutters), a missing frame, irregular sprites, and a solid sheet with nothing to go on.
import { describe, expect, it } from 'vitest';
import { detectGrid } from '../../../../workers/engines/overlay/gridDetect.ts';
import { cellCount } from '../../../../workers/engines/overlay/periodicity.ts';
import { createImage, fillRect } from '../../../../workers/kernels/image.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { heroWalkFrames, pixelKnight, poseSheet } from '../../../fixtures/sprites.ts';
import { poseSheets } from '../../../fixtures/realSprites.ts';

const ink = { r: 200, g: 10, b: 10, a: 255 };

function flat(img: RawImage, bg: number[]): RawImage {
  for (let i = 0; i < img.data.length; i += 4) if (img.data[i + 3] === 0) img.data.set(bg, i);
  return img;
}

/** Walk frames with their empty sides cut off, packed with no gutter. */
function touching(columns: number, rows: number, size = 48): RawImage {
  const frames = heroWalkFrames(columns * rows, size);
  const cut = Math.round(size * 0.28), cw = size - 2 * cut, width = cw * columns;
  const data = new Uint8Array(width * size * rows * 4);
  frames.forEach((f, i) => {
    const ox = (i % columns) * cw, oy = Math.floor(i / columns) * size;
    for (let y = 0; y < size; y++) data.set(f.data.subarray((y * size + cut) * 4, (y * size + cut + cw) * 4), ((oy + y) * width + ox) * 4);
  });
  return { data, width, height: size * rows };
}

/** Knights in a `columns` x `rows` grid of `cell` px cells, `skip` cells left empty. */
function knights(columns: number, rows: number, cell: number, skip: number[] = []): RawImage {
  const k = pixelKnight();
  const img = createImage(columns * cell, rows * cell);
  for (let i = 0; i < columns * rows; i++) {
    if (skip.includes(i)) continue;
    const ox = (i % columns) * cell + (cell - 32) / 2, oy = Math.floor(i / columns) * cell + cell - 33;
    for (let y = 0; y < 32; y++) img.data.set(k.data.subarray(y * 128, (y + 1) * 128), ((oy + y) * img.width + ox) * 4);
  }
  return img;
}

describe('detectGrid', () => {
  it.each([
    ['transparent gutters 4x3', poseSheet(4, 3, 48), 3, 4, 48, 48, 'alpha'],
    ['transparent gutters 6x2 of 32', poseSheet(6, 2, 32), 2, 6, 32, 32, 'alpha'],
    ['flat-colour gutters 5x2', flat(poseSheet(5, 2, 40), [255, 0, 255, 255]), 2, 5, 40, 40, 'flat'],
    ['flat-colour gutters, dark', flat(poseSheet(3, 3, 64), [20, 24, 30, 255]), 3, 3, 64, 64, 'flat'],
    ['no gutters: touching sprites 4x2', touching(4, 2), 2, 4, 22, 48, 'alpha'],
    ['no gutters: touching sprites 6x1', touching(6, 1), 1, 6, 22, 48, 'alpha'],
    ['no gutters: touching sprites 5x3 of 40', touching(5, 3, 40), 3, 5, 18, 40, 'alpha'],
    ['big cells, small sprites 5x2 of 64', knights(5, 2, 64), 2, 5, 64, 64, 'alpha'],
    ['a missing frame in the middle', knights(4, 2, 48, [5]), 2, 4, 48, 48, 'alpha'],
  ])('%s', (_name, sheet, rows, columns, w, h, kind) => {
    const grid = detectGrid(sheet);
    expect(grid.background.kind).toBe(kind);
    expect([grid.rows, grid.columns]).toEqual([rows, columns]);
    expect(grid.regular).toBe(true);
    expect(grid.cells[rows - 1]?.[columns - 1]).toEqual({ x: (columns - 1) * w, y: (rows - 1) * h, width: w, height: h });
  });

  it('cuts a solid sheet into as many rows as asked, of square cells', () => {
    const sheet = createImage(40, 40, ink);
    const grid = detectGrid(sheet, 4);
    expect([grid.rows, grid.columns]).toEqual([4, 4]);
    expect(grid.cells[1]?.[0]).toEqual({ x: 0, y: 10, width: 10, height: 10 });
  });

  it('gives sprites at irregular places a cell each, split halfway across the gaps', () => {
    const sheet = createImage(100, 60);
    fillRect(sheet, 2, 5, 10, 20, ink);
    fillRect(sheet, 20, 8, 40, 17, ink);
    fillRect(sheet, 64, 2, 6, 23, ink);
    fillRect(sheet, 30, 35, 60, 20, ink);
    const grid = detectGrid(sheet);
    expect(grid.regular).toBe(false);
    expect(grid.rows).toBe(2);
    expect(grid.cells[0]?.map((c) => [c.x, c.width])).toEqual([[0, 16], [16, 46], [62, 38]]);
    expect(grid.cells[1]).toEqual([{ x: 0, y: 30, width: 100, height: 30 }]);
  });
});

// Real sheets: an artist's poses reach into the next cell (a kick, a sword) and labels are drawn
// across cell boundaries; neither makes the grid coarser.
describe('real pose sheets', () => {
  it.each(poseSheets.map((s) => [s.name, s] as const))('%s: the grid its artist drew', (_name, sheet) => {
    const grid = detectGrid(sheet.image, Math.max(...sheet.rows.map((r) => r.row)));
    expect([grid.columns, grid.rows, grid.regular]).toEqual([sheet.grid.columns, sheet.grid.rows, true]);
  });
});

describe('cellCount', () => {
  const bumps = (length: number, at: number[], width: number): number[] => Array.from({ length }, (_, i) => (at.some((a) => i >= a && i < a + width) ? 5 : 0));
  it.each([
    ['three bumps in three cells', bumps(120, [10, 50, 90], 20), 3],
    ['bumps with wide gaps are not a finer grid', bumps(128, [22, 86], 20), 2],
    ['one bump with margins is one cell', bumps(100, [30], 40), 1],
    ['nothing', new Array(50).fill(0), null],
    ['solid', new Array(50).fill(3), null],
    ['a thin reach across a boundary does not merge cells', bumps(120, [10, 50, 90], 20).map((v, i) => (i >= 30 && i < 50 ? 1 : v)), 3],
    ['touching periodic bumps', Array.from({ length: 120 }, (_, i) => 3 + Math.round(4 * Math.sin((i / 30) * 2 * Math.PI - 1.5))), 4],
  ])('%s', (_name, profile, n) => {
    expect(cellCount(profile)).toBe(n);
  });
});
