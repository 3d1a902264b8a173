// Moving the body about: breathing, walking, running, jumping, hopping, hovering, dashing. Each is
// written as joint curves over the cycle phase u, zero at u = 0 and u = 1 so loops close on the
// start image; the classic principles are in the curves: anticipation before a jump, overlap (the
// arms trail the legs), easing into holds, a settle after landing.
import { arc, bell, easeIn, easeInOut, easeOut, span, swell } from '../../../kernels/easing.ts';
import { frame, mixFrames, REST } from '../motionFrame.ts';
import type { Foot, MotionFrame, RigMotion } from '../motionFrame.ts';

const TAU = Math.PI * 2;

/** Breathing: the chest rises and falls, the knees soften, the arms drift, the head follows late. */
export const idle: RigMotion = {
  name: 'idle', framesPerCycle: 24, returns: true,
  at(u, { amplitude: a }) {
    const b = swell(u);
    const late = swell((u + 0.92) % 1) - swell(0.92);
    return frame({ stretch: 1 + 0.025 * a * b, crouch: 0.012 * a * b, nod: 0.04 * a * late, arms: [{ swing: 0.05 * a * b, bend: 0.08 * a * b }, { swing: -0.05 * a * b, bend: 0.08 * a * b }], squash: 1 + 0.05 * a * b });
  },
};

/**
 * A stepping foot at leg phase s (radians): it plants ahead, slides back under the body while it
 * carries the weight, then lifts and swings forward. At s = 0 the feet pass under the body.
 */
function step(s: number, stride: number, lift: number): Foot {
  const forward = stride * Math.sin(s);
  const swinging = Math.cos(s) > 0; // moving forward
  const up = swinging ? lift * Math.abs(Math.sin(2 * s)) : 0;
  return { forward, up };
}

function gait(u: number, a: number, stride: number, lift: number, bob: number, lean: number, armSwing: number): MotionFrame {
  const s = TAU * u;
  const weight = Math.sin(s) ** 2; // 0 passing, 1 at contact (feet apart, hips lowest)
  return frame({
    feet: [step(s, stride * a, lift * a), step(s + Math.PI, stride * a, lift * a)],
    crouch: bob * a * weight,
    lean: lean * a * weight,
    nod: -0.3 * lean * a * weight,
    // Arms swing against the legs (in phase with them, so the passing pose at u = 0 is the rest pose).
    arms: [{ swing: -armSwing * a * Math.sin(s), bend: 0.25 * a * weight }, { swing: armSwing * a * Math.sin(s), bend: 0.25 * a * weight }],
    squash: 1 - 0.06 * a * weight,
  });
}

export const walk: RigMotion = {
  name: 'walk', framesPerCycle: 12, returns: true,
  at: (u, { amplitude: a }) => gait(u, a, 0.16, 0.1, 0.035, 0.04, 0.45),
};

export const run: RigMotion = {
  name: 'run', framesPerCycle: 8, returns: true,
  at(u, { amplitude: a }) {
    const f = gait(u, a, 0.24, 0.2, 0.05, 0.16, 0.8);
    // Both feet leave the ground as the legs pass (a bob up), the elbows bent.
    return { ...f, lift: 0.05 * a * Math.sin(2 * TAU * u) ** 2, arms: [{ ...f.arms[0], bend: 1.2 * Math.min(1, 4 * u, 4 * (1 - u)) }, { ...f.arms[1], bend: 1.2 * Math.min(1, 4 * u, 4 * (1 - u)) }] };
  },
};

/** Crouch, spring up with the arms, fly with the legs tucked, land into a crouch and settle. */
export const jump: RigMotion = {
  name: 'jump', framesPerCycle: 15, returns: true,
  at(u, { amplitude: a }) {
    const crouch = frame({ crouch: 0.14 * a, lean: 0.22, nod: 0.1, arms: [{ swing: -0.9, bend: 0.3 }, { swing: -0.9, bend: 0.3 }], squash: 0.8 });
    const launch = frame({ crouch: -0.02 * a, lean: -0.05, lift: 0.08 * a, arms: [{ swing: 2.4, bend: 0.1 }, { swing: 2.4, bend: 0.1 }], squash: 1.2, stretch: 1.04 });
    const tuck: Foot = { forward: 0.04, up: 0.12 * a };
    const air = (h: number): MotionFrame => frame({ lift: h, lean: 0.05, feet: [tuck, tuck], arms: [{ swing: 1.6, bend: 0.5 }, { swing: 1.6, bend: 0.5 }] });
    const land = frame({ crouch: 0.12 * a, lean: 0.18, nod: 0.08, arms: [{ swing: 0.5, bend: 0.4 }, { swing: 0.5, bend: 0.4 }], squash: 0.82 });
    // Touching down: the legs reach for the ground, the arms come forward for balance.
    const touch = frame({ feet: [{ forward: 0.02, up: 0 }, { forward: 0.02, up: 0 }], arms: [{ swing: 0.8, bend: 0.3 }, { swing: 0.8, bend: 0.3 }] });
    const height = 0.55 * a;
    if (u < 0.2) return mixFrames(REST, crouch, easeInOut(span(u, 0, 0.2)));
    if (u < 0.3) return mixFrames(crouch, launch, easeOut(span(u, 0.2, 0.3)));
    if (u < 0.72) {
      // A parabola from the launch height to the ground; the legs tuck at the top, reach for the landing.
      const p = span(u, 0.3, 0.72);
      const f = air(0.08 * a * (1 - p) + height * 4 * p * (1 - p));
      return mixFrames(mixFrames(launch, f, easeOut(Math.min(1, 3 * p))), { ...touch, lift: f.lift }, easeIn(span(p, 0.6, 1)));
    }
    if (u < 0.82) return mixFrames(touch, land, easeOut(span(u, 0.72, 0.82)));
    return mixFrames(land, REST, easeInOut(span(u, 0.82, 1)));
  },
};

/** A small hop in place: a soft body squashes before and after, stretches in the air. */
export const bounce: RigMotion = {
  name: 'bounce', framesPerCycle: 12, returns: true,
  at(u, { amplitude: a }) {
    const h = arc(u, 0.25, 0.8);
    const squash = 1 - 0.22 * a * (bell(u, 0.12, 0.12) + bell(u, 0.9, 0.1)) + 0.12 * a * bell(u, 0.4, 0.15);
    return frame({ lift: 0.28 * a * h, crouch: 0.08 * a * (bell(u, 0.12, 0.12) + bell(u, 0.9, 0.1)), feet: [{ forward: 0, up: 0.06 * a * h }, { forward: 0, up: 0.06 * a * h }], squash, arms: [{ swing: 0.6 * h, bend: 0.2 * h }, { swing: 0.6 * h, bend: 0.2 * h }] });
  },
};

/** Hovering: up and down on a slow swell, the legs hanging loose, the arms floating. */
export const float: RigMotion = {
  name: 'float', framesPerCycle: 24, returns: true,
  at(u, { amplitude: a }) {
    const h = swell(u);
    const lag = swell((u + 0.9) % 1) - swell(0.9);
    return frame({ lift: 0.16 * a * h, feet: [{ forward: -0.03 * h, up: 0.06 * a * h }, { forward: 0.02 * h, up: 0.04 * a * h }], arms: [{ swing: 0.35 * a * lag, bend: 0.3 * h }, { swing: 0.3 * a * lag, bend: 0.3 * h }], flap: 0.6 * Math.sin(TAU * u * 2), squash: 1 + 0.05 * a * Math.sin(TAU * u), nod: 0.05 * lag });
  },
};

/** A dash: a crouch, a burst forward leaning low with the legs trailing and afterimages, a brake. */
export const dash: RigMotion = {
  name: 'dash', framesPerCycle: 14, returns: true, travel: 1,
  at(u, { amplitude: a }) {
    const go = easeOut(span(u, 0.15, 0.45)) * (1 - easeInOut(span(u, 0.6, 1)));
    const ready = bell(u, 0.08, 0.1);
    return frame({
      forward: 0.35 * a * go, lean: 0.35 * go + 0.1 * ready, crouch: 0.06 * ready + 0.04 * go,
      feet: [{ forward: 0.12 * go, up: 0.04 * go }, { forward: -0.2 * go, up: 0.08 * go }],
      arms: [{ swing: -1.1 * go, bend: 0.3 * go }, { swing: -1.2 * go, bend: 0.3 * go }],
      smear: bell(u, 0.3, 0.15), squash: 1 - 0.1 * ready,
    });
  },
};
