// How a sprite is read. Which way a side view faces, from its face: the skin-coloured side of the
// head (brown and blond hair passes any skin colour rule; it is darker than the face, which tells
// them apart). And when a small chibi is a figure.
import { describe, expect, it } from 'vitest';
import { sideFacing } from '../../../../workers/engines/rig/findRig.ts';
import { createImage, fillRect } from '../../../../workers/kernels/image.ts';
import type { Rgba } from '../../../../workers/kernels/image.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { still } from '../../../fixtures/realSprites.ts';

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

describe('a small chibi whose boots touch', () => {
  // The 15 px viking's boots are joined by their outlines: no gap between its legs in the
  // silhouette, and it is about as wide as tall. Read as a blob it waddled, its body swayed by
  // turns that smeared its hands; two fills side by side on its lowest row are its feet.
  it('is a humanoid seen from the front, its legs split at its middle', () => {
    const { rig } = rigSubject(still('warrior-front').image, true)!;
    expect(rig.plan).toBe('humanoid');
    expect(rig.view).toBe('front');
    expect(rig.index.legL).toBeDefined();
    expect(rig.index.legR).toBeDefined();
  });

  it.each(['coin', 'slime-24', 'slime-44'])('%s (one fill along its lowest row) stays what it was', (name) => {
    expect(rigSubject(still(name).image, true)!.rig.plan).toBe('blob');
  });
});

describe('a small side view whose outline is its own mirror image', () => {
  // The 16 px viking seen from the side: its helmet's outline is its own mirror image, but its face
  // shows on one side only. Read as a front view, its slash was drawn across its face and its
  // walk did not step.
  it('is read as a side view by its face, facing the way the face looks', () => {
    const { rig } = rigSubject(still('warrior-side').image, true)!;
    expect([rig.view, rig.facing]).toEqual(['side', 1]);
  });

  it.each(['warrior-front', 'pirate-front', 'king-opaque', 'mage-front', 'adventurer-front'])('%s, seen from the front, stays a front view', (name) => {
    const s = still(name);
    expect(rigSubject(s.image, s.isPixel)!.rig.view).toBe('front');
  });

  // The 30 px mage's robe reaches the ground: read from the side it strode its hem apart; as a
  // front view the hem sways in place.
  it('a taller one (a robe to the ground) is left a front view', () => {
    expect(rigSubject(still('mage-side').image, true)!.rig.view).toBe('front');
  });
});
