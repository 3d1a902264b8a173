// Placing a drawing on the canvas: the parts' true extent (boxes are generous, so the union is
// sampled on a coarse grid inside them), scaled to fill the canvas but for a margin and centred.
// Every generator draws in its own units; this is what makes a dagger and a tree the same size.
import { checkInt, checkNumber } from '../../kernels/check.ts';
import type { Part, View } from './partRaster.ts';
import type { Box } from './shapes.ts';

const PROBE = 96;

/** The extent of the union of `parts` (glints included: they must stay on the canvas too), to within a probe cell. */
export function partsExtent(parts: readonly Part[]): Box {
  const solid = parts.filter((p) => !p.lineOnly);
  if (solid.length === 0) throw new RangeError('Expected at least 1 part but received 0');
  let bx0 = Infinity, by0 = Infinity, bx1 = -Infinity, by1 = -Infinity;
  for (const p of solid) {
    bx0 = Math.min(bx0, p.shape.box.x0); by0 = Math.min(by0, p.shape.box.y0);
    bx1 = Math.max(bx1, p.shape.box.x1); by1 = Math.max(by1, p.shape.box.y1);
  }
  const cw = (bx1 - bx0) / PROBE, ch = (by1 - by0) / PROBE;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let j = 0; j <= PROBE; j++) {
    const y = by0 + j * ch;
    for (let i = 0; i <= PROBE; i++) {
      const x = bx0 + i * cw;
      // Inside any part, or within half a cell of its edge (a thin string between probes).
      let hit = false;
      for (const p of solid) {
        const b = p.shape.box;
        if (x < b.x0 - cw || x > b.x1 + cw || y < b.y0 - ch || y > b.y1 + ch) continue;
        if (p.shape.d(x, y) < Math.max(cw, ch) * 0.5) { hit = true; break; }
      }
      if (!hit) continue;
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
  }
  if (x0 > x1) return { x0: bx0, y0: by0, x1: bx1, y1: by1 };
  return { x0, y0, x1, y1 };
}

/**
 * The view that fits `extent` into a `size` canvas leaving `margin` (fraction of the side) all round,
 * centred. Pixel art gets whole-pixel offsets so the drawing sits on the grid.
 */
export function fitView(extent: Box, size: number, margin: number, pixel: boolean, seed: number): View {
  checkInt(size, 8, 1 << 14, 'size');
  checkNumber(margin, 0, 0.45, 'margin');
  const w = Math.max(1e-6, extent.x1 - extent.x0), h = Math.max(1e-6, extent.y1 - extent.y0);
  const room = size * (1 - 2 * margin);
  const scale = room / Math.max(w, h);
  let ox = size / 2 - ((extent.x0 + extent.x1) / 2) * scale;
  let oy = size / 2 - ((extent.y0 + extent.y1) / 2) * scale;
  if (pixel) {
    ox = Math.round(ox);
    oy = Math.round(oy);
  }
  return { size, scale, ox, oy, pixel, seed };
}
