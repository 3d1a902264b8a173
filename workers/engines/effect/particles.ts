// Seeded particle systems without simulation: every particle's state is a closed-form function of
// time, so any frame can be drawn on its own (frames need not be drawn in order), sizes do not
// change the motion, and a looping system is periodic by construction.
import { checkInt, checkNumber } from '../../kernels/check.ts';
import type { Random } from '../../kernels/random.ts';

/** One particle, in cell units (the cell is 1 x 1, y down) and clip time (the clip lasts 1). */
export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** The length of (vx, vy), as drawn. */
  speed: number;
  /** How long it lives, in clip time. */
  life: number;
  /** Birth time (one-shot) or phase in the loop (sustained), 0..1. */
  start: number;
  size: number;
  /** Free random values in [0, 1) for per-particle variety (colour, spin, flicker). */
  u: number;
  v: number;
  /** A random integer for seeding per-particle detail. */
  id: number;
}

export interface Emitter {
  count: number;
  /** Origin, and the half-size of the ellipse particles are spread over around it. */
  x: number;
  y: number;
  spreadX?: number;
  spreadY?: number;
  /** Direction of travel (radians, 0 = right, π/2 = down) and the half-angle of the cone. */
  angle?: number;
  cone?: number;
  /** Ranges [min, max] drawn uniformly. */
  speed: readonly [number, number];
  life: readonly [number, number];
  size: readonly [number, number];
  /** When particles are born (one-shot); sustained systems spread them over the loop instead. */
  start?: readonly [number, number];
}

const range = (rng: Random, r: readonly [number, number]): number => rng.range(r[0], r[1]);

/** `count` particles from `rng` as the emitter describes, in a fixed order. */
export function emit(rng: Random, e: Emitter): Particle[] {
  checkInt(e.count, 0, 100_000, 'particle count');
  const out: Particle[] = [];
  for (let i = 0; i < e.count; i++) {
    // Uniform over the ellipse: sqrt of the radius keeps the centre from crowding.
    const ang = rng.range(0, Math.PI * 2);
    const rad = Math.sqrt(rng.next());
    const dir = (e.angle ?? 0) + rng.range(-1, 1) * (e.cone ?? Math.PI);
    const speed = range(rng, e.speed);
    out.push({
      x: e.x + Math.cos(ang) * rad * (e.spreadX ?? 0),
      y: e.y + Math.sin(ang) * rad * (e.spreadY ?? 0),
      vx: Math.cos(dir) * speed,
      vy: Math.sin(dir) * speed,
      speed,
      life: Math.max(1e-3, range(rng, e.life)),
      start: e.start ? range(rng, e.start) : rng.next(),
      size: range(rng, e.size),
      u: rng.next(),
      v: rng.next(),
      id: Math.floor(rng.next() * 0x7fffffff),
    });
  }
  return out;
}

/**
 * Where a particle is `tau` clip-time after its birth under `gravity` (cell units per time², down)
 * and linear `drag` (per time): the exact solution of v' = g - drag * v, so fast sparks slow down
 * and then fall. Writes x, y into `out`.
 */
export function travel(p: Particle, tau: number, gravity: number, drag: number, out: { x: number; y: number }): void {
  checkNumber(drag, 0, 1000, 'drag');
  if (drag < 1e-6) {
    out.x = p.x + p.vx * tau;
    out.y = p.y + p.vy * tau + 0.5 * gravity * tau * tau;
    return;
  }
  const k = (1 - Math.exp(-drag * tau)) / drag;
  out.x = p.x + p.vx * k;
  out.y = p.y + (p.vy - gravity / drag) * k + (gravity / drag) * tau;
}

/** Age as a fraction of life at clip time t for a one-shot particle: < 0 unborn, > 1 gone. */
export function burstAge(p: Particle, t: number): number {
  return (t - p.start) / p.life;
}

/**
 * Age as a fraction of life at loop phase t for a sustained particle reborn `rate` times a loop
 * (a whole number, so phase 1 is phase 0): >= 1 means it is between lives. `cycle` (0..rate-1)
 * says which of its lives this is, for variety that still repeats every loop.
 */
export function loopAge(p: Particle, t: number, rate = 1): { age: number; cycle: number } {
  const s = (t - p.start) * rate;
  const cycles = Math.floor(s);
  const u = s - cycles;
  return { age: (u / rate) / p.life, cycle: ((cycles % rate) + rate) % rate };
}

/** 0 at birth and death, 1 in between, with `fadeIn`/`fadeOut` fractions of life for the ramps. */
export function lifeFade(age: number, fadeIn: number, fadeOut: number): number {
  if (age <= 0 || age >= 1) return 0;
  const a = fadeIn > 0 ? Math.min(1, age / fadeIn) : 1;
  const b = fadeOut > 0 ? Math.min(1, (1 - age) / fadeOut) : 1;
  return Math.min(a, b);
}
