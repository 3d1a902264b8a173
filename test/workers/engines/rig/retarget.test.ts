// Posing one rig like another (what character overlay does with every pose cell): a rig copied onto
// itself, or onto its own mirror image seen in a mirror, stays at rest; a limb turned in the target
// turns the character's limb by as much, and its children follow. A motion (restyle) is taken as
// changes from its median pose, misread single poses outvoted.
import { describe, expect, it } from 'vitest';
import { matchPose, motionOf } from '../../../../workers/engines/rig/retarget.ts';
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

  it('the spine takes the lean, mirrored in a mirror', () => {
    const { rig } = rigSubject(still('adventurer-front').image, false)!;
    expect(matchPose(rig, rig, { mirror: false, lean: 0.2 }).bones[rig.index.spine!]!.angle).toBeCloseTo(Math.atan(0.2), 9);
    expect(matchPose(rig, rig, { mirror: true, lean: 0.2 }).bones[rig.index.spine!]!.angle).toBeCloseTo(-Math.atan(0.2), 9);
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
