// Frames -> one sprite sheet: a grid of ceil(sqrt(N)) columns, cells filled row by row
// (docs/contract.md §3). Rows of pixels are copied into ONE preallocated buffer: measured here, 2.5x
// faster than sharp's composite of 100 inputs.
import type { RawImage } from '../types.ts';
import { checkImage, checkInt, checkSameSize, item } from '../kernels/check.ts';
import { createImage, fillImage, TRANSPARENT } from '../kernels/image.ts';
import type { Rgba } from '../kernels/image.ts';
import { Spare } from '../kernels/spare.ts';

// A sheet job makes at most 169 frames (make-sprite v1); sprite_grid sources hold at most 120.
export const MAX_SHEET_FRAMES = 1024;

export interface SheetGrid {
  columns: number;
  rows: number;
}

export interface FrameRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Sheet {
  image: RawImage;
  grid: SheetGrid;
  /** Where frame i sits, in frame order. */
  rects: FrameRect[];
}

/** ceil(sqrt(N)) columns and as many rows as needed: 36 -> 6x6, 100 -> 10x10, 5 -> 3x2. */
export function sheetGrid(frameCount: number): SheetGrid {
  checkInt(frameCount, 1, MAX_SHEET_FRAMES, 'frame count');
  const columns = Math.ceil(Math.sqrt(frameCount));
  return { columns, rows: Math.ceil(frameCount / columns) };
}

export interface SheetOptions {
  /** Sheet size; default columns x frame width by rows x frame height. A larger sheet is padded. */
  width?: number;
  height?: number;
  /** Colour of the sheet where no frame lands (default transparent). */
  background?: Rgba;
}

/** The last sheet's pixels (a 100-frame 256 px sheet is 26 MB), for the next sheet of its size. */
const spare = new Spare(32 << 20);

/** Gives `sheet`'s pixels back once nothing reads them any more (its PNG is written). */
export function releaseSheet(sheet: Sheet): void {
  spare.give(sheet.image.data);
}

/**
 * Lays out `frames` (all one size) on a sheet, row by row. Frame i goes to column i % columns,
 * row floor(i / columns), at (column * frameWidth, row * frameHeight).
 */
export function assembleSheet(frames: readonly RawImage[], options: SheetOptions = {}): Sheet {
  checkSameSize(frames, 'frames');
  const first = item(frames, 0);
  const grid = sheetGrid(frames.length);
  const fw = first.width;
  const fh = first.height;
  const minW = grid.columns * fw;
  const minH = grid.rows * fh;
  const width = options.width ?? minW;
  const height = options.height ?? minH;
  checkInt(width, minW, Math.max(minW, 1 << 15), 'sheet width');
  checkInt(height, minH, Math.max(minH, 1 << 15), 'sheet height');
  const background = options.background ?? TRANSPARENT;
  const kept = spare.take(width * height * 4);
  const image = kept ? { data: kept, width, height } : createImage(width, height, background);
  // A kept block holds the last sheet: cleared unless the frames cover every pixel.
  if (kept && !(frames.length === grid.columns * grid.rows && width === minW && height === minH)) fillImage(image, background);
  const out = image.data;
  const rowBytes = fw * 4;
  const rects: FrameRect[] = frames.map((frame, i) => {
    const x = (i % grid.columns) * fw;
    const y = Math.floor(i / grid.columns) * fh;
    for (let r = 0; r < fh; r++) {
      out.set(frame.data.subarray(r * rowBytes, (r + 1) * rowBytes), ((y + r) * width + x) * 4);
    }
    return { x, y, w: fw, h: fh };
  });
  return { image, grid, rects };
}

/** The frames of a sheet laid out by assembleSheet (the inverse; used by tests and restyle). */
export function cutFrames(sheet: RawImage, rects: readonly FrameRect[]): RawImage[] {
  checkImage(sheet, 'sheet');
  return rects.map((rect) => {
    const out = new Uint8Array(rect.w * rect.h * 4);
    for (let r = 0; r < rect.h; r++) {
      const from = ((rect.y + r) * sheet.width + rect.x) * 4;
      out.set(sheet.data.subarray(from, from + rect.w * 4), r * rect.w * 4);
    }
    return { data: out, width: rect.w, height: rect.h };
  });
}
