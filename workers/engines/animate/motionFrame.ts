// What a motion says about one instant, in the body's own terms: lengths in subject heights,
// angles in radians, "forward" the way the subject faces. The rig turns it into bone turns
// (poseRig.ts), so one motion drives a 16 px pirate, a 400 px hero and a slime alike.

/** A foot's target relative to where it stands at rest: forward and up, in heights. */
export interface Foot {
  forward: number;
  up: number;
}

/** An arm: the shoulder's swing forward (radians; up past the head at about 2.5) and the elbow's bend. */
export interface Arm {
  swing: number;
  bend: number;
}

export interface MotionFrame {
  /** The whole body up (heights) and forward. */
  lift: number;
  forward: number;
  /** The hips lowered with the feet kept down (heights): a crouch, a landing, buckling knees. */
  crouch: number;
  /** The torso leaning forward (radians) about the hips, and the head nodding forward. */
  lean: number;
  nod: number;
  /** The spine lengthened (1 rest): a breath, a stretch. */
  stretch: number;
  /** Lead foot and arm (near side in a side view, left in a front view) and the other. */
  feet: [Foot, Foot];
  arms: [Arm, Arm];
  /** The held weapon's extra turn at the wrist (radians, forward). */
  wrist: number;
  /**
   * Where an armed lead arm is along a slash, which a rig with a held weapon plays instead of the
   * lead arm's swing: 0 at rest, 1 drawn back over the shoulder, 2 struck through the top to in front
   * and down, 3 back round underneath to rest (the same pose as 0).
   */
  slash: number;
  /**
   * 0..1: the lead leg kicks. Seen from the front, where a kick toward the viewer would only
   * shorten the leg, it swings out to its own side instead.
   */
  kick: number;
  /** Wings up (radians). */
  flap: number;
  /** The whole body turned about the ground under its back foot (radians, falling backward > 0). */
  topple: number;
  /**
   * A turn about the vertical axis: the cosine of its angle (1 face-on as drawn, 0 side-on, < 0
   * mirrored). The rig sets how wide that is: a body keeps its depth side-on, a flat thing its edge.
   */
  turn: number;
  /** Squash (< 1) or stretch (> 1) of a soft body's height, area kept. */
  squash: number;
  /** Whole-pixel jitter (shake). */
  jx: number;
  jy: number;
  glow: number;
  flash: number;
  shade: number;
  fade: number;
  /** 0..1: afterimages of the striking parts at the previous frame's pose. */
  smear: number;
}

const STILL_FOOT: Foot = Object.freeze({ forward: 0, up: 0 });
const STILL_ARM: Arm = Object.freeze({ swing: 0, bend: 0 });

export const REST: Readonly<MotionFrame> = Object.freeze<MotionFrame>({
  lift: 0, forward: 0, crouch: 0, lean: 0, nod: 0, stretch: 1,
  feet: [STILL_FOOT, STILL_FOOT], arms: [STILL_ARM, STILL_ARM],
  wrist: 0, slash: 0, kick: 0, flap: 0, topple: 0, turn: 1, squash: 1, jx: 0, jy: 0,
  glow: 0, flash: 0, shade: 0, fade: 1, smear: 0,
});

export function frame(fields: Partial<MotionFrame>): MotionFrame {
  return { ...REST, ...fields };
}

export interface RigMotion {
  name: string;
  /** Frames one repeat takes at 12 fps and normal speed. */
  framesPerCycle: number;
  /** False for motions that end elsewhere than the rest pose (die): played once, never looped. */
  returns: boolean;
  /**
   * Which way the whole body goes along its facing (+1 forward: a dash, a lunge; -1 back: a recoil,
   * a fall), for motions that go somewhere. A side named in the text sends it there instead.
   */
  travel?: 1 | -1;
  /** The frame at phase u in [0, 1]; u = 0 (and u = 1 when `returns`) is the rest pose. */
  at(u: number, ctx: MotionContext): MotionFrame;
}

export interface MotionContext {
  /** 1 normal, less for small, more for big. */
  amplitude: number;
  frame: number;
  seed: number;
}

/** `a` blended toward `b` by t (numbers, feet and arms alike; jitter stays whole). */
export function mixFrames(a: MotionFrame, b: MotionFrame, t: number): MotionFrame {
  const m = (x: number, y: number): number => x + (y - x) * t;
  const foot = (f: Foot, g: Foot): Foot => ({ forward: m(f.forward, g.forward), up: m(f.up, g.up) });
  const arm = (f: Arm, g: Arm): Arm => ({ swing: m(f.swing, g.swing), bend: m(f.bend, g.bend) });
  return {
    lift: m(a.lift, b.lift), forward: m(a.forward, b.forward), crouch: m(a.crouch, b.crouch), lean: m(a.lean, b.lean),
    nod: m(a.nod, b.nod), stretch: m(a.stretch, b.stretch),
    feet: [foot(a.feet[0], b.feet[0]), foot(a.feet[1], b.feet[1])], arms: [arm(a.arms[0], b.arms[0]), arm(a.arms[1], b.arms[1])],
    wrist: m(a.wrist, b.wrist), slash: m(a.slash, b.slash), kick: m(a.kick, b.kick), flap: m(a.flap, b.flap), topple: m(a.topple, b.topple), turn: m(a.turn, b.turn),
    squash: m(a.squash, b.squash), jx: Math.round(m(a.jx, b.jx)), jy: Math.round(m(a.jy, b.jy)),
    glow: m(a.glow, b.glow), flash: m(a.flash, b.flash), shade: m(a.shade, b.shade), fade: m(a.fade, b.fade), smear: m(a.smear, b.smear),
  };
}
