// Posing one rig like another (character overlay: a character copies each pose of a sheet). Every
// bone of the character that has a counterpart in the target turns so it points the way the
// target's does; a bone without one follows its parent. Legs also take the target's hip height (a
// crouch shortens them), within limits: a rig found on a small or busy pose is rough. A raised hand
// may instead be placed where the target's is (overlay), its arm bent to reach it, and limbs may be
// fitted to the target's outline.
import type { Bone, BonePose, Rig } from './types.ts';
import { footRows } from './types.ts';
import { apply, boneTransforms, chainLength, invert, twoBoneIk, wrap } from './kinematics.ts';
import type { RigPose } from './kinematics.ts';
import { median } from '../../kernels/median.ts';
import { fitLegTurn } from './legFit.ts';
import { fitArms } from './armFit.ts';
import { fistArm } from './humanoid.ts';

export interface MatchOptions {
  /** The target seen in a mirror: it faces the other way, so its left is the character's right. */
  mirror: boolean;
  /** How far the target leans (horizontal shift per pixel of height, top to the right positive). */
  lean: number;
  /**
   * Raised hands go where the target's are, in proportion to the heights (the elbows bending out),
   * not only the way its arms point: a fist raised beside a big head stays beside it.
   */
  hands?: boolean;
  /**
   * Limbs turn as the target's outline shows where that fits clearly better than its bones: legs
   * drawn apart (legFit.ts), a chibi's short legs kicking out as wholes, and arms the target's rig
   * could not tell from its body (armFit.ts). For one pose copied outright; a motion read frame by
   * frame keeps the bones, whose turns are steadier from one frame to the next.
   */
  outlines?: boolean;
}

// How far a leg may shorten or lengthen to take the target's hip height.
const MIN_LEG = 0.65;
const MAX_LEG = 1.15;
// A leg shortened past this is bent at the knee rather than turned as a whole.
const STRAIGHT_LEG = 0.9;

const length = (b: Bone): number => Math.hypot(b.tail.x - b.head.x, b.tail.y - b.head.y);

/**
 * The target's bone that plays the part of the character's bone `name`, if it has one. Only limbs
 * and the head are matched: a torso bone's direction is a convention (the pelvis runs from the
 * left hip to the right one, which a mirror would read as a half turn), and the spine takes the lean.
 */
function counterpart(name: string, rig: Rig, target: Rig, mirror: boolean): Bone | undefined {
  if (!/^(arm|leg|wing|head$)/.test(name)) return undefined;
  // A small figure's arm bones only carry its fist (humanoid.ts): drawn hanging, they say nothing of
  // where an arm points, and its arms are taken as not found.
  const find = (n: string): Bone | undefined => (fistArm(target, n) ? undefined : target.bones[target.index[n] ?? -1]);
  const swapped = mirror ? name.replace(/^(arm|leg|wing)([LR])/, (_, k: string, s: string) => k + (s === 'L' ? 'R' : 'L')) : name;
  const direct = find(swapped);
  if (direct) return direct;
  const leg = /^leg([LRFB])(Lower)?$/.exec(name);
  if (leg) {
    const lower = leg[2] ?? '';
    // Legs drawn apart are named by screen side, legs together front and back: the front leg is
    // the one on the side the figure faces.
    const front = target.facing === 1 ? 'R' : 'L';
    const side = leg[1] === 'F' ? front : leg[1] === 'B' ? (front === 'R' ? 'L' : 'R') : null;
    if (side) return find(`leg${mirror ? (side === 'R' ? 'L' : 'R') : side}${lower}`);
    return find(`legF${lower}`);
  }
  const arm = /^arm([LR])(Lower|Weapon)?$/.exec(name);
  if (arm) {
    // A side view shows one arm: whichever side it was found on, it is the one the character has.
    const arms = ['armL', 'armR'].filter((n) => target.index[n] !== undefined && !fistArm(target, n));
    const own = ['armL', 'armR'].filter((n) => rig.index[n] !== undefined);
    if (arms.length === 1 && own.length === 1) return find(`${arms[0]}${arm[2] ?? ''}`);
    // A front view is its own mirror image: an arm not found (a fist raised against the big head
    // merges with it) is held as the other one is, mirrored.
    if (target.view === 'front' && arms.length === 1 && arm[2] !== 'Weapon') {
      const other = find(`${arms[0]}${arm[2] ?? ''}`);
      // Mirrored about the body's axis (the neck).
      const axis = 2 * (find('spine')?.tail.x ?? 0);
      if (other) return { ...other, head: { x: axis - other.head.x, y: other.head.y }, tail: { x: axis - other.tail.x, y: other.tail.y } };
    }
  }
  return undefined;
}

/** The angle of a bone on screen (radians, clockwise from +x), seen in a mirror if asked. */
const direction = (b: Bone, mirror: boolean): number => Math.atan2(b.tail.y - b.head.y, (mirror ? -1 : 1) * (b.tail.x - b.head.x));

/** The pose that makes `rig` look like `target`. */
export function matchPose(rig: Rig, target: Rig, opts: MatchOptions): RigPose {
  const world: number[] = [];
  const bones: (BonePose | undefined)[] = [];
  const outlined = new Set<string>();
  const legShare = (r: Rig, upper: Bone | undefined, lower: Bone | undefined): number =>
    upper && lower ? chainLength(upper, lower) / Math.max(1, r.height) : 0;
  rig.bones.forEach((bone, i) => {
    const inherited = bone.parent >= 0 ? (world[bone.parent] as number) : 0;
    const other = counterpart(bone.name, rig, target, opts.mirror);
    let turn = inherited;
    if (bone.name === 'spine') turn = Math.atan((opts.mirror ? -1 : 1) * opts.lean);
    else if (other && length(other) >= 1 && length(bone) >= 1) turn = wrap(direction(other, opts.mirror) - direction(bone, false));
    let stretch = 1;
    const leg = /^(leg[LRFB])(Lower)?$/.exec(bone.name);
    if (leg) {
      const name = leg[1] as string;
      const own = legShare(rig, rig.bones[rig.index[name] ?? -1], rig.bones[rig.index[`${name}Lower`] ?? -1]);
      const upper = counterpart(name, rig, target, opts.mirror), lower = counterpart(`${name}Lower`, rig, target, opts.mirror);
      const theirs = legShare(target, upper, lower);
      if (own > 0 && theirs > 0) stretch = Math.max(MIN_LEG, Math.min(MAX_LEG, theirs / own));
    }
    // A leg at its length turns as its outline shows, when that fits clearly better, and is then
    // straight below the knee (a shortened one is bent, its knee in front: its outline shows no turn).
    if (opts.outlines && other && stretch >= STRAIGHT_LEG && /^leg[LRFB]$/.test(bone.name) && /^leg[LR]$/.test(other.name)) {
      const fitted = fitLegTurn(rig, bone, target, other, opts.mirror, turn);
      if (fitted !== turn) (turn = fitted), outlined.add(`${bone.name}Lower`);
    } else if (outlined.has(bone.name)) turn = inherited;
    world[i] = turn;
    bones.push({ angle: wrap(turn - inherited), stretch });
  });
  const pose = { bones, offset: { x: 0, y: 0 } };
  if (opts.hands) for (const arm of ['armL', 'armR']) reachHand(rig, target, pose, arm, opts.mirror);
  if (opts.outlines) fitArms(rig, pose, target, opts.mirror);
  return pose;
}

/**
 * The arm `arm` of `rig` in `pose` turned (two-bone IK from its shoulder) so its hand lies where the
 * target's counterpart hand lies relative to the target's hips, scaled by the rigs' heights, when
 * that hand is raised above the target's neck; the elbow bends away from the body. Nothing changes
 * where either rig lacks the arm or a spine. A hand held lower keeps the turn matched: there the
 * arm's direction is what the pose says, and reaching for a spot flares a chibi's short arms out.
 */
function reachHand(rig: Rig, target: Rig, pose: RigPose, arm: string, mirror: boolean): void {
  const upperAt = rig.index[arm], lowerAt = rig.index[`${arm}Lower`], spineAt = rig.index.spine, theirSpine = target.index.spine;
  if (upperAt === undefined || lowerAt === undefined || spineAt === undefined || theirSpine === undefined) return;
  const theirHand = counterpart(`${arm}Lower`, rig, target, mirror)?.tail;
  const theirSpineBone = target.bones[theirSpine]!, theirHips = theirSpineBone.head;
  if (!theirHand || theirHand.y >= theirSpineBone.tail.y) return;
  const upper = rig.bones[upperAt]!, lower = rig.bones[lowerAt]!, spine = rig.bones[spineAt]!;
  const k = rig.height / Math.max(1, target.height);
  const transforms = boneTransforms(rig, pose);
  const hips = apply(transforms[spineAt]!, spine.head.x, spine.head.y);
  const want = { x: hips.x + (mirror ? -1 : 1) * (theirHand.x - theirHips.x) * k, y: hips.y + (theirHand.y - theirHips.y) * k };
  // In the rest frame of the arm's parent, where the IK works.
  const local = apply(invert(transforms[upper.parent]!), want.x, want.y);
  const elbowX = (turn: number): number => upper.head.x + Math.cos(turn) * (upper.tail.x - upper.head.x) - Math.sin(turn) * (upper.tail.y - upper.head.y);
  const options = ([1, -1] as const).map((bend) => twoBoneIk(upper.head, upper.tail, lower.tail, local, bend));
  const out = Math.sign(upper.head.x - spine.head.x) || 1;
  const [a, b] = options.reduce((best, o) => (out * elbowX(o[0]) > out * elbowX(best[0]) ? o : best));
  pose.bones[upperAt] = { angle: a, stretch: 1 };
  pose.bones[lowerAt] = { angle: b, stretch: 1 };
}

// How far one bone may turn from its rest in a retargeted motion: past it the skin tears, and a
// larger turn is more likely a misread frame than the motion.
const MAX_TURN = 1.1;
// From this many poses a motion is a sequence whose single-pose outliers are misreadings.
const FILTERED = 5;

/**
 * A motion (poses in playing order, looping), each pose taken as its change from the poses' median:
 * restyle's reference keeps its own stance and takes the source's swings, not the source's
 * proportions. Angles are medians about each bone's own median direction (a turn near half a turn
 * does not average to zero); each change is the median of it and its two neighbours in time, since
 * a rig found on one small frame can misread a limb that the frames around it read right. A pose
 * given as null (not read) holds its neighbour's.
 */
export function motionOf(poses: readonly (RigPose | null)[], bones: number): (RigPose | null)[] {
  const change = Array.from({ length: bones }, (_, b) => {
    const got = poses.map((p) => p?.bones[b]);
    const seen = got.filter((g): g is BonePose => g !== undefined);
    if (seen.length === 0) return got.map(() => undefined);
    const first = seen[0]!.angle;
    const angle = first + median(seen.map((g) => wrap(g.angle - first))), stretch = median(seen.map((g) => g.stretch));
    const raw = got.map((g) => g && { angle: wrap(g.angle - angle), stretch: g.stretch / stretch });
    if (seen.length < FILTERED) return raw;
    return raw.map((g, i) => {
      if (!g) return undefined;
      const near = [raw[(i + raw.length - 1) % raw.length] ?? g, g, raw[(i + 1) % raw.length] ?? g];
      return { angle: median(near.map((n) => n.angle)), stretch: median(near.map((n) => n.stretch)) };
    });
  });
  const motion = poses.map((p, i) => p && {
    offset: p.offset,
    bones: change.map((c) => {
      const g = c[i];
      return g && { angle: Math.max(-MAX_TURN, Math.min(MAX_TURN, g.angle)), stretch: g.stretch };
    }),
  });
  // A pose that could not be read holds the nearest one before it (or, at the start, after it).
  return motion.map((p, i) => p ?? motion.slice(0, i).reverse().find((q) => q) ?? motion.slice(i + 1).find((q) => q) ?? null);
}

/**
 * `rig` with a side view's legs drawn as one (legF and legB over the same pixels, pointing the same
 * way) read apart: the near leg ends at the front of the feet (the lowest rows' end the figure
 * faces), the far one at their back. Read as one, a stride under a robe, or feet slid apart as
 * blocks, never shows; read apart, a run of poses shows it as a change from the usual spread
 * (motionOf), the spread at rest being the feet's own length.
 */
export function feetApart(rig: Rig): Rig {
  const { legF, legFLower, legB, legBLower } = rig.index;
  if (rig.view !== 'side' || legF === undefined || legFLower === undefined || legB === undefined || legBLower === undefined) return rig;
  const { labels, width } = rig;
  let bottom = -1;
  for (let p = labels.length - 1; p >= 0 && bottom < 0; p--) if (labels[p]! >= 0) bottom = Math.floor(p / width);
  let x0 = Infinity, x1 = -Infinity;
  for (let y = Math.max(0, bottom + 1 - footRows(rig.height)); y <= bottom; y++) {
    for (let x = 0; x < width; x++) if (labels[y * width + x]! >= 0) (x0 = Math.min(x0, x)), (x1 = Math.max(x1, x + 1));
  }
  if (x1 < x0) return rig;
  const bones = rig.bones.slice();
  const reach = (upper: number, lower: number, x: number): void => {
    const hip = bones[upper]!.head, foot = { x, y: bones[lower]!.tail.y };
    const knee = { x: (hip.x + foot.x) / 2, y: (hip.y + foot.y) / 2 };
    bones[upper] = { ...bones[upper]!, tail: knee };
    bones[lower] = { ...bones[lower]!, head: knee, tail: foot };
  };
  reach(legF, legFLower, rig.facing > 0 ? x1 : x0);
  reach(legB, legBLower, rig.facing > 0 ? x0 : x1);
  return { ...rig, bones };
}
