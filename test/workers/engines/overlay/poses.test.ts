// Character overlay copies each pose: the character is rigged, every pose cell is rigged, and the
// character's bones turn to match (mirrored when the pose faces the other way). Measured on the
// real pose sheets against stamping the still (the character scaled and leaned onto each pose).
import { describe, expect, it } from 'vitest';
import { overlay } from '../../../../workers/engines/overlay/overlay.ts';
import { fitCharacter, prepareCharacter } from '../../../../workers/engines/overlay/fit.ts';
import { detectGrid, spriteMask } from '../../../../workers/engines/overlay/gridDetect.ts';
import { locatePose } from '../../../../workers/kernels/cellPose.ts';
import type { CellPose } from '../../../../workers/kernels/cellPose.ts';
import { mirrorX } from '../../../../workers/kernels/cutout.ts';
import { crop } from '../../../../workers/kernels/compose.ts';
import type { Box } from '../../../../workers/kernels/track.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { poseSheets, still } from '../../../fixtures/realSprites.ts';
import type { PoseSheet } from '../../../fixtures/realSprites.ts';
import { maskIoU } from '../../../helpers/animMetrics.ts';
import type { Mask } from '../../../helpers/animMetrics.ts';

const sheetNamed = (name: string): PoseSheet => poseSheets.find((s) => s.name === name)!;
const styleOf = (sheet: PoseSheet): 'pixel' | 'cartoon' => (sheet.isPixel ? 'pixel' : 'cartoon');

/** The opaque pixels (alpha >= 128) of `img` placed at (ox, oy), seen through `cell`. */
function placedMask(img: RawImage, cell: Box, ox = 0, oy = 0): Mask {
  const data = new Uint8Array(cell.width * cell.height);
  for (let y = 0; y < cell.height; y++) for (let x = 0; x < cell.width; x++) {
    const ix = cell.x + x - ox, iy = cell.y + y - oy;
    if (ix >= 0 && iy >= 0 && ix < img.width && iy < img.height && (img.data[(iy * img.width + ix) * 4 + 3] ?? 0) >= 128) data[y * cell.width + x] = 1;
  }
  return { data, width: cell.width, height: cell.height };
}

/** The sheet's pose pixels (a sprite mask of the sheet, `width` wide) seen through `cell`. */
function cellMask(mask: Uint8Array, width: number, cell: Box): Mask {
  const data = new Uint8Array(cell.width * cell.height);
  for (let y = 0; y < cell.height; y++) data.set(mask.subarray((cell.y + y) * width + cell.x, (cell.y + y) * width + cell.x + cell.width), y * cell.width);
  return { data, width: cell.width, height: cell.height };
}

interface Measured { posed: number; stamped: number; cells: number; byCell: Map<string, number> }

/** Mean IoU of the overlay's cells with their poses, and of the stamped still's, over the sheet's rows. */
function measure(sheet: PoseSheet, character: string): Measured {
  const style = styleOf(sheet);
  const out = overlay({ sheet: sheet.image, characters: [still(character).image], rows: sheet.rows, style, output: { scale: 1 } }).image;
  const grid = detectGrid(sheet.image, Math.max(...sheet.rows.map((r) => r.row)));
  const mask = spriteMask(sheet.image, grid.background);
  const ch = prepareCharacter(still(character).image, style);
  let posed = 0, stamped = 0, cells = 0;
  const byCell = new Map<string, number>();
  for (const row of sheet.rows) {
    const rowCells = grid.cells[row.row - 1] ?? [];
    const poses = rowCells.map((c) => locatePose(mask, sheet.image.width, c));
    const heights = poses.filter((p): p is CellPose => p !== null).map((p) => p.box.height).sort((a, b) => a - b);
    const rowHeight = heights[heights.length >> 1] ?? 1;
    rowCells.forEach((cell, j) => {
      const pose = poses[j];
      if (!pose) return;
      const drawn = cellMask(mask, sheet.image.width, cell);
      const iou = maskIoU(drawn, placedMask(out, cell));
      byCell.set(`${row.row}:${j}`, iou);
      posed += iou;
      const still = fitCharacter(ch, ch.image, pose, 1, rowHeight, cell.width, style, false);
      stamped += maskIoU(drawn, placedMask(still.image, cell, still.left, still.top));
      cells++;
    });
  }
  return { posed: posed / cells, stamped: stamped / cells, cells, byCell };
}

const CASES: [string, string][] = [
  ['adventurer-sheet', 'adventurer-front'],
  ['adventurer-sheet', 'skeleton-side'],
  ['warrior-sheet', 'skeleton-side'],
  ['knight-sheet', 'wizard-side'],
];

describe('overlay copies each pose', () => {
  it.each(CASES)('%s with %s: cells follow their poses at least as well as the stamped still', (sheetName, character) => {
    const m = measure(sheetNamed(sheetName), character);
    expect(m.cells).toBeGreaterThan(8);
    // Measured: 0.860 vs 0.804, 0.689 vs 0.690, 0.640 vs 0.617, 0.697 vs 0.599.
    expect(m.posed).toBeGreaterThanOrEqual(m.stamped - 0.005);
  });

  // The warrior's side row is mostly walks and props a character cannot copy; its last two cells
  // lie dead, where the stamped skeleton stood upright (0.640 vs 0.617; 0.629 before it lay down).
  it('warrior-sheet with skeleton-side: above stamping (IoU +0.015)', () => {
    const m = measure(sheetNamed('warrior-sheet'), 'skeleton-side');
    expect(m.posed).toBeGreaterThanOrEqual(m.stamped + 0.015);
  });

  it('knight-sheet with wizard-side: clearly above stamping (IoU +0.05)', () => {
    const m = measure(sheetNamed('knight-sheet'), 'wizard-side');
    expect(m.posed).toBeGreaterThanOrEqual(m.stamped + 0.05);
  });

  // The cartoon sheet's own adventurer raises, punches and cheers with its arms (0.858 vs 0.804).
  it('adventurer-sheet with adventurer-front: above stamping (IoU +0.02)', () => {
    const m = measure(sheetNamed('adventurer-sheet'), 'adventurer-front');
    expect(m.posed).toBeGreaterThanOrEqual(m.stamped + 0.02);
  });

  // Both fists raised beside the big head: turned only the way the sheet's arms point, the arms went
  // up behind the head (0.80 and 0.76); the hands placed where the sheet's are, elbows out: 0.82, 0.81.
  it('adventurer-sheet with adventurer-front: the cheering cells raise both fists beside the head', () => {
    const m = measure(sheetNamed('adventurer-sheet'), 'adventurer-front');
    expect(m.byCell.get('1:7')).toBeGreaterThanOrEqual(0.8);
    expect(m.byCell.get('1:8')).toBeGreaterThanOrEqual(0.8);
  });

  // A chibi's stride and jump splay its short legs, each turned whole about its hip, boot and all:
  // the legs' bones (hip and feet means) barely tilt, their outlines do (0.85 and 0.81 read from
  // the bones alone).
  it('adventurer-sheet with adventurer-front: the striding and jumping cells splay the legs as drawn', () => {
    const m = measure(sheetNamed('adventurer-sheet'), 'adventurer-front');
    expect(m.byCell.get('1:4')).toBeGreaterThanOrEqual(0.87);
    expect(m.byCell.get('1:8')).toBeGreaterThanOrEqual(0.83);
  });

  // Where the sheet's rig finds no arm, or a wrong one, the character's arms take the turns at which
  // it best covers the pose (armFit.ts): seen from behind, arms raised beside the head merge into
  // it (0.75 and 0.71 with the arms left hanging), and a fist across the chest leaves no gap (0.82).
  it('adventurer-sheet with adventurer-front: arms the sheet hides are fitted to the pose', () => {
    const m = measure(sheetNamed('adventurer-sheet'), 'adventurer-front');
    expect(m.byCell.get('1:5')).toBeGreaterThanOrEqual(0.8);
    expect(m.byCell.get('1:6')).toBeGreaterThanOrEqual(0.76);
    expect(m.byCell.get('2:3')).toBeGreaterThanOrEqual(0.86);
  });

  // Measured 0.860 vs 0.804 (0.837 before the arms were fitted). Still missed: a back view drawn as
  // the character's front (nothing shows its back).
  it('adventurer-sheet with adventurer-front: clearly above stamping (IoU +0.05)', () => {
    const m = measure(sheetNamed('adventurer-sheet'), 'adventurer-front');
    expect(m.posed).toBeGreaterThanOrEqual(m.stamped + 0.05);
  });

  // The kick's leg was read as an arm holding a weapon and the back fist as a leg: the character
  // stood with a boot turned out (0.86). Its leg now goes out to the side as the sheet's does.
  it('adventurer-sheet with adventurer-front: the kicking cell kicks', () => {
    const m = measure(sheetNamed('adventurer-sheet'), 'adventurer-front');
    // Measured 0.90.
    expect(m.byCell.get('2:6')).toBeGreaterThanOrEqual(0.88);
  });

  // A 16 px pirate's arms are its fists (rig/humanoid.ts): on the cartoon sheet they go where the
  // sheet's hands are, raised beside the hat, out in a punch, in whole art pixels on the body.
  it('adventurer-sheet with pirate-front: the small figure\'s fists follow the sheet\'s hands', () => {
    const m = measure(sheetNamed('adventurer-sheet'), 'pirate-front');
    // Measured 0.739 and 0.701 (0.707 and 0.670 with the fists left hanging).
    expect(m.byCell.get('1:1')).toBeGreaterThanOrEqual(0.725);
    expect(m.byCell.get('2:7')).toBeGreaterThanOrEqual(0.69);
  });

  it('a character on its own pose sheet comes back as drawn in that pose', () => {
    const sheet = sheetNamed('adventurer-sheet');
    const out = overlay({ sheet: sheet.image, characters: [still('adventurer-front').image], rows: [{ row: 1, title: '', description: '' }], style: undefined, output: { scale: 1 } }).image;
    const grid = detectGrid(sheet.image, 1);
    const mask = spriteMask(sheet.image, grid.background);
    const cell = grid.cells[0]![0]!;
    expect(maskIoU(cellMask(mask, sheet.image.width, cell), placedMask(out, cell))).toBeGreaterThanOrEqual(0.9);
  });

  it('a side-view character faces the way each row faces: the other side\'s row is its mirror image', () => {
    // The mage sheet's row 2 faces right (east), row 4 left (west), pose for pose; cells 24x32.
    const sheet = sheetNamed('mage-sheet');
    const out = overlay({ sheet: sheet.image, characters: [still('wizard-side').image], rows: sheet.rows, style: 'pixel', output: { scale: 1 } }).image;
    const whole = { x: 0, y: 0, width: 24, height: 32 };
    let mirrored = 0, same = 0;
    for (const column of [0, 1, 2]) {
      const east = crop(out, column * 24, 32, 24, 32), west = crop(out, column * 24, 3 * 32, 24, 32);
      mirrored += maskIoU(placedMask(west, whole), placedMask(mirrorX(east), whole));
      same += maskIoU(placedMask(west, whole), placedMask(east, whole));
    }
    expect(mirrored / 3).toBeGreaterThan(same / 3 + 0.1);
  });
});
