import { describe, expect, it } from 'vitest';
import { createLook, spriteCutout } from '../../../../workers/engines/animate/look.ts';
import { REST } from '../../../../workers/engines/animate/motionFrame.ts';
import { extractPalette } from '../../../../workers/kernels/palette.ts';
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

describe('createLook', () => {
  /** A grey pixel-art body (light fill, a darker shade beside it) in a dark outline, as the rhino is drawn. */
  function greyBody(): RawImage {
    const img = createImage(24, 16);
    fillRect(img, 2, 2, 20, 12, { r: 33, g: 31, b: 48, a: 255 });
    fillRect(img, 3, 3, 18, 10, { r: 175, g: 187, b: 195, a: 255 });
    fillRect(img, 3, 10, 18, 3, { r: 133, g: 141, b: 153, a: 255 });
    return img;
  }
  const count = (img: RawImage, r: number): number => {
    let n = 0;
    for (let i = 0; i < img.data.length; i += 4) if (img.data[i + 3]! > 0 && img.data[i] === r) n++;
    return n;
  };

  it('pixel art shades by whole steps down its ramps: a slight shade (a body lying dead) is no dither, a deep one darkens every pixel alike', () => {
    const img = greyBody();
    const look = createLook(img, { x: 2, y: 2, width: 20, height: 12 }, { pixel: true, palette: extractPalette([img]) });
    const tint = { r: 255, g: 255, b: 255, a: 255 };
    const slight = look.sprite({ ...REST, shade: -0.1 }, tint);
    expect([count(slight, 175), count(slight, 133)]).toEqual([18 * 7, 18 * 3]);
    const deep = look.sprite({ ...REST, shade: -0.5 }, tint);
    expect(count(deep, 175)).toBe(0);
    expect(count(deep, 133)).toBe(18 * 7);
  });

  it('pixel art glows by a whole step up its ramps: a faint glow changes no colour, a stronger one lifts every pixel alike', () => {
    const img = greyBody();
    const look = createLook(img, { x: 2, y: 2, width: 20, height: 12 }, { pixel: true, palette: extractPalette([img]) });
    const tint = { r: 255, g: 255, b: 255, a: 255 };
    // (The halo ring around the body is drawn in the palette's lightest colour; the shade below is untouched by it.)
    expect(count(look.sprite({ ...REST, glow: 0.2 }, tint), 133)).toBe(18 * 3);
    expect(count(look.sprite({ ...REST, glow: 0.6 }, tint), 133)).toBe(0);
  });
});
