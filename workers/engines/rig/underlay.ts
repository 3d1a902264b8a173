// The body under a limb drawn over it. An arm across the chest or hanging against the side covers
// body the picture never shows; swung away it would leave a hole. So the sprite is split in two
// layers: the limb's own pixels, and the body with the limb painted out. Where the body shows on
// both sides of the limb, what runs across it is bridged from side to side, on the slope it takes
// between them (bridge.ts); the rest of a row the body lies on both sides of is carried across from
// the body's side (a belt or a hem goes on under the arm, a belt's edge too; the seam between limb
// and body and its soft edge are skipped) and, in painted art, blended down the columns so one
// pixel's shading does not run across as a streak. A shoe the hand rested on is completed under it
// (rigidUnder.ts), and the hand's edge left on the shoe or the background goes with the hand. Out at
// the silhouette's edge (no more than a sliver of body beyond it along its row) the limb's place
// becomes background, so the body does not keep its outline as a bulge (painted art keeps one pixel
// of body under the limb's edge: ringUnderLimbEdge). Body beyond the limb is a line, the colour the
// body has on the spine's side, or any body that runs on to a line (a shirt's lit edge between the
// sleeve and the outline). Which of the two a row is, the rows around it decide together.
import type { RawImage } from '../../types.ts';
import type { Rig } from './types.ts';
import type { Source } from './raster.ts';
import { colourStep, isLine, lumaAt, settledAlong } from './colourCues.ts';
import { bridges, paintBridges } from './bridge.ts';
import { completeRigid } from './rigidUnder.ts';
import { componentRuns } from '../../kernels/components.ts';
import { median } from '../../kernels/median.ts';
import type { SideSample } from './bridge.ts';

/** Colours closer than this (summed RGB steps) are one material, a shirt on both sides of a sleeve. */
const SAME_COLOUR = 120;
/** How many pixels a line's soft edge may take, at most. */
const SOFT_EDGE = 3;
/** Rows each side whose stretches vote on whether the body goes on beyond a limb. */
const VOTE = 2;
/** How wide a seam left between a limb and the body is painted over, at most (a share of the height). */
const SEAM = 0.05;
/** A line this long along a row beside a limb (of the height) is the body's, not the limb's seam. */
const LINE_ACROSS = 0.1;
/** Passes of a [1 2 1] blend down the columns of a painted fill. */
const STREAK_SWEEPS = 6;
/** How thick (a share of the height) the line drawn along a hem the limb covered is. */
const HEM_LINE = 0.012;
/** How far (a share of the height) a band may drop or rise from one side of a limb to the other. */
const BRIDGE_SLOPE = 0.05;
/** Rows (a share of the height) between two bridges, at most, for what lies between them to be bridged too. */
const BRIDGE_GAP = 0.03;

/** A row's run of pixels under a limb, which way the spine is, and whether the body goes on beyond it. */
interface Stretch {
  y: number;
  x: number;
  end: number;
  inward: number;
  c: number;
  body: boolean;
}

/** A sprite split in two: the limbs drawn over the body, and the body with them painted out. */
export interface Layers {
  over: RawImage;
  under: RawImage;
  /** Per pixel, the rigid part painted in under a limb there (rigidUnder.ts), -1 elsewhere; null where none was. */
  beneath: Int8Array | null;
}

/** The parts drawn over the body: those with an under-copy (Part.under). */
export const overParts = (rig: Rig): ReadonlySet<number> => new Set(rig.parts.flatMap((p) => (p.under && p.copyOf !== undefined ? [p.copyOf] : [])));

/** The sprite split into its over-limbs and the body painted in under them; null when no limb lies over it. */
export function paintUnder(sprite: RawImage, rig: Rig, pixel: boolean): Layers | null {
  const covered = overParts(rig);
  if (covered.size === 0) return null;
  // (Looked up per pixel: an array by label, not the set.)
  const limbLabel = new Uint8Array(rig.parts.length);
  for (const l of covered) limbLabel[l] = 1;
  const onLimb = (p: number): boolean => rig.labels[p]! >= 0 && limbLabel[rig.labels[p]!] === 1;
  const { width, height, data } = sprite;
  const n = width * height;
  // 0 outside the subject, 1 body, 2 a hole to fill.
  const state = new Uint8Array(n);
  // (A faint fringe the rig left out of the silhouette is outside too: body beyond a limb it is not.)
  // (So is a rigid part, a shoe: it moves on its own, and the body goes on under a limb as body.)
  const rigid = rig.parts.map((part) => part.rigid === true);
  for (let p = 0; p < n; p++) {
    if (data[p * 4 + 3]! === 0 || rig.labels[p]! < 0 || rigid[rig.labels[p]!]) continue;
    state[p] = onLimb(p) ? 2 : 1;
  }
  // A stretch of a row under the limb is body when the body goes on beyond it, away from the
  // spine, as a line (the body's outline) or in the colour it has on the spine's side (a shirt the
  // sleeve lay across). With nothing beyond, or something else (a fingertip the limb left behind
  // beside the hips), it lies at the silhouette's edge.
  const axisX = rig.bones[rig.index.spine ?? -1]?.head.x ?? width / 2;
  const fill = (p: number): boolean => state[p] === 1 && !isLine(data, p);
  const near = (p: number, q: number, within = SAME_COLOUR): boolean => colourStep(data, p, q) < within;
  /** Whether pixel `q` (at column `x`) is settled fill along the row in `dir`. */
  const settled = (q: number, dir: number, x: number): boolean => settledAlong(data, q, x, dir, width, fill);
  /**
   * The first fill pixel from `from` along the row in `dir`, crossing lines, or -1. With `skipEdge`,
   * a line's soft edge (a blend of the line and what lies each side) is skipped too: the pixel taken
   * is the first one the next two match, within a few pixels, so a row is not carried across in an
   * edge's colour (a streak).
   */
  const firstFill = (row: number, from: number, dir: number, skipEdge: boolean): number => {
    let first = -1;
    for (let k = from; k >= 0 && k < width && state[row + k] === 1; k += dir) {
      if (first >= 0 && Math.abs(row + k - first) > SOFT_EDGE) break;
      if (!fill(row + k)) continue;
      if (first < 0) first = row + k;
      if (!skipEdge || settled(row + k, dir, k)) return row + k;
    }
    return first;
  };
  /**
   * Whether body pixels run on from `from` along the row in `dir` to a line (the body's outline,
   * or one drawn on it): the limb lay inside the body, whatever shade the body has beyond it. A
   * fingertip left beside the hips ends in background.
   */
  const outlined = (row: number, from: number, dir: number): boolean => {
    for (let k = from; k >= 0 && k < width && state[row + k] === 1; k += dir) if (isLine(data, row + k)) return true;
    return false;
  };
  /** How many line pixels run along the row from `from` in `dir`, in the body. */
  const lineAlong = (row: number, from: number, dir: number): number => {
    let n = 0;
    for (let k = from; k >= 0 && k < width && state[row + k] === 1 && isLine(data, row + k); k += dir) n++;
    return n;
  };
  // Each row's stretches under the limb, and whether the body goes on beyond each.
  const stretches: Stretch[] = [];
  const atRow: number[][] = Array.from({ length: height }, () => []);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (state[row + x] !== 2) continue;
      let end = x;
      while (end + 1 < width && state[row + end + 1] === 2) end++;
      const inward = (x + end) / 2 < axisX ? 1 : -1;
      const beyond = inward > 0 ? x - 1 : end + 1;
      const c = firstFill(row, inward > 0 ? end + 1 : x - 1, inward, false);
      const body = beyond >= 0 && beyond < width && state[row + beyond] === 1 && (isLine(data, row + beyond) || (c >= 0 && near(row + beyond, c)) || outlined(row, beyond, -inward));
      atRow[y]!.push(stretches.length);
      stretches.push({ y, x, end, inward, c, body });
      x = end;
    }
  }
  // Decided with the rows around it (the outline's soft edge can read either way row by row, which
  // would cut the body into stripes): a stretch is body when most overlapping stretches within
  // VOTE rows are.
  const out = new Uint8Array(data);
  const source = new Int32Array(n).fill(-1);
  const painted = new Uint8Array(n);
  const decided: boolean[] = [];
  for (const s of stretches) {
    let yes = 0, all = 0;
    for (let y = Math.max(0, s.y - VOTE); y <= Math.min(height - 1, s.y + VOTE); y++) {
      for (const i of atRow[y]!) {
        const t = stretches[i]!;
        if (t.end < s.x || t.x > s.end) continue;
        all++;
        if (t.body) yes++;
      }
    }
    const body = 2 * yes > all;
    decided.push(body);
    const row = s.y * width;
    const inner = s.inward > 0 ? s.end + 1 : s.x - 1;
    // A line running on along the row from the limb's inner side (a belt's edge, a hem) goes on
    // under it; a line only as wide as a seam is the limb's own edge and is painted over.
    const colour = !body ? -1 : lineAlong(row, inner, s.inward) > LINE_ACROSS * rig.height ? row + inner : firstFill(row, inner, s.inward, true);
    for (let k = s.x; k <= s.end; k++) {
      if (!body) state[row + k] = 0;
      else { source[row + k] = colour; painted[row + k] = 1; }
    }
    // The rest of the line between the limb and the body (the limb took only its own side of
    // it) is painted over too where it is thin: with the limb gone it is a seam across the body.
    if (body && s.c >= 0 && colour >= 0 && Math.abs(s.c - row - (s.inward > 0 ? s.end : s.x)) - 1 <= SEAM * rig.height) {
      for (let k = s.inward > 0 ? s.end + 1 : s.x - 1; row + k !== colour; k += s.inward) { source[row + k] = colour; painted[row + k] = 1; }
    }
    // So is its outline beyond, away from the spine, where a fill of the body lies past it (a lit
    // edge, a belt's end): painted as that fill, it no longer draws the arm's edge on the body.
    const beyond = s.inward > 0 ? s.x - 1 : s.end + 1;
    const past = body && beyond >= 0 && beyond < width && state[row + beyond] === 1 ? firstFill(row, beyond, -s.inward, true) : -1;
    if (past >= 0 && Math.abs(past - row - beyond) <= SEAM * rig.height) {
      for (let k = beyond; row + k !== past; k -= s.inward) { source[row + k] = past; painted[row + k] = 1; }
    }
  }
  // Where the body shows on both sides, what runs across under the limb is bridged from side to side.
  const bridged = new Uint8Array(n);
  for (const group of holesOf(stretches, decided, width, height)) {
    const seam = new Set<number>();
    const sides = ([-1, 1] as const).map((dir) => sideSamples(data, group, dir, width, (p) => state[p] === 1 && !painted[p], (p) => painted[p] === 1, settled, Math.round(SEAM * rig.height) + SOFT_EDGE, seam));
    const spans = bridges(data, sides[0]!, sides[1]!, Math.max(2, Math.round(BRIDGE_SLOPE * rig.height)), SAME_COLOUR);
    for (const p of paintBridges(out, data, width, spans, (q) => painted[q] === 1 || seam.has(q), Math.max(2, Math.round(BRIDGE_GAP * rig.height)), pixel)) bridged[p] = 1;
  }
  const holes = state.map((v) => (v === 2 ? 1 : 0));
  for (let p = 0; p < n; p++) if (state[p] === 0 && onLimb(p)) out.fill(0, p * 4, p * 4 + 4);
  // Along its row from the body's side (toward the spine): the body goes on under the limb as it
  // goes on beside it, a belt or a hem carried across, the outline between them skipped.
  for (let p = 0; p < n; p++) {
    const c = source[p]!;
    if (state[p] === 0 || (c < 0 && !bridged[p])) continue;
    if (!bridged[p]) out.copyWithin(p * 4, c * 4, c * 4 + 4);
    state[p] = 1;
  }
  // Painted art: each row copied one pixel, so shading runs across as streaks; blended down the
  // columns they go (pixel art keeps its own colours, whole).
  if (!pixel) {
    const filled = new Uint8Array(n);
    for (let p = 0; p < n; p++) if (holes[p] && state[p] === 1 && !bridged[p]) filled[p] = 1;
    for (let sweep = 0; sweep < STREAK_SWEEPS; sweep++) {
      for (let p = width; p < n - width; p++) {
        if (!filled[p]) continue;
        const up = filled[p - width] ? p - width : p, down = filled[p + width] ? p + width : p;
        for (let c = 0; c < 3; c++) out[p * 4 + c] = (out[up * 4 + c]! + 2 * out[p * 4 + c]! + out[down * 4 + c]! + 2) >> 2;
      }
    }
  }
  // What no row reached takes the nearest body pixel's colour, breadth first.
  let frontier: number[] = [];
  // (Only body pixels beside one can reach one first: the rest would be looked at for nothing.)
  const besideHole = (p: number): boolean => {
    const x = p % width;
    return (x > 0 && state[p - 1] === 2) || (x < width - 1 && state[p + 1] === 2) || (p >= width && state[p - width] === 2) || (p + width < n && state[p + width] === 2);
  };
  for (let p = 0; p < n; p++) if (state[p] === 1 && besideHole(p)) frontier.push(p);
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const p of frontier) {
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= n || state[q] !== 2) continue;
        state[q] = 1;
        out.copyWithin(q * 4, p * 4, p * 4 + 4);
        next.push(q);
      }
    }
    frontier = next;
  }
  closeHems(out, holes, (p) => state[p] === 0 && onLimb(p), state, width, Math.max(1, Math.round(HEM_LINE * rig.height)));
  const { beneath, strays } = completeRigid(out, data, rig, covered);
  // (A shoe painted in beneath a hand is the shoe's, and moves with it: not body to reach on from.)
  const bodyHere = (p: number): boolean => state[p] === 1 && !rigid[rig.labels[p]!] && (beneath === null || beneath[p]! < 0);
  if (!pixel) ringUnderLimbEdge(out, (p) => state[p] === 0 && onLimb(p), bodyHere, width);
  const over = new Uint8Array(n * 4);
  // (A limb's soft edge lies within FRINGE of the box round the limbs.)
  let lx0 = width, lx1 = -1, ly0 = height, ly1 = -1;
  for (let p = 0; p < n; p++) {
    if (!onLimb(p)) continue;
    const x = p % width, y = (p - x) / width;
    lx0 = Math.min(lx0, x); lx1 = Math.max(lx1, x); ly0 = Math.min(ly0, y); ly1 = Math.max(ly1, y);
  }
  const byLimbs = (p: number): boolean => {
    const x = p % width, y = (p - x) / width;
    return x >= lx0 - FRINGE && x <= lx1 + FRINGE && y >= ly0 - FRINGE && y <= ly1 + FRINGE;
  };
  for (let p = 0; p < n; p++) {
    if (onLimb(p)) over.set(data.subarray(p * 4, p * 4 + 4), p * 4);
    else if ((strays.size > 0 && strays.has(p)) || (rig.labels[p]! < 0 && data[p * 4 + 3]! > 0 && byLimbs(p) && limbFringe(rig, covered, strays, p))) {
      // The limb's edge left on a shoe, and its soft edge against the background (too faint for the
      // rig's labels), go with the limb: left behind, they stayed as a sliver where the hand had been.
      over.set(data.subarray(p * 4, p * 4 + 4), p * 4);
      out.fill(0, p * 4, p * 4 + 4);
    }
  }
  return { over: { width, height, data: over }, under: { width, height, data: out }, beneath };
}

/**
 * Painted art: where a limb's place became background (`cleared`, the silhouette's edge), the body
 * reaches one pixel on under it, in the colour of the body pixel beside it (a line, an outline or a
 * hem, is not carried on: it would thicken). As soon as it moves, the limb is drawn off its pixel
 * centres, sampled between its pixels and the body's: its edge there is partly opaque, and so is
 * the body's beneath, and one over the other lets the background through (a faint line along the
 * arms, 37-59 pixels a frame on average over the adventurer's motions). With the ring the body is
 * whole under the limb's edge; at rest the limb covers it, swung away it is at most a pixel of
 * outline.
 */
function ringUnderLimbEdge(out: Uint8Array, cleared: (p: number) => boolean, body: (p: number) => boolean, width: number): void {
  const n = out.length / 4;
  const ring: [number, number][] = [];
  for (let p = 0; p < n; p++) {
    if (!cleared(p) || out[p * 4 + 3] !== 0) continue;
    const x = p % width;
    for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
      if (q >= 0 && q < n && body(q) && out[q * 4 + 3] === 255 && !isLine(out, q)) {
        ring.push([p, q]);
        break;
      }
    }
  }
  for (const [p, q] of ring) out.copyWithin(p * 4, q * 4, q * 4 + 4);
}

/** How far (pixels) a faint unlabelled pixel may be from a limb to be its soft edge. */
const FRINGE = 2;

/** Whether unlabelled pixel `p` lies within FRINGE of a limb in `covered` (or its `strays`) and of nothing else the rig labelled. */
function limbFringe(rig: Rig, covered: ReadonlySet<number>, strays: ReadonlySet<number>, p: number): boolean {
  const { labels, width } = rig;
  const height = labels.length / width, x = p % width, y = (p - x) / width;
  let limb = false;
  for (let dy = -FRINGE; dy <= FRINGE; dy++) for (let dx = -FRINGE; dx <= FRINGE; dx++) {
    const qx = x + dx, qy = y + dy;
    if (qx < 0 || qx >= width || qy < 0 || qy >= height) continue;
    const l = labels[qy * width + qx]!;
    if (l < 0) continue;
    if (!covered.has(l) && !strays.has(qy * width + qx)) return false;
    limb = true;
  }
  return limb;
}

/** The body's stretches under each limb, joined down the rows where they touch (corners too): one hole each. */
function holesOf(stretches: readonly Stretch[], body: readonly boolean[], width: number, height: number): Stretch[][] {
  const inHoles = stretches.filter((_, i) => body[i]);
  const mask = new Uint8Array(width * height);
  for (const s of inHoles) mask.fill(1, s.y * width + s.x, s.y * width + s.end + 1);
  // Each stretch is a whole run of the mask, so the runs come in the stretches' (raster) order.
  const { part } = componentRuns(mask, width, height);
  const groups: Stretch[][] = [];
  inHoles.forEach((s, k) => (groups[part[k]! - 1] ??= []).push(s));
  return groups;
}

/**
 * One side (`dir`: -1 left, 1 right) of a hole down its rows (`group`, in row order): on each row
 * the body pixel as far out from the hole, past what was painted over, as the seam the limb left is
 * wide on most rows (a thin line, or a line's soft edge, before the body's settled fill). Where a
 * line runs across instead of along the hole (a belt's edge) that pixel is on the line. The pixels
 * between it and the hole (the seam) go into `seamPixels`: bridged over with the hole.
 */
function sideSamples(data: Uint8Array, group: readonly Stretch[], dir: -1 | 1, width: number, isBody: (p: number) => boolean, isPainted: (p: number) => boolean,
  settledFill: (p: number, dir: number, x: number) => boolean, cap: number, seamPixels: Set<number>): SideSample[] {
  const rows = new Map<number, { row: number; from: number }>();
  for (const s of group) {
    const row = s.y * width;
    let from = dir < 0 ? s.x - 1 : s.end + 1;
    const held = rows.get(s.y);
    if (held && (dir < 0 ? held.from <= from : held.from >= from)) continue;
    while (from >= 0 && from < width && isPainted(row + from)) from += dir;
    rows.set(s.y, { row, from });
  }
  const seams: number[] = [];
  for (const { row, from } of rows.values()) {
    for (let k = 0; k <= cap; k++) {
      const x = from + dir * k;
      if (x < 0 || x >= width || !isBody(row + x)) break;
      if (settledFill(row + x, dir, x)) { seams.push(k); break; }
    }
  }
  if (seams.length === 0) return [];
  const seam = median(seams);
  const samples: SideSample[] = [];
  for (const [y, { row, from }] of [...rows].sort((a, b) => a[0] - b[0])) {
    const x = from + dir * seam;
    // A soft edge's blend (of the outline and a fill beyond the seam) is no colour to bridge with.
    if (x < 0 || x >= width || !isBody(row + x) || !(isLine(data, row + x) || settledFill(row + x, dir, x))) continue;
    samples.push({ y, x, p: row + x });
    for (let k = from; k !== x; k += dir) seamPixels.add(row + k);
  }
  return samples;
}

/**
 * Where the body painted in under a limb stops above what became background (a hem the hand hung
 * over, the shoes under it moving on their own), the hem goes on under the limb as a straight edge
 * from where the body's edge is beside the hole on one side to where it is on the other (each row
 * stopped where the body beside it did, so alone the edge came out as a flat step), and gets the line
 * outlined art draws along its edges there: the nearest line along the row, `thick` pixels up. With
 * no body edge on a side the edge stays where the rows stopped; art without lines keeps its fill.
 */
function closeHems(out: Uint8Array, holes: Uint8Array, cleared: (p: number) => boolean, state: Uint8Array, width: number, thick: number): void {
  const n = holes.length, height = n / width;
  const at = (x: number, y: number): number => y * width + x;
  const body = (x: number, y: number): boolean => x >= 0 && x < width && y >= 0 && y < height && state[at(x, y)] === 1 && !holes[at(x, y)];
  // Per column, the lowest row of painted body with background under it in the hole, or -1.
  const stop = new Int32Array(width).fill(-1);
  for (let p = 0; p + width < n; p++) if (holes[p] && state[p] === 1 && cleared(p + width)) stop[p % width] = Math.floor(p / width);
  /**
   * Where the body's own edge is beside a hole, from column `x` on in `dir`: the lowest row of the
   * body running down from near row `y` in the first column that has it (a hand may cover the
   * columns next to the hole from the hem to the shoe), or null.
   */
  const edgeBeside = (x: number, dir: number, y: number): { x: number; y: number } | null => {
    for (let k = 0; k <= 2 * thick; k++) {
      const cx = x + k * dir;
      for (let d = 0; d <= 2 * thick; d++) for (const y0 of [y - d, y + d]) {
        if (!body(cx, y0)) continue;
        let e = y0;
        while (body(cx, e + 1)) e++;
        return { x: cx, y: e };
      }
    }
    return null;
  };
  /** The nearest of the body's own line pixels along `p`'s row, or -1. */
  const lineNear = (p: number): number => {
    const r = p - (p % width);
    for (let d = 1; d < width; d++) {
      let seen = false;
      for (const q of [p - d, p + d]) {
        if (q < r || q >= r + width) continue;
        seen = true;
        if (state[q] === 1 && !holes[q] && isLine(out, q)) return q;
      }
      if (!seen) break;
    }
    return -1;
  };
  for (let xa = 0; xa < width; xa++) {
    if (stop[xa]! < 0) continue;
    let xb = xa;
    while (xb + 1 < width && stop[xb + 1]! >= 0) xb++;
    const left = edgeBeside(xa - 1, -1, stop[xa]!), right = edgeBeside(xb + 1, 1, stop[xb]!);
    const lasts: number[] = [];
    for (let x = xa; x <= xb; x++) {
      const s = stop[x]!;
      const edge = left && right ? Math.round(left.y + ((right.y - left.y) * (x - left.x)) / (right.x - left.x)) : s;
      // Down to the edge the body goes on as it is above; below it, background.
      let last = s;
      for (let y = s + 1; y <= edge && y < height && cleared(at(x, y)); y++, last++) {
        out.copyWithin(at(x, y) * 4, at(x, y - 1) * 4, at(x, y - 1) * 4 + 4);
        state[at(x, y)] = 1;
      }
      for (; last > edge && holes[at(x, last)] && state[at(x, last)] === 1; last--) {
        out.fill(0, at(x, last) * 4, at(x, last) * 4 + 4);
        state[at(x, last)] = 0;
      }
      lasts.push(last);
    }
    // One line along the whole hem, the darkest of the body's lines nearest its columns (the
    // nearest to a column is at times a line's soft edge: a brown stretch along a black line).
    let line = -1;
    lasts.forEach((last, k) => {
      const q = lineNear(at(xa + k, last));
      if (q >= 0 && (line < 0 || lumaAt(out, q * 4) < lumaAt(out, line * 4))) line = q;
    });
    if (line >= 0) lasts.forEach((last, k) => {
      const x = xa + k;
      for (let j = 0, y = last; j < thick && y >= 0 && (holes[at(x, y)] || y > stop[x]!) && state[at(x, y)] === 1; j++, y--) out.copyWithin(at(x, y) * 4, line * 4, line * 4 + 4);
    });
    xa = xb;
  }
}

/** What drawMesh samples for each part of `rig` whose sprite is split in layers: its limbs over the body, the rest under them. */
export function layered(rig: Rig, split: { over: Source; under: Source }): Source[] {
  const over = overParts(rig);
  return rig.parts.map((_, part) => (over.has(part) ? split.over : split.under));
}
