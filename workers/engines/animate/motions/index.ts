// The motion library by name: every motion the plan can name, as joint curves for the rig.
import type { MotionName } from '../../../kernels/motion.ts';
import type { RigMotion } from '../motionFrame.ts';
import { bounce, dash, float, idle, jump, run, walk } from './locomotion.ts';
import { attack, cast, die, hit, pulse, shake, spin, wave } from './actions.ts';

export const RIG_MOTIONS: Readonly<Record<MotionName, RigMotion>> = Object.freeze({
  idle, walk, run, jump, bounce, dash, float, attack, hit, die, spin, shake, pulse, wave, cast,
});
