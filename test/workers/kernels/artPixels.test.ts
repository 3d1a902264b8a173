// Pixel art exported at a whole-number scale is found, and shrinks and grows back exactly; the animate
// engine moves it at its own resolution, so every frame is whole art pixels.
import { describe, expect, it } from 'vitest';
import { artPixelSize } from '../../../workers/kernels/artPixels.ts';
import { animate } from '../../../workers/engines/animate/animate.ts';
import { resizeTo } from '../../../workers/kernels/resize.ts';
import { pixelKnight, hero } from '../../fixtures/sprites.ts';
import { still } from '../../fixtures/realSprites.ts';
import type { RawImage } from '../../../workers/types.ts';

// Exported at a scale and brought back: nearest-neighbour resizing by a whole factor.
const growBlocks = (img: RawImage, k: number) => resizeTo(img, img.width * k, img.height * k, 'nearest');
const shrinkBlocks = (img: RawImage, k: number) => resizeTo(img, img.width / k, img.height / k, 'nearest');
const same = (a: { data: Uint8Array }, b: { data: Uint8Array }) => Buffer.from(a.data).equals(Buffer.from(b.data));

describe('artPixelSize', () => {
  it('finds the scale pixel art was exported at, and 1 for art at its own size or a painting', () => {
    const knight = still('knight-side').image;
    expect(artPixelSize(knight)).toBe(1);
    expect(artPixelSize(growBlocks(knight, 4))).toBe(4);
    expect(artPixelSize(growBlocks(knight, 6))).toBe(6);
    expect(artPixelSize(hero(64))).toBe(1);
  });

  it('shrinks and grows back to the same pixels', () => {
    const big = growBlocks(still('pirate-front').image, 3);
    expect(same(growBlocks(shrinkBlocks(big, 3), 3), big)).toBe(true);
  });
});

describe('animate: pixel art at a whole-number scale', () => {
  it.each(['walk', 'attack', 'spin'])('%s: the frames are the art-resolution animation grown, frame 0 the input', (text) => {
    const native = resizeTo(pixelKnight(), 32, 32, 'nearest');
    const big = growBlocks(native, 8);
    const small = animate({ start: native, text, frames: 12, isPixel: true, seed: 's' });
    const grown = animate({ start: big, text, frames: 12, isPixel: true, seed: 's' });
    expect(grown.frames).toHaveLength(12);
    grown.frames.forEach((f, i) => expect(same(f, growBlocks(small.frames[i]!, 8)), `frame ${i}`).toBe(true));
    expect(grown.pivot).toEqual({ x: small.pivot.x * 8, y: small.pivot.y * 8 });
    expect(grown.start).toMatchObject({ x: small.start.x * 8, y: small.start.y * 8, width: 256, height: 256 });
    // Frame 0 holds the input unchanged at its place.
    const f0 = grown.frames[0]!;
    for (let y = 0; y < 256; y += 37) for (let x = 0; x < 256; x += 29) {
      const a = ((grown.start.y + y) * f0.width + grown.start.x + x) * 4, b = (y * 256 + x) * 4;
      expect([...f0.data.subarray(a, a + 4)]).toEqual([...big.data.subarray(b, b + 4)]);
    }
  });
});
