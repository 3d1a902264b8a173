// A pose inside one sheet cell (character overlay): the box of its sprite pixels, where its mass
// is, and how much it leans (the slope of its per-row middle), so a character fitted onto it can
// stand where it stands and lean as it leans.
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import { checkInt } from './check.ts';
import type { Box } from './track.ts';

export interface CellPose {
  /** Box of the sprite pixels, in sheet pixels; its bottom is the pose's baseline. */
  box: Box;
  /** Mass centroid x. */
  cx: number;
  /** Horizontal shift per pixel of height going up (positive: the top is to the right). */
  lean: number;
}

// Past this the measured slope is more likely an arm or a weapon than the body leaning.
const MAX_LEAN = 0.3;

/** One row of a sprite, as a pose is read from it: its pixels' count, first and last column, the sum of their columns and their median one. */
interface RowTally {
  y: number;
  count: number;
  first: number;
  last: number;
  sum: number;
  median: number;
}

/** The pose of a sprite given by its rows (top to bottom, the empty ones left out); null when it has none. */
function poseOfRows(rows: readonly RowTally[]): CellPose | null {
  if (rows.length === 0) return null;
  let minX = Infinity, maxX = -1, sx = 0, n = 0;
  // Weighted least squares x = a + b * y over the rows' median columns (robust to one arm stretched
  // out); lean is -b (y grows downward).
  let sw = 0, sy = 0, sxm = 0, syy = 0, sxy = 0;
  for (const { y, count: w, first, last, sum, median } of rows) {
    minX = Math.min(minX, first);
    maxX = Math.max(maxX, last);
    sx += sum;
    n += w;
    const x = median + 0.5;
    sw += w;
    sy += w * y;
    sxm += w * x;
    syy += w * y * y;
    sxy += w * x * y;
  }
  const minY = rows[0]!.y, maxY = rows[rows.length - 1]!.y;
  const box = { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  const den = sw * syy - sy * sy;
  const slope = den > 0 ? (sw * sxy - sy * sxm) / den : 0;
  const lean = Math.max(-MAX_LEAN, Math.min(MAX_LEAN, -slope));
  return { box, cx: sx / n + 0.5, lean };
}

/** The pose in `cell` of a 0/1 sprite `mask` of a sheet `width` pixels wide; null when empty. */
export function locatePose(mask: Uint8Array, width: number, cell: Box): CellPose | null {
  checkInt(width, 1, 1 << 16, 'sheet width');
  if (cell.x < 0 || cell.y < 0 || cell.width < 1 || cell.height < 1 || (cell.x + cell.width) > width || (cell.y + cell.height) * width > mask.length) {
    throw new RangeError(`Expected a cell inside the ${width}-wide sheet but received ${JSON.stringify(cell)}`);
  }
  const rows: RowTally[] = [];
  const x0 = cell.x, x1 = cell.x + cell.width;
  for (let y = cell.y; y < cell.y + cell.height; y++) {
    const row = y * width;
    let count = 0, first = -1, last = -1, sum = 0;
    for (let x = x0; x < x1; x++) {
      if (!mask[row + x]!) continue;
      if (first < 0) first = x;
      last = x;
      sum += x;
      count++;
    }
    if (count === 0) continue;
    // The median column: counted up to on a second look along the row.
    let median = first;
    for (let x = first, seen = -1; x <= last; x++) if (mask[row + x]! && ++seen === count >> 1) { median = x; break; }
    rows.push({ y, count, first, last, sum, median });
  }
  return poseOfRows(rows);
}

/**
 * The pose of a sprite given as its runs along rows (first x, last x inclusive, row: three numbers
 * each, in raster order), as locatePose reads it from a mask of those pixels.
 */
export function poseOfRuns(runs: ArrayLike<number>): CellPose | null {
  const rows: RowTally[] = [];
  for (let i = 0; i < runs.length;) {
    const y = runs[i + 2]!;
    let end = i, count = 0, sum = 0;
    for (; end < runs.length && runs[end + 2] === y; end += 3) {
      const a = runs[end]!, b = runs[end + 1]!;
      count += b - a + 1;
      sum += ((a + b) * (b - a + 1)) / 2;
    }
    // The median column: the (count >> 1)-th pixel along the row's runs.
    let median = runs[i]!;
    for (let k = i, before = 0; k < end; k += 3) {
      const len = runs[k + 1]! - runs[k]! + 1;
      if (before + len > count >> 1) { median = runs[k]! + (count >> 1) - before; break; }
      before += len;
    }
    rows.push({ y, count, first: runs[i]!, last: runs[end - 2]!, sum, median });
    i = end;
  }
  return poseOfRows(rows);
}
