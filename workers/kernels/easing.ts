// Easing curves and phase helpers for the procedural motions. Motions are written as sums of
// short, smooth pulses over a cycle phase u in [0, 1): each pulse is zero outside its window, so a
// motion built from pulses inside (0, 1) is the identity at u = 0 and u = 1 and loops without a jump.

/** Where `u` lies in [a, b], as 0..1 (clamped): the local progress of one phase of a motion. */
export function span(u: number, a: number, b: number): number {
  if (u <= a) return 0;
  if (u >= b) return 1;
  return (u - a) / (b - a);
}

/** Cubic ease in and out (smoothstep): zero speed at both ends, for holds and settles. */
export function easeInOut(t: number): number {
  return t * t * (3 - 2 * t);
}

/** Quadratic ease in: starts slow, ends fast (gravity, a fall). */
export function easeIn(t: number): number {
  return t * t;
}

/** Cubic ease out: starts fast, ends slow (a strike, a burst, a recoil). */
export function easeOut(t: number): number {
  const s = 1 - t;
  return 1 - s * s * s;
}

/**
 * A raised-cosine bump centred at `c`, `w` wide on each side: 1 at the centre, 0 from |u - c| >= w,
 * with zero slope at both edges so adding it to a motion never makes a corner.
 */
export function bell(u: number, c: number, w: number): number {
  const d = Math.abs(u - c);
  if (d >= w) return 0;
  return 0.5 + 0.5 * Math.cos((Math.PI * d) / w);
}

/** 4p(1 - p) over [a, b]: the height of a thrown body (a parabola), 0 outside, 1 at the middle. */
export function arc(u: number, a: number, b: number): number {
  if (u <= a || u >= b) return 0;
  const p = (u - a) / (b - a);
  return 4 * p * (1 - p);
}

/** (1 - cos 2πu) / 2: a smooth 0 → 1 → 0 over one cycle (breath, hover, pulse). */
export function swell(u: number): number {
  return 0.5 - 0.5 * Math.cos(2 * Math.PI * u);
}

/**
 * A spring coming to rest: 1 at p = 0, oscillating with `waves` half-waves while damping, exactly 0
 * at p = 1 (the (1 - p) factor), so a recoil settles back onto the rest pose.
 */
export function spring(p: number, waves = 2.5, damping = 4): number {
  if (p <= 0) return 1;
  if (p >= 1) return 0;
  return (1 - p) * Math.exp(-damping * p) * Math.cos(waves * Math.PI * p);
}

/** Linear interpolation. */
export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}
