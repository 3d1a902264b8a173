// A pose read from a sprite's mask, or from its runs along rows (as the restyle has its figures):
// the same box, centre and lean either way.
import { describe, expect, it } from 'vitest';
import { locatePose, poseOfRuns } from '../../../workers/kernels/cellPose.ts';
import { componentRuns } from '../../../workers/kernels/components.ts';
import { stills } from '../../fixtures/realSprites.ts';

describe('poseOfRuns', () => {
  it.each(stills.map((s) => [s.name, s] as const))('reads %s as locatePose reads its mask', (_name, s) => {
    const { width, height, data } = s.image;
    const mask = new Uint8Array(width * height).map((_, p) => (data[p * 4 + 3]! >= 128 ? 1 : 0));
    const { runs } = componentRuns(mask, width, height);
    expect(poseOfRuns(runs)).toEqual(locatePose(mask, width, { x: 0, y: 0, width, height }));
  });

  it('finds the median column across a row of several runs, and leans as the rows do', () => {
    // Rows: [2..4] and [8..9] (median the 3rd of 5 pixels: x 4), then one shifted right.
    const pose = poseOfRuns([2, 4, 0, 8, 9, 0, 5, 9, 1]);
    expect(pose?.box).toEqual({ x: 2, y: 0, width: 8, height: 2 });
    expect(pose!.lean).toBeLessThan(0);
    const mask = new Uint8Array(20);
    for (const [a, b, y] of [[2, 4, 0], [8, 9, 0], [5, 9, 1]] as const) mask.fill(1, y * 10 + a, y * 10 + b + 1);
    expect(pose).toEqual(locatePose(mask, 10, { x: 0, y: 0, width: 10, height: 2 }));
  });

  it('has no pose without runs', () => expect(poseOfRuns([])).toBeNull());
});
