// Character overlay: named rows get the character on every pose (feet on the baseline, centred,
// no taller than the pose), unnamed rows stay byte for byte, styles keep their promises (pixel:
// binary alpha and the character's palette), output sizes follow v1 and v2, characters are picked
// by row words.
import { describe, expect, it } from 'vitest';
import { overlay, overlayScale } from '../../../../workers/engines/overlay/overlay.ts';
import { pickCharacter, prepareCharacter } from '../../../../workers/engines/overlay/fit.ts';
import { createImage } from '../../../../workers/kernels/image.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import { detectGrid, spriteMask } from '../../../../workers/engines/overlay/gridDetect.ts';
import { locatePose } from '../../../../workers/kernels/cellPose.ts';
import { imagePalette } from '../../../../workers/kernels/quantize.ts';
import { packColor } from '../../../../workers/kernels/palette.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { hero, pixelKnight, pixelSlime, poseSheet } from '../../../fixtures/sprites.ts';

const STYLES = [undefined, 'pixel', 'cartoon', 'sd', 'quater_view'] as const;
const CHARACTERS: [string, () => RawImage][] = [['knight', pixelKnight], ['hero', () => hero(48)]];
const CASES = STYLES.flatMap((style) => CHARACTERS.map(([name, make]) => [style ?? 'none', name, style, make] as const));

const rowBytes = (img: RawImage, y0: number, y1: number): Buffer => Buffer.from(img.data.subarray(y0 * img.width * 4, y1 * img.width * 4));

/** Box (alpha >= 128) and mass centroid x of the region x0..x1, y0..y1. */
function region(img: RawImage, x0: number, y0: number, x1: number, y1: number) {
  let top = Infinity, bottom = -1, sx = 0, n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    const a = img.data[(y * img.width + x) * 4 + 3] ?? 0;
    sx += (x + 0.5) * a;
    n += a;
    if (a < 128) continue;
    top = Math.min(top, y);
    bottom = y + 1;
  }
  return { top, bottom, cx: n ? sx / n : NaN };
}

describe('overlay', () => {
  const sheet = poseSheet(4, 3, 48);
  const grid = detectGrid(sheet);
  const mask = spriteMask(sheet, grid.background);
  const poses = (grid.cells[1] ?? []).map((c) => locatePose(mask, sheet.width, c));

  it.each(CASES)('style %s, %s: unnamed rows byte-identical; feet on each pose\'s baseline', (_s, _c, style, make) => {
    const out = overlay({ sheet, characters: [make()], rows: [{ row: 2, title: 'walk', description: '' }], style, output: { scale: 1 } }).image;
    expect([out.width, out.height]).toEqual([192, 144]);
    expect(rowBytes(out, 0, 48).equals(rowBytes(sheet, 0, 48))).toBe(true);
    expect(rowBytes(out, 96, 144).equals(rowBytes(sheet, 96, 144))).toBe(true);
    expect(rowBytes(out, 48, 96).equals(rowBytes(sheet, 48, 96))).toBe(false);
    poses.forEach((pose, c) => {
      if (!pose) throw new Error('pose sheet cell without a pose');
      const got = region(out, c * 48, 48, c * 48 + 48, 96);
      expect(Math.abs(got.bottom - (pose.box.y + pose.box.height))).toBeLessThanOrEqual(1);
      expect(got.top).toBeGreaterThanOrEqual(pose.box.y - 1);
      expect(Math.abs(got.cx - pose.cx)).toBeLessThanOrEqual(2);
    });
  });

  it.each(CHARACTERS)('pixel style (%s): binary alpha and only the character\'s palette in the named row', (_name, make) => {
    const character = make();
    const out = overlay({ sheet, characters: [character], rows: [{ row: 2, title: '', description: '' }], style: 'pixel', output: { scale: 2 } }).image;
    const palette = new Set(imagePalette(character, 16));
    for (let y = 96; y < 192; y++) for (let x = 0; x < out.width; x++) {
      const i = (y * out.width + x) * 4;
      const a = out.data[i + 3] ?? 0;
      expect(a === 0 || a === 255).toBe(true);
      if (a === 255) expect(palette.has(packColor(out.data[i] ?? 0, out.data[i + 1] ?? 0, out.data[i + 2] ?? 0, 255))).toBe(true);
    }
  });

  it.each([
    [{ longestSide: 1024 }, 1024, 768, 'smooth'],
    [{ longestSide: 2048 }, 2048, 1536, 'smooth'],
    [{ scale: 2 }, 384, 288, 'smooth'],
    [{ scale: 2 }, 384, 288, 'pixel'],
  ] as const)('output %o: %ix%i, unnamed rows as the scaled sheet (%s)', (output, w, h, kind) => {
    const style = kind === 'pixel' ? 'pixel' : undefined;
    const out = overlay({ sheet, characters: [pixelKnight()], rows: [{ row: 3, title: '', description: '' }], style, output }).image;
    expect([out.width, out.height]).toEqual([w, h]);
    const scaled = resizeTo(sheet, w, h, kind === 'pixel' ? 'nearest' : 'smooth');
    expect(rowBytes(out, 0, Math.floor((h * 2) / 3) - 2).equals(rowBytes(scaled, 0, Math.floor((h * 2) / 3) - 2))).toBe(true);
  });

  it('on a flat-colour sheet the old pose is painted over with the background colour', () => {
    const flat = poseSheet(4, 2, 48);
    for (let i = 0; i < flat.data.length; i += 4) if (flat.data[i + 3] === 0) flat.data.set([255, 0, 255, 255], i);
    const out = overlay({ sheet: flat, characters: [pixelSlime()], rows: [{ row: 1, title: '', description: '' }], output: { scale: 1 } }).image;
    let magenta = 0, transparent = 0;
    for (let i = 0; i < 48 * out.width * 4; i += 4) {
      if (out.data[i + 3] === 0) transparent++;
      if (out.data[i] === 255 && out.data[i + 1] === 0 && out.data[i + 2] === 255) magenta++;
    }
    expect(transparent).toBe(0);
    expect(magenta).toBeGreaterThan(48 * out.width * 0.3);
  });

  it('keys out an opaque character\'s flat background', () => {
    const knight = pixelKnight();
    for (let i = 0; i < knight.data.length; i += 4) if (knight.data[i + 3] === 0) knight.data.set([255, 255, 255, 255], i);
    const out = overlay({ sheet, characters: [knight], rows: [{ row: 2, title: '', description: '' }], output: { scale: 1 } }).image;
    let white = 0;
    for (let i = 48 * out.width * 4; i < 96 * out.width * 4; i += 4) if (out.data[i] === 255 && out.data[i + 1] === 255 && out.data[i + 2] === 255) white++;
    expect(white).toBe(0);
  });

  it('ignores rows the sheet does not have, and with no rows gives the scaled sheet', () => {
    const out = overlay({ sheet, characters: [pixelKnight()], rows: [{ row: 9, title: '', description: '' }], output: { scale: 1 } }).image;
    expect(Buffer.from(out.data).equals(Buffer.from(sheet.data))).toBe(true);
    expect(() => overlay({ sheet, characters: [], rows: [], output: { scale: 1 } })).toThrow(/1 to 4 character images/);
  });
});

// What a small upload may cost: a solid sheet's guessed grid, the poses a job draws, a huge character.
describe('bounded work', () => {
  const solid = (side: number): RawImage => {
    const img = createImage(side, side);
    for (let i = 0; i < img.data.length; i += 4) img.data.set([(i * 7) & 255, (i * 13) & 255, (i * 29) & 255, 255], i);
    return img;
  };

  it('a solid sheet is never guessed finer than 8 px rows, whatever row is named', () => {
    // Naming row 4096 of a 4096 px solid sheet made 16.7 million 1 px cells (the worker ran out of memory).
    expect(detectGrid(solid(512), 512).rows).toBe(64);
  });

  it('refuses to draw more poses than MAX_POSES, saying why', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ row: i + 1, title: '', description: '' }));
    expect(() => overlay({ sheet: solid(512), characters: [pixelKnight()], rows, output: { scale: 1 } })).toThrow(/^The named rows hold \d+ cells; an overlay draws at most 1024 poses \(name fewer rows/);
  });

  it('a character far larger than any cell is posed at a size it can be drawn at, not its own', () => {
    const big = resizeTo(hero(48), 2048, 2048, 'nearest');
    expect(Math.max(prepareCharacter(big, undefined, 60).image.height, prepareCharacter(big, undefined, 60).image.width)).toBe(512);
    // Where cells are large, or by default, it is kept as sent.
    expect(prepareCharacter(big, undefined, 600).image.height).toBe(prepareCharacter(big, undefined).image.height);
  });
});

describe('pickCharacter', () => {
  const chars = [pixelKnight(), pixelSlime(), hero(48)].map((c) => prepareCharacter(c, undefined));
  it.each([
    ['plain rows take turns', 'walk', '', 4, 1],
    ['a number', 'run', 'use character 3', 0, 2],
    ['a #', '#2 jump', '', 0, 1],
    ['an ordinal', 'idle', 'the second one', 0, 1],
    ['a colour word', 'green blob bouncing', '', 0, 1],
    ['another colour word', 'walk', 'in a blue tunic', 0, 2],
    ['a grey', 'silver', 'steel grey knight', 1, 0],
    ['a number out of range falls through', 'character 7', '', 2, 2],
  ])('%s', (_name, title, description, order, want) => {
    expect(pickCharacter({ row: 1, title, description }, order, chars)).toBe(want);
  });

  it('one character is always picked', () => {
    expect(pickCharacter({ row: 1, title: 'second', description: '' }, 3, chars.slice(0, 1))).toBe(0);
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
