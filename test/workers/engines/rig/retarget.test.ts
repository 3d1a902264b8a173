// Posing one rig like another (what character overlay does with every pose cell): a rig copied onto
// itself, or onto its own mirror image seen in a mirror, stays at rest; a limb turned in the target
// turns the character's limb by as much, and its children follow. A motion (restyle) is taken as
// changes from its median pose, misread single poses outvoted.
import { describe, expect, it } from 'vitest';
import { feetApart, matchPose, motionOf } from '../../../../workers/engines/rig/retarget.ts';
import { apply, boneTransforms } from '../../../../workers/engines/rig/kinematics.ts';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { mirrorX } from '../../../../workers/kernels/cutout.ts';
import type { Rig } from '../../../../workers/engines/rig/types.ts';
import { stills, still } from '../../../fixtures/realSprites.ts';

const humanoids = stills.filter((s) => s.body === 'humanoid');

/** `rig` with the bone `name` (and everything below it) turned by `angle` about its joint. */
function turned(rig: Rig, name: string, angle: number): Rig {
  const i = rig.index[name]!;
  const pivot = rig.bones[i]!.head;
  const below = new Set([i]);
  rig.bones.forEach((b, j) => { if (below.has(b.parent)) below.add(j); });
  const turn = (v: { x: number; y: number }) => {
    const dx = v.x - pivot.x, dy = v.y - pivot.y;
    return { x: pivot.x + dx * Math.cos(angle) - dy * Math.sin(angle), y: pivot.y + dx * Math.sin(angle) + dy * Math.cos(angle) };
  };
  return { ...rig, bones: rig.bones.map((b, j) => (below.has(j) ? { ...b, head: turn(b.head), tail: turn(b.tail) } : b)) };
}

describe('matchPose', () => {
  // A small figure's arm bones only carry its fist, hanging: they say nothing of where an arm points.
  // Copied from one, the character's arms turn with its body (a lean takes them along) instead of
  // keeping the fist-arm's straight-down direction on screen.
  it('a pose whose arms are only fists lends the character no arm turns', () => {
    const pirate = rigSubject(still('pirate-front').image, true)!.rig;
    const viking = rigSubject(still('warrior-front').image, true)!.rig;
    expect(viking.index.armL).toBeDefined();
    const pose = matchPose(pirate, viking, { mirror: false, lean: 0.3 });
    for (const arm of ['armL', 'armR']) expect(pose.bones[pirate.index[arm]!]?.angle ?? 0).toBeCloseTo(0, 9);
  });

  it.each(humanoids.map((s) => [s.name, s] as const))('%s copied onto itself stays at rest', (_name, s) => {
    const rigged = rigSubject(s.image, s.isPixel)!;
    const pose = matchPose(rigged.rig, rigged.rig, { mirror: false, lean: 0 });
    for (const b of pose.bones) {
      expect(Math.abs(b!.angle)).toBeLessThan(1e-9);
      expect(b!.stretch).toBeCloseTo(1, 9);
    }
  });

  // A mirror turns a bone's direction x -> -x: read naively, the pelvis (left hip to right hip)
  // points the other way, a half turn that folds the hips over. (Small sprites' rigs are found a
  // little differently on the mirror image: a 16 px leg turns by up to 0.62.)
  it.each(humanoids.map((s) => [s.name, s] as const))('%s copied onto its mirror image, seen in a mirror, turns no bone by a half turn', (_name, s) => {
    const own = rigSubject(s.image, s.isPixel)!;
    const mirrored = rigSubject(mirrorX(s.image), s.isPixel)!;
    const pose = matchPose(own.rig, mirrored.rig, { mirror: true, lean: 0 });
    pose.bones.forEach((b, i) => expect(Math.abs(b!.angle), own.rig.bones[i]!.name).toBeLessThan(1));
  });

  it('a leg turned in the target turns the character\'s leg by as much; the shin follows it', () => {
    const { rig } = rigSubject(still('adventurer-front').image, false)!;
    const pose = matchPose(rig, turned(rig, 'legL', 0.5), { mirror: false, lean: 0 });
    expect(pose.bones[rig.index.legL!]!.angle).toBeCloseTo(0.5, 6);
    expect(pose.bones[rig.index.legLLower!]!.angle).toBeCloseTo(0, 6);
    expect(pose.bones[rig.index.legR!]!.angle).toBeCloseTo(0, 6);
  });

  // A fist raised against a chibi's big head merges with it: only the other arm is found.
  it('a front view with one arm found holds the other as its mirror image', () => {
    const { rig } = rigSubject(still('adventurer-front').image, false)!;
    const raised = turned(rig, 'armR', -2.4);
    const { armL: _l, armLLower: _ll, ...index } = raised.index;
    const oneArm = { ...raised, index };
    const pose = matchPose(rig, oneArm, { mirror: false, lean: 0 });
    const dir = (b: { head: { x: number; y: number }; tail: { x: number; y: number } }) => Math.atan2(b.tail.y - b.head.y, b.tail.x - b.head.x);
    const armL = rig.bones[rig.index.armL!]!, armR = raised.bones[raised.index.armR!]!;
    // The left arm points where the right one does, seen in a mirror (x -> -x).
    const want = Math.atan2(Math.sin(dir(armR)), -Math.cos(dir(armR)));
    const got = dir(armL) + pose.bones[rig.index.armL!]!.angle;
    expect(Math.abs(Math.atan2(Math.sin(got - want), Math.cos(got - want)))).toBeLessThan(1e-6);
    // Seen from the side, one arm found is the only arm: the other is left as it is.
    expect(matchPose(rig, { ...oneArm, view: 'side' }, { mirror: false, lean: 0 }).bones[rig.index.armL!]!.angle).toBeCloseTo(0, 9);
  });

  // A fist raised beside a chibi's big head: turned only the way the target's arm points, the
  // character's arm (whose shoulder is under its head) ends behind the head.
  it('with hands, a raised hand goes where the target\'s is beside its hips, scaled by height; the elbow bends out', () => {
    const { rig } = rigSubject(still('adventurer-front').image, false)!;
    const hips = rig.bones[rig.index.spine!]!.head;
    // The target: the same rig at twice the size with its right hand raised to (hips + (40, -90)).
    const big = (v: { x: number; y: number }) => ({ x: 2 * v.x, y: 2 * v.y });
    const scaled: Rig = { ...rig, height: 2 * rig.height, bones: rig.bones.map((b) => ({ ...b, head: big(b.head), tail: big(b.tail) })) };
    const wanted = { x: 2 * hips.x + 40, y: 2 * hips.y - 90 };
    const lowerAt = rig.index.armRLower!;
    scaled.bones[lowerAt] = { ...scaled.bones[lowerAt]!, tail: wanted };
    const pose = matchPose(rig, scaled, { mirror: false, lean: 0, hands: true });
    const t = boneTransforms(rig, pose);
    const hand = apply(t[lowerAt]!, rig.bones[lowerAt]!.tail.x, rig.bones[lowerAt]!.tail.y);
    expect(hand.x).toBeCloseTo(hips.x + 20, 3);
    expect(hand.y).toBeCloseTo(hips.y - 45, 3);
    const upper = rig.bones[rig.index.armR!]!;
    const elbow = apply(t[rig.index.armR!]!, upper.tail.x, upper.tail.y);
    // Out past the line from the shoulder to the hand (the right arm: toward +x), away from the body.
    expect(elbow.x).toBeGreaterThan((upper.head.x + hand.x) / 2 + 2);
    // A hand held low keeps the turn the target's arm has; without hands, the raised one does too.
    const lowered = matchPose(rig, turned(rig, 'armL', 0.3), { mirror: false, lean: 0, hands: true });
    expect(lowered.bones[rig.index.armL!]!.angle).toBeCloseTo(0.3, 6);
    const angles = matchPose(rig, scaled, { mirror: false, lean: 0 });
    expect(angles.bones[lowerAt]!.angle).not.toBeCloseTo(pose.bones[lowerAt]!.angle, 2);
  });

  it('the spine takes the lean, mirrored in a mirror', () => {
    const { rig } = rigSubject(still('adventurer-front').image, false)!;
    expect(matchPose(rig, rig, { mirror: false, lean: 0.2 }).bones[rig.index.spine!]!.angle).toBeCloseTo(Math.atan(0.2), 9);
    expect(matchPose(rig, rig, { mirror: true, lean: 0.2 }).bones[rig.index.spine!]!.angle).toBeCloseTo(-Math.atan(0.2), 9);
  });
});

describe('feetApart', () => {
  // Legs drawn as one read as one: both bones point at the feet's middle, and a stride under a robe
  // (the wizard's run spreads its feet from 10 to 13 px) never shows.
  it('a side view\'s legs drawn as one end at the front and the back of its feet', () => {
    const rig = rigSubject(still('wizard-side').image, true)!.rig;
    const end = (r: Rig, name: string): number => r.bones[r.index[name]!]!.tail.x;
    expect(end(rig, 'legFLower')).toBe(end(rig, 'legBLower'));
    const apart = feetApart(rig);
    // It faces right: the near leg ends at the feet's right end, the far one at their left.
    expect(rig.facing).toBe(1);
    expect(end(apart, 'legFLower') - end(apart, 'legBLower')).toBeGreaterThanOrEqual(6);
    // The hips stay; the knees halfway.
    expect(apart.bones[apart.index.legF!]!.head).toEqual(rig.bones[rig.index.legF!]!.head);
  });

  it('legs found apart (a front view) are left as they are', () => {
    const rig = rigSubject(still('pirate-front').image, true)!.rig;
    expect(feetApart(rig)).toBe(rig);
  });
});

describe('motionOf', () => {
  const pose = (...angles: (number | undefined)[]) => ({ bones: angles.map((a) => (a === undefined ? undefined : { angle: a, stretch: 1 })), offset: { x: 0, y: 0 } });
  const angles = (m: ReturnType<typeof motionOf>, bone: number) => m.map((p) => p?.bones[bone]?.angle ?? NaN);

  it('takes each pose as its change from the median, so a constant offset is no motion', () => {
    const m = motionOf([pose(0.5, 0.1), pose(0.5, 0.3), pose(0.5, 0.2)], 2);
    expect(angles(m, 0)).toEqual([0, 0, 0]);
    expect(angles(m, 1).map((a) => Number(a.toFixed(6)))).toEqual([-0.1, 0.1, 0]);
  });

  it('a single misread pose in a sequence is outvoted by its neighbours; a swing held over frames stays', () => {
    const swing = [0, 0.2, 0.4, 0.4, 0.2, 0, -0.2, -0.4, -0.4, -0.2];
    const misread = swing.map((a, i) => (i === 5 ? 1.5 : a));
    const m = motionOf(misread.map((a) => pose(a)), 1);
    const a = angles(m, 0);
    expect(Math.abs(a[5]! - (a[4]! + a[6]!) / 2)).toBeLessThan(0.25);
    expect(Math.max(...a) - Math.min(...a)).toBeGreaterThan(0.7);
  });

  it('clamps a turn past what the skin survives, and a pose not read holds its neighbour', () => {
    const m = motionOf([pose(0), pose(3), null, pose(0)], 1);
    expect(Math.max(...angles(m, 0).map(Math.abs))).toBeLessThanOrEqual(1.1);
    expect(m[2]).toEqual(m[1]);
    expect(motionOf([null, null], 1)).toEqual([null, null]);
  });
});
