// An arm that hangs against the body: the silhouette has no gap there, so the arm is told from the
// torso by colour. Down the side of the torso, each row's strongest colour edge a little inside the
// outline is where the arm's inner contour would be; where those edges line up row after row into
// one contour (as an arm's does, and a belt's or a shading line's does not), the pixels between the
// outline and that contour are the arm. The contour often starts only at the hand or the forearm
// (the sleeve is the shirt's colour): the arm goes on up to the shoulder at the contour's depth, so
// it turns about the shoulder whole, sleeve and all, instead of a hand turning about its wrist.
import type { Silhouette } from './silhouette.ts';
import { colourStep } from './colourCues.ts';
import { median } from '../../kernels/median.ts';

export interface HangingArm {
  side: -1 | 1;
  pixels: number[];
  /**
   * Where it joins the body (inside the sleeve's top, half the arm's thickness down) and where the
   * hand ends, when it runs up to the shoulder; null for a forearm whose upper arm was not found.
   */
  ends: { shoulder: { x: number; y: number }; hand: { x: number; y: number } } | null;
}

/** A colour edge weaker than this (sum of RGB differences) is shading, not an arm's contour. */
const MIN_EDGE = 60;
/** The contour must run down at least this share of the subject's height (a forearm and hand). */
const MIN_RUN = 0.18;
/** How far below the rows searched a hand may hang on (a share of the subject's height). */
const HAND_BELOW = 0.12;

/**
 * `run` (consecutive rows of `found`, no more than two rows apart) grown up and down through the
 * rows of `found` next to its ends whose depth is within two pixels of the end's.
 */
function followOn<T extends { y: number; depth: number }>(found: readonly T[], run: readonly T[]): T[] {
  const out = [...run];
  let at = found.indexOf(run[run.length - 1]!);
  for (let i = at + 1; i < found.length; i++) {
    const last = out[out.length - 1]!, f = found[i]!;
    if (f.y - last.y > 2 || Math.abs(f.depth - last.depth) > 2) break;
    out.push(f);
  }
  at = found.indexOf(run[0]!);
  for (let i = at - 1; i >= 0; i--) {
    const first = out[0]!, f = found[i]!;
    if (first.y - f.y > 2 || Math.abs(f.depth - first.depth) > 2) break;
    out.unshift(f);
  }
  return out;
}

/**
 * The arm on `side` hanging from the shoulders (rows y0..y1) beside a torso whose axis is at
 * `axisX`, or null where no contour lines up.
 */
export function hangingArm(s: Silhouette, side: -1 | 1, axisX: number, y0: number, y1: number): HangingArm | null {
  const { width, rgba } = s;
  const top = Math.max(0, Math.round(y0)), bottom = Math.min(s.height, Math.round(y1));
  // Per row: the outline on this side (of the run holding the axis) and the strongest edge inside it.
  const found: { y: number; edge: number; depth: number }[] = [];
  for (let y = top; y < bottom; y++) {
    const run = (s.rows[y] ?? []).find((r) => r.x0 <= axisX && r.x1 > axisX);
    if (!run) continue;
    const edge = side < 0 ? run.x0 : run.x1 - 1;
    const span = Math.abs(axisX - edge);
    let best = 0, depth = -1;
    // From two pixels in (past an outline) to half-way to the axis.
    for (let d = 2; d < 0.5 * span; d++) {
      const p = y * width + edge - side * d, q = p - side;
      const step = colourStep(rgba, p, q);
      if (step > best) { best = step; depth = d; }
    }
    if (best >= MIN_EDGE) found.push({ y, edge, depth });
  }
  const minRows = Math.max(3, MIN_RUN * s.box.height);
  if (found.length < minRows) return null;
  // The contour: the rows whose edge lies near the median depth, and the longest stretch of them
  // with no more than a row or two missing.
  const usual = median(found.map((f) => f.depth));
  const tolerance = Math.max(1, 0.25 * usual);
  const onContour = found.filter((f) => Math.abs(f.depth - usual) <= tolerance);
  let best: typeof onContour = [], current: typeof onContour = [];
  for (const f of onContour) {
    const last = current[current.length - 1];
    current = last && f.y - last.y <= 2 ? [...current, f] : [f];
    if (current.length > best.length) best = current;
  }
  // Short of the rows it needs, the contour is followed on from its ends, two pixels of depth per
  // row at most: an arm's inner contour slants as it goes down and curves in at the shoulder, and
  // resampled art puts a row or two of it a pixel further off the median than the tolerance.
  if (best.length > 0 && best.length < minRows) best = followOn(found, best);
  if (best.length < minRows || usual < 2) return null;
  const topDepth = Math.round(median(best.slice(0, 3).map((f) => f.depth)));
  const sleeve: typeof best = [];
  for (let y = best[0]!.y - 1, last = best[0]!.edge; y >= top; y--) {
    const run = (s.rows[y] ?? []).find((r) => r.x0 <= axisX && r.x1 > axisX);
    const edge = run ? (side < 0 ? run.x0 : run.x1 - 1) : NaN;
    // The outline turning in by more than the arm is thick is the shoulder's top: the arm ends there.
    if (!(Math.abs(edge - last) <= topDepth) || Math.abs(axisX - edge) <= 2 * topDepth) break;
    sleeve.push({ y, edge, depth: topDepth });
    last = edge;
  }
  const pixels: number[] = [];
  for (const f of [...sleeve, ...best]) for (let d = 0; d <= f.depth; d++) pixels.push(f.y * width + f.edge - side * d);
  // A fist hangs on below the hips, beside the legs: the pixels under the arm's last row in its own
  // colour go with it (left to the legs, a stride would drag them into a smear).
  let row = pixels.filter((p) => Math.floor(p / width) === best[best.length - 1]!.y);
  for (let y = best[best.length - 1]!.y + 1; row.length > 0 && y < Math.min(s.height, bottom + HAND_BELOW * s.box.height); y++) {
    row = row.map((p) => p + width).filter((q) => rgba[q * 4 + 3]! > 0 && colourStep(rgba, q, q - width) < MIN_EDGE);
    pixels.push(...row);
  }
  const first = sleeve[sleeve.length - 1] ?? best[0]!;
  if (first.y > top + 1) return { side, pixels, ends: null };
  const lowest = Math.max(...pixels.map((p) => Math.floor(p / width)));
  const last = pixels.filter((p) => Math.floor(p / width) === lowest);
  const centre = (f: { edge: number; depth: number }): number => f.edge - side * f.depth / 2 + 0.5;
  return {
    side, pixels,
    ends: {
      shoulder: { x: centre(first), y: first.y + first.depth / 2 },
      hand: { x: last.reduce((sum, p) => sum + (p % width) + 0.5, 0) / last.length, y: lowest + 1 },
    },
  };
}
