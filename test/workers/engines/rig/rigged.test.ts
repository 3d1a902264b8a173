// Rigging a subject from its image: pixel art scaled up is rigged as the art it was scaled from.
import { describe, expect, it } from 'vitest';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import { stills } from '../../../fixtures/realSprites.ts';

describe('rigSubject', () => {
  // Sizes the rig judges (a 2 px arm comes apart when turned) are the art's pixels, not the image's.
  it.each(stills.filter((s) => s.isPixel && s.body === 'humanoid').map((s) => [s.name, s] as const))('%s scaled up 6x is rigged with the bones of the art it was scaled from', (_name, s) => {
    const small = rigSubject(s.image, true)!;
    const big = rigSubject(resizeTo(s.image, s.image.width * 6, s.image.height * 6, 'nearest'), true)!;
    expect(big.rig.bones.map((b) => b.name)).toEqual(small.rig.bones.map((b) => b.name));
    expect([big.rig.plan, big.rig.view, big.rig.facing]).toEqual([small.rig.plan, small.rig.view, small.rig.facing]);
  });
});
