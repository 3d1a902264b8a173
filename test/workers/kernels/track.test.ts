// Subject tracking: background kinds from the borders, the flood fill that keeps a white eye on a
// white background, boxes and centroids per frame, flips, and cut-outs of stills.
import { describe, expect, it } from 'vitest';
import { detectBackground, subjectMask, trackSubject } from '../../../workers/kernels/track.ts';
import { cutout, looksLikePixelArt, mirrorX } from '../../../workers/kernels/cutout.ts';
import { createImage, fillRect } from '../../../workers/kernels/image.ts';
import { opaqueBounds } from '../../../workers/kernels/compose.ts';
import type { RawImage } from '../../../workers/types.ts';
import { hero, heroOnBackground, heroWalkFrames, pixelKnight } from '../../fixtures/sprites.ts';
import { solid } from '../images.ts';

describe('detectBackground', () => {
  it.each([
    ['transparent', hero(48), { kind: 'alpha' }],
    ['flat white', heroOnBackground(48), { kind: 'flat', color: { r: 255, g: 255, b: 255, a: 255 } }],
    ['flat green', heroOnBackground(48, [40, 200, 60, 255]), { kind: 'flat', color: { r: 40, g: 200, b: 60, a: 255 } }],
  ])('%s', (_name, img, want) => {
    expect(detectBackground(img)).toEqual(want);
  });

  it('a noisy opaque border is no flat background', () => {
    const img = createImage(20, 20);
    for (let i = 0; i < img.data.length; i += 4) img.data.set([(i * 37) % 256, (i * 91) % 256, (i * 13) % 256, 255], i);
    expect(detectBackground(img).kind).toBe('none');
  });
});

describe('subjectMask', () => {
  it('floods the background from the borders, keeping enclosed background-coloured pixels', () => {
    const img = createImage(20, 20, { r: 255, g: 255, b: 255, a: 255 });
    fillRect(img, 5, 5, 10, 10, { r: 20, g: 20, b: 30, a: 255 });
    fillRect(img, 9, 9, 2, 2, { r: 255, g: 255, b: 255, a: 255 }); // a white eye
    const mask = subjectMask(img, detectBackground(img));
    expect(mask[0]).toBe(0);
    expect(mask[9 * 20 + 9]).toBe(255);
    expect(mask[5 * 20 + 5]).toBe(255);
    expect(mask.filter((m) => m > 0).length).toBe(100);
  });
});

describe('trackSubject', () => {
  it('follows the walk: box bottoms and centroids move with the frames', () => {
    const frames = heroWalkFrames(8, 48);
    const track = trackSubject(frames, { kind: 'alpha' });
    expect(track.every((t) => t.box !== null && !t.flipped)).toBe(true);
    const xs = track.map((t) => t.cx);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(1.5);
    expect(track[0]?.box).toEqual(opaqueBounds(frames[0] as RawImage, 63));
  });

  it('sees a mirrored asymmetric subject as flipped', () => {
    const k = pixelKnight();
    const track = trackSubject([k, k, mirrorX(k)], { kind: 'alpha' });
    expect(track.map((t) => t.flipped)).toEqual([false, false, true]);
    // A symmetric silhouette cannot show which way it faces.
    const h = hero(48);
    expect(trackSubject([h, mirrorX(h)], { kind: 'alpha' }).map((t) => t.flipped)).toEqual([false, false]);
  });

  it('reads a picture handed out for several frames once, and finds in it what it finds in a copy', () => {
    const walk = heroWalkFrames(4, 48);
    // A loop played twice over, as a GIF decoder hands it out: the same objects again.
    const looped = [...walk, ...walk];
    const copies = looped.map((f) => ({ ...f, data: f.data.slice() }));
    const seen: number[] = [];
    const track = trackSubject(looped, { kind: 'alpha' }, { onFrame: (_f, _t, i) => seen.push(i) });
    const apart = trackSubject(copies, { kind: 'alpha' });
    expect(track[4]).toBe(track[0]);
    expect(track[5]).not.toBe(track[4]);
    // Every frame is still reported (a restyle samples the subject's colours from each one shown).
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const [i, t] of track.entries()) {
      const c = apart[i]!;
      expect([t.box, t.extent, t.flipped, t.cx, t.cy]).toEqual([c.box, c.extent, c.flipped, c.cx, c.cy]);
    }
  });
});

describe('cutout', () => {
  it('keys a flat background out and trims to the subject', () => {
    const out = cutout(heroOnBackground(48));
    expect(out.width).toBeLessThan(30);
    expect(out.data[3]).toBeLessThan(255);
    expect(cutout(hero(48))).toEqual(cutout(hero(48)));
  });

  it('keeps a solid swatch whole', () => {
    expect(cutout(solid(6, 4, [200, 0, 0, 255]))).toEqual(solid(6, 4, [200, 0, 0, 255]));
  });

  it('tells pixel art from smooth art', () => {
    expect(looksLikePixelArt(pixelKnight())).toBe(true);
    expect(looksLikePixelArt(hero(48))).toBe(false);
  });
});
