// The motion library by name: every motion the plan can name, as joint curves for the rig. The one
// definition of the motion names, of each motion's cycle length and of whether it loops.
import type { RigMotion } from '../motionFrame.ts';
import { bounce, dash, float, idle, jump, run, walk } from './locomotion.ts';
import { attack, cast, cheer, crouch, die, hit, kick, pulse, shake, spin, wave } from './actions.ts';

export const MOTION_NAMES = [
  'idle', 'walk', 'run', 'jump', 'attack', 'hit', 'die', 'spin', 'float', 'bounce', 'shake', 'pulse', 'wave', 'dash', 'cast', 'cheer', 'crouch', 'kick',
] as const;

export type MotionName = (typeof MOTION_NAMES)[number];

export const MOTIONS: Readonly<Record<MotionName, RigMotion>> = Object.freeze({
  idle, walk, run, jump, bounce, dash, float, attack, hit, die, spin, shake, pulse, wave, cast, cheer, crouch, kick,
});

/**
 * How many times a motion repeats over `frames` frames at `speed` (1 normal, > 1 faster): whole,
 * at least once, so every segment ends on the rest pose. Motions that do not return play once.
 */
export function motionCycles(name: MotionName, frames: number, speed = 1): number {
  const m = MOTIONS[name];
  if (!m.returns) return 1;
  return Math.max(1, Math.round((frames * speed) / m.framesPerCycle));
}
