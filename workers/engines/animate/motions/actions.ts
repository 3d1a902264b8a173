// Actions: striking, kicking, casting, being hit, dying, turning, shaking, pulsing, waving, cheering,
// crouching. The striking arm is the one holding a weapon (else the lead arm); "forward" is the way
// the subject faces.
import { arc, bell, easeIn, easeInOut, easeOut, span, spring, swell } from '../../../kernels/easing.ts';
import { hash32 } from '../../../kernels/random.ts';
import { frame, mixFrames, REST } from '../motionFrame.ts';
import type { MotionFrame, RigMotion } from '../motionFrame.ts';

const TAU = Math.PI * 2;

/**
 * A slash: wind-up (the arm and weapon drawn back over the shoulder, the body coiling back; an
 * empty hand drawn back to the chest, the other arm forward on guard), the strike (a fast arc
 * forward and down with a step in, or a straight punch, afterimages on the fast frames), a
 * follow-through hold, and an eased recovery.
 */
export const attack: RigMotion = {
  name: 'attack', framesPerCycle: 12, returns: true,
  at(u, { amplitude: a }) {
    const windUp = frame({ lean: -0.14 * a, crouch: 0.04, nod: -0.05, arms: [{ swing: -0.9 * a, bend: 1.4 }, { swing: 0.5, bend: 0.6 }], wrist: 0.5, slash: 1, feet: [{ forward: 0.04, up: 0 }, { forward: -0.04, up: 0 }] });
    const strike = frame({ lean: 0.2 * a, forward: 0.08 * a, crouch: 0.07, nod: 0.08, arms: [{ swing: 1.5, bend: 0.05 }, { swing: -0.5, bend: 0.3 }], wrist: -0.3, slash: 2, feet: [{ forward: 0.14, up: 0 }, { forward: -0.08, up: 0 }] });
    if (u < 0.36) return mixFrames(REST, windUp, easeInOut(span(u, 0, 0.36)));
    if (u < 0.5) return { ...mixFrames(windUp, strike, easeIn(span(u, 0.36, 0.5))), smear: 1 };
    if (u < 0.64) return { ...strike, smear: span(u, 0.5, 0.54) < 1 ? 0.6 : 0 };
    // The weapon comes back round underneath (slash 2 -> 3), not back over the top; 3 is rest again.
    const back = easeInOut(span(u, 0.64, 1));
    return { ...mixFrames(strike, REST, back), slash: back < 1 ? 2 + back : 0 };
  },
};

/**
 * A kick: the lead knee comes up (chambered) as the body leans back and the fists come up on
 * guard, the leg snaps out straight at hip height in a frame as the body lunges into it, holds it a
 * beat, is drawn back to the chamber and set down. The standing leg stays planted, its knee giving
 * a little. Seen from the front the kicking leg swings out to its side (a side kick), where toward
 * the viewer it would only shorten.
 */
export const kick: RigMotion = {
  name: 'kick', framesPerCycle: 12, returns: true,
  at(u, { amplitude: a }) {
    const chamber = frame({ kick: 0.3, lean: -0.06 * a, crouch: 0.04, nod: 0.04, arms: [{ swing: 0.7, bend: 1.3 }, { swing: 0.3, bend: 1.5 }], feet: [{ forward: 0.1 * a, up: 0.24 * a }, { forward: -0.02, up: 0 }] });
    // The lead arm swings back against the leg going out; the other stays up on guard.
    const out = frame({ kick: 1, lean: -0.14 * a, forward: 0.05 * a, crouch: 0.03, nod: 0.08, arms: [{ swing: -0.4, bend: 0.9 }, { swing: 0.6, bend: 1.4 }], feet: [{ forward: 0.36 * a, up: 0.26 * a }, { forward: -0.04, up: 0 }] });
    if (u < 0.33) return mixFrames(REST, chamber, easeInOut(span(u, 0, 0.33)));
    if (u < 0.42) return mixFrames(chamber, out, easeOut(span(u, 0.33, 0.42)));
    if (u < 0.58) return out;
    if (u < 0.75) return mixFrames(out, chamber, easeInOut(span(u, 0.58, 0.75)));
    return mixFrames(chamber, REST, easeInOut(span(u, 0.75, 1)));
  },
};

/** Casting: both arms rise forward, the body draws back and up, light gathers and releases. */
export const cast: RigMotion = {
  name: 'cast', framesPerCycle: 24, returns: true,
  at(u, { amplitude: a }) {
    const charge = easeInOut(span(u, 0, 0.45)) * (1 - easeInOut(span(u, 0.75, 1)));
    const release = bell(u, 0.55, 0.12);
    return frame({
      arms: [{ swing: 1.9 * a * charge, bend: 0.4 * charge * (1 - release) }, { swing: 1.5 * a * charge, bend: 0.5 * charge * (1 - release) }],
      lean: -0.08 * charge + 0.1 * release, lift: 0.03 * charge, stretch: 1 + 0.03 * charge,
      glow: Math.min(1, 1.2 * charge + release), jx: charge > 0.6 && release < 0.2 ? (hash32(Math.floor(u * 64)) & 1 ? 1 : 0) : 0,
    });
  },
};

/**
 * Hit: the body snaps back from the blow (the head last) and flashes, holds the recoil a beat (two
 * frames at 12 fps: one frame of it reads as a glitch), then springs back.
 */
export const hit: RigMotion = {
  name: 'hit', framesPerCycle: 10, returns: true, travel: -1,
  at(u, { amplitude: a }) {
    const k = u < 0.2 ? easeOut(span(u, 0, 0.1)) : spring(span(u, 0.2, 1), 1.5, 3);
    return frame({ lean: -0.3 * a * k, nod: -0.25 * a * k, forward: -0.06 * a * k, crouch: 0.03 * k, arms: [{ swing: 0.6 * k, bend: 0.5 * k }, { swing: 0.8 * k, bend: 0.5 * k }], flash: bell(u, 0.1, 0.14), squash: 1 - 0.08 * k });
  },
};

/**
 * Dying: a recoil, the knees buckle, the body topples backward about its back foot (or toward the
 * side the text names, about the foot on that side), hits the ground
 * with a small bounce and lies still. Played once; it ends lying down, not faded out.
 */
export const die: RigMotion = {
  name: 'die', framesPerCycle: 30, returns: false, travel: -1,
  at(u, { amplitude: a }) {
    const recoil = frame({ lean: -0.25, nod: -0.2, arms: [{ swing: 0.9, bend: 0.5 }, { swing: 1.1, bend: 0.5 }] });
    const buckle = frame({ crouch: 0.22 * a, lean: 0.3, nod: 0.25, arms: [{ swing: 0.3, bend: 0.3 }, { swing: 0.2, bend: 0.3 }], squash: 0.75 });
    const lying = (t: number): MotionFrame => frame({ crouch: 0.1, lean: 0.05, nod: -0.1, topple: t, arms: [{ swing: 1.2, bend: 0.2 }, { swing: 0.9, bend: 0.2 }], feet: [{ forward: 0.05, up: 0.04 }, { forward: 0.1, up: 0 }], squash: 0.6, shade: -0.1 });
    // The blow's flash is a beat (two frames at 12 fps over three seconds), not the whole recoil.
    const flash = bell(u, 0.07, 0.07);
    if (u < 0.14) return { ...mixFrames(REST, recoil, easeOut(span(u, 0, 0.14))), flash };
    if (u < 0.38) return mixFrames(recoil, buckle, easeInOut(span(u, 0.14, 0.38)));
    if (u < 0.7) return mixFrames(buckle, lying(Math.PI / 2), easeIn(span(u, 0.38, 0.7)));
    // The impact: a small rebound of the body off the ground, then stillness.
    const rebound = 0.1 * Math.sin(Math.PI * span(u, 0.7, 0.84));
    return lying(Math.PI / 2 - rebound);
  },
};

/**
 * A turn: the subject narrows as it turns side-on, flips there, and comes round again. The frame
 * carries the turn's cosine; how wide the subject is side-on is the rig's to say (poseRig: a body
 * keeps its depth, a coin shows its edge). Side-on it is darker, turned from the light.
 */
export const spin: RigMotion = {
  name: 'spin', framesPerCycle: 18, returns: true,
  at(u) {
    // Spaced as an animator spaces a turn: the key poses (face-on, side-on) are held a little and
    // the in-betweens passed quickly, so a frame lands near side-on (a coin's edge) at any speed.
    const angle = TAU * u;
    return frame(turned(Math.cos(angle - 0.15 * Math.sin(4 * angle))));
  },
};

/** Turned by the angle whose cosine is `c`: side-on it is darker, turned from the light. */
export const turned = (c: number): Pick<MotionFrame, 'turn' | 'shade'> => ({ turn: c, shade: -0.25 * (1 - Math.abs(c)) });

export const shake: RigMotion = {
  name: 'shake', framesPerCycle: 12, returns: true,
  at(u, { amplitude: a, frame: f, seed }) {
    const env = Math.sin(Math.PI * u);
    const r = hash32(seed ^ (f * 0x9e3779b1));
    const mag = Math.round(2 * a * env);
    return frame({ jx: ((r & 7) % 3 - 1) * mag, jy: (((r >>> 3) & 7) % 3 - 1) * Math.round(mag / 2), lean: 0.05 * a * env * Math.sin(TAU * 3 * u), nod: 0.05 * env * Math.sin(TAU * 4 * u) });
  },
};

export const pulse: RigMotion = {
  name: 'pulse', framesPerCycle: 18, returns: true,
  at(u, { amplitude: a }) {
    const b = swell(u);
    return frame({ glow: b, stretch: 1 + 0.03 * a * b, squash: 1 + 0.06 * a * b, arms: [{ swing: 0.3 * b, bend: 0 }, { swing: 0.3 * b, bend: 0 }] });
  },
};

/** Waving: the lead arm goes up and the hand waves from the elbow; a soft body sways. */
export const wave: RigMotion = {
  name: 'wave', framesPerCycle: 24, returns: true,
  at(u, { amplitude: a }) {
    const up = easeInOut(span(u, 0, 0.2)) * (1 - easeInOut(span(u, 0.8, 1)));
    return frame({ arms: [{ swing: 2.6 * up, bend: up * (0.6 + 0.5 * Math.sin(TAU * 3 * u)) }, REST.arms[1]], lean: 0.06 * a * Math.sin(TAU * u), nod: -0.05 * up, flap: 0.5 * Math.sin(TAU * u) });
  },
};

/**
 * A cheer (a victory): a dip, a hop with both arms thrown up, a landing with the knees giving, the
 * arms held up and pumped once more, then lowered. The arms are up from the dip on, so the hop
 * reads as joy, not a jump; the head lifts. The body stays upright (a lean would turn a small
 * pixel figure's rows into steps for nothing the eye needs).
 */
export const cheer: RigMotion = {
  name: 'cheer', framesPerCycle: 18, returns: true,
  at(u, { amplitude: a }) {
    const up = easeInOut(span(u, 0, 0.25)) * (1 - easeInOut(span(u, 0.8, 1)));
    const hop = arc(u, 0.15, 0.45);
    const dip = arc(u, 0.02, 0.2) + arc(u, 0.42, 0.6);
    const pump = arc(u, 0.58, 0.8);
    const arm = { swing: (3 - 0.4 * pump) * up, bend: 0.15 * up + 0.4 * pump };
    return frame({
      lift: 0.12 * a * hop, crouch: 0.08 * a * dip, squash: 1 - 0.12 * a * dip + 0.04 * a * hop, stretch: 1 + 0.03 * hop,
      feet: [{ forward: 0, up: 0.05 * a * hop }, { forward: 0, up: 0.05 * a * hop }],
      arms: [arm, arm], nod: -0.08 * up,
    });
  },
};

/**
 * A crouch (duck, kneel, hide): the body drops quickly into a deep crouch, the head ducking and the
 * arms coming forward for balance, holds it with a breath, and rises again more slowly.
 */
export const crouch: RigMotion = {
  name: 'crouch', framesPerCycle: 16, returns: true,
  at(u, { amplitude: a }) {
    const down = easeOut(span(u, 0, 0.2)) * (1 - easeInOut(span(u, 0.7, 1)));
    const breath = down * 0.15 * Math.sin(Math.PI * span(u, 0.2, 0.7));
    return frame({
      crouch: (0.26 + 0.02 * breath) * a * down, lean: 0.12 * down, nod: 0.12 * down, squash: 1 - 0.08 * a * down,
      arms: [{ swing: 0.5 * down, bend: 0.7 * down }, { swing: 0.4 * down, bend: 0.7 * down }],
    });
  },
};
