// A sprite sheet's grid, found from its content (character overlay gets no grid from the user).
// The background is found on the borders (transparent, or a flat colour); sprite pixels are the
// rest. Rows and columns are counted from the sprite-pixel profiles (periodicity.ts): gutters when
// there are any, else the period of touching sprites. A sheet whose columns are not one grid (rows
// of different widths) is cut row by row; sprites at arbitrary places become one cell each, split
// halfway between them. A solid sheet tells nothing: it is cut into `rowsHint` rows of square cells.
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../../types.ts';
import { checkImage, checkInt } from '../../kernels/check.ts';
import { cellCount, profileRuns } from './periodicity.ts';
import { detectBackground } from '../../kernels/track.ts';
import type { Background, Box } from '../../kernels/track.ts';

export interface SheetGrid {
  background: Background;
  /** Cells row by row, left to right, in sheet pixels. Rows may differ in cell count. */
  cells: Box[][];
  /** One pitch for the whole sheet (columns x rows equal cells, give or take a pixel). */
  regular: boolean;
  columns: number;
  rows: number;
}

const MIN_CELL = 8;

/** 1 where a pixel is sprite, not background (clear, or within a few levels of the flat colour). */
export function spriteMask(sheet: RawImage, bg: Background): Uint8Array {
  checkImage(sheet, 'sprite sheet');
  const { data } = sheet;
  const n = sheet.width * sheet.height;
  const out = new Uint8Array(n);
  if (bg.kind === 'flat') {
    const { r, g, b } = bg.color;
    for (let p = 0, i = 0; p < n; p++, i += 4) {
      const d = Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b);
      out[p] = d >= 24 && data[i + 3]! >= 16 ? 1 : 0;
    }
  } else if (bg.kind === 'alpha') {
    for (let p = 0; p < n; p++) out[p] = data[p * 4 + 3]! >= 16 ? 1 : 0;
  } else out.fill(1);
  return out;
}

/** The part of a sheet's sprite `mask` (`width` wide) over `box`. */
export function maskIn(mask: Uint8Array, width: number, box: Box): Uint8Array {
  const out = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) out.set(mask.subarray((box.y + y) * width + box.x, (box.y + y) * width + box.x + box.width), y * box.width);
  return out;
}

/** Equal spans of `length` split into `n`. */
const equal = (from: number, length: number, n: number): [number, number][] =>
  Array.from({ length: n }, (_, k) => [from + Math.round((k * length) / n), from + Math.round(((k + 1) * length) / n)]);

/**
 * Cells along one axis: equal ones when the profile shows a grid; around each run of sprite
 * (split halfway across the gaps) when it shows sprites at irregular places; `guess` equal ones
 * when it shows nothing (solid).
 */
function spans(profile: ArrayLike<number>, guess: number): [number, number][] {
  const length = profile.length;
  const n = cellCount(profile, MIN_CELL);
  if (n !== null) return equal(0, length, n);
  const runs = profileRuns(profile);
  const first = runs[0];
  if (!first || (runs.length === 1 && first.end - first.start >= 0.9 * length)) return equal(0, length, Math.max(1, guess));
  return runs.map((r, k) => {
    const prev = runs[k - 1];
    const next = runs[k + 1];
    return [prev ? Math.round((prev.end + r.start) / 2) : 0, next ? Math.round((r.end + next.start) / 2) : length];
  });
}

/** Sprite pixels per column of the rows [y0, y1), and per row of the columns [x0, x1). */
export function profiles(mask: Uint8Array, width: number, x0: number, x1: number, y0: number, y1: number): { cols: Float64Array; rows: Float64Array } {
  const cols = new Float64Array(x1 - x0);
  const rows = new Float64Array(y1 - y0);
  for (let y = y0; y < y1; y++) {
    for (let x = x0, p = y * width + x0; x < x1; x++, p++) {
      if (!mask[p]!) continue;
      cols[x - x0] = cols[x - x0]! + 1;
      rows[y - y0] = rows[y - y0]! + 1;
    }
  }
  return { cols, rows };
}

/** The grid of `sheet`; `rowsHint` (the highest row asked for) is used only for a solid sheet. */
export function detectGrid(sheet: RawImage, rowsHint = 1): SheetGrid {
  checkImage(sheet, 'sprite sheet');
  checkInt(rowsHint, 1, sheet.height, 'rows hint');
  const { width, height } = sheet;
  const background = detectBackground(sheet);
  const mask = spriteMask(sheet, background);
  const whole = profiles(mask, width, 0, width, 0, height);
  const nCols = cellCount(whole.cols, MIN_CELL);
  // A guess is never finer than the smallest cell: naming row 4096 of a solid sheet made a row a pixel.
  const rowSpans = spans(whole.rows, Math.min(rowsHint, Math.max(1, Math.floor(height / MIN_CELL))));
  const cells = rowSpans.map(([y0, y1]): Box[] => {
    // Columns that are not one grid over the whole sheet are decided row by row; a row with no
    // clue is cut into square cells.
    const colSpans = nCols !== null
      ? equal(0, width, nCols)
      : spans(profiles(mask, width, 0, width, y0, y1).cols, Math.round(width / Math.max(1, y1 - y0)));
    return colSpans.map(([x0, x1]) => ({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 }));
  });
  const heights = rowSpans.map(([y0, y1]) => y1 - y0);
  const regular = nCols !== null && Math.max(...heights) - Math.min(...heights) <= 1;
  return { background, cells, regular, rows: cells.length, columns: Math.max(...cells.map((r) => r.length)) };
}
