import { describe, expect, it } from 'vitest';
import { spriteCutout } from '../../../../workers/engines/animate/look.ts';
import { alphaBox } from '../../../../workers/kernels/subject.ts';
import { createImage, fillRect } from '../../../../workers/kernels/image.ts';
import type { RawImage } from '../../../../workers/types.ts';

/** A 40x40 canvas with a 10 wide, 20 tall two-legged figure standing on row 35. */
function figure(): RawImage {
  const img = createImage(40, 40);
  fillRect(img, 15, 15, 10, 13, { r: 200, g: 50, b: 50, a: 255 }); // body
  fillRect(img, 15, 28, 3, 7, { r: 20, g: 20, b: 90, a: 255 }); // left leg
  fillRect(img, 22, 28, 3, 7, { r: 20, g: 20, b: 90, a: 255 }); // right leg
  return img;
}

describe('spriteCutout', () => {
  it('a cutout keeps the box with a transparent margin, also past the image\'s edges', () => {
    const img = figure();
    const cut = spriteCutout(img, { x: 15, y: 15, width: 10, height: 20 }, 3);
    expect([cut.image.width, cut.image.height, cut.ox, cut.oy]).toEqual([16, 26, 12, 12]);
    expect(alphaBox(cut.image)).toEqual({ x: 3, y: 3, width: 10, height: 20 });
    const edge = spriteCutout(img, { x: 0, y: 0, width: 4, height: 4 }, 2);
    expect([edge.ox, edge.oy, edge.image.width]).toEqual([-2, -2, 8]);
  });
});
