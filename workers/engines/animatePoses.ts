// The plan, frame by frame: which motion and phase each frame shows, its pose, and the pose
// fitted into the frame (kernels/headroom.ts). Frame i of a segment of L frames sits at phase
// (i - from) / L, so the frame after the segment's last is phase 1 = the rest pose = the next
// segment's (or, after the last segment, the clip's) first frame: the clip loops seamlessly.
// A segment that must land on its final pose (a die, or the last segment before an end image)
// uses (i - from) / (L - 1) instead, so its last frame is exactly phase 1.
import { easeInOut, span } from '../kernels/easing.ts';
import { fitPoses } from '../kernels/headroom.ts';
import { MOTIONS, motionPose } from '../kernels/motion.ts';
import { IDENTITY, towardPose } from '../kernels/motionPose.ts';
import type { MotionContext, Pose } from '../kernels/motionPose.ts';
import { hashString } from '../kernels/random.ts';
import type { Box } from '../kernels/subject.ts';
import { SIZE_FACTOR } from './motionPlan.ts';
import type { MotionPlan } from './motionPlan.ts';

export interface FramePose {
  pose: Pose;
  /** Index of the plan segment the frame belongs to. */
  segment: number;
}

export interface PoseOptions {
  width: number;
  height: number;
  /** The subject's box at each frame (one box for a loop, a moving box for a morph). */
  boxes: readonly Box[];
  pixel: boolean;
  seed: string;
  /** An end image closes the clip: the last segment lands on its phase 1 and nothing fades out. */
  closes: boolean;
}

/** Right unless the text said left; for a fall with no side named, the side with more room. */
function sideOf(dir: 'left' | 'right' | 'none', name: string, box: Box | undefined, width: number): -1 | 0 | 1 {
  if (dir === 'left') return -1;
  if (dir === 'right') return 1;
  if (name === 'die' && box) return width - (box.x + box.width) >= box.x ? 1 : -1;
  return 0;
}

/** Every frame's fitted pose. Frame 0 is always the rest pose (it is the start image itself). */
export function planPoses(plan: MotionPlan, frames: number, opts: PoseOptions): FramePose[] {
  const seed = hashString(`${opts.seed}\u0000motion`);
  const out: FramePose[] = [];
  plan.motions.forEach((m, s) => {
    const motion = MOTIONS[m.name];
    const length = m.to - m.from + 1;
    const last = s === plan.motions.length - 1;
    const lands = (!motion.returns || (opts.closes && last)) && length > 1;
    const raw: Pose[] = [];
    const boxes: Box[] = [];
    for (let i = m.from; i <= m.to; i++) {
      const box = opts.boxes[i] as Box;
      const phase = (i - m.from) / (lands ? length - 1 : length);
      const cycles = phase * m.cycles;
      const u = phase >= 1 ? 1 : cycles - Math.floor(cycles);
      const ctx: MotionContext = {
        amplitude: SIZE_FACTOR[m.amplitude],
        direction: sideOf(m.direction, m.name, opts.boxes[m.from], opts.width),
        frame: i,
        seed,
      };
      let p = i === 0 ? { ...IDENTITY } : motionPose(m.name, u, ctx);
      // Into an end image, a motion that does not return (die) eases out instead, unfaded.
      if (opts.closes && !motion.returns) p = towardPose({ ...p, fade: 1 }, 1 - easeInOut(span(phase, 0.6, 1)));
      raw.push(p);
      boxes.push(box);
    }
    const fitted = fitPoses(raw, boxes, opts.width, opts.height, opts.pixel);
    fitted.forEach((pose) => out.push({ pose, segment: s }));
  });
  if (out.length !== frames) throw new RangeError(`Expected the plan to cover ${frames} frames but it covers ${out.length}`);
  return out;
}
