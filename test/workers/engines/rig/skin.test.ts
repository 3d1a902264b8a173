// The mesh's cells: for pixel art, an art pixel each, found even when the sprite was scaled up (a
// block of k x k image pixels is one art pixel and one cell), so a 256 px upscaled sprite is meshed
// like the 32 px one it is, at about the same cost.
import { describe, expect, it } from 'vitest';
import { buildMesh, pixelGrid } from '../../../../workers/engines/rig/skin.ts';
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
