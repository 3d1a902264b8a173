// Rigging a subject from its image: pixel art scaled up is rigged as the art it was scaled from.
import { describe, expect, it } from 'vitest';
import { readSkeleton, rigSkeleton, rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { boneTransforms } from '../../../../workers/engines/rig/kinematics.ts';
import { crop } from '../../../../workers/kernels/compose.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import { poseSheets, still, stills } from '../../../fixtures/realSprites.ts';

describe('rigSubject', () => {
  // Sizes the rig judges (a 2 px arm comes apart when turned) are the art's pixels, not the image's.
  it.each(stills.filter((s) => s.isPixel && s.body === 'humanoid').map((s) => [s.name, s] as const))('%s scaled up 6x is rigged with the bones of the art it was scaled from', (_name, s) => {
    const small = rigSubject(s.image, true)!;
    const big = rigSubject(resizeTo(s.image, s.image.width * 6, s.image.height * 6, 'nearest'), true)!;
    expect(big.rig.bones.map((b) => b.name)).toEqual(small.rig.bones.map((b) => b.name));
    expect([big.rig.plan, big.rig.view, big.rig.facing]).toEqual([small.rig.plan, small.rig.view, small.rig.facing]);
  });
});

describe('the same figure rigged at every size', () => {
  // An animation that needs a canvas past 512 px shrinks its subject and rigs it again at that size.
  // Resampled, a hanging arm's inner contour wanders a pixel off its median depth here and there:
  // the adventurer lost its left arm at 64, 62, 60 and 53% of its size.
  it('the painted adventurer has both arms at every size from 45% to 100%', () => {
    const { image } = still('adventurer-front');
    for (let k = 100; k >= 45; k--) {
      const small = k === 100 ? image : resizeTo(image, Math.round((image.width * k) / 100), Math.round((image.height * k) / 100), 'smooth');
      const { rig } = rigSubject(small, false)!;
      expect([rig.index.armL !== undefined, rig.index.armR !== undefined], `${k}%`).toEqual([true, true]);
    }
  });
});

describe('raised hands and forearms found by colour', () => {
  const sheet = poseSheets.find((p) => p.name === 'adventurer-sheet')!;
  const cell = (row: number, col: number) => {
    const w = sheet.image.width / sheet.grid.columns, h = sheet.image.height / sheet.grid.rows;
    return rigSkeleton(crop(sheet.image, col * w, (row - 1) * h, w, h), true)!;
  };

  // Its arm hidden behind the head, only the hand shows: a large part by the head, above the neck.
  it('a hand raised beside a chibi\'s head is an arm pointing up', () => {
    const { rig } = cell(1, 1);
    const arm = rig.bones[rig.index.armR!]!;
    expect(arm.tail.y).toBeLessThan(arm.head.y - 5);
  });

  // Its contour in colour starts at the hand (the sleeve is the shirt's blue), but the arm goes on up
  // to the shoulder: it turns there, sleeve and all, as far as a pose asks (a raised fist).
  it('an arm hanging against a chibi\'s side is found whole, from the shoulder, and turns freely', () => {
    const { rig, sprite } = cell(1, 0);
    const i = rig.index.armL!;
    const upper = rig.bones[i]!, lower = rig.bones[rig.index.armLLower!]!;
    const neck = rig.bones[rig.index.spine!]!.tail;
    expect(upper.maxTurn).toBeUndefined();
    expect(upper.head.y - neck.y).toBeLessThan(0.12 * rig.height);
    expect(lower.tail.y - upper.head.y).toBeGreaterThan(0.3 * rig.height);
    // The sleeve: pixels of the arm's part in the shirt's blue.
    const part = rig.parts.findIndex((p) => p.name === 'armL');
    let sleeve = 0;
    for (let p = 0; p < rig.labels.length; p++) {
      const d = sprite.data;
      if (rig.labels[p] === part && d[p * 4 + 2]! > d[p * 4]! + 20) sleeve++;
    }
    expect(sleeve).toBeGreaterThan(20);
    const turned = (angle: number) => {
      const bones = rig.bones.map((_, k) => (k === i ? { angle, stretch: 1 } : undefined));
      const m = boneTransforms(rig, { bones, offset: { x: 0, y: 0 } })[i]!;
      return Math.atan2(m[1], m[0]);
    };
    expect(turned(2.5)).toBeCloseTo(2.5, 6);
  });
});

describe('a leg raised in a kick', () => {
  const sheet = poseSheets.find((p) => p.name === 'adventurer-sheet')!;
  const cell = (row: number, col: number) => {
    const w = sheet.image.width / sheet.grid.columns, h = sheet.image.height / sheet.grid.rows;
    return rigSkeleton(crop(sheet.image, col * w, (row - 1) * h, w, h), false)!;
  };
  const foot = (rig: ReturnType<typeof cell>['rig'], leg: string) => rig.bones[rig.index[`${leg}Lower`]!]!.tail;

  // The kicked leg lies beside the body, off the ground; the back fist hangs to the ground beside
  // the standing leg. Read as an arm holding a weapon, with the fist for a leg, the kick was lost.
  it('is a leg out to the side, the other one standing under the hips, and no arm', () => {
    const { rig } = cell(2, 6);
    const hip = rig.bones[rig.index.pelvis!]!.head.y, bottom = foot(rig, 'legL').y;
    expect(foot(rig, 'legR').y).toBeLessThan(hip);
    expect(foot(rig, 'legR').x - rig.bones[rig.index.spine!]!.head.x).toBeGreaterThan(0.35 * rig.height);
    expect(bottom).toBeGreaterThan(hip + 0.2 * rig.height);
    expect(Math.abs(foot(rig, 'legL').x - rig.bones[rig.index.legL!]!.head.x)).toBeLessThan(0.05 * rig.height);
    expect(rig.index.armRWeapon).toBeUndefined();
  });

  // A stride, a leap and a walk lift a leg too, folded or with both feet down: those stay legs splayed as drawn.
  it.each([[1, 2], [1, 4], [2, 8]])('is not read in cell %i:%i, where no leg is stretched out from one foot on the ground', (row, col) => {
    const { rig } = cell(row, col);
    const hip = rig.bones[rig.index.pelvis!]!.head.y;
    for (const leg of ['legL', 'legR']) expect(foot(rig, leg).y).toBeGreaterThan(hip);
  });
});

describe('readSkeleton', () => {
  // A pose read from a large painted figure is rigged at a fraction of its size and laid back over
  // it, in the full image's pixels. (Read at the size it was drawn, the adventurer shows its arms,
  // which the rig misses on the same figure blown up 3x: the reduced read finds them.)
  it('reads a large painted figure as rigSkeleton does, in the same pixels', () => {
    const big = resizeTo(still('adventurer-front').image, 80 * 3, 110 * 3, 'smooth');
    const full = rigSkeleton(big, false)!, read = readSkeleton(big, false)!;
    expect([read.rig.plan, read.rig.view, read.rig.facing]).toEqual([full.rig.plan, full.rig.view, full.rig.facing]);
    expect(read.box).toEqual(full.box);
    expect(read.rig.labels.length).toBe(big.width * big.height);
    const H = full.rig.height;
    expect(Math.abs(read.rig.height - H)).toBeLessThan(0.05 * H);
    for (const f of full.rig.bones) {
      const b = read.rig.bones[read.rig.index[f.name] ?? read.rig.bones.findIndex((r) => r.name === f.name)]!;
      expect(b, f.name).toBeDefined();
      expect(Math.hypot(b.head.x - f.head.x, b.head.y - f.head.y), f.name).toBeLessThan(0.06 * H);
      expect(Math.hypot(b.tail.x - f.tail.x, b.tail.y - f.tail.y), f.name).toBeLessThan(0.06 * H);
    }
    expect(read.rig.index.armL).toBeDefined();
  });

  it('reads small and pixel-art figures at their own size', () => {
    const small = still('adventurer-front').image;
    expect(readSkeleton(small, false)!.rig).toEqual(rigSkeleton(small, false)!.rig);
    const pixel = resizeTo(still('pirate-side').image, 16 * 12, 16 * 12, 'nearest');
    expect(readSkeleton(pixel, true)!.rig.bones).toEqual(rigSkeleton(pixel, true)!.rig.bones);
  });
});
