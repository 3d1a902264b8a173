// Real sheets write what a row is beside its poses ("IDLE", "DEATH"), and end a death row lying down:
// the lettering is no pose (left as drawn) and a lying pose gets the character laid down.
import { describe, expect, it } from 'vitest';
import { overlay } from '../../../../workers/engines/overlay/overlay.ts';
import { labelCells } from '../../../../workers/engines/overlay/labels.ts';
import { detectGrid, spriteMask } from '../../../../workers/engines/overlay/gridDetect.ts';
import { locatePose } from '../../../../workers/kernels/cellPose.ts';
import { crop, opaqueBounds } from '../../../../workers/kernels/compose.ts';
import { poseSheets, still } from '../../../fixtures/realSprites.ts';

const sheetNamed = (name: string) => poseSheets.find((s) => s.name === name)!;

function labelsOf(name: string): string[] {
  const sheet = sheetNamed(name).image;
  const grid = detectGrid(sheet, sheet.height);
  const mask = spriteMask(sheet, grid.background);
  return grid.cells.map((cells) => [...labelCells(sheet, mask, cells, cells.map((c) => locatePose(mask, sheet.width, c) !== null))].sort().join(','));
}

describe('labels', () => {
  it('finds the knight sheet\'s words (IDLE, RUN, ROLL, HIT, DEATH), a letter cut by a cell edge included, and no pose', () => {
    expect(labelsOf('knight-sheet')).toEqual(['4,5', '0,1', '', '', '0,1', '', '4,5', '4,5,6']);
  });

  it.each(['warrior-sheet', 'adventurer-sheet', 'mage-sheet'])('takes no pose of %s for a word', (name) => {
    expect(labelsOf(name).every((row) => row === '')).toBe(true);
  });

  it('leaves the words as drawn and lays the character down where the knight lies dead', () => {
    const sheet = sheetNamed('knight-sheet').image;
    const out = overlay({ sheet, characters: [still('pirate-front').image], rows: [{ row: 8, title: 'death', description: 'falls and lies' }], style: 'pixel', output: { scale: 1 } }).image;
    // "DEATH" (cells 5-7 of the last row) unchanged.
    const words = (img: typeof sheet) => crop(img, 128, 224, 96, 32).data;
    expect(Buffer.from(words(out)).equals(Buffer.from(words(sheet)))).toBe(true);
    // The fourth cell: the knight lies there; the pirate drawn in it is wider than tall.
    const lying = opaqueBounds(crop(out, 96, 224, 32, 32), 127)!;
    expect(lying.width).toBeGreaterThan(lying.height);
    // The standing poses before it stay taller than wide.
    const standing = opaqueBounds(crop(out, 0, 224, 32, 32), 127)!;
    expect(standing.height).toBeGreaterThan(standing.width);
  });

  // A chibi lies about as high as its big head is wide: the warrior's last two side cells are
  // 12 px high against a row standing 17 (0.71 of it). Left standing, the skeleton came out a small
  // upright figure in them.
  it('lays the character down where the chibi warrior lies dead at the end of its side row', () => {
    const sheet = sheetNamed('warrior-sheet').image;
    const out = overlay({ sheet, characters: [still('skeleton-side').image], rows: [{ row: 3, title: 'side', description: '' }], style: 'pixel', output: { scale: 1 } }).image;
    for (const column of [22, 23]) {
      const lying = opaqueBounds(crop(out, column * 32, 64, 32, 32), 127)!;
      expect(lying.width).toBeGreaterThan(1.3 * lying.height);
    }
    const standing = opaqueBounds(crop(out, 0, 64, 32, 32), 127)!;
    expect(standing.height).toBeGreaterThan(standing.width);
  });
});
