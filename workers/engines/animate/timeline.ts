// The plan, frame by frame: which motion and phase each frame shows. Frame i of a segment of L
// frames sits at phase (i - from) / L, so the frame after a segment's last is phase 1 = the rest
// pose = the next segment's (or, looping, the clip's) first frame. A segment that must land on its
// final pose (a die, or the last segment before an end image) uses (i - from) / (L - 1); a die
// into an end image lands a quarter of its frames early, and the end image holds from there.
import { hashString } from '../../kernels/random.ts';
import { SIZE_FACTOR } from './plan.ts';
import type { MotionPlan } from './plan.ts';
import type { Side } from './words.ts';
import { REST } from './motionFrame.ts';
import type { MotionFrame } from './motionFrame.ts';
import { MOTIONS } from './motions/index.ts';

export interface TimedFrame {
  frame: MotionFrame;
  /** Index of the plan segment the frame belongs to. */
  segment: number;
  /** The side the text sent this motion to, when it goes somewhere (see RigMotion.travel). */
  toward?: { side: Side; travel: 1 | -1 };
  /**
   * Into an end image, a last motion that ends elsewhere than rest (a die) has landed: from here the
   * end image shows where it landed, as drawn.
   */
  landed?: boolean;
}

/** Share of a landing motion's frames held on the end image after it lands. */
const HOLD = 0.25;

export function planTimeline(plan: MotionPlan, frames: number, seedText: string, closes: boolean): TimedFrame[] {
  const seed = hashString(`${seedText}\u0000motion`);
  const out: TimedFrame[] = [];
  plan.motions.forEach((m, s) => {
    const motion = MOTIONS[m.name];
    const length = m.to - m.from + 1;
    const last = s === plan.motions.length - 1;
    const lands = (!motion.returns || (closes && last)) && length > 1;
    // A die into an end image falls over the first frames and cuts to the end image, which holds.
    const intoEnd = closes && last && !motion.returns && length > 2;
    const span = intoEnd ? Math.max(1, length - 1 - Math.max(1, Math.round(HOLD * length))) : lands ? length - 1 : length;
    for (let i = m.from; i <= m.to; i++) {
      const phase = Math.min(1, (i - m.from) / span);
      const cycles = phase * m.cycles;
      const u = phase >= 1 ? 1 : cycles - Math.floor(cycles);
      const ctx = { amplitude: SIZE_FACTOR[m.amplitude], frame: i, seed } as const;
      const f = i === 0 || u === 0 ? { ...REST } : motion.at(u, ctx);
      const timed: TimedFrame = { frame: f, segment: s };
      if (m.direction !== 'none' && motion.travel) timed.toward = { side: m.direction, travel: motion.travel };
      if (intoEnd && phase >= 1) timed.landed = true;
      out.push(timed);
    }
  });
  if (out.length !== frames) throw new RangeError(`Expected the plan to cover ${frames} frames but it covers ${out.length}`);
  return out;
}
