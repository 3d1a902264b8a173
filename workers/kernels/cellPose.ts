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

/** The pose in `cell` of a 0/1 sprite `mask` of a sheet `width` pixels wide; null when empty. */
export function locatePose(mask: Uint8Array, width: number, cell: Box): CellPose | null {
  checkInt(width, 1, 1 << 16, 'sheet width');
  if (cell.x < 0 || cell.y < 0 || cell.width < 1 || cell.height < 1 || (cell.x + cell.width) > width || (cell.y + cell.height) * width > mask.length) {
    throw new RangeError(`Expected a cell inside the ${width}-wide sheet but received ${JSON.stringify(cell)}`);
  }
  let minX = Infinity, maxX = -1, minY = Infinity, maxY = -1, sx = 0, n = 0;
  // Per row: the median column of its sprite pixels (robust to one arm stretched out), found by
  // counting up to it on a second look along the row.
  const mids: { y: number; x: number; w: number }[] = [];
  const x0 = cell.x, x1 = cell.x + cell.width;
  for (let y = cell.y; y < cell.y + cell.height; y++) {
    const row = y * width;
    let count = 0, first = -1, last = -1;
    for (let x = x0; x < x1; x++) {
      if (!mask[row + x]!) continue;
      if (first < 0) first = x;
      last = x;
      sx += x;
      count++;
    }
    if (count === 0) continue;
    n += count;
    minX = Math.min(minX, first);
    maxX = Math.max(maxX, last);
    minY = Math.min(minY, y);
    maxY = y;
    let median = first;
    for (let x = first, seen = -1; x <= last; x++) if (mask[row + x]! && ++seen === count >> 1) { median = x; break; }
    mids.push({ y, x: median + 0.5, w: count });
  }
  if (n === 0) return null;
  const box = { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  // Weighted least squares x = a + b * y over the rows; lean is -b (y grows downward).
  let sw = 0, sy = 0, sxm = 0, syy = 0, sxy = 0;
  for (const m of mids) {
    sw += m.w;
    sy += m.w * m.y;
    sxm += m.w * m.x;
    syy += m.w * m.y * m.y;
    sxy += m.w * m.x * m.y;
  }
  const den = sw * syy - sy * sy;
  const slope = den > 0 ? (sw * sxy - sy * sxm) / den : 0;
  const lean = Math.max(-MAX_LEAN, Math.min(MAX_LEAN, -slope));
  return { box, cx: sx / n + 0.5, lean };
}
