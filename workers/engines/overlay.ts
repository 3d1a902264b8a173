// The character overlay engine (character-overlay v1/v2), plain first version: the sheet is
// scaled to the output size, then in every row the request names, each sprite is replaced by a
// character image (cycling through them) fitted into that sprite's box, feet on its bottom.
//
// The sheet's grid is not given, so it is found with a simple heuristic:
//   1. Background = the top-left pixel: transparent, or a flat colour.
//   2. Rows = runs of pixel rows that are not all background (split at empty horizontal gutters);
//      rows asked for past the last one found are skipped. With no gutter at all (one run), the
//      sheet is instead cut into as many equal horizontal bands as the highest row asked for.
//   3. Cells in a row = runs of non-empty pixel columns inside the row (vertical gutters). A band
//      that is empty, or one run much wider than the band is tall (touching sprites), is cut into
//      roughly square cells (band width / band height of them).
//   4. A cell's sprite box = its non-background bounds (the whole cell if it is empty).
import type { RawImage } from '../types.ts';
import type { RowEntry } from '../specs.ts';
import { at, checkImage, checkInt } from '../kernels/check.ts';
import { fillRect, pixelAt } from '../kernels/image.ts';
import type { Rgba } from '../kernels/image.ts';
import { resizeTo } from '../kernels/resize.ts';
import type { ResizeMode } from '../kernels/resize.ts';
import { crop, drawOnto, opaqueBounds } from '../kernels/compose.ts';

export interface OverlayInput {
  sheet: RawImage;
  characters: RawImage[];
  rows: RowEntry[];
  style?: 'pixel' | 'cartoon' | 'sd' | 'quater_view';
  output: { longestSide: number } | { scale: number };
}

// 4K (v1) is 4096 on the longest side; pro (v2) doubles a sheet of up to 4096. Past 8192 the one
// RGBA buffer alone would pass 256 MB.
const MAX_OUTPUT_SIDE = 8192;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Tells background pixels from sprite pixels: transparent, or within a few levels of a flat colour. */
function isBackground(bg: Rgba): (d: Uint8Array, i: number) => boolean {
  if (bg.a < 16) return (d, i) => at(d, i + 3) < 16;
  return (d, i) =>
    Math.abs(at(d, i) - bg.r) + Math.abs(at(d, i + 1) - bg.g) + Math.abs(at(d, i + 2) - bg.b) < 24 && at(d, i + 3) > 200;
}

/** Runs of indices in [from, to) where `busy` is true. */
function runs(from: number, to: number, busy: (k: number) => boolean): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = -1;
  for (let k = from; k <= to; k++) {
    const b = k < to && busy(k);
    if (b && start < 0) start = k;
    if (!b && start >= 0) {
      out.push({ start, end: k });
      start = -1;
    }
  }
  return out;
}

/** The cells (sprite boxes) of each row of `sheet`, in sheet coordinates; see the file comment. */
export function findCells(sheet: RawImage, rowsWanted: number): Box[][] {
  checkImage(sheet, 'sprite sheet');
  checkInt(rowsWanted, 1, sheet.height, 'highest row');
  const { width, height, data } = sheet;
  const empty = isBackground(pixelAt(sheet, 0, 0));
  const lineBusy = (y0: number, y1: number, x: number): boolean => {
    for (let y = y0; y < y1; y++) if (!empty(data, (y * width + x) * 4)) return true;
    return false;
  };
  const rowBusy = (y: number, x0 = 0, x1 = width): boolean => {
    for (let x = x0; x < x1; x++) if (!empty(data, (y * width + x) * 4)) return true;
    return false;
  };
  let bands = runs(0, height, (y) => rowBusy(y));
  // Gutters found: they are the rows (a row number past them names nothing). None: equal bands.
  if (bands.length <= 1 && rowsWanted > 1) {
    bands = Array.from({ length: rowsWanted }, (_, r) => ({
      start: Math.round((r * height) / rowsWanted),
      end: Math.round(((r + 1) * height) / rowsWanted),
    }));
  }
  return bands.map(({ start: y0, end: y1 }) => {
    let cols = runs(0, width, (x) => lineBusy(y0, y1, x));
    const one = cols[0];
    // No gutter, and what is there is much wider than tall: sprites touch; cut square-ish cells.
    if (cols.length === 0 || (cols.length === 1 && one && one.end - one.start > 1.5 * (y1 - y0))) {
      const n = Math.max(1, Math.round(width / Math.max(1, y1 - y0)));
      cols = Array.from({ length: n }, (_, c) => ({ start: Math.round((c * width) / n), end: Math.round(((c + 1) * width) / n) }));
    }
    return cols.map(({ start: x0, end: x1 }) => {
      // Tighten to the sprite inside the cell; an empty cell keeps its whole area.
      const ys = runs(y0, y1, (y) => rowBusy(y, x0, x1));
      const xs = runs(x0, x1, (x) => lineBusy(y0, y1, x));
      if (ys.length === 0 || xs.length === 0) return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
      const top = (ys[0] as { start: number }).start;
      const bottom = (ys[ys.length - 1] as { end: number }).end;
      const left = (xs[0] as { start: number }).start;
      const right = (xs[xs.length - 1] as { end: number }).end;
      return { x: left, y: top, width: right - left, height: bottom - top };
    });
  });
}

/** Output scale factor for the sheet, from v1's longest side or v2's multiplier. */
export function overlayScale(sheet: RawImage, output: OverlayInput['output']): number {
  const scale = 'longestSide' in output ? output.longestSide / Math.max(sheet.width, sheet.height) : output.scale;
  const capped = Math.min(scale, MAX_OUTPUT_SIDE / Math.max(sheet.width, sheet.height));
  if (!(capped > 0)) throw new RangeError(`Expected a positive output scale but received ${scale}`);
  return capped;
}

export function overlay(input: OverlayInput, onProgress?: (fraction: number) => void): RawImage {
  checkImage(input.sheet, 'sprite sheet');
  if (input.characters.length === 0) throw new RangeError('Expected 1 to 4 character images but received 0');
  input.characters.forEach((c, i) => checkImage(c, `character image ${i + 1}`));
  const mode: ResizeMode = input.style === 'pixel' ? 'nearest' : 'smooth';
  const scale = overlayScale(input.sheet, input.output);
  const outW = Math.max(1, Math.round(input.sheet.width * scale));
  const outH = Math.max(1, Math.round(input.sheet.height * scale));
  const out = resizeTo(input.sheet, outW, outH, mode);
  const wanted = [...new Set(input.rows.map((r) => r.row))].filter((r) => Number.isInteger(r) && r >= 1);
  if (wanted.length === 0) return out;
  const maxRow = Math.min(Math.max(...wanted), input.sheet.height);
  const cells = findCells(input.sheet, maxRow);
  // Characters trimmed to their opaque box, so "feet on the bottom" means their real feet.
  const chars = input.characters.map((c) => {
    const b = opaqueBounds(c, 8);
    return b ? crop(c, b.x, b.y, b.width, b.height) : c;
  });
  const bg = pixelAt(out, 0, 0);
  const clear = bg.a < 16 ? { r: 0, g: 0, b: 0, a: 0 } : bg;
  let done = 0;
  for (const row of wanted) {
    const boxes = cells[row - 1];
    if (!boxes) continue; // a row the sheet does not have: nothing to replace
    boxes.forEach((box, j) => {
      const ch = chars[j % chars.length] as RawImage;
      // The sprite's box in output pixels, padded by a pixel for the resize's soft edge.
      const x0 = Math.max(0, Math.floor(box.x * scale) - 1);
      const y0 = Math.max(0, Math.floor(box.y * scale) - 1);
      const x1 = Math.min(outW, Math.ceil((box.x + box.width) * scale) + 1);
      const y1 = Math.min(outH, Math.ceil((box.y + box.height) * scale) + 1);
      fillRect(out, x0, y0, x1 - x0, y1 - y0, clear);
      const bw = box.width * scale;
      const bh = box.height * scale;
      const k = Math.min(bw / ch.width, bh / ch.height);
      const w = Math.max(1, Math.round(ch.width * k));
      const h = Math.max(1, Math.round(ch.height * k));
      const fitted = resizeTo(ch, w, h, mode);
      const left = Math.round(box.x * scale + (bw - w) / 2);
      const top = Math.round((box.y + box.height) * scale) - h;
      drawOnto(out, fitted, left, top);
    });
    onProgress?.(++done / wanted.length);
  }
  return out;
}

