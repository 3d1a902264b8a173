// The library of parametric motions the animate engine plays, by name. A motion is a pose as a
// function of the cycle phase (pose.ts); the plan (engines/motionPlan.ts) says which motions play
// over which frames, how fast, how big and to which side.
import * as locomotion from './motionLocomotion.ts';
import * as action from './motionAction.ts';
import { IDENTITY } from './motionPose.ts';
import type { Motion, MotionContext, Pose } from './motionPose.ts';
import { lookupMotionWord } from './motionWords.ts';
import { words } from './words.ts';

export const MOTION_NAMES = [
  'idle', 'walk', 'run', 'jump', 'attack', 'hit', 'die', 'spin', 'float', 'bounce', 'shake', 'pulse', 'wave', 'dash', 'cast',
] as const;

export type MotionName = (typeof MOTION_NAMES)[number];

export const MOTIONS: Readonly<Record<MotionName, Motion>> = Object.freeze({
  idle: locomotion.idle,
  walk: locomotion.walk,
  run: locomotion.run,
  jump: locomotion.jump,
  bounce: locomotion.bounce,
  dash: locomotion.dash,
  float: locomotion.float,
  attack: action.attack,
  hit: action.hit,
  die: action.die,
  spin: action.spin,
  shake: action.shake,
  pulse: action.pulse,
  wave: action.wave,
  cast: action.cast,
});

export function isMotionName(name: string): name is MotionName {
  return (MOTION_NAMES as readonly string[]).includes(name);
}

/** The pose of motion `name` at cycle phase `u` (clamped to [0, 1]); the rest pose at u = 0. */
export function motionPose(name: MotionName, u: number, ctx: MotionContext): Pose {
  const phase = Math.min(1, Math.max(0, u));
  if (phase === 0) return { ...IDENTITY };
  return MOTIONS[name].at(phase, ctx);
}

/**
 * How many times a motion repeats over `frames` frames at `speed` (1 normal, > 1 faster): whole,
 * at least once, so every segment ends on the rest pose. Motions that do not return play once.
 */
export function motionCycles(name: MotionName, frames: number, speed = 1): number {
  const m = MOTIONS[name];
  if (!m.returns) return 1;
  return Math.max(1, Math.round((frames * speed) / m.framesPerCycle));
}

/**
 * The first motion `text` names (synonyms and word forms included), else 'idle'. A quick reading
 * for callers that want one name; the animate engine reads a whole plan (engines/motionPlan.ts).
 */
export function motionFromText(text: string): MotionName {
  for (const w of words(text)) {
    const hit = lookupMotionWord(w, true);
    if (hit?.kind === 'motion') return hit.motion;
  }
  return 'idle';
}
