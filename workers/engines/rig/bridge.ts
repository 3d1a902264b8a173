// What runs on under a limb where the body shows on both sides of it: a belt, a hem, a shirt's
// shading. Each side of the hole is read down its rows, a little way out from the limb past the seam
// it left, and the two columns of colour are matched in order (dynamic time warping): a belt drawn
// lower beyond the arm than beside the buckle (it curves round the belly) is matched at both heights.
// Each matched pair whose colours agree is a straight bridge across the hole; a pixel between two
// bridges takes their colours, blended along and between them (painted art) or the nearest end's
// (pixel art keeps its palette). Carried along one row from one side, the belt came out level and
// met its own end beyond the arm as a step.
import { colourStep } from './colourCues.ts';

/** One side of a hole along one row: the pixel read (its index), at column `x` of row `y`. */
export interface SideSample {
  y: number;
  x: number;
  p: number;
}

/** A straight bridge across a hole, between two pixels of agreeing colour. */
interface Span {
  a: SideSample;
  b: SideSample;
}

/** Extra cost (summed RGB steps) of a match that is not one row to one row: bridges stay level where they can. */
const SKEW = 12;

/**
 * The bridges across a hole between its `left` and `right` sides (each in row order), matched within
 * `band` rows of each other; only those whose two colours are closer than `agree`.
 */
export function bridges(data: Uint8Array, leftSide: readonly SideSample[], rightSide: readonly SideSample[], band: number, agree: number): Span[] {
  // Only the rows both sides have are matched (a hole may run on past the body on one side).
  const top = Math.max(leftSide[0]?.y ?? Infinity, rightSide[0]?.y ?? Infinity);
  const bottom = Math.min(leftSide.at(-1)?.y ?? -Infinity, rightSide.at(-1)?.y ?? -Infinity);
  const left = leftSide.filter((s) => s.y >= top && s.y <= bottom), right = rightSide.filter((s) => s.y >= top && s.y <= bottom);
  const n = left.length, m = right.length;
  if (n === 0 || m === 0) return [];
  const cost = new Float64Array(n * m).fill(Infinity);
  const step = new Uint8Array(n * m);
  const near = (i: number, j: number): boolean => Math.abs(left[i]!.y - right[j]!.y) <= band;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      if (!near(i, j)) continue;
      const c = colourStep(data, left[i]!.p, right[j]!.p);
      if (i === 0 && j === 0) { cost[0] = c; continue; }
      let best = Infinity, from = 0;
      if (i > 0 && j > 0 && cost[(i - 1) * m + j - 1]! < best) { best = cost[(i - 1) * m + j - 1]!; from = 1; }
      if (i > 0 && cost[(i - 1) * m + j]! + SKEW < best) { best = cost[(i - 1) * m + j]! + SKEW; from = 2; }
      if (j > 0 && cost[i * m + j - 1]! + SKEW < best) { best = cost[i * m + j - 1]! + SKEW; from = 3; }
      cost[i * m + j] = best + c;
      step[i * m + j] = from;
    }
  }
  if (!Number.isFinite(cost[n * m - 1]!)) return [];
  const spans: Span[] = [];
  for (let i = n - 1, j = m - 1; ;) {
    if (colourStep(data, left[i]!.p, right[j]!.p) < agree) spans.push({ a: left[i]!, b: right[j]! });
    const from = step[i * m + j];
    if (from === 0) break;
    if (from !== 3) i--;
    if (from !== 2) j--;
  }
  return spans.reverse();
}

/**
 * Paints the pixels `inside` (x, y) that lie between two of `spans` no more than `gap` rows apart
 * at their column into `out`, and returns which it painted.
 */
export function paintBridges(out: Uint8Array, data: Uint8Array, width: number, spans: readonly Span[], inside: (p: number) => boolean, gap: number, pixel: boolean): number[] {
  // Per column, each span's height there and colour, in span order (the spans do not cross).
  const columns = new Map<number, { y: number; rgba: number[] }[]>();
  for (const { a, b } of spans) {
    for (let x = a.x + 1; x < b.x; x++) {
      const t = (x - a.x) / (b.x - a.x);
      const y = a.y + t * (b.y - a.y);
      const from = pixel ? (t < 0.5 ? a.p : b.p) : -1;
      const rgba = [0, 1, 2, 3].map((c) => (from >= 0 ? data[from * 4 + c]! : data[a.p * 4 + c]! + t * (data[b.p * 4 + c]! - data[a.p * 4 + c]!)));
      let list = columns.get(x);
      if (!list) columns.set(x, (list = []));
      list.push({ y, rgba });
    }
  }
  const painted: number[] = [];
  for (const [x, list] of columns) {
    for (let k = 0; k + 1 < list.length; k++) {
      const top = list[k]!, bottom = list[k + 1]!;
      if (bottom.y - top.y > gap) continue;
      for (let y = Math.ceil(top.y); y <= Math.floor(bottom.y); y++) {
        const p = y * width + x;
        if (!inside(p)) continue;
        const s = bottom.y > top.y ? (y - top.y) / (bottom.y - top.y) : 0;
        for (let c = 0; c < 4; c++) out[p * 4 + c] = pixel ? (s < 0.5 ? top : bottom).rgba[c]! : Math.round(top.rgba[c]! + s * (bottom.rgba[c]! - top.rgba[c]!));
        painted.push(p);
      }
    }
  }
  return painted;
}
