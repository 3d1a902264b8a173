// Seeded symmetric masks, the way classic procedural sprite generators make monsters and ships
// (Dave Bollinger's pixel robots and spaceships): a template says per cell "never", "maybe" or
// "always"; the maybes are filled at random on one half and mirrored; cellular smoothing turns the
// noise into a body; the largest connected part is kept. The mask can then be turned into a shape
// (a signed-distance grid) that renders smoothly at any size or as hard pixels.
import { at, checkInt, checkNumber } from '../../kernels/check.ts';
import { signedDistance } from '../../kernels/euclideanDistance.ts';
import type { Random } from '../../kernels/random.ts';
import { gridShape } from './gridShape.ts';
import type { Box, Shape } from './shapes.ts';

export interface Mask {
  width: number;
  height: number;
  /** 1 = body, row-major. */
  cells: Uint8Array;
}

/** Template codes. */
export const NEVER = 0, MAYBE = 1, OFTEN = 2, ALWAYS = 3;

/**
 * A template from rows of the LEFT half: '.' never, 'o' maybe (half the time), 'O' often, '#'
 * always. The mask is twice as wide, mirrored (an odd centre column when `oddCentre`).
 */
export function parseTemplate(rows: readonly string[]): { half: number; height: number; codes: Uint8Array } {
  const half = rows[0]?.length ?? 0;
  if (half === 0 || rows.some((r) => r.length !== half)) throw new RangeError('Expected template rows of one non-zero length');
  const codes = new Uint8Array(half * rows.length);
  rows.forEach((row, y) => {
    for (let x = 0; x < half; x++) {
      const c = row[x];
      codes[y * half + x] = c === '#' ? ALWAYS : c === 'O' ? OFTEN : c === 'o' ? MAYBE : NEVER;
    }
  });
  return { half, height: rows.length, codes };
}

/** Fills a template's maybes from `rng` (probability `density` for maybe, more for often) and mirrors it. */
export function fillSymmetric(t: { half: number; height: number; codes: Uint8Array }, rng: Random, density = 0.5, oddCentre = false): Mask {
  checkNumber(density, 0, 1, 'density');
  const width = oddCentre ? t.half * 2 - 1 : t.half * 2;
  const cells = new Uint8Array(width * t.height);
  for (let y = 0; y < t.height; y++) {
    for (let x = 0; x < t.half; x++) {
      const code = t.codes[y * t.half + x]!;
      const on = code === ALWAYS ? 1 : code === OFTEN ? (rng.next() < Math.min(1, density + 0.3) ? 1 : 0) : code === MAYBE ? (rng.next() < density ? 1 : 0) : 0;
      cells[y * width + x] = on;
      cells[y * width + (width - 1 - x)] = on;
    }
  }
  return { width, height: t.height, cells };
}

/**
 * `rounds` of cellular smoothing: a cell becomes body with at least `birth` body neighbours (of 8)
 * and stays body with at least `survive`; cells set in `keep` always stay body.
 */
export function smoothMask(m: Mask, rounds: number, birth = 5, survive = 3, keep?: Uint8Array): Mask {
  checkInt(rounds, 0, 16, 'rounds');
  let cells = m.cells;
  const { width: w, height: h } = m;
  for (let r = 0; r < rounds; r++) {
    const next = new Uint8Array(cells.length);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let n = 0;
        for (let j = -1; j <= 1; j++) for (let i = -1; i <= 1; i++) {
          if ((i || j) && x + i >= 0 && y + j >= 0 && x + i < w && y + j < h) n += at(cells, (y + j) * w + x + i);
        }
        const p = y * w + x;
        next[p] = (keep && keep[p]!) || (cells[p]! ? n >= survive : n >= birth) ? 1 : 0;
      }
    }
    cells = next;
  }
  return { width: w, height: h, cells };
}

/** Only the largest 4-connected body part (ties: the first found, scanning rows). */
export function keepLargest(m: Mask): Mask {
  const { width: w, height: h, cells } = m;
  const label = new Int32Array(cells.length).fill(-1);
  let best = -1, bestSize = 0, next = 0;
  for (let s = 0; s < cells.length; s++) {
    if (!cells[s]! || label[s]! >= 0) continue;
    const stack = [s];
    label[s] = next;
    let size = 0;
    while (stack.length > 0) {
      const p = stack.pop() as number;
      size++;
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
        if (q < 0 || q >= cells.length || !cells[q]! || label[q]! >= 0) continue;
        label[q] = next;
        stack.push(q);
      }
    }
    if (size > bestSize) { bestSize = size; best = next; }
    next++;
  }
  const out = new Uint8Array(cells.length);
  for (let p = 0; p < out.length; p++) out[p] = label[p]! === best && best >= 0 ? 1 : 0;
  return { width: w, height: h, cells: out };
}

/** Box blur of a float plane in place, `passes` times each way. */
function blur(plane: Float32Array, w: number, h: number, r: number, passes: number): void {
  if (r < 1) return;
  const line = new Float32Array(Math.max(w, h));
  for (let p = 0; p < passes; p++) {
    for (const [len, count, step, stride] of [[w, h, 1, w], [h, w, w, 1]] as const) {
      for (let k = 0; k < count; k++) {
        const base = k * stride;
        for (let i = 0; i < len; i++) line[i] = plane[base + i * step]!;
        let sum = 0;
        // Edges repeat the border value, so blurring does not pull a distance field toward zero.
        for (let i = -r; i <= r; i++) sum += at(line, Math.max(0, Math.min(len - 1, i)));
        for (let i = 0; i < len; i++) {
          plane[base + i * step] = sum / (2 * r + 1);
          sum += at(line, Math.min(len - 1, i + r + 1)) - at(line, Math.max(0, i - r));
        }
      }
    }
  }
}

/**
 * The mask as a shape filling `bounds`: enlarged `up` times, blurred by `round` (fraction of a
 * cell: 0 keeps blocks, 0.8 rounds every corner like a blob) and cut at half, then turned into a
 * signed distance grid, itself softened so the shading shows no staircase.
 */
export function maskShape(m: Mask, bounds: Box, up = 4, round = 0.8): Shape {
  checkInt(up, 1, 16, 'up');
  checkNumber(round, 0, 2, 'round');
  const pad = up * 2;
  const W = m.width * up + pad * 2, H = m.height * up + pad * 2;
  const field = new Float32Array(W * H);
  for (let y = 0; y < m.height * up; y++) {
    const cy = Math.floor(y / up);
    for (let x = 0; x < m.width * up; x++) field[(y + pad) * W + x + pad] = at(m.cells, cy * m.width + Math.floor(x / up));
  }
  blur(field, W, H, Math.round(round * up * 0.5), 3);
  const inside = new Uint8Array(W * H);
  for (let i = 0; i < inside.length; i++) inside[i] = field[i]! >= 0.5 ? 1 : 0;
  const sd = signedDistance(inside, W, H);
  blur(sd, W, H, Math.max(1, Math.round(up * 0.25)), 2);
  const cw = (bounds.x1 - bounds.x0) / (m.width * up), ch = (bounds.y1 - bounds.y0) / (m.height * up);
  return gridShape(sd, W, H, { x0: bounds.x0 - pad * cw, y0: bounds.y0 - pad * ch, x1: bounds.x1 + pad * cw, y1: bounds.y1 + pad * ch });
}

/** Cells (x, y) of the mask that are body, for placing features on it. */
export function bodyCells(m: Mask): [number, number][] {
  const out: [number, number][] = [];
  for (let y = 0; y < m.height; y++) for (let x = 0; x < m.width; x++) if (m.cells[y * m.width + x]!) out.push([x, y]);
  return out;
}
