import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeAnimationFile, decodeStill, decodeStillFile, dropEmptyTrailingCells, sheetDelaysMs, sliceSheet } from '../../../workers/codecs/decode.ts';
import type { ImageFormat, RawImage } from '../../../workers/types.ts';
import {
  gifBytes,
  gifFixtureColor,
  GIF_COLORS,
  jpegBytes,
  pngBytes,
  pngHeaderClaiming,
  SHEET_EDGE_COLOR,
  sheetCellColor,
  sheetPngBytes,
  truncated,
  webpBytes,
  type Rgba,
} from '../../fixtures/images.ts';
import { gridSheet, onColor } from '../../fixtures/gridSheet.ts';
import { heroWalkFrames, png } from '../../fixtures/sprites.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spritekiln-decode-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, bytes: Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

function pixel(image: RawImage, x: number, y: number): number[] {
  const at = (y * image.width + x) * 4;
  return Array.from(image.data.subarray(at, at + 4));
}

const pattern = (x: number, y: number): Rgba => [x * 10, y * 20, 77, x === y ? 0 : 255];

describe('decodeStill', () => {
  test('a PNG decodes to exact straight RGBA', async () => {
    const image = await decodeStill(await pngBytes(7, 5, pattern), 'png');
    expect([image.width, image.height, image.data.length]).toEqual([7, 5, 7 * 5 * 4]);
    expect(pixel(image, 3, 2)).toEqual(pattern(3, 2));
    expect(pixel(image, 4, 4)).toEqual(pattern(4, 4)); // transparent pixel keeps its colour
  });

  test('a lossless WebP decodes exactly; a JPEG closely, with opaque alpha', async () => {
    expect(pixel(await decodeStill(await webpBytes(6, 6, [10, 200, 90, 255]), 'webp'), 2, 2)).toEqual([10, 200, 90, 255]);
    const jpeg = await decodeStill(await jpegBytes(16, 8, [40, 120, 200]), 'jpeg');
    const [r = 0, g = 0, b = 0, a] = pixel(jpeg, 8, 4);
    expect([Math.abs(r - 40), Math.abs(g - 120), Math.abs(b - 200)].every((d) => d <= 3)).toBe(true);
    expect(a).toBe(255);
  });

  test('a GIF gives its first frame', async () => {
    const image = await decodeStill(gifBytes({ width: 5, height: 4, frames: 3, delaysCs: 10 }), 'gif');
    expect(pixel(image, 1, 2)).toEqual([...gifFixtureColor(GIF_COLORS, 0, 1, 2), 255]);
  });

  const rejects: Array<[string, () => Promise<Uint8Array>, ImageFormat, RegExp]> = [
    ['half a PNG', async () => truncated(await pngBytes(64, 64, pattern), 0.5), 'png', /libpng/],
    ['a PNG missing its last bytes', async () => truncated(await pngBytes(64, 64, pattern), 0.97), 'png', /libpng/],
    ['half a JPEG', async () => truncated(await jpegBytes(64, 64), 0.5), 'jpeg', /premature end/i],
    ['a JPEG missing its end marker', async () => truncated(await jpegBytes(64, 64), 0.99), 'jpeg', /premature end/i],
    ['half a WebP', async () => truncated(await webpBytes(64, 64), 0.5), 'webp', /webp/i],
    ['a PNG header claiming 60000x60000', async () => pngHeaderClaiming(60000, 60000), 'png', /60000x60000, over 4096/],
    ['a real PNG of 4097x1', () => pngBytes(4097, 1), 'png', /4097x1, over 4096/],
    ['a JPEG of 8x4097', () => jpegBytes(8, 4097), 'jpeg', /8x4097, over 4096/],
    ['PNG bytes said to be a JPEG', () => pngBytes(2, 2), 'jpeg', /expected jpeg content but found png/],
    ['zero bytes', async () => new Uint8Array(0), 'png', /empty/],
  ];
  test.each(rejects)('rejects %s', async (_name, make, format, message) => {
    await expect(decodeStill(await make(), format)).rejects.toThrow(message);
  });

  test('decodeStillFile reads the format from the content, not the name', async () => {
    const image = await decodeStillFile(await file('actually-a-webp.png', await webpBytes(3, 2)));
    expect([image.width, image.height]).toEqual([3, 2]);
  });
});

describe('sliceSheet and sheet delays', () => {
  const grids: Array<{ columns: number; rows: number; cellW: number; cellH: number; right: number; bottom: number }> = [
    { columns: 3, rows: 2, cellW: 5, cellH: 4, right: 0, bottom: 0 },
    { columns: 3, rows: 2, cellW: 5, cellH: 4, right: 2, bottom: 3 }, // 17x11: cells of floor(17/3) x floor(11/2) = 5x5
    { columns: 6, rows: 6, cellW: 2, cellH: 3, right: 5, bottom: 0 },
    { columns: 1, rows: 1, cellW: 9, cellH: 9, right: 0, bottom: 0 },
  ];
  test.each(grids)('$columns x $rows cells of $cellW x $cellH (+$right, +$bottom)', async (g) => {
    const path = await file(`sheet-${g.columns}x${g.rows}-${g.right}-${g.bottom}.png`, await sheetPngBytes(g.columns, g.rows, g.cellW, g.cellH, g));
    const animation = await decodeAnimationFile(path, { columns: g.columns, rows: g.rows });
    const width = Math.floor((g.columns * g.cellW + g.right) / g.columns);
    const height = Math.floor((g.rows * g.cellH + g.bottom) / g.rows);
    expect(animation.frames).toHaveLength(g.columns * g.rows);
    animation.frames.forEach((frame, i) => {
      expect([frame.width, frame.height]).toEqual([width, height]);
      // Row-major order: cell i's top-left pixel has cell i's colour.
      expect(pixel(frame, 0, 0)).toEqual(sheetCellColor(i));
    });
    if (g.right === 0 && g.bottom === 0) {
      for (const [i, frame] of animation.frames.entries()) {
        for (let p = 0; p < frame.width * frame.height; p++) expect(Array.from(frame.data.subarray(p * 4, p * 4 + 4))).toEqual(sheetCellColor(i));
      }
    }
    expect(animation.delaysMs.reduce((a, b) => a + b, 0)).toBe(Math.round((g.columns * g.rows * 3000) / 36));
  });

  test('the right-edge remainder never shows up in a cell', async () => {
    const animation = await decodeAnimationFile(await file('edge.png', await sheetPngBytes(2, 1, 3, 3, { right: 1, bottom: 0 })), { columns: 2, rows: 1 });
    for (const frame of animation.frames) {
      for (let p = 0; p < frame.width * frame.height; p++) expect(Array.from(frame.data.subarray(p * 4, p * 4 + 4))).not.toEqual(SHEET_EDGE_COLOR);
    }
  });

  test.each([
    [1, [83]],
    [3, [83, 84, 83]],
    [12, [83, 84, 83, 83, 84, 83, 83, 84, 83, 83, 84, 83]],
  ])('sheetDelaysMs(%i) spreads whole ms', (n, expected) => {
    expect(sheetDelaysMs(n)).toEqual(expected);
  });
  test.each([36, 49, 61, 100, 121])('%i frames last round(N x 3000 / 36) ms', (n) => {
    expect(sheetDelaysMs(n).reduce((a, b) => a + b, 0)).toBe(Math.round((n * 3000) / 36));
  });

  const sheet = { data: new Uint8Array(4 * 4 * 4), width: 4, height: 4 };
  test.each([
    ['0 columns', { columns: 0, rows: 1 }, /columns but received 0/],
    ['6.5 rows', { columns: 1, rows: 6.5 }, /rows but received 6.5/],
    ['more columns than pixels', { columns: 5, rows: 1 }, /too small for 5x1/],
  ])('sliceSheet rejects %s', (_name, grid, message) => {
    expect(() => sliceSheet(sheet, grid)).toThrow(message);
  });
});

describe('decodeAnimationFile', () => {
  test('a GIF gives its composited frames and browser delays', async () => {
    const path = await file('anim.png', gifBytes({ width: 6, height: 4, frames: 3, delaysCs: [0, 1, 25] }));
    const animation = await decodeAnimationFile(path);
    expect(animation.delaysMs).toEqual([100, 100, 250]);
    expect(animation.frames.map((f) => [f.width, f.height])).toEqual([[6, 4], [6, 4], [6, 4]]);
    expect(pixel(animation.frames[2] ?? { data: new Uint8Array(0), width: 0, height: 0 }, 3, 1)).toEqual([...gifFixtureColor(GIF_COLORS, 2, 3, 1), 255]);
  });

  test('a GIF with a grid, or a sheet without one, is refused', async () => {
    const gif = await file('grid.gif', gifBytes({ width: 2, height: 2, frames: 1, delaysCs: 10 }));
    await expect(decodeAnimationFile(gif, { columns: 1, rows: 1 })).rejects.toThrow(/no sprite grid/);
    const png = await file('nogrid.png', await sheetPngBytes(2, 2, 2, 2));
    await expect(decodeAnimationFile(png)).rejects.toThrow(/needs a sprite grid/);
  });
});

describe('empty trailing cells of a sheet are not frames', () => {
  const walk = heroWalkFrames(4, 24);
  const BG = [236, 232, 214, 255];
  const opaque = walk.map((f) => onColor(f, BG));
  const blankCell = { data: new Uint8Array(24 * 24 * 4), width: 24, height: 24 };
  const cases: Array<{ name: string; sheet: () => ReturnType<typeof gridSheet>; columns: number; rows: number; frames: number }> = [
    { name: '4 poses and 2 transparent cells in a 3x2 grid', sheet: () => gridSheet(walk, 3, 2), columns: 3, rows: 2, frames: 4 },
    { name: '4 poses and 2 cells of the flat background', sheet: () => gridSheet(opaque, 3, 2, BG), columns: 3, rows: 2, frames: 4 },
    { name: 'an empty cell between poses stays (a blink)', sheet: () => gridSheet([walk[0], undefined, walk[1]], 2, 2), columns: 2, rows: 2, frames: 3 },
    { name: 'a full grid keeps every cell', sheet: () => gridSheet(walk, 2, 2), columns: 2, rows: 2, frames: 4 },
    { name: 'a uniform last cell of another colour is a frame (a flash)', sheet: () => gridSheet([...opaque.slice(0, 3), onColor(blankCell, [255, 255, 255])], 2, 2, BG), columns: 2, rows: 2, frames: 4 },
    { name: 'transparent cells with colour left in their RGB are still empty', sheet: () => gridSheet(walk.slice(0, 2), 2, 2, [255, 255, 255, 0]), columns: 2, rows: 2, frames: 2 },
    { name: 'a sheet of nothing keeps its first cell', sheet: () => gridSheet([blankCell], 2, 2), columns: 2, rows: 2, frames: 1 },
  ];
  test.each(cases)('$name', async ({ sheet, columns, rows, frames }) => {
    const path = await file(`cells-${columns}x${rows}-${frames}-${Math.random().toString(36).slice(2)}.png`, await png(sheet()));
    const animation = await decodeAnimationFile(path, { columns, rows });
    expect(animation.frames).toHaveLength(frames);
    // The delays are those of a sheet of the cells kept (12 frames a second).
    expect(animation.delaysMs).toEqual(sheetDelaysMs(frames));
  });

  test('sliceSheet itself keeps every cell (provider sheets are cut to an exact count)', () => {
    expect(sliceSheet(gridSheet(walk, 3, 2), { columns: 3, rows: 2 }).frames).toHaveLength(6);
    expect(dropEmptyTrailingCells(sliceSheet(gridSheet(walk, 3, 2), { columns: 3, rows: 2 }).frames)).toHaveLength(4);
  });

  const adventurer = fileURLToPath(new URL('../../fixtures/sprites/adventurer-cartoon-sheet-9x3-80x110.png', import.meta.url));
  test.skipIf(!existsSync(adventurer))('the real 9x3 adventurer sheet: 24 poses, its 3 empty cells dropped', async () => {
    const animation = await decodeAnimationFile(adventurer, { columns: 9, rows: 3 });
    expect(animation.frames).toHaveLength(24);
    expect(animation.delaysMs.reduce((a, b) => a + b, 0)).toBe(2000);
    for (const f of animation.frames) expect(f.data.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
  });
});
