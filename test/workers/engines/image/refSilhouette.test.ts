// A reference's silhouette: from alpha, from a flat border colour, or the whole picture.
import { describe, expect, it } from 'vitest';
import { refSilhouette } from '../../../../workers/engines/image/refSilhouette.ts';
import { createImage, fillRect } from '../../../../workers/kernels/image.ts';

describe('refSilhouette', () => {
  it.each([
    ['transparent background', { r: 0, g: 0, b: 0, a: 0 }],
    ['white background', { r: 255, g: 255, b: 255, a: 255 }],
    ['green screen', { r: 0, g: 200, b: 0, a: 255 }],
  ])('%s: the subject and its box', (_name, bg) => {
    const img = createImage(20, 16, bg);
    fillRect(img, 5, 4, 6, 8, { r: 180, g: 40, b: 60, a: 255 });
    const s = refSilhouette(img);
    expect({ x: s.x, y: s.y, width: s.width, height: s.height }).toEqual({ x: 5, y: 4, width: 6, height: 8 });
    expect(s.mask[6 * 20 + 7]).toBe(1);
    expect(s.mask[0]).toBe(0);
  });

  it('a busy picture with no flat border is all subject', () => {
    const img = createImage(8, 8);
    for (let i = 0; i < img.data.length; i += 4) img.data.set([(i * 37) % 256, (i * 91) % 256, (i * 53) % 256, 255], i);
    const s = refSilhouette(img);
    expect([s.width, s.height]).toEqual([8, 8]);
  });
});
