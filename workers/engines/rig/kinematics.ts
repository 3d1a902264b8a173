// Forward kinematics: each bone's 2D affine transform from its parent's and its own turn and
// stretch; and the two-bone inverse kinematics that keeps a foot where a motion puts it.
import type { Bone, BonePose, Rig, Vec } from './types.ts';

/** x' = a x + c y + e, y' = b x + d y + f. */
export type Affine = [number, number, number, number, number, number];

export const IDENTITY_AFFINE: Affine = [1, 0, 0, 1, 0, 0];

export function compose(m: Affine, n: Affine): Affine {
  return [
    m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** The transform that undoes `m` (an invertible affine). */
export function invert(m: Affine): Affine {
  const det = m[0] * m[3] - m[1] * m[2];
  const a = m[3] / det, b = -m[1] / det, c = -m[2] / det, d = m[0] / det;
  return [a, b, c, d, -(a * m[4] + c * m[5]), -(b * m[4] + d * m[5])];
}

export function apply(m: Affine, x: number, y: number): Vec {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

/** A turn by `angle` (clockwise on screen) about `c`. */
export function rotateAbout(c: Vec, angle: number): Affine {
  const cos = Math.cos(angle), sin = Math.sin(angle);
  return [cos, sin, -sin, cos, c.x - cos * c.x + sin * c.y, c.y - sin * c.x - cos * c.y];
}

/** A stretch by `s` along the unit direction `u` through `c` (across it, nothing changes). */
function stretchAlong(c: Vec, u: Vec, s: number): Affine {
  const k = s - 1;
  const a = 1 + k * u.x * u.x, b = k * u.x * u.y, d = 1 + k * u.y * u.y;
  return [a, b, b, d, c.x - a * c.x - b * c.y, c.y - b * c.x - d * c.y];
}

export interface RigPose {
  /** Per bone (by index): its turn and stretch; a missing entry is the rest pose. */
  bones: (BonePose | undefined)[];
  /** The root's move, in pixels. */
  offset: Vec;
}

/** The world transform of every bone: parent first (bones are stored parents before children). */
export function boneTransforms(rig: Rig, pose: RigPose): Affine[] {
  const out: Affine[] = [];
  rig.bones.forEach((bone, i) => {
    const parent = bone.parent >= 0 ? out[bone.parent] : ([1, 0, 0, 1, pose.offset.x, pose.offset.y] as Affine);
    out.push(compose(parent as Affine, localTransform(bone, pose.bones[i])));
  });
  return out;
}

/** A bone's own transform in its parent's frame for its pose `bp` (undefined: at rest). */
export function localTransform(bone: Bone, bp: BonePose | undefined): Affine {
  let local: Affine = IDENTITY_AFFINE;
  if (!bp) return local;
  const len = Math.hypot(bone.tail.x - bone.head.x, bone.tail.y - bone.head.y);
  if (bp.stretch !== 1 && len > 0) {
    local = stretchAlong(bone.head, { x: (bone.tail.x - bone.head.x) / len, y: (bone.tail.y - bone.head.y) / len }, bp.stretch);
  }
  const angle = bone.maxTurn === undefined ? bp.angle : Math.max(-bone.maxTurn, Math.min(bone.maxTurn, bp.angle));
  return angle !== 0 ? compose(rotateAbout(bone.head, angle), local) : local;
}

/**
 * The turns of a two-bone limb (upper from `hip`, lower from the knee) that put its end at `target`,
 * the knee bending toward `bend` (+1 the knee goes to +x of the limb's line, -1 to -x). Returns
 * [upper, lower] turns relative to the rest pose. An unreachable target straightens the limb.
 */
export function twoBoneIk(hip: Vec, knee: Vec, foot: Vec, target: Vec, bend: 1 | -1): [number, number] {
  const a = Math.hypot(knee.x - hip.x, knee.y - hip.y);
  const b = Math.hypot(foot.x - knee.x, foot.y - knee.y);
  const dx = target.x - hip.x, dy = target.y - hip.y;
  const d = Math.min(a + b - 1e-6, Math.max(Math.abs(a - b) + 1e-6, Math.hypot(dx, dy)));
  if (a === 0 || b === 0) return [0, 0];
  // Interior angle at the hip between the hip->target line and the upper bone.
  const cosHip = (a * a + d * d - b * b) / (2 * a * d);
  const hipAngle = Math.acos(Math.max(-1, Math.min(1, cosHip)));
  const cosKnee = (a * a + b * b - d * d) / (2 * a * b);
  const kneeInterior = Math.acos(Math.max(-1, Math.min(1, cosKnee)));
  const toTarget = Math.atan2(dy, dx);
  const upperDir = toTarget - bend * hipAngle;
  const restUpper = Math.atan2(knee.y - hip.y, knee.x - hip.x);
  const restLower = Math.atan2(foot.y - knee.y, foot.x - knee.x);
  const lowerDir = upperDir + bend * (Math.PI - kneeInterior);
  return [wrap(upperDir - restUpper), wrap(lowerDir - upperDir - (restLower - restUpper))];
}

/** An angle brought into -pi..pi. */
export function wrap(a: number): number {
  while (a > Math.PI) a -= 2 * Math.PI;
  while (a < -Math.PI) a += 2 * Math.PI;
  return a;
}

/** How far a two-bone limb reaches at rest: from the upper bone's joint to the lower bone's end. */
export const chainLength = (upper: Bone, lower: Bone): number => Math.hypot(lower.tail.x - upper.head.x, lower.tail.y - upper.head.y);
