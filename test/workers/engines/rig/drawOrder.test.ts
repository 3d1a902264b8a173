// An arm raised above its shoulder is drawn behind the head: the chibi's fists go up beside its big
// head, not across its face.
import { describe, expect, it } from 'vitest';
import { drawPosed } from '../../../../workers/engines/rig/posed.ts';
import { drawOrder } from '../../../../workers/engines/rig/drawOrder.ts';
import { boneTransforms } from '../../../../workers/engines/rig/kinematics.ts';
import type { RigPose } from '../../../../workers/engines/rig/kinematics.ts';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { still } from '../../../fixtures/realSprites.ts';

const rigged = rigSubject(still('adventurer-front').image, false)!;
const { rig } = rigged;
const armsAt = (angle: number): RigPose => ({
  bones: rig.bones.map((b) => (b.name === 'armR' ? { angle: -angle, stretch: 1 } : b.name === 'armL' ? { angle, stretch: 1 } : undefined)),
  offset: { x: 0, y: 0 },
});

/** The face as drawn in `pose`: the pixels between the eyes' height and the neck, across the middle of the head. */
function face(pose: RigPose): number[] {
  const { image, ground } = drawPosed(rigged, pose);
  const neck = rig.bones[rig.index.spine!]!.tail, top = rig.bones[rig.index.head!]!.tail;
  // The drawn image's ground is the rig's ground moved with the crop: shift rig points by the same.
  const dx = ground.x - rig.ground.x, dy = ground.y - rig.ground.y;
  const out: number[] = [];
  for (let y = Math.round(top.y + 0.45 * (neck.y - top.y) + dy); y < Math.round(neck.y + dy); y++) {
    for (let x = Math.round(neck.x - 0.2 * rig.height + dx); x < Math.round(neck.x + 0.2 * rig.height + dx); x++) {
      const i = (y * image.width + x) * 4;
      out.push(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, image.data[i + 3]!);
    }
  }
  return out;
}

describe('drawOrder', () => {
  it('arms raised over the head (both hands above the shoulders) go behind the face', () => {
    // 2.6 rad from hanging: the fists up beside the head, where drawn in front they cover its cheeks.
    expect(face(armsAt(2.6))).toEqual(face(armsAt(0)));
  });

  it('arms held low keep the mesh\'s own order; raised, only the arms move, to just before the head', () => {
    expect(drawOrder(rig, rigged.mesh, boneTransforms(rig, armsAt(0.8)))).toBeUndefined();
    const order = drawOrder(rig, rigged.mesh, boneTransforms(rig, armsAt(2.6)))!;
    const part = (t: number) => rig.parts[rigged.mesh.parts[t]!]!.name;
    const names = Array.from(order, part);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from(order, (_, i) => i));
    const firstHead = names.indexOf('head');
    expect(names.slice(firstHead - 1, firstHead)[0]).toMatch(/^arm[LR]$/);
    expect(names.slice(firstHead).some((n) => /^arm[LR]$/.test(n))).toBe(false);
  });
});
