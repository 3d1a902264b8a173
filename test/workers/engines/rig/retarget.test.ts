// Posing one rig like another (what character overlay does with every pose cell): a rig copied onto
// itself, or onto its own mirror image seen in a mirror, stays at rest; a limb turned in the target
// turns the character's limb by as much, and its children follow.
import { describe, expect, it } from 'vitest';
import { matchPose } from '../../../../workers/engines/rig/retarget.ts';
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

  it('the spine takes the lean, mirrored in a mirror', () => {
    const { rig } = rigSubject(still('adventurer-front').image, false)!;
    expect(matchPose(rig, rig, { mirror: false, lean: 0.2 }).bones[rig.index.spine!]!.angle).toBeCloseTo(Math.atan(0.2), 9);
    expect(matchPose(rig, rig, { mirror: true, lean: 0.2 }).bones[rig.index.spine!]!.angle).toBeCloseTo(-Math.atan(0.2), 9);
  });
});
