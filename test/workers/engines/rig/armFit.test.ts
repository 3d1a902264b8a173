// Arms posed by how the pose's silhouette looks: a pose whose arm is drawn turned about its shoulder
// (its rig unchanged, as when the rig cannot find the arm) gets the character's arm turned so its
// hand lands where the pose's does; a pose that shows the arm where it is leaves it; a pose too
// small to show an arm is not fitted to.
import { describe, expect, it } from 'vitest';
import { fitArms } from '../../../../workers/engines/rig/armFit.ts';
import { apply, boneTransforms } from '../../../../workers/engines/rig/kinematics.ts';
import type { RigPose } from '../../../../workers/engines/rig/kinematics.ts';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { still } from '../../../fixtures/realSprites.ts';
import { mirrorRig, partTurned } from '../../../helpers/rigEdits.ts';

const rig = rigSubject(still('adventurer-front').image, false)!.rig;
const bone = (name: string) => rig.bones[rig.index[name]!]!;
const rest = (): RigPose => ({ bones: [], offset: { x: 0, y: 0 } });

/** Where the hand of `arm` is in `pose`. */
function hand(pose: RigPose, arm: string): { x: number; y: number } {
  const t = boneTransforms(rig, pose)[rig.index[`${arm}Lower`]!]!;
  return apply(t, bone(`${arm}Lower`).tail.x, bone(`${arm}Lower`).tail.y);
}

describe('fitArms', () => {
  it.each([0.9, 2.6])('puts the hand where the pose draws an arm turned by %s about its shoulder', (angle) => {
    const pose = rest();
    fitArms(rig, pose, partTurned(rig, 'armL', angle), false);
    const shoulder = bone('armL').head, tip = bone('armLLower').tail;
    const c = Math.cos(angle), s = Math.sin(angle);
    const want = { x: shoulder.x + (tip.x - shoulder.x) * c - (tip.y - shoulder.y) * s, y: shoulder.y + (tip.x - shoulder.x) * s + (tip.y - shoulder.y) * c };
    const got = hand(pose, 'armL');
    expect(Math.hypot(got.x - want.x, got.y - want.y)).toBeLessThan(0.1 * rig.height);
    // The other arm, drawn where it is, is left as it was.
    expect(pose.bones[rig.index.armR!]).toBeUndefined();
  });

  it('leaves arms the pose shows where they are', () => {
    const pose = rest();
    fitArms(rig, pose, rig, false);
    expect(pose.bones.every((b) => b === undefined)).toBe(true);
  });

  it('fits nothing to a pose too small to show an arm', () => {
    const pose = rest();
    fitArms(rig, pose, { ...partTurned(rig, 'armL', 0.9), height: 30 }, false);
    expect(pose.bones.every((b) => b === undefined)).toBe(true);
  });

  it('reads a pose seen in a mirror the right way round', () => {
    // The pose's picture mirrored: its left arm (turned out) is the character's right.
    const pose = rest();
    fitArms(rig, pose, mirrorRig(partTurned(rig, 'armL', 0.9)), true);
    expect(pose.bones[rig.index.armL!]).toBeDefined();
    expect(pose.bones[rig.index.armR!]).toBeUndefined();
  });
});
