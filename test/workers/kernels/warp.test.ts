import { describe, expect, it } from 'vitest';
import { drawWarped, spriteCutout } from '../../../workers/kernels/warp.ts';
import { placePose, placedExtent, placementMap } from '../../../workers/kernels/poseMap.ts';
import { fitPoses } from '../../../workers/kernels/headroom.ts';
import { pose } from '../../../workers/kernels/motionPose.ts';
import type { Pose } from '../../../workers/kernels/motionPose.ts';
import { alphaBox } from '../../../workers/kernels/subject.ts';
import type { Box } from '../../../workers/kernels/subject.ts';
import { createImage, fillRect } from '../../../workers/kernels/image.ts';
import { translate } from '../../../workers/kernels/compose.ts';
import { extractPalette, usesOnlyPalette } from '../../../workers/kernels/palette.ts';
import type { RawImage } from '../../../workers/types.ts';
import { hero, pixelKnight } from '../../fixtures/sprites.ts';

/** `sprite` drawn at `p` on a transparent canvas of its size. */
function drawn(sprite: RawImage, p: Pose, pixel: boolean, opacity = 1): RawImage {
  const box = alphaBox(sprite) as Box;
  const out = createImage(sprite.width, sprite.height);
  const cut = spriteCutout(sprite, box, 2);
  const map = { ...placementMap(placePose(p, box, pixel), box), ox: cut.ox, oy: cut.oy };
  return drawWarped(out, cut.image, map, pixel ? 'nearest' : 'smooth', opacity);
}

/** A 40x40 canvas with a 10 wide, 20 tall two-legged figure standing on row 35. */
function figure(): RawImage {
  const img = createImage(40, 40);
  fillRect(img, 15, 15, 10, 13, { r: 200, g: 50, b: 50, a: 255 }); // body
  fillRect(img, 15, 28, 3, 7, { r: 20, g: 20, b: 90, a: 255 }); // left leg
  fillRect(img, 22, 28, 3, 7, { r: 20, g: 20, b: 90, a: 255 }); // right leg
  return img;
}

const rows = (img: RawImage, x0: number, x1: number): { top: number; bottom: number } => {
  let top = img.height, bottom = -1;
  for (let y = 0; y < img.height; y++) for (let x = x0; x < x1; x++) if (img.data[(y * img.width + x) * 4 + 3]) { top = Math.min(top, y); bottom = y; }
  return { top, bottom };
};

describe('drawWarped', () => {
  it.each([false, true])('the rest pose redraws the sprite exactly (pixel art: %s)', (pixel) => {
    const img = pixel ? pixelKnight() : hero(48);
    expect(drawn(img, pose({}), pixel)).toEqual(img);
  });

  it('whole-pixel offsets are exact shifts for pixel art', () => {
    const img = pixelKnight();
    const box = alphaBox(img) as Box;
    const p = pose({ dx: 2 / box.height, dy: -1 / box.height, jx: 1 });
    expect(drawn(img, p, true)).toEqual(translate(img, 3, -1));
  });

  it('mirrors pixel art exactly about its centre (a turn at half way)', () => {
    const img = figure();
    const out = drawn(img, pose({ sx: -1 }), true);
    for (let y = 0; y < 40; y++) for (let x = 15; x < 25; x++) {
      expect(out.data.subarray((y * 40 + x) * 4, (y * 40 + x) * 4 + 4)).toEqual(img.data.subarray((y * 40 + 39 - x) * 4, (y * 40 + 39 - x) * 4 + 4));
    }
  });

  it.each([
    ['squash', pose({ sy: 0.8, sx: 1.25 })],
    ['stretch', pose({ sy: 1.1, sx: 0.9 })],
    ['lean', pose({ lean: 0.2 })],
    ['bend', pose({ bend: 0.15 })],
    ['a step', pose({ stride: 0.1 })],
    ['a tuck', pose({ tuck: 0.15 })],
  ])('%s keeps the feet row (the baseline) put', (_name, p) => {
    for (const pixel of [false, true]) expect(rows(drawn(figure(), p, pixel), 0, 40).bottom).toBe(34);
  });

  it('pixel art: scaling, rotation and fades only copy input colours, alpha stays binary', () => {
    const img = pixelKnight();
    const palette = extractPalette([img]) ?? [];
    for (const p of [pose({ sx: 1.3, sy: 0.7 }), pose({ rot: 1.2, pivot: 0.5 }), pose({ lean: 0.3, bend: 0.2, tuck: 0.2, stride: -0.1 })]) {
      for (const opacity of [1, 0.4]) {
        const out = drawn(img, p, true, opacity);
        expect(usesOnlyPalette(out, palette)).toBe(true);
      }
    }
  });

  it('a step lifts one foot only', () => {
    const out = drawn(figure(), pose({ stride: 0.15 }), true);
    expect(rows(out, 15, 20).bottom).toBe(34);
    expect(rows(out, 20, 25).bottom).toBe(31);
  });

  it('a tuck lowers the body by the fold and keeps its pixels', () => {
    const out = drawn(figure(), pose({ tuck: 0.15 }), true);
    expect(rows(out, 0, 40).top).toBe(18);
    expect(rows(out, 0, 40).bottom).toBe(34);
  });

  it('a quarter turn about the right foot lays the figure down to the right, above the ground', () => {
    const out = drawn(figure(), pose({ rot: Math.PI / 2, pivot: 0.5 }), false);
    const box = alphaBox(out) as Box;
    expect(box.x).toBeGreaterThanOrEqual(24);
    expect(box.y + box.height).toBeLessThanOrEqual(36);
    expect(box.height).toBeLessThanOrEqual(11);
  });

  it('a cutout keeps the box with a transparent margin, also past the image\'s edges', () => {
    const img = figure();
    const cut = spriteCutout(img, { x: 15, y: 15, width: 10, height: 20 }, 3);
    expect([cut.image.width, cut.image.height, cut.ox, cut.oy]).toEqual([16, 26, 12, 12]);
    expect(alphaBox(cut.image)).toEqual({ x: 3, y: 3, width: 10, height: 20 });
    const edge = spriteCutout(img, { x: 0, y: 0, width: 4, height: 4 }, 2);
    expect([edge.ox, edge.oy, edge.image.width]).toEqual([-2, -2, 8]);
  });
});

describe('fitPoses (headroom)', () => {
  const box: Box = { x: 15, y: 2, width: 10, height: 33 }; // no room above, 15 px each side

  it('keeps a motion that fits as it is', () => {
    const p = [pose({ dx: 0.1, sy: 0.9 })];
    expect(fitPoses(p, [box], 40, 40, false)).toEqual(p);
  });

  it('scales sideways reach down to the room there is, the same factor for the whole segment', () => {
    const poses = [pose({ dx: 1 }), pose({ dx: 0.2 })];
    const fitted = fitPoses(poses, [box, box], 40, 40, false);
    const e = placedExtent(placePose(fitted[0] as Pose, box, false), box);
    expect(e.x1).toBeLessThanOrEqual(40);
    expect(e.x1).toBeGreaterThan(39.9);
    expect((fitted[1] as Pose).dx / (fitted[0] as Pose).dx).toBeCloseTo(0.2, 6);
  });

  it('with no headroom, a lift becomes a tuck: feet up, body under the frame edge', () => {
    const [p] = fitPoses([pose({ dy: -0.15, sy: 1.1 })], [box], 40, 40, false);
    const pl = placePose(p as Pose, box, false);
    const e = placedExtent(pl, box);
    expect(e.y0).toBeGreaterThanOrEqual(-1e-6);
    expect(e.y1).toBeCloseTo(35 - 0.15 * 33, 6); // the feet keep the asked lift (a small tuck is taken whole)
    expect((p as Pose).sy).toBe(1); // no room to stretch into
    expect((p as Pose).tuck).toBeGreaterThan(0.08); // 2.95 px of 33 folded into the legs
  });

  it('pixel art: the fitted pose lies inside the frame after snapping to whole pixels', () => {
    const poses = [0.1, 0.3, 0.5].map((dy) => pose({ dy: -dy, dx: 0.3, sx: 1.2, sy: 1.2 }));
    for (const p of fitPoses(poses, [box, box, box], 40, 40, true)) {
      const e = placedExtent(placePose(p, box, true), box);
      expect(e.x0).toBeGreaterThanOrEqual(0);
      expect(e.y0).toBeGreaterThanOrEqual(0);
      expect(e.x1).toBeLessThanOrEqual(40);
      expect(e.y1).toBeLessThanOrEqual(40);
    }
  });
});
