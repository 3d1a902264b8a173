// The mesh's cells: for pixel art, an art pixel each, found even when the sprite was scaled up (a
// block of k x k image pixels is one art pixel and one cell), so a 256 px upscaled sprite is meshed
// like the 32 px one it is, at about the same cost.
import { describe, expect, it } from 'vitest';
import { buildMesh, deform, pixelGrid } from '../../../../workers/engines/rig/skin.ts';
import { boneTransforms } from '../../../../workers/engines/rig/kinematics.ts';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import { crop } from '../../../../workers/kernels/compose.ts';
import { createImage } from '../../../../workers/kernels/image.ts';
import { copyInto } from '../../../../workers/kernels/blit.ts';
import { pixelKnight, hero } from '../../../fixtures/sprites.ts';
import { still } from '../../../fixtures/realSprites.ts';

describe('pixelGrid', () => {
  it('art at its own size: one pixel a cell', () => {
    expect(pixelGrid(pixelKnight())).toEqual({ size: 1, x0: 0, y0: 0 });
    expect(pixelGrid(still('pirate-front').image)).toEqual({ size: 1, x0: 0, y0: 0 });
  });

  it.each([2, 3, 4, 8])('scaled up %ix: blocks of that size', (k) => {
    const art = pixelKnight();
    expect(pixelGrid(resizeTo(art, art.width * k, art.height * k, 'nearest'))).toEqual({ size: k, x0: 0, y0: 0 });
  });

  it('scaled up and placed off the block grid: the cells start where the blocks do', () => {
    const big = resizeTo(pixelKnight(), 128, 128, 'nearest');
    const placed = copyInto(createImage(140, 140), big, 6, 3);
    expect(pixelGrid(placed)).toEqual({ size: 4, x0: -2, y0: -1 });
    expect(pixelGrid(crop(big, 1, 2, 120, 120))).toEqual({ size: 4, x0: -1, y0: -2 });
  });

  it('painted art is not blocks', () => {
    expect(pixelGrid(hero(64)).size).toBe(1);
  });
});

describe('buildMesh', () => {
  it('an upscaled sprite has as many cells as the art it was scaled from', () => {
    const art = pixelKnight();
    const small = rigSubject(art, true)!;
    const big = rigSubject(resizeTo(art, art.width * 8, art.height * 8, 'nearest'), true)!;
    expect(big.mesh.parts.length).toBeLessThanOrEqual(small.mesh.parts.length * 1.1);
    expect(buildMesh(big.rig, { size: 1, x0: 0, y0: 0 }).parts.length).toBeGreaterThan(small.mesh.parts.length * 40);
  });
});

describe('a limb joined to the body at its shoulder', () => {
  // The skeleton's arm hangs against its side, touching the body from shoulder to hand: swung up,
  // a mesh shared along that edge pulls the body's side into a web after the arm.
  it('swings up without stretching the cells along the body it lay against', () => {
    const s = still('skeleton-front');
    const { rig, mesh } = rigSubject(s.image, true)!;
    const arm = rig.index.armL!;
    expect(rig.parts.some((p) => p.joinedAt === arm)).toBe(true);
    const bones = rig.bones.map((_, k) => (k === arm ? { angle: -2, stretch: 1 } : undefined));
    const posed = deform(mesh, boneTransforms(rig, { bones, offset: { x: 0, y: 0 } }), [1, 0, 0, 1, 0, 0]);
    const area = (p: Float64Array, t: number): number => {
      const [a, b, c] = [mesh.triangles[3 * t]!, mesh.triangles[3 * t + 1]!, mesh.triangles[3 * t + 2]!];
      return Math.abs((p[2 * b]! - p[2 * a]!) * (p[2 * c + 1]! - p[2 * a + 1]!) - (p[2 * c]! - p[2 * a]!) * (p[2 * b + 1]! - p[2 * a + 1]!)) / 2;
    };
    // Away from the shoulder, where a joint's skin may stretch.
    const shoulder = rig.bones[arm]!.head;
    let worst = 0;
    for (let t = 0; t < mesh.parts.length; t++) {
      const v = mesh.triangles[3 * t]!;
      if (Math.hypot(mesh.rest[2 * v]! - shoulder.x, mesh.rest[2 * v + 1]! - shoulder.y) < 0.15 * rig.height) continue;
      worst = Math.max(worst, area(posed, t) / Math.max(1e-9, area(mesh.rest, t)));
    }
    expect(worst).toBeLessThan(1.5);
  });
});
