// Which cells of a sheet row hold a label ("IDLE", "DEATH" written beside the poses, as many real
// sheets have) rather than a pose: the overlay leaves those as drawn instead of putting a character
// there. A label is lettering: two or three colours (fill and outline) in glyphs standing side by
// side, of one height on one top line. A cell with a single glyph is a label when it is lettering
// of the same colours and line as a label cell beside it.
import type { Box } from '../../kernels/track.ts';
import type { RawImage } from '../../types.ts';
import { components } from '../../kernels/components.ts';

interface Glyphs {
  colors: Set<number>;
  /** Connected pieces of the mask (8-neighbours), of at least 2 pixels; x in the cell, y in the sheet. */
  pieces: Box[];
}

/** Lettering holds at most this many colours (a fill, an outline, a shadow). */
const MAX_LETTER_COLORS = 3;

function glyphsOf(sheet: RawImage, mask: Uint8Array, cell: Box): Glyphs {
  const { width } = sheet;
  const colors = new Set<number>();
  const inCell = new Uint8Array(cell.width * cell.height);
  for (let y = 0; y < cell.height; y++) for (let x = 0; x < cell.width; x++) {
    const p = (cell.y + y) * width + cell.x + x;
    if (!mask[p]) continue;
    inCell[y * cell.width + x] = 1;
    const o = p * 4;
    colors.add((sheet.data[o]! << 16) | (sheet.data[o + 1]! << 8) | sheet.data[o + 2]!);
  }
  const { labels, sizes } = components(inCell, cell.width, cell.height);
  // Each piece's box, in the order the pieces were found (top row first).
  const boxes = sizes.map(() => ({ x0: Infinity, y0: Infinity, x1: -1, y1: -1 }));
  for (let y = 0; y < cell.height; y++) for (let x = 0; x < cell.width; x++) {
    const id = labels[y * cell.width + x]!;
    if (id === 0) continue;
    const b = boxes[id]!;
    b.x0 = Math.min(b.x0, x); b.x1 = Math.max(b.x1, x); b.y0 = Math.min(b.y0, y); b.y1 = Math.max(b.y1, y);
  }
  const pieces = boxes.flatMap((b, id) => (id > 0 && sizes[id]! >= 2 ? [{ x: b.x0, y: cell.y + b.y0, width: b.x1 - b.x0 + 1, height: b.y1 - b.y0 + 1 }] : []));
  // A letter cut by the cell's side leaves slivers at its edge: they belong to the next cell's glyph.
  const tall = Math.max(0, ...pieces.map((b) => b.height));
  return { colors, pieces: pieces.filter((b) => !((b.x === 0 || b.x + b.width === cell.width) && b.height < tall / 2)) };
}

/** Glyphs of one line: every piece as tall as the tallest (within a pixel or 15%), tops level, none overlapping another in x. */
function onOneLine(pieces: readonly Box[]): boolean {
  const tall = Math.max(...pieces.map((b) => b.height));
  const slack = Math.max(1, Math.round(0.15 * tall));
  const top = pieces[0]!.y;
  const sorted = [...pieces].sort((a, b) => a.x - b.x);
  return sorted.every((b, i) => tall - b.height <= slack && Math.abs(b.y - top) <= slack && (i === 0 || b.x > sorted[i - 1]!.x + sorted[i - 1]!.width - 1));
}

/** Indexes of the row's cells (those with content: `filled[i]`) that hold lettering, not a pose. */
export function labelCells(sheet: RawImage, mask: Uint8Array, cells: readonly Box[], filled: readonly boolean[]): Set<number> {
  const glyphs = cells.map((cell, i) => (filled[i] ? glyphsOf(sheet, mask, cell) : null));
  const lettering = (g: Glyphs | null): g is Glyphs => g !== null && g.pieces.length > 0 && g.colors.size <= MAX_LETTER_COLORS && onOneLine(g.pieces);
  const labels = new Set<number>();
  glyphs.forEach((g, i) => { if (lettering(g) && g.pieces.length >= 2) labels.add(i); });
  // A lone glyph beside a label, in its colours and on its line, is the word's last (or first) letter.
  for (let grew = true; grew; ) {
    grew = false;
    glyphs.forEach((g, i) => {
      if (labels.has(i) || !lettering(g)) return;
      const next = [i - 1, i + 1].find((j) => labels.has(j));
      if (next === undefined) return;
      const word = glyphs[next]!;
      const sameColors = [...g.colors].every((c) => word.colors.has(c));
      const line = onOneLine([...word.pieces, ...g.pieces].map((b) => ({ ...b, x: 0, width: 1 })).map((b, k) => ({ ...b, x: 2 * k })));
      if (sameColors && line) (labels.add(i), (grew = true));
    });
  }
  return labels;
}
