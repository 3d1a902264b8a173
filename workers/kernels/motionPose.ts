// A motion pose: where a motion puts the subject at one instant, relative to its rest pose (the
// start image). Geometry is in units of the subject's height so one motion reads the same on a
// 32 px slime and a 400 px hero; the engine turns it into pixels (poseMap.ts, warp.ts) after
// fitting it into the frame (headroom.ts).

export interface Pose {
  /** Offset of the pivot (the feet), in subject heights; +y is down. */
  dx: number;
  dy: number;
  /** Scale about the pivot; a negative sx mirrors (a turn). */
  sx: number;
  sy: number;
  /** Rotation about the pivot in radians, clockwise on screen (a topple, a recoil tilt). */
  rot: number;
  /** Shear: the top moves sideways by lean x height while the feet row stays put (walk rock). */
  lean: number;
  /** Like lean but quadratic in height: the top bends most, the base barely (grass, flags, sway). */
  bend: number;
  /** Fraction of the height the legs fold by (the lower LEG_ZONE of the body): a tuck in the air, buckling knees. */
  tuck: number;
  /** One foot lifted, in heights: positive lifts the right foot, negative the left (walking steps). */
  stride: number;
  /** Where on the feet the pivot sits, in subject widths from the centre: +-0.5 is a foot corner. */
  pivot: number;
  /** Whole-pixel jitter added last (shake, a charge tremble). */
  jx: number;
  jy: number;
  /** 0..1 light toward the glow colour, with a halo behind (pulse, cast). */
  glow: number;
  /** 0..1 hurt tint. */
  flash: number;
  /** -1..1 darker / lighter (a turning card edge-on is darker). */
  shade: number;
  /** Opacity, 0..1. */
  fade: number;
  /** 0..1: a ghost of the previous frame's pose is drawn behind (fast strikes and dashes). */
  smear: number;
}

/** The lower part of a subject's height taken as its legs (a humanoid's are about a third). */
export const LEG_ZONE = 0.35;

export const IDENTITY: Readonly<Pose> = Object.freeze({
  dx: 0, dy: 0, sx: 1, sy: 1, rot: 0, lean: 0, bend: 0, tuck: 0, stride: 0, pivot: 0, jx: 0, jy: 0,
  glow: 0, flash: 0, shade: 0, fade: 1, smear: 0,
});

/** A pose from the fields that differ from the rest pose. */
export function pose(fields: Partial<Pose>): Pose {
  return { ...IDENTITY, ...fields };
}

/** The pose `t` of the way from the rest pose to `p` (t = 0 rest, t = 1 `p`); jitter stays whole. */
export function towardPose(p: Pose, t: number): Pose {
  const m = (a: number, b: number): number => a + (b - a) * t;
  return {
    dx: m(0, p.dx), dy: m(0, p.dy), sx: m(1, p.sx), sy: m(1, p.sy), rot: m(0, p.rot), lean: m(0, p.lean),
    bend: m(0, p.bend), tuck: m(0, p.tuck), stride: m(0, p.stride), pivot: p.pivot, jx: Math.round(m(0, p.jx)), jy: Math.round(m(0, p.jy)),
    glow: m(0, p.glow), flash: m(0, p.flash), shade: m(0, p.shade), fade: m(1, p.fade), smear: m(0, p.smear),
  };
}

/**
 * Squash (s < 1) or stretch (s > 1) of height that keeps the area: sx = 1 / sy. A body landing
 * spreads as it flattens; a body taking off thins as it lengthens.
 */
export function squash(s: number): { sx: number; sy: number } {
  return { sx: 1 / s, sy: s };
}

/** What a motion knows besides its phase. */
export interface MotionContext {
  /** 1 normal, less for small, more for big. */
  amplitude: number;
  /** +1 right, -1 left, 0 when the text named no side (motions that need one take right). */
  direction: -1 | 0 | 1;
  /** The frame's index in the clip and a number from the job's seed: for seeded jitter. */
  frame: number;
  seed: number;
}

export interface Motion {
  name: string;
  /** Frames one repeat takes at 12 fps and normal speed. */
  framesPerCycle: number;
  /** False for motions that end elsewhere than the rest pose (die): played once, never looped. */
  returns: boolean;
  /** The pose at cycle phase u in [0, 1]; u = 0 (and u = 1 when `returns`) is the rest pose. */
  at(u: number, ctx: MotionContext): Pose;
}
