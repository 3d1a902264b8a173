import { describe, expect, it } from 'vitest';
import {
  alphaBox, backgroundMask, borderColor, centroidOf, hasTransparency, separateSubject,
} from '../../../workers/kernels/subject.ts';
import { createImage, fillRect, pixelAt } from '../../../workers/kernels/image.ts';
import type { RawImage } from '../../../workers/types.ts';
import { hero, heroOnBackground, pixelKnight } from '../../fixtures/sprites.ts';

const rgba = (r: number, g: number, b: number, a = 255) => ({ r, g, b, a });

/** A 40x30 flat background with a 10x12 box at (12, 14) and a background-coloured "eye" inside it. */
function boxOnFlat(bg = rgba(200, 220, 240)): RawImage {
  const img = createImage(40, 30, bg);
  fillRect(img, 12, 14, 10, 12, rgba(40, 60, 20));
  fillRect(img, 15, 17, 2, 2, bg);
  return img;
}

describe('separateSubject', () => {
  it('uses the alpha when the image has transparency', () => {
    const img = hero(48);
    expect(hasTransparency(img)).toBe(true);
    const s = separateSubject(img, false);
    expect(s.background).toBeNull();
    expect(s.sprite.data).toEqual(img.data);
    expect(s.box).toEqual(alphaBox(img));
  });

  it('finds a flat background on the borders and makes it transparent, keeping enclosed background-coloured pixels', () => {
    const img = boxOnFlat();
    const s = separateSubject(img, true);
    expect(s.background).toEqual(rgba(200, 220, 240));
    expect(s.box).toEqual({ x: 12, y: 14, width: 10, height: 12 });
    expect(pixelAt(s.sprite, 0, 0).a).toBe(0);
    expect(pixelAt(s.sprite, 15, 17)).toEqual(rgba(200, 220, 240)); // the "eye" is the subject's
    expect(pixelAt(s.sprite, 13, 15)).toEqual(rgba(40, 60, 20));
  });

  it('takes the most common border colour, exactly, even with a subject touching the border', () => {
    const img = boxOnFlat();
    fillRect(img, 0, 0, 8, 30, rgba(90, 30, 30)); // a subject against the left edge
    expect(borderColor(img)).toEqual(rgba(200, 220, 240));
  });

  it('tolerates noise around the flat colour (a JPEG)', () => {
    const img = boxOnFlat();
    for (let i = 0; i < img.data.length; i += 4) if (img.data[i] === 200) img.data[i] = 200 + ((i / 4) % 7) - 3;
    const s = separateSubject(img, false);
    expect(s.box).toEqual({ x: 12, y: 14, width: 10, height: 12 });
  });

  it('un-mixes anti-aliased edges from the background (no halo when moved)', () => {
    const img = createImage(9, 9, rgba(255, 255, 255));
    fillRect(img, 3, 3, 3, 3, rgba(0, 0, 200));
    fillRect(img, 2, 3, 1, 3, rgba(128, 128, 228)); // half blue, half white
    const s = separateSubject(img, false);
    const edge = pixelAt(s.sprite, 2, 4);
    expect(edge.a).toBeGreaterThan(100);
    expect(edge.a).toBeLessThan(220);
    expect(edge.r).toBeLessThan(60); // the white is gone from its colour
    // Pixel art keeps every colour and binary alpha.
    const p = separateSubject(img, true);
    expect(pixelAt(p.sprite, 2, 4)).toEqual(rgba(128, 128, 228));
  });

  it('matches the hero drawn on a flat background to the hero on transparency', () => {
    const s = separateSubject(heroOnBackground(48, [250, 240, 200, 255]), true);
    expect(s.background).toEqual(rgba(250, 240, 200));
    expect(s.box).toEqual(alphaBox(hero(48)));
  });

  it('pixel art: binary alpha', () => {
    const img = pixelKnight();
    img.data[(5 * 32 + 15) * 4 + 3] = 100;
    const s = separateSubject(img, true);
    expect(s.sprite.data.every((v, i) => i % 4 !== 3 || v === 0 || v === 255)).toBe(true);
  });

  it('an image that is all one colour has no subject', () => {
    expect(separateSubject(createImage(8, 8, rgba(1, 2, 3)), false).box).toBeNull();
  });

  it('checks its input', () => {
    expect(() => separateSubject({ data: new Uint8Array(5), width: 2, height: 2 }, false)).toThrow(
      'Expected 16 bytes (2x2 RGBA) for image but received 5',
    );
  });
});

describe('subject geometry', () => {
  it('box, centroid and baseline of a known shape', () => {
    const img = createImage(20, 20);
    fillRect(img, 4, 6, 6, 10, rgba(9, 9, 9));
    const box = alphaBox(img);
    expect(box).toEqual({ x: 4, y: 6, width: 6, height: 10 });
    expect(centroidOf(img, box)).toEqual({ x: 7, y: 11 });
    expect(alphaBox(createImage(3, 3))).toBeNull();
  });

  it('background mask: only pixels connected to the border', () => {
    const mask = backgroundMask(boxOnFlat(), rgba(200, 220, 240));
    expect(mask[0]).toBe(1);
    expect(mask[17 * 40 + 15]).toBe(0);
    expect(mask[14 * 40 + 12]).toBe(0);
  });
});
