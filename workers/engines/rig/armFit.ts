// Arms posed by how the pose's silhouette looks, where its rig could not say. Arms raised beside a
// big head merge into it, an arm across the chest leaves no gap: the pose's rig then has no arm, or
// a wrong one, and the character's arm keeps hanging where the pose shows none. So each arm of the
// character may instead take the turns (shoulder and elbow) at which the character, posed, best
// covers the pose's silhouette: its pixels turned with the arm, the rest of the body as posed,
// compared at the pose's scale about the hips. Taken only when clearly better than the bones' turns.
import type { Rig } from './types.ts';
import { apply, boneTransforms, compose, localTransform, wrap } from './kinematics.ts';
import type { Affine, RigPose } from './kinematics.ts';
import { isRaised } from './drawOrder.ts';
import { MIN_ARM_HEIGHT } from './humanoid.ts';
import { segmentDistance } from './skin.ts';
import { perRig } from './perRig.ts';

/**
 * Tried turns: the upper arm every 15 degrees all the way round and the elbow every 25 up to 150
 * either way, then a quarter of those steps about the REFINED best.
 */
const SHOULDER_STEP = Math.PI / 12;
const ELBOW_STEP = (5 * Math.PI) / 36;
const REFINED = 3;
const ELBOW_REACH = (5 * Math.PI) / 6;
/** How much better (intersection over union with the pose's silhouette) a fitted arm must be. */
const CLEARLY = 0.01;
/** Fewer pixels than this: too small an arm to fit. */
const MIN_PIXELS = 12;
/** About this many of an arm's pixels are followed at most, and of the body's (see fitArms). */
const SAMPLES = 600;
const BODY_SAMPLES = 40000;

const BODY = 1, HEAD = 2;

/**
 * The pixels of `rig` on the grid of every `every`-th column and row, each with the bone it moves
 * with (the nearest of its part's bones) and whether it is the head's: a pose is tried hundreds of
 * times over a few thousand of them, so they are listed once per rig and grid.
 */
interface RigPixels {
  x: Float64Array;
  y: Float64Array;
  bone: Int16Array;
  head: Uint8Array;
  /** How many pixels of the whole rig (every 1) each bone moves. */
  perBone: Int32Array;
}

const pixelsOf = perRig((rig: Rig, every: number): RigPixels => {
  if (every > 1) {
    // A coarser grid picks from the whole list: each pixel's bone is found once per rig.
    const whole = pixelsOf(rig, 1);
    const keep: number[] = [];
    whole.x.forEach((x, i) => { if (Math.floor(x) % every === 0 && Math.floor(whole.y[i]!) % every === 0) keep.push(i); });
    return {
      x: Float64Array.from(keep, (i) => whole.x[i]!), y: Float64Array.from(keep, (i) => whole.y[i]!),
      bone: Int16Array.from(keep, (i) => whole.bone[i]!), head: Uint8Array.from(keep, (i) => whole.head[i]!), perBone: whole.perBone,
    };
  }
  const xs: number[] = [], ys: number[] = [], bones: number[] = [], heads: number[] = [];
  const perBone = new Int32Array(rig.bones.length);
  const W = rig.width;
  rig.labels.forEach((k, p) => {
    const part = rig.parts[k];
    // Copies (a far leg) and underlays re-draw pixels another part already counts.
    if (!part || part.copyOf !== undefined || part.under) return;
    const x = (p % W) + 0.5, y = Math.floor(p / W) + 0.5;
    let best = -1, bestD = Infinity;
    for (const b of part.bones) {
      const bone = rig.bones[b]!;
      const d = segmentDistance({ x, y }, bone.head, bone.tail);
      if (d < bestD) (bestD = d), (best = b);
    }
    // A part bound to no bone (none of its bones found) moves with nothing: it is not followed.
    if (best < 0) return;
    perBone[best]!++;
    xs.push(x); ys.push(y); bones.push(best); heads.push(part.name === 'head' ? 1 : 0);
  });
  return { x: Float64Array.from(xs), y: Float64Array.from(ys), bone: Int16Array.from(bones), head: Uint8Array.from(heads), perBone };
});

/** An arm's followed pixels: where each is and which bone's transform moves it (its offset in the affines). */
interface Samples {
  x: Float64Array;
  y: Float64Array;
  slot: Int32Array;
}

/** What a try covers: [the pose's pixels newly covered, those covered wrongly] (see cover). */
const covered = new Int32Array(2);

/**
 * Where `samples` land through `affines` on `target` (its pixels, `body` over them, `seen` marking
 * what this try has counted by `stamp`), into `covered`: the pose's pixels they newly cover, and
 * those they cover outside it or over the face when the arm is drawn in front of the head.
 */
function cover(samples: Samples, affines: Float64Array, target: Rig, body: Uint8Array, seen: Uint32Array, stamp: number, behindHead: boolean): void {
  const { x: px, y: py, slot } = samples;
  const labels = target.labels, TW = target.width, TH = labels.length / TW;
  let hits = 0, misses = 0;
  for (let i = 0; i < px.length; i++) {
    const j = slot[i]!, x = px[i]!, y = py[i]!;
    const tx = Math.floor(affines[j]! * x + affines[j + 2]! * y + affines[j + 4]!), ty = Math.floor(affines[j + 1]! * x + affines[j + 3]! * y + affines[j + 5]!);
    if (tx < 0 || ty < 0 || tx >= TW || ty >= TH) { misses++; continue; }
    const at = ty * TW + tx;
    if (seen[at] === stamp) continue;
    seen[at] = stamp;
    const under = body[at]!;
    if (under === HEAD && !behindHead) misses++;
    else if (under !== 0) continue;
    else if (labels[at]! >= 0) hits++;
    else misses++;
  }
  covered[0] = hits;
  covered[1] = misses;
}

/**
 * `pose` (of `rig`, copying `target`, seen in a mirror if asked) with each arm turned as fits the
 * target's silhouette clearly better, if any does; changed in place.
 */
export function fitArms(rig: Rig, pose: RigPose, target: Rig, mirror: boolean): void {
  const spine = rig.index.spine, theirSpine = target.index.spine;
  if (spine === undefined || theirSpine === undefined || target.height < MIN_ARM_HEIGHT) return;
  const TW = target.width, TH = target.labels.length / TW;
  let targetArea = 0;
  for (const k of target.labels) if (k >= 0) targetArea++;
  const theirHips = target.bones[theirSpine]!.head;
  const k = target.height / Math.max(1, rig.height);
  const sign = mirror ? -1 : 1;
  // The body is read one pixel in `every` x `every`: a character drawn larger than the pose still
  // lands on each of the pose's pixels it covers (half a pixel apart), and past BODY_SAMPLES each
  // reading is spread over the pose's pixels around it, so a large character costs no more.
  const total = pixelsOf(rig, 1).perBone.reduce((a, b) => a + b, 0);
  const fine = Math.max(1, Math.floor(0.5 / k)), every = Math.max(fine, Math.ceil(Math.sqrt(total / BODY_SAMPLES)));
  const all = pixelsOf(rig, every);
  const spread = every > fine ? Math.ceil(Math.SQRT2 * k * every) : Math.max(1, Math.ceil(k));
  for (const arm of ['armL', 'armR']) {
    const upper = rig.index[arm], lower = rig.index[`${arm}Lower`];
    if (upper === undefined || lower === undefined) continue;
    const weapon = rig.index[`${arm}Weapon`];
    // The arm's pixels, each with which of its bones it moves with (0 upper, 1 lower, 2 weapon),
    // one in `step` x `step` of them: a character drawn larger than the pose lands several on each
    // of the pose's pixels, and past SAMPLES of them a try costs more than it tells.
    const chain = [upper, lower, weapon ?? lower];
    const count = all.perBone[upper]! + all.perBone[lower]! + (weapon === undefined ? 0 : all.perBone[weapon]!);
    const step = Math.max(1, Math.floor(1 / k), Math.ceil(Math.sqrt(count / SAMPLES)));
    const grid = pixelsOf(rig, step);
    const xs: number[] = [], ys: number[] = [], slots: number[] = [];
    grid.bone.forEach((b, i) => {
      const slot = chain.indexOf(b);
      if (slot >= 0) (xs.push(grid.x[i]!), ys.push(grid.y[i]!), slots.push(slot * 6));
    });
    if (xs.length < MIN_PIXELS) continue;
    const transforms = boneTransforms(rig, pose);
    const hips = apply(transforms[spine]!, rig.bones[spine]!.head.x, rig.bones[spine]!.head.y);
    // A bone's transform on to the target's pixels (about the hips, at its scale, mirrored if asked).
    const onTarget = (m: Affine, out: Float64Array, at: number): void => {
      out[at] = sign * k * m[0]; out[at + 1] = k * m[1]; out[at + 2] = sign * k * m[2]; out[at + 3] = k * m[3];
      out[at + 4] = theirHips.x + sign * k * (m[4] - hips.x); out[at + 5] = theirHips.y + k * (m[5] - hips.y);
    };
    const one = new Float64Array(6);
    // The rest of the body as posed (each pixel with its nearest bone), spread over the target
    // pixels it covers at the target's scale. The head's pixels are marked apart: an arm not
    // raised is drawn in front of the head (drawOrder.ts), and a hand over the face is no pose
    // to copy from a silhouette.
    const body = new Uint8Array(TW * TH);
    let outside = 0;
    for (let i = 0; i < all.bone.length; i++) {
      const b = all.bone[i]!;
      if (chain.includes(b)) continue;
      onTarget(transforms[b]!, one, 0);
      const x = all.x[i]!, y = all.y[i]!;
      const tx = Math.floor(one[0]! * x + one[2]! * y + one[4]!), ty = Math.floor(one[1]! * x + one[3]! * y + one[5]!);
      if (tx < 0 || ty < 0 || tx >= TW || ty >= TH) { outside++; continue; }
      const mark = all.head[i] ? HEAD : BODY;
      for (let dy = 0; dy < spread && ty + dy < TH; dy++) for (let dx = 0; dx < spread && tx + dx < TW; dx++) body[(ty + dy) * TW + tx + dx] = mark;
    }
    let shared = 0, union = targetArea + outside * (k * every) ** 2;
    body.forEach((v, q) => { if (v) { if (target.labels[q]! >= 0) shared++; else union++; } });
    const seen = new Uint32Array(TW * TH);
    const samples: Samples = { x: Float64Array.from(xs), y: Float64Array.from(ys), slot: Int32Array.from(slots) };
    const each = Math.max(1, (k * step) ** 2);
    const affines = new Float64Array(18);
    let stamp = 0;
    // Only the arm's bones move between tries: each try composes their transforms on their parent's.
    const trial = transforms.slice();
    const parent = transforms[rig.bones[upper]!.parent]!;
    const fit = (upperAngle: number, lowerAngle: number): number => {
      const m = trial;
      m[upper] = compose(parent, localTransform(rig.bones[upper]!, { angle: upperAngle, stretch: 1 }));
      m[lower] = compose(m[upper]!, localTransform(rig.bones[lower]!, { angle: lowerAngle, stretch: 1 }));
      if (weapon !== undefined) m[weapon] = compose(m[lower]!, localTransform(rig.bones[weapon]!, pose.bones[weapon]));
      chain.forEach((b, i) => onTarget(m[b]!, affines, i * 6));
      const behindHead = isRaised(rig, m, arm);
      stamp++;
      cover(samples, affines, target, body, seen, stamp, behindHead);
      return (shared + each * covered[0]!) / (union + each * covered[1]!);
    };
    const now = { upper: pose.bones[upper]?.angle ?? 0, lower: pose.bones[lower]?.angle ?? 0 };
    const bar = fit(now.upper, now.lower) + CLEARLY;
    // Every turn on a coarse grid, then finer about the best few.
    const coarse: { upper: number; lower: number; fit: number }[] = [];
    for (let a = -Math.PI; a < Math.PI - 1e-9; a += SHOULDER_STEP) {
      for (let e = -ELBOW_REACH; e <= ELBOW_REACH + 1e-9; e += ELBOW_STEP) coarse.push({ upper: a, lower: e, fit: fit(a, e) });
    }
    coarse.sort((p, q) => q.fit - p.fit);
    let best = coarse[0]!;
    for (const c of coarse.slice(0, REFINED)) {
      for (let i = -2; i <= 2; i++) for (let j = -2; j <= 2; j++) {
        const a = c.upper + (i * SHOULDER_STEP) / 4, e = Math.max(-ELBOW_REACH, Math.min(ELBOW_REACH, c.lower + (j * ELBOW_STEP) / 4));
        const f = fit(a, e);
        if (f > best.fit) best = { upper: a, lower: e, fit: f };
      }
    }
    if (best.fit <= bar) continue;
    pose.bones[upper] = { angle: wrap(best.upper), stretch: 1 };
    pose.bones[lower] = { angle: best.lower, stretch: 1 };
  }
}
