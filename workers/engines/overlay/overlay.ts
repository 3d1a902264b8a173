// The character overlay engine (character-overlay v1/v2): in every row of a sprite sheet that the
// request names, each pose is replaced by the character drawn in that pose: the character and every
// pose cell are rigged (rig/), the character's bones turn to match the pose's, mirrored when the
// pose faces the other way, and the result is fitted onto the pose (fit.ts) in the requested style;
// every other row, and lettering in a named row (labels.ts), is left as it was. The sheet's grid is found from its content (gridDetect.ts).
// Pixel style is drawn at the sheet's own resolution and the whole sheet then scaled by nearest
// neighbour, so the character's pixels are the sheet's pixels; the other styles scale the sheet
// smoothly first and draw the characters at the output size.
import type { RawImage } from '../../types.ts';
import type { RowEntry } from '../../specs.ts';
import type { FrameRect } from '../../output/sheet.ts';
import type { Box } from '../../kernels/track.ts';
import { checkImage } from '../../kernels/check.ts';
import { cloneImage, fillRect } from '../../kernels/image.ts';
import { resizeTo } from '../../kernels/resize.ts';
import { detectGrid, maskIn, spriteMask } from './gridDetect.ts';
import { labelCells } from './labels.ts';
import { isLying, layDown } from './lying.ts';
import { locatePose } from '../../kernels/cellPose.ts';
import type { CellPose } from '../../kernels/cellPose.ts';
import { fitCharacter, LEAN_SHARE, pickCharacter, prepareCharacter } from './fit.ts';
import { drawOnto } from '../../kernels/compose.ts';
import { copyPose, mostFacing, mustMirror, rigCut } from '../rig/copyPose.ts';
import type { OverlayStyle } from './fit.ts';
import { median } from '../../kernels/median.ts';

/** A named row as drawn: the cells that now hold the character, in the output's pixels, left to right. */
export interface DrawnRow {
  row: number;
  title: string;
  cells: FrameRect[];
}

export interface OverlayResult {
  image: RawImage;
  /** The named rows the sheet has, in the order the request named them (their frames for sheet.json). */
  rows: DrawnRow[];
}

export interface OverlayInput {
  sheet: RawImage;
  characters: RawImage[];
  rows: RowEntry[];
  style?: OverlayStyle;
  output: { longestSide: number } | { scale: number };
}

// 4K (v1) is 4096 on the longest side; pro (v2) doubles a sheet of up to 4096. Past 8192 the one
// RGBA buffer alone would pass 256 MB.
const MAX_OUTPUT_SIDE = 8192;
// The API takes 1 to 4 characters; more would only cost time.
const MAX_CHARACTERS = 4;
/**
 * Poses one job draws at most (each is rigged, posed and fitted: tens of ms). Real sheets hold a
 * few hundred cells (24 x 8 is 192); a 4096 px sheet cut into 8 px cells holds 262,144.
 */
export const MAX_POSES = 1024;

/** Output scale factor for the sheet, from v1's longest side or v2's multiplier. */
export function overlayScale(sheet: RawImage, output: OverlayInput['output']): number {
  const scale = 'longestSide' in output ? output.longestSide / Math.max(sheet.width, sheet.height) : output.scale;
  const capped = Math.min(scale, MAX_OUTPUT_SIDE / Math.max(sheet.width, sheet.height));
  if (!(capped > 0)) throw new RangeError(`Expected a positive output scale but received ${scale}`);
  return capped;
}

export function overlay(input: OverlayInput, onProgress?: (fraction: number) => void): OverlayResult {
  const { sheet, style } = input;
  checkImage(sheet, 'sprite sheet');
  if (input.characters.length < 1 || input.characters.length > MAX_CHARACTERS) {
    throw new RangeError(`Expected 1 to ${MAX_CHARACTERS} character images but received ${input.characters.length}`);
  }
  input.characters.forEach((c, i) => checkImage(c, `character image ${i + 1}`));
  const scale = overlayScale(sheet, input.output);
  const outW = Math.max(1, Math.round(sheet.width * scale));
  const outH = Math.max(1, Math.round(sheet.height * scale));
  const pixel = style === 'pixel';
  const k = pixel ? 1 : scale;
  const canvas = pixel ? cloneImage(sheet) : resizeTo(sheet, outW, outH, 'smooth');
  const drawn: DrawnRow[] = [];
  // A cell in the output's pixels (pixel style draws at the sheet's size, then scales it whole).
  const sx = outW / sheet.width, sy = outH / sheet.height;
  const outCell = (c: Box): FrameRect => {
    const x = Math.round(c.x * sx), y = Math.round(c.y * sy);
    return { x, y, w: Math.round((c.x + c.width) * sx) - x, h: Math.round((c.y + c.height) * sy) - y };
  };
  // The named rows, first mention of each, in the order given.
  const seen = new Set<number>();
  const named = input.rows.filter((r) => Number.isInteger(r.row) && r.row >= 1 && !seen.has(r.row) && seen.add(r.row));
  if (named.length > 0) {
    const grid = detectGrid(sheet, Math.min(sheet.height, Math.max(...named.map((r) => r.row))));
    const cellsNamed = named.flatMap((r) => grid.cells[r.row - 1] ?? []);
    if (cellsNamed.length > MAX_POSES) {
      throw new RangeError(`The named rows hold ${cellsNamed.length} cells; an overlay draws at most ${MAX_POSES} poses (name fewer rows, or send a sheet of fewer, larger cells)`);
    }
    const mask = spriteMask(sheet, grid.background);
    // No character is posed larger than it will be drawn (give or take): a 4096 px upload was
    // posed at full size in every cell, then shrunk.
    const drawnSide = Math.max(1, ...cellsNamed.map((c) => Math.max(c.width, c.height) * k));
    const characters = input.characters.map((c) => prepareCharacter(c, style, drawnSide));
    const bg = grid.background;
    const clear = bg.kind === 'flat' ? bg.color : { r: 0, g: 0, b: 0, a: 0 };
    named.forEach((entry, order) => {
      const cells = grid.cells[entry.row - 1];
      if (!cells) return; // a row the sheet does not have: nothing to replace
      const ch = characters[pickCharacter(entry, order, characters)] as (typeof characters)[number];
      const located = cells.map((cell) => (bg.kind === 'none' ? { box: cell, cx: cell.x + cell.width / 2, lean: 0 } : locatePose(mask, sheet.width, cell)));
      // Lettering beside the poses ("IDLE") is no pose: it stays as drawn.
      const labels = bg.kind === 'none' ? new Set<number>() : labelCells(sheet, mask, cells, located.map((p) => p !== null));
      const poses = located.map((p, j) => (labels.has(j) ? null : p));
      const found = poses.filter((p): p is CellPose => p !== null);
      const rowHeight = median(found.map((p) => p.box.height));
      // The old poses go first (their whole cells back to the background: the cells partition
      // the row), then the characters are drawn, so one reaching past its cell is not cut.
      if (bg.kind !== 'none') {
        cells.forEach((cell, j) => {
          if (!poses[j]) return; // an empty cell stays as it is
          const x0 = Math.round(cell.x * k), y0 = Math.round(cell.y * k);
          fillRect(canvas, x0, y0, Math.round((cell.x + cell.width) * k) - x0, Math.round((cell.y + cell.height) * k) - y0, clear);
        });
      }
      // Each pose rigged, to be copied; the character faces the way the row does.
      const own = ch.rigged;
      const targets = poses.map((pose) => (own && pose && bg.kind !== 'none' ? rigCut(sheet, pose.box, maskIn(mask, sheet.width, pose.box)) : null));
      const mirror = own !== null && mustMirror(own, mostFacing(targets));
      drawn.push({ row: entry.row, title: entry.title, cells: cells.filter((_, j) => poses[j]).map(outCell) });
      cells.forEach((cell, j) => {
        const pose = poses[j];
        if (!pose) return;
        const target = targets[j];
        const lying = bg.kind !== 'none' && isLying(pose.box, rowHeight);
        const posed = lying ? layDown(ch.image, mask, sheet.width, pose.box) : own && target ? copyPose(own, target, pose.lean * LEAN_SHARE, mirror).image : null;
        const placed = fitCharacter(ch, posed ?? ch.image, pose, k, rowHeight, cell.width, style, posed !== null);
        drawOnto(canvas, placed.image, placed.left, placed.top);
      });
      onProgress?.((order + 1) / named.length);
    });
  }
  const image = pixel && (outW !== sheet.width || outH !== sheet.height) ? resizeTo(canvas, outW, outH, 'nearest') : canvas;
  return { image, rows: drawn };
}
