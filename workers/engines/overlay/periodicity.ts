// How many equal cells a sprite sheet has along one axis, from a profile (sprite pixels per
// column, or per row). Two ways, tried in order:
//   1. Gutters, or thin places where touching sprites meet (one's feet, the next one's head). A
//      count N fits when no cell boundary (k * L / N) cuts
//      through a sprite's body (a thin reach or a label across it is allowed), and the sprite in
//      every non-empty cell sits at about the same place and
//      spans about as much (so a boundary that merely falls into a gap inside a sprite, or a grid
//      finer than the sprites, is rejected). The largest N that fits wins: a coarser grid also fits
//      whenever a finer one does (two cells merged are still consistent), so only the largest is the grid.
//   2. Otherwise (sprites touch across their bodies): the autocorrelation of the profile peaks at the cell pitch and at
//      its multiples, and is low at its fractions; the largest N whose pitch L / N correlates
//      nearly as well as the best one does is the grid.
// Neither gives an answer for a flat profile (a solid sheet): the caller falls back on a guess.
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import { checkInt } from '../../kernels/check.ts';

export interface Run {
  start: number;
  /** Exclusive. */
  end: number;
  mass: number;
}

/** Runs of non-zero profile entries; runs with under 1% of the largest run's mass are noise. */
export function profileRuns(profile: ArrayLike<number>): Run[] {
  const runs: Run[] = [];
  let start = -1, mass = 0;
  for (let i = 0; i <= profile.length; i++) {
    const v = i < profile.length ? profile[i]! : 0;
    if (v > 0) {
      if (start < 0) (start = i), (mass = 0);
      mass += v;
    } else if (start >= 0) {
      runs.push({ start, end: i, mass });
      start = -1;
    }
  }
  const biggest = Math.max(0, ...runs.map((r) => r.mass));
  return runs.filter((r) => r.mass >= biggest * 0.01);
}

const std = (xs: number[]): number => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
};

/**
 * A cell boundary may cross sprite where the profile there is at most this share of its peak: a
 * kick or a sword reaching into the next cell, a text label drawn across the sheet. A boundary
 * through a sprite's body crosses far more.
 */
const CROSSING = 0.2;

/** Whether `n` equal cells over the profile fit it (see the file comment, way 1). */
function fitsGutters(profile: ArrayLike<number>, peak: number, n: number): boolean {
  const length = profile.length;
  const pitch = length / n;
  // Slack for a pitch that is not a whole number of pixels.
  const slack = Number.isInteger(pitch) ? 0 : 1;
  const thin = peak * CROSSING;
  for (let k = 1; k < n; k++) {
    const b = k * pitch;
    let least = Infinity;
    for (let i = Math.max(0, Math.floor(b) - 1 - slack); i <= Math.min(length - 1, Math.ceil(b) + slack); i++) least = Math.min(least, profile[i]!);
    if (least > thin) return false;
  }
  // Each cell's sprite: where its profile is more than thin (what crosses in from a neighbour is not).
  const boxes: { lo: number; hi: number }[] = [];
  for (let c = 0; c < n; c++) {
    let lo = Infinity, hi = -Infinity;
    for (let i = Math.round(c * pitch); i < Math.round((c + 1) * pitch); i++) {
      if (profile[i]! > thin) (lo = Math.min(lo, i - c * pitch)), (hi = i + 1 - c * pitch);
    }
    if (hi > lo) boxes.push({ lo, hi });
  }
  // Half the cells empty is the signature of a grid twice as fine as the sprites' one.
  if (boxes.length < 2 || boxes.length * 2 <= n) return false;
  const centres = boxes.map((b) => (b.lo + b.hi) / 2);
  const spans = boxes.map((b) => b.hi - b.lo);
  return std(centres) <= pitch * 0.12 + 1 && std(spans) <= pitch * 0.2 + 1;
}

/** Normalised autocorrelation of `profile` at integer `lag`. */
function autocorrelation(profile: ArrayLike<number>, lag: number): number {
  const n = profile.length - lag;
  if (n <= 0) return 0;
  let mean = 0;
  for (let i = 0; i < profile.length; i++) mean += profile[i]!;
  mean /= profile.length;
  let num = 0, da = 0, db = 0;
  for (let i = 0; i < n; i++) {
    const a = profile[i]! - mean;
    const b = profile[i + lag]! - mean;
    num += a * b;
    da += a * a;
    db += b * b;
  }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 0;
}

/** Whether the profile carries no information (a solid sheet, or nothing at all). */
function isFlat(profile: ArrayLike<number>): boolean {
  let min = Infinity, max = -Infinity;
  for (let i = 0; i < profile.length; i++) (min = Math.min(min, profile[i]!)), (max = Math.max(max, profile[i]!));
  return max <= 0 || (max - min) / max < 0.05;
}

/**
 * The number of equal cells along an axis of `profile.length` pixels, cells at least `minCell`
 * long; null when the profile cannot tell (flat, or irregular sprites at arbitrary places).
 */
export function cellCount(profile: ArrayLike<number>, minCell = 8): number | null {
  const length = profile.length;
  checkInt(length, 1, 1 << 16, 'profile length');
  checkInt(minCell, 1, 1 << 16, 'minimum cell size');
  const maxN = Math.floor(length / minCell);
  const runs = profileRuns(profile);
  if (runs.length === 0) return null;
  const spansAll = runs.length === 1 && (runs[0] as Run).end - (runs[0] as Run).start >= length * 0.9;
  // Gutters, or touching sprites that still meet at thin places (one's feet, the next one's head):
  // where every boundary of a grid is thin and its cells hold alike sprites, it is the grid. (The
  // autocorrelation alone took a 4-direction sheet for half its rows: its down and left rows repeat
  // as its up and right ones, so twice the pitch correlated best.) A flat profile has no thin place.
  let peak = 0;
  for (let i = 0; i < length; i++) peak = Math.max(peak, profile[i]!);
  for (let n = maxN; n >= 2; n--) if (fitsGutters(profile, peak, n)) return n;
  // One sprite band (or one sprite) with margins around it: one cell.
  if (!spansAll) return runs.length === 1 ? 1 : null;
  if (isFlat(profile)) return null;
  const scores: { n: number; r: number }[] = [];
  for (let n = 2; n <= maxN; n++) {
    const lag = Math.round(length / n);
    scores.push({ n, r: autocorrelation(profile, lag) });
  }
  const best = Math.max(0, ...scores.map((s) => s.r));
  if (best < 0.3) return null;
  const fit = scores.filter((s) => s.r >= best * 0.85);
  return Math.max(...fit.map((s) => s.n));
}
