// Which way a side view faces, read from its face: the skin-coloured side of the head. Brown and
// blond hair passes any skin colour rule; it is darker than the face, which tells them apart.
import { describe, expect, it } from 'vitest';
import { sideFacing } from '../../../../workers/engines/rig/findRig.ts';
import { createImage, fillRect } from '../../../../workers/kernels/image.ts';
import type { Rgba } from '../../../../workers/kernels/image.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import type { RawImage } from '../../../../workers/types.ts';

const color = (r: number, g: number, b: number): Rgba => ({ r, g, b, a: 255 });
const FACE = color(254, 201, 170);
const SHIRT = color(30, 140, 230);
const SHOES = color(220, 40, 50);

/**
 * A chibi seen from the side, facing right: a big head of `hair` over most of it (the top, and the
 * back reaching out behind the body, so the head's bulk is behind) with the face at its front
 * right, a body and two shoes under it.
 */
function chibi(hair: Rgba): RawImage {
  const img = createImage(100, 120);
  fillRect(img, 0, 0, 90, 60, hair);
  fillRect(img, 60, 20, 30, 40, FACE);
  fillRect(img, 35, 60, 40, 40, SHIRT);
  fillRect(img, 33, 100, 20, 20, SHOES);
  fillRect(img, 57, 100, 20, 20, SHOES);
  return img;
}

describe('a side view\'s facing', () => {
  it.each([
    ['dark hair', color(40, 30, 30)],
    ['light brown hair', color(193, 152, 121)],
    ['brown hair', color(153, 92, 46)],
  ] as const)('is toward its face under %s, at every size', (_name, hair) => {
    const img = chibi(hair);
    for (let w = 40; w <= 200; w += 8) {
      const small = resizeTo(img, w, Math.round((w * 120) / 100), 'smooth');
      expect(sideFacing(small, { x: 0, y: 0, width: small.width, height: small.height }), `${w} px`).toBe(1);
    }
  });
});
