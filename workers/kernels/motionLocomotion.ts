// Motions of the body as a whole: standing, walking, running, jumping, bouncing, dashing, hovering.
// Each is a sum of pulses over the cycle phase u (easing.ts), so u = 0 and u = 1 are the rest pose.
// Constants are fractions of the subject's height, tuned by looking at 32-96 px sprites at 12 fps.
import { arc, bell, easeInOut, easeOut, span, swell } from './easing.ts';
import { pose, squash } from './motionPose.ts';
import type { Motion } from './motionPose.ts';

const TAU = Math.PI * 2;

/** Breathing: the chest rises (a little taller, a hair narrower), feet planted. */
export const idle: Motion = {
  name: 'idle',
  framesPerCycle: 24,
  returns: true,
  at(u, { amplitude: a }) {
    const b = swell(u);
    return pose({ sy: 1 + 0.03 * a * b, sx: 1 - 0.012 * a * b });
  },
};

/**
 * Walking in place, two steps a cycle: one foot lifts while the other carries the weight (the
 * legs fold on one side, so the baseline stays put), the body shifts over the standing leg and
 * rises a little as it passes over it, and leans into the walking direction when the text gives one.
 */
export const walk: Motion = {
  name: 'walk',
  framesPerCycle: 12,
  returns: true,
  at(u, { amplitude: a, direction }) {
    const step = Math.sin(TAU * u); // > 0: right foot up, standing on the left
    const pass = step * step;
    return pose({
      stride: 0.08 * a * step,
      lean: -0.03 * a * step + 0.04 * a * direction * pass,
      dx: -0.012 * a * step,
      sy: 1 + 0.015 * a * pass,
    });
  },
};

/** Running: high steps, both feet off the ground mid-stride (a bob), stretched and leaning forward. */
export const run: Motion = {
  name: 'run',
  framesPerCycle: 8,
  returns: true,
  at(u, { amplitude: a, direction }) {
    const step = Math.sin(TAU * u);
    const air = step * step;
    const forward = direction || 1;
    const { sx, sy } = squash(1 + 0.04 * a * air);
    return pose({ stride: 0.13 * a * step, dy: -0.05 * a * air, lean: forward * 0.07 * a * air - 0.02 * a * step, sx, sy });
  },
};

/**
 * A jump: anticipation (crouch), take-off stretch, a parabolic flight, a stretch while falling,
 * a squash on landing, and a settle back to the rest pose.
 */
export const jump: Motion = {
  name: 'jump',
  framesPerCycle: 15,
  returns: true,
  at(u, { amplitude: a, direction }) {
    const crouch = bell(u, 0.14, 0.14);
    const land = bell(u, 0.86, 0.12);
    const stretch = bell(u, 0.3, 0.08) + bell(u, 0.74, 0.07);
    // A big jump goes higher; its squash grows more slowly (a body only squashes so far).
    const q = Math.sqrt(a);
    const { sx, sy } = squash(1 - 0.2 * q * crouch - 0.22 * q * land + 0.15 * q * stretch);
    const flight = arc(u, 0.24, 0.8);
    // Knees pull up at the top of the flight.
    return pose({ dy: -0.4 * a * flight, dx: 0.04 * a * direction * flight, tuck: 0.1 * a * flight * flight, sx, sy });
  },
};

/** A rubber bounce: less anticipation than a jump, deeper squash, a rhythm that never rests. */
export const bounce: Motion = {
  name: 'bounce',
  framesPerCycle: 12,
  returns: true,
  at(u, { amplitude: a }) {
    const hit = bell(u, 0.07, 0.07) + bell(u, 0.93, 0.07);
    const stretch = bell(u, 0.2, 0.08) + bell(u, 0.8, 0.08);
    const q = Math.sqrt(a);
    const { sx, sy } = squash(1 - 0.26 * q * hit + 0.14 * q * stretch);
    return pose({ dy: -0.3 * a * arc(u, 0.12, 0.88), sx, sy });
  },
};

/**
 * A dash: lean back, burst sideways stretched along the move (with a smear), overshoot and settle,
 * then slide back to the start so the clip loops inside its frame.
 */
export const dash: Motion = {
  name: 'dash',
  framesPerCycle: 14,
  returns: true,
  at(u, { amplitude: a, direction }) {
    const d = direction || 1;
    const back = easeInOut(span(u, 0, 0.18));
    const burst = easeOut(span(u, 0.18, 0.34));
    const home = easeInOut(span(u, 0.55, 0.95));
    const x = (-0.06 * back + 0.56 * burst + 0.05 * bell(u, 0.42, 0.08)) * (1 - home);
    const { sx, sy } = squash(1 / (1 + 0.28 * Math.sqrt(a) * bell(u, 0.27, 0.09)));
    return pose({
      dx: d * a * x,
      sx, sy: sy * (1 - 0.05 * a * back * (1 - burst)),
      lean: d * a * (-0.06 * back * (1 - burst) + 0.12 * bell(u, 0.3, 0.12) - 0.04 * bell(u, 0.75, 0.2)),
      smear: bell(u, 0.27, 0.09),
    });
  },
};

/** Hovering: a slow sine rise and fall with a faint sway; no shadow is drawn (the frame stays clean). */
export const float: Motion = {
  name: 'float',
  framesPerCycle: 24,
  returns: true,
  at(u, { amplitude: a }) {
    return pose({ dy: -0.09 * a * swell(u), lean: 0.015 * a * Math.sin(TAU * u) });
  },
};
