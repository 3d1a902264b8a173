// Motions that act or react: attack, hit, die, spin, shake, pulse, wave, cast. Same rules as
// motionLocomotion.ts: pulses over the cycle phase u, rest pose at u = 0 (and at u = 1 but for die).
import { bell, easeIn, easeInOut, easeOut, span, spring, swell } from './easing.ts';
import { hash32 } from './random.ts';
import { pose, squash } from './motionPose.ts';
import type { Motion } from './motionPose.ts';

const TAU = Math.PI * 2;

/** A seeded value in [-1, 1) for frame `frame`, channel `k`: the same job shakes the same way. */
export function jitter(seed: number, frame: number, k: number): number {
  return hash32((seed ^ Math.imul(frame + 1, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca6b)) >>> 0) / 0x8000_0000 - 1;
}

/** Wind up (lean back), strike (fast, stretched, smeared), hold the follow-through, recover. */
export const attack: Motion = {
  name: 'attack',
  framesPerCycle: 12,
  returns: true,
  at(u, { amplitude: a, direction }) {
    const d = direction || 1;
    const wind = easeInOut(span(u, 0, 0.35));
    const strike = easeOut(span(u, 0.35, 0.47));
    const recover = easeInOut(span(u, 0.6, 1));
    const x = (-1 + 2.6 * strike) * wind * (1 - recover); // -1 wound up, +1.6 at full reach
    const { sx, sy } = squash(1 / (1 + 0.12 * a * bell(u, 0.42, 0.08)));
    return pose({
      dx: d * 0.06 * a * x,
      rot: d * 0.08 * a * x,
      sx, sy: sy * (1 - 0.05 * a * wind * (1 - strike)),
      smear: bell(u, 0.42, 0.07),
    });
  },
};

/** Hit: snapped back and tinted by the blow, a short shake, then a damped spring back to rest. */
export const hit: Motion = {
  name: 'hit',
  framesPerCycle: 10,
  returns: true,
  at(u, { amplitude: a, direction, seed, frame }) {
    const d = direction || 1;
    const r = u < 0.1 ? easeOut(span(u, 0, 0.1)) : spring(span(u, 0.1, 1), 2.5, 4);
    const flash = span(u, 0, 0.05) * (1 - span(u, 0.12, 0.32)); // two or three frames, like a game's hit flash
    const shaking = u > 0 && u < 0.35 ? 1 : 0;
    return pose({
      dx: -d * 0.07 * a * r,
      rot: -d * 0.1 * a * r,
      sx: 1 - 0.05 * a * Math.max(0, r),
      jx: Math.round(shaking * jitter(seed, frame, 0) * 1.5),
      flash,
    });
  },
};

/**
 * Die: a stagger, the knees buckle (the legs fold, the body drops), a topple under gravity about
 * the foot on the falling side (so the body never sinks below the ground), a small rebound, then a
 * fade out. Played once. In a narrow frame the topple is smaller (headroom.ts) but the buckle stays.
 */
export const die: Motion = {
  name: 'die',
  framesPerCycle: 30,
  returns: false,
  at(u, { amplitude: a, direction }) {
    const d = direction || 1;
    const stagger = bell(u, 0.06, 0.06);
    const fall = easeIn(span(u, 0.14, 0.55)) - 0.06 * bell(u, 0.62, 0.06);
    const crumple = easeInOut(span(u, 0.14, 0.6));
    return pose({
      rot: d * (1.45 * Math.min(1, a) * fall - 0.1 * stagger),
      pivot: d * 0.5,
      tuck: 0.2 * crumple,
      sy: 1 - 0.12 * crumple,
      sx: 1 + 0.06 * crumple,
      flash: 0.6 * stagger,
      fade: 1 - easeIn(span(u, 0.72, 1)),
    });
  },
};

/** A turn: the width goes through zero and comes back mirrored (a card turning), darker edge-on. */
export const spin: Motion = {
  name: 'spin',
  framesPerCycle: 18,
  returns: true,
  at(u, { direction }) {
    const c = Math.cos(TAU * u);
    const hop = swell(u);
    return pose({ sx: c, sy: 1 + 0.03 * hop, shade: -0.35 * (1 - Math.abs(c)), lean: 0.03 * (direction || 1) * Math.sin(TAU * u) });
  },
};

/** Shake: whole-pixel seeded jitter, mostly sideways; the first frame of each cycle is at rest. */
export const shake: Motion = {
  name: 'shake',
  framesPerCycle: 12,
  returns: true,
  at(u, { amplitude: a, seed, frame }) {
    if (u <= 0 || u >= 1) return pose({});
    // Alternate sides every frame so it reads as a shake, not a drift; size seeded.
    const side = frame % 2 === 0 ? 1 : -1;
    return pose({
      jx: Math.round(side * a * (1.2 + 0.8 * Math.abs(jitter(seed, frame, 0)))),
      jy: Math.round(0.7 * a * jitter(seed, frame, 1)),
    });
  },
};

/** Pulse: the subject brightens toward its glow colour and swells slightly, feet planted. */
export const pulse: Motion = {
  name: 'pulse',
  framesPerCycle: 18,
  returns: true,
  at(u, { amplitude: a }) {
    const g = swell(u);
    return pose({ glow: Math.min(1, 0.85 * a * g), sx: 1 + 0.04 * a * g, sy: 1 + 0.04 * a * g });
  },
};

/** Wave / sway: the top bends side to side while the base stays rooted (plants, flags, banners). */
export const wave: Motion = {
  name: 'wave',
  framesPerCycle: 24,
  returns: true,
  at(u, { amplitude: a, direction }) {
    const s = Math.sin(TAU * u) * (direction === -1 ? -1 : 1);
    return pose({ bend: 0.1 * a * s, lean: 0.02 * a * s });
  },
};

/**
 * Cast / charge: crouch while the glow builds (trembling near the end), release upward in a flash
 * of light, then let the glow die down and settle.
 */
export const cast: Motion = {
  name: 'cast',
  framesPerCycle: 24,
  returns: true,
  at(u, { amplitude: a, seed, frame }) {
    const charge = easeInOut(span(u, 0.02, 0.48));
    const crouch = u < 0.5 ? charge : 1 - easeOut(span(u, 0.5, 0.58));
    const release = bell(u, 0.58, 0.1);
    const glow = u < 0.55 ? charge : 1 - easeInOut(span(u, 0.55, 0.95));
    const tremble = u > 0.3 && u < 0.5 ? 1 : 0;
    const q = Math.sqrt(a);
    const { sx, sy } = squash(1 - 0.08 * q * crouch + 0.1 * q * release);
    return pose({ sx, sy, glow: Math.min(1, glow * Math.max(0.7, a)), jx: Math.round(tremble * jitter(seed, frame, 2)) });
  },
};
