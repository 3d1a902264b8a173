// A rigid part (a chibi's shoe) a limb lay over, completed under it. A hand resting on a shoe hid the
// shoe's top: lifted, it left the shoe with a corner cut off along the hand's outline. A shoe is as
// round on the side the hand hid as on the side that shows, so its hidden pixels are those of the
// limb's place whose mirror across the shoe's upright middle is shoe, inside the shoe's own extent.
// They are the shoe's pixels beneath the limb: drawn with the shoe wherever it steps, never with the
// body (skin.ts, Clip).
import type { Rig } from './types.ts';
import { colourStep, isLine, settledAlong } from './colourCues.ts';

/** How far (a share of the height) from a completed pixel the limb's edge left on the part (its line and soft edge) is painted over. */
const SEAM_REACH = 0.025;
/** Columns a part's pixel may be off its mirror's (a part is not drawn exactly symmetric) and still be the part's. */
const MIRROR_SLACK = 2;
/** Half the width (a share of the height) of the part's middle, where its mirror cannot judge its outline. */
const AXIS_BAND = 0.012;
/** Colours this close (colourStep) to the part's fill are the fill, not a line's soft edge into it. */
const SOFT_STEP = 60;
/** The share of a part's rows, from its bottom, whose extent sets its upright middle (a shoe's sole shows whole). */
const BASE_ROWS = 0.25;

/**
 * Completes each rigid part of `rig` that a limb in `covered` lay over, in `out` (the body painted in
 * under the limbs, a copy of `data`): returns per pixel the rigid part painted in there beneath a
 * limb, -1 elsewhere (null where none was), and the part's pixels that are the limb's edge (strays).
 */
export function completeRigid(out: Uint8Array, data: Uint8Array, rig: Rig, covered: ReadonlySet<number>): { beneath: Int8Array | null; strays: Set<number> } {
  const { labels, width } = rig;
  const height = labels.length / width;
  let beneath: Int8Array | null = null;
  const strays = new Set<number>();
  rig.parts.forEach((part, r) => {
    if (!part.rigid || part.copyOf !== undefined) return;
    let x0 = width, x1 = -1, y0 = height, y1 = -1;
    for (let p = 0; p < labels.length; p++) {
      if (labels[p] !== r) continue;
      const x = p % width, y = (p - x) / width;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
    }
    if (x1 < 0) return;
    // The upright middle, doubled (a mirror column is `mid2 - x`): that of the widest unbroken run
    // along its lowest rows (its sole; a stray pixel beside it is not the part's width).
    let b0 = 0, b1 = -1;
    for (let y = Math.floor(y1 - BASE_ROWS * (y1 - y0)); y <= y1; y++) for (let x = x0; x <= x1; x++) {
      if (labels[y * width + x] !== r) continue;
      let end = x;
      while (end < x1 && labels[y * width + end + 1] === r) end++;
      if (end - x > b1 - b0) { b0 = x; b1 = end; }
      x = end;
    }
    const mid2 = b0 + b1;
    const own = (x: number, y: number): boolean => x >= x0 && x <= x1 && labels[y * width + x] === r;
    /** Paints pixel `p` at (x, y) as the part: the outline and its soft edge as their mirror, the fill as the part's own beside it. */
    const paint = (p: number, x: number, y: number): boolean => {
      const mx = mid2 - x, m = y * width + mx;
      // (A see-through pixel is the soft edge only at the part's rim: a painted highlight may be faint all over.)
      let edge = isLine(data, m), rim = false;
      for (const q of [m - 1, m + 1, m - width, m + width]) {
        if (isLine(data, q)) edge = true;
        if (labels[q] !== r) rim = true;
      }
      if (data[m * 4 + 3]! < 255 && rim) edge = true;
      const from = edge ? m : fillBeside(data, labels, width, r, x, y, mx > x ? 1 : -1, x0, x1);
      if (from >= 0) out.set(data.subarray(from * 4, from * 4 + 4), p * 4);
      return from >= 0;
    };
    const done: number[] = [];
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
      const p = y * width + x;
      if (!covered.has(labels[p]!) || !own(mid2 - x, y) || !paint(p, x, y)) continue;
      beneath ??= new Int8Array(labels.length).fill(-1);
      beneath[p] = r;
      done.push(p);
    }
    // The limb's outline and soft edge left on the part, where the part goes on under the limb, are
    // inside it now: painted as the part is there, unless their mirror is the part's outline.
    // Where their mirror is not the part at all (give or take MIRROR_SLACK), they lie outside it:
    // the limb's edge, not the part's.
    if (done.length === 0) return;
    const reach = Math.max(1, Math.round(SEAM_REACH * rig.height));
    const completed = (x: number, y: number): boolean => own(x, y) || (x >= x0 && x <= x1 && beneath![y * width + x] === r);
    // Within `reach` of the limb's place: a box around each of its pixels in the part's extent.
    const bw = x1 - x0 + 1, bh = y1 - y0 + 1;
    const nearLimb = boxAround(bw, bh, reach, (bx, by) => {
      const x = x0 + bx, y = y0 + by;
      for (let d = -reach; d <= reach; d++) if (y + d >= 0 && y + d < height && covered.has(labels[(y + d) * width + x]!)) return true;
      return false;
    });
    const mirrored = (x: number, y: number): boolean => {
      for (let d = -MIRROR_SLACK; d <= MIRROR_SLACK; d++) if (completed(x + d, y)) return true;
      return false;
    };
    const seam: number[] = [];
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
      const q = y * width + x;
      if (!own(x, y) || !nearLimb[(y - y0) * bw + x - x0]) continue;
      if (!mirrored(mid2 - x, y)) {
        if (isLine(data, q) || data[q * 4 + 3]! < 255) strays.add(q);
      } else if (own(mid2 - x, y) && !isLine(data, y * width + mid2 - x)) seam.push(q);
    }
    for (const q of seam) paint(q, q % width, Math.floor(q / width));
    // On the part's own middle a pixel is its own mirror, which cannot tell the limb's outline from
    // the part's: there the part's top outline is as deep as in the columns either side of the
    // middle, and what the limb's outline left below that (a notch) is the part's fill.
    const band = Math.max(1, Math.round(AXIS_BAND * rig.height));
    const c0 = Math.floor(mid2 / 2) - band, c1 = Math.ceil(mid2 / 2) + band;
    const isPart = (x: number, y: number): boolean => x >= x0 && x <= x1 && y >= y0 && y <= y1 && out[(y * width + x) * 4 + 3]! > 0 && completed(x, y);
    const top = (x: number): number => {
      let y = y0;
      while (y <= y1 && !isPart(x, y)) y++;
      return y;
    };
    const depth = (x: number): number => {
      let y = top(x);
      while (y <= y1 && isPart(x, y) && isLine(out, y * width + x)) y++;
      return y - top(x);
    };
    const d0 = depth(c0 - 1), d1 = depth(c1 + 1);
    for (let x = c0; x <= c1; x++) {
      const t = top(x), deep = Math.round(d0 + ((d1 - d0) * (x - c0 + 1)) / (c1 - c0 + 2));
      // Down from there, the line and its soft edge, to where the part's own fill begins.
      for (let y = t + deep; y <= y1 && isPart(x, y) && nearLimb[(y - y0) * bw + x - x0]; y++) {
        const q = y * width + x;
        // The nearer of the part's fills along the row, either way.
        const right = fillBeside(data, labels, width, r, x, y, 1, x0, x1), left = fillBeside(data, labels, width, r, x, y, -1, x0, x1);
        const from = right < 0 ? left : left < 0 || right - q <= q - left ? right : left;
        if (from < 0) continue;
        if (!isLine(out, q) && colourStep(out, q, from) < SOFT_STEP) break;
        out.set(data.subarray(from * 4, from * 4 + 4), q * 4);
      }
    }
  });
  return { beneath, strays };
}

/**
 * Which cells of a `w` x `h` grid lie within `r` cells along the row of one whose column, within `r`
 * cells up or down, `column(x, y)` finds something in: a box of 2r + 1 around each, in two passes.
 */
function boxAround(w: number, h: number, r: number, column: (x: number, y: number) => boolean): Uint8Array {
  const hit = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) hit[y * w + x] = column(x, y) ? 1 : 0;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let last = -Infinity;
    for (let x = 0; x < w + r; x++) {
      if (x < w && hit[y * w + x]) last = x;
      if (x - r >= 0 && x - last <= 2 * r) out[y * w + x - r] = 1;
    }
  }
  return out;
}

/**
 * The first pixel of part `r` along row `y` from `x` in `dir` that is settled fill (opaque, no line,
 * as the next two on), or -1; the part lies within columns `x0` to `x1`.
 */
function fillBeside(data: Uint8Array, labels: Int8Array, width: number, r: number, x: number, y: number, dir: number, x0: number, x1: number): number {
  const fill = (q: number): boolean => labels[q] === r && data[q * 4 + 3] === 255 && !isLine(data, q);
  for (let k = x + dir; k >= x0 && k <= x1; k += dir) if (settledAlong(data, y * width + k, k, dir, width, fill)) return y * width + k;
  return -1;
}
