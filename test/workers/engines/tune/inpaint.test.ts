// Prompt-driven edits without a mask, on real sprites and a textured scene: a new background (flat,
// gradient, transparent) behind an untouched subject; an object removed from a named region and its
// hole filled (patch synthesis carries a texture across); a named colour or part recoloured with its
// shading kept; anything else fails, saying what is understood.
import { describe, expect, it } from 'vitest';
import { inpaint, InpaintError } from '../../../../workers/engines/tune/inpaint.ts';
import { createImage } from '../../../../workers/kernels/image.ts';
import { toHsl } from '../../../../workers/kernels/tone.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { still } from '../../../fixtures/realSprites.ts';

const px = (img: RawImage, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

/** A brick wall (two colours, a regular pattern) with a green block in its upper right third. */
function wall(block: boolean): RawImage {
  const img = createImage(150, 120);
  for (let y = 0; y < 120; y++) for (let x = 0; x < 150; x++) {
    const mortar = ((Math.floor(y / 8) % 2 ? x + 8 : x) % 16 === 0) || y % 8 === 0;
    img.data.set(mortar ? [90, 70, 60, 255] : [170, 110, 80, 255], (y * 150 + x) * 4);
  }
  if (block) for (let y = 10; y < 33; y++) for (let x = 110; x < 138; x++) img.data.set([30, 200, 60, 255], (y * 150 + x) * 4);
  return img;
}

describe('inpaint', () => {
  it('"Change background to blue sky": a gradient behind the subject, the subject untouched', () => {
    const s = still('pirate-front');
    const { image, plan } = inpaint(s.image, 'Change background to blue sky', 200, 'x');
    expect(plan).toEqual({ edit: 'background', to: ['blue', 'sky'] });
    const top = px(image, 0, 0), bottom = px(image, 0, image.height - 1);
    expect(top[2]).toBeGreaterThan(top[0]!); // blue
    expect(bottom[0]! + bottom[1]!).toBeGreaterThan(top[0]! + top[1]!); // lighter toward the bottom
    for (let p = 0; p < image.width * image.height; p++) {
      expect(image.data[p * 4 + 3]).toBe(255);
      if (s.image.data[p * 4 + 3] === 255) expect(px(image, p % image.width, Math.floor(p / image.width))).toEqual(px(s.image, p % s.image.width, Math.floor(p / s.image.width)));
    }
  });

  it('"remove the background" on a flat colour leaves the subject on transparency', () => {
    const s = still('king-opaque');
    const { image } = inpaint(s.image, 'remove the background', 200, 'x');
    expect(image.data[3]).toBe(0);
    expect([...image.data].filter((_, i) => i % 4 === 3 && _ === 255).length).toBeGreaterThan(100);
  });

  it('"Remove object in upper right corner": the block goes and the bricks carry on across its hole', () => {
    const { image, plan } = inpaint(wall(true), 'Remove object in upper right corner', 200, 'x');
    expect(plan).toMatchObject({ edit: 'remove', region: 'upper right', fill: 'synthesis' });
    const plain = wall(false);
    let green = 0, close = 0, n = 0;
    for (let y = 10; y < 33; y++) for (let x = 110; x < 138; x++) {
      const [r, g, b] = px(image, x, y);
      if (g! > 150 && r! < 100) green++;
      const [pr, pg, pb] = px(plain, x, y);
      n++;
      if (Math.abs(r! - pr!) + Math.abs(g! - pg!) + Math.abs(b! - pb!) < 30) close++;
    }
    expect(green).toBe(0);
    // Filled with the wall's own colours, much of it where the wall had them.
    expect(close / n).toBeGreaterThan(0.6);
    // Outside the region nothing changed.
    expect(px(image, 10, 100)).toEqual(px(plain, 10, 100));
  });

  it('"make the red shoes blue": red pixels turn blue with their shading; the rest is untouched', () => {
    const s = still('pirate-front');
    // The pirate's red is its hair: make it blue.
    const { image, plan } = inpaint(s.image, 'make the red hair blue', 200, 'x');
    expect(plan).toMatchObject({ edit: 'recolour', to: 'blue' });
    let changed = 0, blue = 0, stray = 0;
    for (let p = 0; p < image.width * image.height; p++) {
      const i = p * 4;
      const before = toHsl({ r: s.image.data[i]!, g: s.image.data[i + 1]!, b: s.image.data[i + 2]!, a: 255 });
      const differs = image.data[i] !== s.image.data[i] || image.data[i + 1] !== s.image.data[i + 1] || image.data[i + 2] !== s.image.data[i + 2];
      if (!differs) continue;
      changed++;
      const after = toHsl({ r: image.data[i]!, g: image.data[i + 1]!, b: image.data[i + 2]!, a: 255 });
      if (after.h > 200 && after.h < 250) blue++;
      if (before.s > 0.35 && (before.h > 20 && before.h < 340)) stray++;
    }
    expect(changed).toBeGreaterThan(20);
    expect(blue / changed).toBeGreaterThan(0.9);
    expect(stray).toBe(0);
  });

  it('a prompt outside the vocabulary fails, naming what is understood', () => {
    expect(() => inpaint(still('knight-side').image, 'add a hat', 200, 'x')).toThrow(InpaintError);
    expect(() => inpaint(still('knight-side').image, 'add a hat', 200, 'x')).toThrow(/inpaint understands: .*; not "add a hat"/);
    expect(() => inpaint(wall(true), 'remove the thing', 200, 'x')).toThrow('inpaint needs the region to remove from');
    expect(() => inpaint(wall(false), 'remove the object in the lower left', 200, 'x')).toThrow('inpaint found nothing to remove in the lower left region');
  });
});
