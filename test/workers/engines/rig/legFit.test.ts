// A leg's turn read from its outline: a leg whose pixels are turned about its hip, while its bones
// (hip and feet means) are not, is read as turned by as much; an outline that shows no clear turn
// leaves the bones' reading; and matchPose uses it only when asked (one pose copied outright).
import { describe, expect, it } from 'vitest';
import { fitLegTurn } from '../../../../workers/engines/rig/legFit.ts';
import { matchPose } from '../../../../workers/engines/rig/retarget.ts';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import type { Rig } from '../../../../workers/engines/rig/types.ts';
import { still } from '../../../fixtures/realSprites.ts';
import { mirrorRig, partTurned } from '../../../helpers/rigEdits.ts';


const rig = rigSubject(still('adventurer-front').image, false)!.rig;
const bone = (r: Rig, name: string) => r.bones[r.index[name]!]!;

describe('fitLegTurn', () => {
  it.each([0.5, -0.4, 0.25])('reads a short leg turned as a whole by %s from its outline', (angle) => {
    const target = partTurned(rig, 'legL', angle);
    expect(fitLegTurn(rig, bone(rig, 'legL'), target, bone(target, 'legL'), false, 0)).toBeCloseTo(angle, 1);
  });

  it('keeps the bones\' turn where the outline shows none', () => {
    expect(fitLegTurn(rig, bone(rig, 'legR'), rig, bone(rig, 'legR'), false, 0)).toBe(0);
    expect(fitLegTurn(rig, bone(rig, 'legR'), rig, bone(rig, 'legR'), false, 0.01)).toBe(0.01);
  });

  it('reads a target seen in a mirror the right way round', () => {
    // The picture mirrored, its leg turned by 0.4 is turned by -0.4; seen in a mirror, by 0.4 again.
    const target = partTurned(rig, 'legL', 0.4);
    const mirrored = mirrorRig(target);
    expect(fitLegTurn(rig, bone(rig, 'legL'), mirrored, bone(mirrored, 'legL'), true, 0)).toBeCloseTo(0.4, 1);
    expect(fitLegTurn(rig, bone(rig, 'legL'), mirrored, bone(mirrored, 'legL'), false, 0)).not.toBeCloseTo(0.4, 1);
  });
});

describe('matchPose with outlines', () => {
  it('turns the leg as its outline shows, straight below the knee, only when asked', () => {
    const target = partTurned(rig, 'legL', 0.5);
    const read = matchPose(rig, target, { mirror: false, lean: 0, outlines: true });
    expect(read.bones[rig.index.legL!]!.angle).toBeCloseTo(0.5, 1);
    expect(read.bones[rig.index.legLLower!]!.angle).toBeCloseTo(0, 9);
    expect(read.bones[rig.index.legR!]!.angle).toBeCloseTo(0, 9);
    // Without outlines, the bones say it did not turn.
    expect(matchPose(rig, target, { mirror: false, lean: 0 }).bones[rig.index.legL!]!.angle).toBeCloseTo(0, 9);
  });
});
