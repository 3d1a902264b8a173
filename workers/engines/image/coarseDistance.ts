// Sampling a shape's signed distance over a box of pixels, exactly only where it matters. On a
// coarse grid of CELL px, a cell whose corners are all far outside is skipped and one far inside is
// filled by bilinear interpolation (a distance field is smooth there, and flat shading only needs
// its slope); cells near the edge, or within a bevel's reach inside, are sampled per pixel. This
// keeps big shapes at 1024 px cheap.
import type { Shape } from './shapes.ts';
import { checkInt, checkNumber } from '../../kernels/check.ts';

export const CELL = 8;
const FAR = CELL * Math.SQRT2 * 1.5 + 2;
// One scratch buffer for distances, grown as needed: big parts at 1024 px would otherwise
// allocate megabytes per part for the garbage collector.
let scratch = new Float32Array(1 << 16);

/**
 * Signed distances (output px) for the w x h pixels from (px0, py0), and which CELL x CELL cells
 * (`cells` a row) are not far outside.
 */
export function sampleDistance(shape: Shape, px0: number, py0: number, w: number, h: number, scale: number, ox: number, oy: number, need: number, needIn: number): { dist: Float32Array; live: Uint8Array; cells: number } {
  checkInt(w, 1, 1 << 15, 'width');
  checkInt(h, 1, 1 << 15, 'height');
  checkNumber(scale, 1e-9, 1e9, 'scale');
  const inv = 1 / scale;
  const at2 = (x: number, y: number): number => shape.d((px0 + x + 0.5 - ox) * inv, (py0 + y + 0.5 - oy) * inv) * scale;
  if (scratch.length < w * h) scratch = new Float32Array(Math.max(w * h, scratch.length * 2));
  const dist = scratch;
  // A cell may be skipped only if every pixel in it is farther out than `need` (1-Lipschitz distances).
  const farOut = Math.max(FAR, need + CELL * Math.SQRT2 * 1.25 + 1);
  const farIn = Math.max(FAR, needIn + CELL * Math.SQRT2 * 1.25 + 1);
  const cw = Math.ceil(w / CELL), ch = Math.ceil(h / CELL);
  const corners = new Float32Array((cw + 1) * (ch + 1));
  const live = new Uint8Array(cw * ch);
  for (let j = 0; j <= ch; j++) for (let i = 0; i <= cw; i++) corners[j * (cw + 1) + i] = at2(i * CELL, j * CELL);
  for (let cj = 0; cj < ch; cj++) {
    for (let ci = 0; ci < cw; ci++) {
      const k = cj * (cw + 1) + ci;
      const a = (corners[k] as number), b = (corners[k + 1] as number), c = (corners[k + cw + 1] as number), e = (corners[k + cw + 2] as number);
      const mean = (a + b + c + e) / 4;
      const xe = Math.min(w, (ci + 1) * CELL), ye = Math.min(h, (cj + 1) * CELL);
      if (mean > farOut) {
        // Neighbouring live cells read this cell's edge pixels for their gradient.
        for (let y = cj * CELL; y < ye; y++) dist.fill(farOut, y * w + ci * CELL, y * w + xe);
        continue;
      }
      live[cj * cw + ci] = 1;
      if (mean < -farIn) {
        for (let y = cj * CELL; y < ye; y++) {
          const ty = (y - cj * CELL) / CELL;
          const l = a + (c - a) * ty, r = b + (e - b) * ty;
          for (let x = ci * CELL; x < xe; x++) dist[y * w + x] = l + (r - l) * ((x - ci * CELL) / CELL);
        }
      } else {
        for (let y = cj * CELL; y < ye; y++) for (let x = ci * CELL; x < xe; x++) dist[y * w + x] = at2(x, y);
      }
    }
  }
  return { dist, live, cells: cw };
}

