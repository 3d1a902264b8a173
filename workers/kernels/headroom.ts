// Fitting motion into the frame. Frames keep the start image's size, so a motion may only use the
// free space around the subject. The choice, per segment of the plan:
//   - Sideways and downward reach (offsets, rotation, shear, bend, widening) is scaled by one factor
//     k in [0, 1] for the whole segment, the largest that keeps every frame inside: the motion
//     keeps its shape and timing, only smaller, and never clips.
//   - Upward reach (a jump, a hover, a stretch) uses the headroom above the subject first; what
//     does not fit is expressed as squash instead: a stretch is given up first, then the legs fold
//     (a tuck: the feet still leave the ground by the asked height while the body above them stays
//     under the frame's edge), so with no headroom at all a jump still reads as a jump. The tuck is
//     capped at TUCK_MAX of the height (fully taken up to half of it, then easing into the cap), and
//     the lift is lowered by what exceeds it.
import type { Pose } from './motionPose.ts';
import type { Box } from './subject.ts';
import { placePose, placedExtent } from './poseMap.ts';

const TUCK_MAX = 0.22;
const EPS = 1e-6;

/** `p` with its sideways and downward reach scaled by k (see the file comment). */
function reach(p: Pose, k: number): Pose {
  return {
    ...p,
    dx: p.dx * k,
    dy: p.dy > 0 ? p.dy * k : p.dy,
    rot: p.rot * k,
    lean: p.lean * k,
    bend: p.bend * k,
    jx: Math.round(p.jx * k),
    jy: Math.round(p.jy * k),
    sx: Math.abs(p.sx) > 1 ? Math.sign(p.sx) * (1 + (Math.abs(p.sx) - 1) * k) : p.sx,
  };
}

function fitsSideways(poses: readonly Pose[], boxes: readonly Box[], w: number, h: number, pixel: boolean): boolean {
  return poses.every((p, i) => {
    const box = boxes[i] as Box;
    const e = placedExtent(placePose(p, box, pixel), box);
    return e.x0 >= -EPS && e.x1 <= w + EPS && e.y1 <= h + EPS;
  });
}

/**
 * Takes upward overflow away: first the stretch (there is no room to stretch into), then by
 * folding the legs (a tuck: the feet keep their lift, the body above them comes down and keeps its
 * shape), capped softly at TUCK_MAX of the height; what is left lowers the lift, and as a last
 * resort (a swell with no lift to lower) the height is squashed.
 */
function tuck(p: Pose, box: Box, pixel: boolean): Pose {
  let q = p;
  const h = box.height;
  const over = (r: Pose): { over: number; above: number } => {
    const pl = placePose(r, box, pixel);
    const e = placedExtent(pl, box);
    return { over: -e.y0, above: pl.py + pl.ty - e.y0 };
  };
  let o = over(q);
  if (o.over <= EPS) return q;
  if (q.sy > 1) {
    q = { ...q, sy: Math.max(1, q.sy * (1 - o.over / o.above)) };
    o = over(q);
    if (o.over <= EPS) return q;
  }
  const need = o.over / Math.max(EPS, q.sy) / h;
  const room = Math.max(0, TUCK_MAX - q.tuck);
  // Linear up to half the room, then easing into the cap (tanh), continuous in value and slope.
  const half = room / 2;
  const fold = need <= half ? need : half + half * Math.tanh((need - half) / Math.max(EPS, half));
  const lower = Math.min((need - fold) * q.sy, Math.max(0, -q.dy));
  q = { ...q, tuck: q.tuck + fold, dy: q.dy + lower };
  o = over(q);
  if (o.over > EPS) q = { ...q, sy: q.sy * (1 - o.over / o.above) };
  return q;
}

/** Moves a snapped pose by whole pixels so its extent lies inside the frame (rounding can leak a pixel). */
function nudge(p: Pose, box: Box, w: number, h: number, pixel: boolean): Pose {
  let q = p;
  for (let pass = 0; pass < 3; pass++) {
    const e = placedExtent(placePose(q, box, pixel), box);
    let jx = 0, jy = 0, shrink = false;
    if (e.x0 < -EPS) jx = Math.ceil(-e.x0 - EPS);
    else if (e.x1 > w + EPS) jx = -Math.ceil(e.x1 - w - EPS);
    if (e.y1 > h + EPS) jy = -Math.ceil(e.y1 - h - EPS);
    else if (e.y0 < -EPS) shrink = true;
    if (!jx && !jy && !shrink) return q;
    q = { ...q, jx: q.jx + jx, jy: q.jy + jy, sy: shrink ? q.sy - 1 / box.height : q.sy };
  }
  return q;
}

/**
 * The poses of one segment fitted into a `width` x `height` frame; `boxes[i]` is the subject's box
 * at frame i (the same box throughout, or a morph's moving box).
 */
export function fitPoses(poses: readonly Pose[], boxes: readonly Box[], width: number, height: number, pixel: boolean): Pose[] {
  if (poses.length !== boxes.length) throw new RangeError(`Expected ${poses.length} boxes for poses but received ${boxes.length}`);
  let k = 1;
  if (!fitsSideways(poses, boxes, width, height, pixel)) {
    let lo = 0, hi = 1;
    for (let it = 0; it < 14; it++) {
      const mid = (lo + hi) / 2;
      if (fitsSideways(poses.map((p) => reach(p, mid)), boxes, width, height, pixel)) lo = mid;
      else hi = mid;
    }
    k = lo;
  }
  return poses.map((p, i) => {
    const box = boxes[i] as Box;
    return nudge(tuck(k === 1 ? p : reach(p, k), box, pixel), box, width, height, pixel);
  });
}
