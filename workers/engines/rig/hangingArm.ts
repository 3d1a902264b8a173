// An arm that hangs against the body: the silhouette has no gap there, so the arm is told from the
// torso by colour. Down the side of the torso, each row's strongest colour edge a little inside the
// outline is where the arm's inner contour would be; where those edges line up row after row into
// one contour (as an arm's does, and a belt's or a shading line's does not), the pixels between the
// outline and that contour are the arm.
import type { Silhouette } from './silhouette.ts';

export interface HangingArm {
  side: -1 | 1;
  pixels: number[];
}

/** A colour edge weaker than this (sum of RGB differences) is shading, not an arm's contour. */
const MIN_EDGE = 60;
/** The contour must run down at least this share of the subject's height (a forearm and hand). */
const MIN_RUN = 0.18;

const colourStep = (d: Uint8Array, p: number, q: number): number =>
  Math.abs(d[p * 4]! - d[q * 4]!) + Math.abs(d[p * 4 + 1]! - d[q * 4 + 1]!) + Math.abs(d[p * 4 + 2]! - d[q * 4 + 2]!);

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
  const depths = found.map((f) => f.depth).sort((a, b) => a - b);
  const median = depths[depths.length >> 1]!;
  const tolerance = Math.max(1, 0.25 * median);
  const onContour = found.filter((f) => Math.abs(f.depth - median) <= tolerance);
  let best: typeof onContour = [], current: typeof onContour = [];
  for (const f of onContour) {
    const last = current[current.length - 1];
    current = last && f.y - last.y <= 2 ? [...current, f] : [f];
    if (current.length > best.length) best = current;
  }
  if (best.length < minRows || median < 2) return null;
  const pixels: number[] = [];
  for (const f of best) for (let d = 0; d <= f.depth; d++) pixels.push(f.y * width + f.edge - side * d);
  return { side, pixels };
}
