// A motion frame on a particular rig: bone turns and stretches (two-bone IK keeps the feet where the
// frame puts them), and the whole-body transform (flight, topple, turn, a soft body's squash).
// Side views move in their facing direction; front views lift and foreshorten instead of swinging.
import type { Rig, BonePose, Vec } from '../rig/types.ts';
import type { Affine, RigPose } from '../rig/kinematics.ts';
import { apply, boneTransforms, chainLength, compose, rotateAbout, twoBoneIk, wrap } from '../rig/kinematics.ts';
import type { MotionFrame } from './motionFrame.ts';
import type { TimedFrame } from './timeline.ts';
import { perRig } from '../rig/perRig.ts';
import { easeInOut, span } from '../../kernels/easing.ts';

export interface PosedRig {
  pose: RigPose;
  global: Affine;
}

/** A melted soft body's size against its rest size. */
const MELTED = { width: 1.7, height: 0.3 };

const translate = (x: number, y: number): Affine => [1, 0, 0, 1, x, y];
const scaleAbout = (c: Vec, sx: number, sy: number): Affine => [sx, 0, 0, sy, c.x - sx * c.x, c.y - sy * c.y];

/** The legs in the motion's order: those its first foot moves, then those its second does (as armOrder, the lead first where it matters). */
function legPairs(rig: Rig, kicking: boolean): [string[], string[]] {
  const has = (n: string) => rig.index[n] !== undefined;
  if (has('legF')) return [['legF'], ['legB']];
  // A kick's leg is the near one, on the side the body faces: the far leg kicked forward passes
  // behind the body, hidden, dragging the hem of what covers the hips.
  if (has('legL')) return kicking && rig.facing === 1 ? [['legR'], ['legL']] : [['legL'], ['legR']];
  const legs = Object.keys(rig.index).filter((n) => /^leg\d$/.test(n));
  return [legs.filter((_, i) => i % 2 === 0), legs.filter((_, i) => i % 2 === 1)];
}

/** The arms in the motion's order: lead first (the armed arm, else the one on the facing side). */
function armOrder(rig: Rig): (string | undefined)[] {
  const arms = ['armL', 'armR'].filter((n) => rig.index[n] !== undefined);
  if (rig.view === 'front') return [rig.index.armL !== undefined ? 'armL' : undefined, rig.index.armR !== undefined ? 'armR' : undefined];
  const armed = arms.find((n) => rig.index[`${n}Weapon`] !== undefined);
  const lead = armed ?? arms.find((n) => (n === 'armR') === (rig.facing === 1)) ?? arms[0];
  return [lead, arms.find((n) => n !== lead)];
}

/** The weapon's direction at wind-up and at the end of the strike: radians from pointing down, forward positive. */
const WOUND_UP = -2.5;
const STRUCK = 0.6 - 2 * Math.PI;
/** A front view's striking arm, out from its side (radians): raised over the shoulder, then across the body. */
const FRONT_WOUND_UP = 1.4;
const FRONT_STRUCK = -0.35;
/** How far a front view's kicking leg swings out to its side (radians from down): the foot near hip height. */
const FRONT_KICK = 1.2;
/**
 * How far a chibi's kicking leg swings up at most (radians from its rest), and the share of that its
 * shoe turns back at the knee: its leg is little more than its shoe, so it kicks straight, the shoe
 * out in front of the body and tipped toe up (turned the whole way it stands on its heel), where a
 * knee chambered up to the hip would fold a leg that short into the hem.
 */
const CHIBI_KICK = 1.2, CHIBI_SHOE_BACK = 0.5;
/** A side view's arm swing (radians) up to which it is taken from the arm's drawn rest, and from which from straight down. */
const SMALL_SWING = 0.9;
const LARGE_SWING = 1.5;

/**
 * How far a weapon turns (radians, forward positive) at `slash` along its path: back from where it
 * rests to over the shoulder (0 -> 1), forward through the top to in front and down (1 -> 2), on
 * round underneath to where it rests (2 -> 3, a whole turn).
 */
function slashTurn(weapon: { head: Vec; tail: Vec }, fwd: 1 | -1, slash: number): number {
  const rest = Math.atan2(fwd * (weapon.tail.x - weapon.head.x), weapon.tail.y - weapon.head.y);
  const t = Math.max(0, Math.min(3, slash));
  const aim = t <= 1 ? rest + t * (WOUND_UP - rest)
    : t <= 2 ? WOUND_UP + (t - 1) * (STRUCK - WOUND_UP)
    : STRUCK + (t - 2) * (rest - 2 * Math.PI - STRUCK);
  return aim - rest;
}

/**
 * The motions' crouches are written for legs of about 0.45 of the height. Seen from the front, where
 * a crouch can only shorten the legs, a chibi's short legs shorten as far in proportion, so its hips
 * drop less (from the side the knees bend and the IK finds the room).
 */
function legShare(rig: Rig): number {
  const i = rig.index.legF ?? rig.index.legL ?? rig.index.leg0;
  const upper = rig.bones[i ?? -1];
  const lower = rig.bones[rig.index[`${upper?.name}Lower`] ?? -1];
  if (!upper || !lower) return 1;
  return Math.min(1, chainLength(upper, lower) / (0.45 * rig.height));
}

/** A level arm's swing (radians from down), how low a chibi holds it, and arms thrown up. */
const LEVEL_SWING = 1.6;
const CHIBI_REACH = 1.2;
const RAISED_SWING = 2.4;
/** The highest a chibi swings an arm: out level in front, where it still shows. */
const CHIBI_TOP = 1.6;

/**
 * A painted chibi's arm swing (radians from down): its shoulder is at its chin, so an arm swung
 * level (a jump's flight, a punch) holds the fist in its face, and an arm thrown up goes behind its
 * big head and is gone (drawOrder puts a raised arm behind the head). Past a walk's swing the swing
 * is lowered, to CHIBI_REACH at a level arm and CHIBI_TOP for arms thrown up or higher, by `level`
 * (1 for a chibi, 0 for longer legs); continuous, so an arm coming down does not jump.
 */
function chibiSwing(swing: number, level: number): number {
  const s = Math.abs(swing);
  const lowered = s <= SMALL_SWING ? s : s <= LEVEL_SWING
    ? SMALL_SWING + ((s - SMALL_SWING) * (CHIBI_REACH - SMALL_SWING)) / (LEVEL_SWING - SMALL_SWING)
    : s >= RAISED_SWING ? CHIBI_TOP : CHIBI_REACH + ((s - LEVEL_SWING) * (CHIBI_TOP - CHIBI_REACH)) / (RAISED_SWING - LEVEL_SWING);
  return Math.sign(swing) * (s + level * (lowered - s));
}

/** What a front view makes of a walk's arm swing: it comes toward the viewer, so only this much shows as a sway. */
const FRONT_SWAY = 0.6;

/**
 * A front view's arm turn out from its side (radians) for a motion's swing forward (radians from
 * down). A walk's swing comes toward the viewer and only sways the arm (FRONT_SWAY of it); past
 * that the arm is being raised, and a raised arm shows its full height from the front: each radian
 * further lifts it a radian further out and up, so arms thrown up (a cheer, a jump's launch) stand
 * in a V over the shoulders instead of stopping level. A swing back past a walk's is hidden behind
 * the body and goes no further in.
 */
function frontSwing(swing: number): number {
  if (swing < -SMALL_SWING) return -FRONT_SWAY * SMALL_SWING;
  return swing <= SMALL_SWING ? FRONT_SWAY * swing : FRONT_SWAY * SMALL_SWING + (swing - SMALL_SWING);
}

/**
 * The highest a front view raises arm `name` out from its side (radians from down): a hand raised
 * above its shoulder goes behind the head (drawOrder), so it stops where it still shows past the
 * head's widest point by half the arm's length (its fist and forearm); a chibi's short arm beside
 * its big head stops level, where a longer arm stands up in a V. Unlimited without a head part.
 */
const frontReach = perRig((rig: Rig, name: string): number => {
  const head = rig.parts.findIndex((p) => p.name === 'head');
  const upper = rig.bones[rig.index[name] ?? -1], lower = rig.bones[rig.index[`${name}Lower`] ?? -1];
  if (head < 0 || !upper || !lower) return Math.PI;
  let x0 = Infinity, x1 = -Infinity;
  rig.labels.forEach((k, p) => {
    if (k !== head) return;
    const x = p % rig.width;
    if (x < x0) x0 = x;
    if (x + 1 > x1) x1 = x + 1;
  });
  if (x0 > x1) return Math.PI;
  const length = chainLength(upper, lower);
  const out = name === 'armL' ? -1 : 1;
  // How far out past the shoulder the hand must be for it to show.
  const clear = (out < 0 ? upper.head.x - x0 : x1 - upper.head.x) + 0.5 * length;
  return clear >= length ? Math.PI / 2 : Math.PI - Math.asin(Math.max(0, clear) / length);
});

/** The sign of a front view's turn that takes limb `name` out to its own side (armL, legL: +1). */
const outward = (name: string): 1 | -1 => (name.endsWith('L') ? 1 : -1);

/**
 * A front view's turns of arm `name` (upper from straight down, out from its side; lower from the
 * upper) for `arm`. A walk's elbow bends toward the viewer and shows 0.4 of it; a raised arm's
 * bends up in the picture, its forearm standing over the elbow (a wave, fists pumped beside the head).
 */
function frontArm(rig: Rig, name: string, arm: MotionFrame['arms'][number]): [number, number] {
  const out = outward(name);
  const swing = frontSwing(arm.swing), reach = frontReach(rig, name);
  const upper = Math.min(swing, reach), lower = (0.4 + 0.6 * easeInOut(span(arm.swing, SMALL_SWING, LARGE_SWING))) * arm.bend;
  // An arm its head stops at level (a chibi's, beside a head as wide as its shoulders) is not held out
  // straight for arms thrown up, which points: past level it pumps its fist, the elbow dropping
  // and the forearm folding up beside the shoulder, clear of the face. The motion's bend still moves
  // the forearm about that (a wave waves, a cheer's second pump shows).
  const pump = reach <= Math.PI / 2 ? easeInOut(span(swing, reach - PUMP_LEAD, reach + PUMP_SPAN)) : 0;
  return [out * (upper + pump * (PUMP_UPPER - upper)), out * (lower + pump * (PUMP_FOREARM - PUMP_BEND))];
}

/**
 * A pumped fist (frontArm): the upper arm's turn out from down and the forearm's from the upper
 * (radians) at a motion's bend of PUMP_BEND, and over how much raise (radians, from PUMP_LEAD short
 * of the arm's reach) it folds in.
 */
const PUMP_UPPER = 0.7, PUMP_FOREARM = 2.0, PUMP_BEND = 0.2, PUMP_LEAD = 0.3, PUMP_SPAN = 0.7;

/** Art pixels a pixel-art body's top must move for it to lean (see poseRig). */
const TILT = 1.5;

/** How wide a body is side-on, against face-on: it keeps its depth, not a card's edge. */
const SIDE_ON = 0.4;

/** A firm blob's sway (radians) per height of stride between its feet. */
const WADDLE = 0.5;

/** The horizontal scale of a subject turned to `turn` (the turn's cosine), mirrored past side-on. */
export function turnWidth(rig: Rig, turn: number): number {
  const c = Math.max(-1, Math.min(1, turn)), sign = c < 0 ? -1 : 1;
  if (rig.edge !== undefined) return sign * Math.max(rig.edge, Math.abs(c));
  return sign * (SIDE_ON + (1 - SIDE_ON) * Math.abs(c));
}

/**
 * +1, or -1 when the side the text named sends the body the other way than its motion goes by
 * itself: a side of the picture, or forward / backward along the subject's facing.
 */
export function travelSign(toward: TimedFrame['toward'], facing: 1 | -1): 1 | -1 {
  if (!toward) return 1;
  const screen = toward.side === 'left' ? -1 : toward.side === 'right' ? 1 : toward.side === 'forward' ? facing : -facing;
  return screen === toward.travel * facing ? 1 : -1;
}

/**
 * The rig's bones and whole-body transform for motion frame `f`. `travel` (+1 or -1) flips where
 * the whole body goes (its forward offset and the way it topples), not how its limbs move: a
 * character told to die forward still recoils and buckles as it does, then falls on its face.
 */
export function poseRig(rig: Rig, f: MotionFrame, pixel: boolean, travel: 1 | -1 = 1): PosedRig {
  const H = rig.height;
  const side = rig.view === 'side';
  const humanoid = rig.plan === 'humanoid';
  const bones: (BonePose | undefined)[] = new Array(rig.bones.length).fill(undefined);
  const set = (name: string | undefined, angle: number, stretch = 1): void => {
    const i = name === undefined ? undefined : rig.index[name];
    if (i !== undefined) bones[i] = { angle, stretch };
  };
  const fwd = rig.facing;
  const threeQuarter = side && rig.index.legL !== undefined;
  const spineX = rig.bones[rig.index.spine ?? -1]?.head.x ?? rig.ground.x;
  // Short painted legs (a chibi's, under a quarter of the height) step as an animator steps them:
  // feet kept level, shorter steps, the hips dropping no further than the legs are long; legs over
  // 0.35 of the height bend fully at the knee, and between the two the styles blend. Pixel art
  // keeps the full step: a 3 px foot turned is a pixel moved, not a smear, and a smaller step
  // would not show at 16 px.
  const share = legShare(rig);
  const level = humanoid && side && !pixel ? Math.max(0, Math.min(1, (0.78 - share) / 0.23)) : 0;
  const step = 1 - 0.5 * level;
  // A four-legged body crouches on its legs as a front view does, by as much as they are long: the
  // body dips and keeps its shape (the knees bend below it).
  const legged = rig.plan === 'legged';
  const crouch = humanoid ? f.crouch * H * (side ? 1 - level * (1 - share) : share) : legged ? (pixel ? Math.round(f.crouch * H * share) : f.crouch * H * share) : 0;
  if (humanoid) {
    // Pixel art does not lean by a pixel's worth: a body turned so little that its top moves less
    // than TILT art pixels only shears a column of it (a visor drawn twice), where an artist keeps it
    // upright. (The head's own nod stays: it turns a smaller block, about its neck.)
    const spine = rig.bones[rig.index.spine ?? -1], top = rig.bones[rig.index.head ?? -1]?.tail;
    const reach = spine && top ? Math.hypot(top.x - spine.head.x, top.y - spine.head.y) : 0;
    const lean = pixel && Math.abs(f.lean) * reach < TILT ? 0 : f.lean;
    set('spine', side ? fwd * lean : 0, f.stretch);
    set('head', side ? fwd * f.nod : 0);
  } else if (!rig.firm && rig.edge === undefined) {
    // A soft body bends; a firm one (a figure, as a front view) and a flat thing keep upright.
    set('belly', fwd * f.lean * 0.5);
    set('top', fwd * (f.lean * 0.5 + f.nod));
  } else {
    // A firm one's feet are too small to find: it waddles, its base swaying with the stride under
    // a top that stays level.
    const sway = WADDLE * (f.feet[0].forward - f.feet[1].forward);
    set('base', sway);
    set('belly', -sway);
  }
  // Legs: IK to the foot targets, measured from the crouched hips, where the knee bends in the
  // picture (a side view's humanoid or four-legged body); elsewhere they foreshorten.
  const bends = side && (humanoid || rig.plan === 'legged');
  legPairs(rig, humanoid && side && f.kick > 0).forEach((names, k) => {
    const foot = f.feet[k] ?? f.feet[0];
    for (const name of names) {
      const upper = rig.bones[rig.index[name] as number];
      const lower = rig.bones[rig.index[`${name}Lower`] as number];
      if (!upper || !lower) continue;
      if (!bends) {
        // Seen from the front the knee comes toward the viewer: the leg only looks shorter, thigh and
        // shin alike, by what the hips drop and the foot lifts. A kicking lead leg swings out to its
        // own side instead, at its full length.
        const length = chainLength(upper, lower);
        const s = Math.max(0.45, (length - foot.up * H - crouch) / Math.max(1, length));
        const kick = k === 0 && humanoid ? f.kick : 0;
        set(name, outward(name) * FRONT_KICK * kick, s + (1 - s) * kick);
        set(`${name}Lower`, 0, s + (1 - s) * kick);
        continue;
      }
      const target = { x: lower.tail.x + fwd * step * foot.forward * H, y: lower.tail.y - step * foot.up * H - crouch };
      if (legged) {
        // A four-legged body's short legs take its crouch by shortening (a knee bent that far on a
        // leg a few pixels long turns the foot through the ground); they step and tuck by bending.
        const length = chainLength(upper, lower);
        const k = Math.max(0.45, (length - crouch) / Math.max(1, length));
        const knee = { x: upper.head.x + k * (upper.tail.x - upper.head.x), y: upper.head.y + k * (upper.tail.y - upper.head.y) };
        const end = { x: knee.x + k * (lower.tail.x - lower.head.x), y: knee.y + k * (lower.tail.y - lower.head.y) };
        const [a, b] = twoBoneIk(upper.head, knee, end, target, fwd);
        set(name, a, k);
        set(`${name}Lower`, b, k);
        continue;
      }
      const [a, b] = twoBoneIk(upper.head, upper.tail, lower.tail, target, fwd);
      if (k === 0 && f.kick > 0 && level > 0) {
        // A chibi kicks with a straight leg, blended in as its legs are short (level).
        const rest = Math.atan2(lower.tail.y - upper.head.y, lower.tail.x - upper.head.x);
        const aim = wrap(Math.atan2(target.y - upper.head.y, target.x - upper.head.x) - rest);
        const straight = Math.sign(aim) * Math.min(Math.abs(aim), CHIBI_KICK * f.kick);
        set(name, a + level * (straight - a));
        set(`${name}Lower`, (1 - level) * b - level * CHIBI_SHOE_BACK * straight);
        continue;
      }
      set(name, a);
      // A chibi's shin is mostly its shoe: turned back by the thigh's turn, it stays level rather
      // than bending into a tilted smear.
      set(`${name}Lower`, b + level * (-a - b));
    }
  });
  armOrder(rig).forEach((name, k) => {
    if (!name) return;
    const arm = f.arms[k] ?? f.arms[0];
    const weapon = rig.bones[rig.index[`${name}Weapon`] ?? -1];
    if (side && k === 0 && weapon) {
      // The arm and its weapon turn as one about the shoulder, along the slash's path.
      set(name, -fwd * slashTurn(weapon, fwd, f.slash));
    } else if (side) {
      // A small swing (a walk's) moves the arm from where it was drawn; a large one (arms thrown up
      // in a jump, a punch) is taken from straight down, so an arm drawn across the belly still
      // points up or out level instead of across the face. Eased between the two.
      const upper = rig.bones[rig.index[name] as number] as (typeof rig.bones)[number];
      const toDown = wrap(Math.PI / 2 - Math.atan2(upper.tail.y - upper.head.y, upper.tail.x - upper.head.x));
      let turn = -fwd * chibiSwing(arm.swing, level) + easeInOut(span(Math.abs(arm.swing), SMALL_SWING, LARGE_SWING)) * toDown;
      // A chibi's elbow bends half as far: its shoulder is at its chin, and a forearm bent up the
      // full way puts the fist in its face.
      let bend = -fwd * arm.bend * (1 - 0.5 * level);
      // Seen three-quarters (legs apart), an arm on the far side of the spine from the facing, swung
      // up forward, sweeps across the chest to the chin: past level it is raised out on its own
      // side instead, as a front view raises it (from straight down).
      if (threeQuarter && fwd * (upper.head.x - spineX) < 0) {
        const up = easeInOut(span(arm.swing, LEVEL_SWING, RAISED_SWING));
        const [front, frontBend] = frontArm(rig, name, arm);
        turn += up * (toDown + front - turn);
        bend += up * (frontBend - bend);
      }
      set(name, turn);
      set(`${name}Lower`, bend);
      set(`${name}Weapon`, -fwd * f.wrist);
    } else if (k === 0 && f.slash > 0) {
      // Seen from the front a slash raises the arm out over its shoulder, then brings it down and in
      // across the body (the arc is drawn over it there), and back to rest.
      const out = outward(name);
      const t = Math.max(0, Math.min(3, f.slash));
      const turn = t <= 1 ? t * FRONT_WOUND_UP : t <= 2 ? FRONT_WOUND_UP + (t - 1) * (FRONT_STRUCK - FRONT_WOUND_UP) : (3 - t) * FRONT_STRUCK;
      set(name, out * turn);
      set(`${name}Lower`, out * 0.4 * arm.bend);
    } else {
      const [upper, lower] = frontArm(rig, name, arm);
      set(name, upper);
      set(`${name}Lower`, lower);
    }
  });
  set('wingL', f.flap);
  set('wingR', -f.flap);

  const g = rig.ground;
  const px = (v: number): number => (pixel ? Math.round(v) : v);
  const go = fwd * travel;
  let global: Affine = translate(px(go * f.forward * H) + f.jx, px(-f.lift * H) + f.jy);
  // Only an upright body falls a quarter turn. One that is already long and low (a rhino, a bat)
  // rolls a little onto its side and slumps; one with no limbs to fall on (a slime) melts,
  // spreading and sinking into a puddle as far as a toppling body would have turned.
  const melt = rig.plan === 'blob' ? Math.min(1, Math.abs(f.topple) / (Math.PI / 2)) : 0;
  const topple = humanoid ? f.topple : rig.plan === 'blob' ? 0 : 0.15 * f.topple;
  if (topple !== 0) global = compose(global, rotateAbout({ x: g.x - go * 0.12 * H, y: g.y }, -go * topple));
  if (f.turn !== 1) global = compose(global, scaleAbout(g, turnWidth(rig, f.turn), 1));
  if (!humanoid) {
    // A soft body squashes to 70% of its height at most: past that a slime reads as a puddle and an
    // item (a key) loses its shape. Melting is the puddle on purpose. A body on legs crouches with
    // them (above) and keeps its shape: a quarter of the squash, the give of its flesh.
    // A firm blob (a figure whose limbs were not found) gives a quarter as much as a slime; a flat
    // thing (a coin, a key) is rigid and gives nothing.
    const soft = Math.max(0.7, f.squash * (1 - 1.5 * f.crouch));
    const s = legged ? 1 + 0.25 * (f.squash - 1) : rig.edge !== undefined ? 1 : rig.firm ? 1 + 0.25 * (soft - 1) : soft;
    const sy = s + melt * (MELTED.height - s), sx = 1 / s + melt * (MELTED.width - 1 / s);
    if (sx !== 1 || sy !== 1) global = compose(global, scaleAbout(g, sx, sy));
  }
  const pose = { bones, offset: { x: 0, y: crouch } };
  keepAboveGround(rig, pose, global);
  return { pose, global };
}

/**
 * Held weapons turned at the wrist so their tips stay on or above the ground (rig.ground's line): a
 * sword held low goes into the floor when its holder falls over, where an animator lays it on the
 * ground. Turned the least way that does it; flat along the ground where the hand itself is that low.
 */
function keepAboveGround(rig: Rig, pose: RigPose, global: Affine): void {
  const ground = rig.ground.y;
  let transforms: Affine[] | undefined;
  rig.bones.forEach((bone, i) => {
    if (!bone.name.endsWith('Weapon')) return;
    transforms ??= boneTransforms(rig, pose);
    const m = compose(global, transforms[i]!);
    const head = apply(m, bone.head.x, bone.head.y), tip = apply(m, bone.tail.x, bone.tail.y);
    if (tip.y <= ground + 0.5) return;
    const length = Math.hypot(tip.x - head.x, tip.y - head.y);
    const now = Math.atan2(tip.y - head.y, tip.x - head.x);
    const rise = (ground - head.y) / length;
    // The world angles that put the tip on the ground line (flat when the hand is at or below it).
    const onGround = rise <= 0 ? [0, Math.PI] : [Math.asin(Math.min(1, rise)), Math.PI - Math.asin(Math.min(1, rise))];
    const turn = onGround.map((a) => wrap(a - now)).reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a));
    // A mirrored transform turns the other way on screen.
    const orientation = Math.sign(m[0] * m[3] - m[1] * m[2]) || 1;
    const own = pose.bones[i] ?? { angle: 0, stretch: 1 };
    pose.bones[i] = { angle: own.angle + orientation * turn, stretch: own.stretch };
    transforms = undefined;
  });
}
