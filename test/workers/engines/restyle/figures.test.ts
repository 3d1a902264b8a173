// The figures of a subject mask: one per character, on a real four-direction walk GIF whose two
// shield-bearers touch; a prop a pixel off the hand is part of its figure, a speck far away is not
// a figure.
import { describe, expect, it } from 'vitest';
import { splitFigures } from '../../../../workers/engines/restyle/figures.ts';
import type { Figures } from '../../../../workers/engines/restyle/figures.ts';
import { decodeGif } from '../../../../workers/codecs/gif.ts';
import { detectBackground, trackSubject } from '../../../../workers/kernels/track.ts';
import { sources, still } from '../../../fixtures/realSprites.ts';

/** A `width` x `height` mask with the given rectangles set. */
function mask(width: number, height: number, rects: [number, number, number, number][]): Uint8Array {
  const m = new Uint8Array(width * height);
  for (const [x, y, w, h] of rects) for (let yy = y; yy < y + h; yy++) m.fill(255, yy * width + x, yy * width + x + w);
  return m;
}

/** Per pixel of a `width` x `height` mask, the figure its span gives it, or -1. */
function labelsOf({ spans }: Figures, width: number, height: number): Int16Array {
  const of = new Int16Array(width * height).fill(-1);
  for (let i = 0; i < spans.length; i += 4) of.fill(spans[i + 3]!, spans[i + 2]! * width + spans[i]!, spans[i + 2]! * width + spans[i + 1]! + 1);
  return of;
}

describe('splitFigures', () => {
  it('finds the six walkers of every frame of the skeleton walk GIF, the touching pair cut apart', () => {
    const gif = decodeGif(sources.find((s) => s.name === 'skeleton-walk-gif')!.bytes);
    const track = trackSubject(gif.frames, detectBackground(gif.frames[0]!));
    for (const t of track) {
      const found = splitFigures(t.mask, gif.frames[0]!.width, gif.frames[0]!.height);
      const { figures } = found, of = labelsOf(found, gif.frames[0]!.width, gif.frames[0]!.height);
      expect(figures).toHaveLength(6);
      // Each about one walker wide, and every labelled pixel inside its figure's box.
      for (const f of figures) expect(f.box.width).toBeLessThanOrEqual(24);
      of.forEach((f, p) => {
        if (f < 0) return;
        const { x, y, width, height } = figures[f]!.box, px = p % 72, py = Math.floor(p / 72);
        expect(px >= x && px < x + width && py >= y && py < y + height).toBe(true);
      });
    }
  });

  it('a single sprite is one figure', () => {
    const k = still('knight-side').image;
    const m = new Uint8Array(k.width * k.height).map((_, p) => k.data[p * 4 + 3]!);
    expect(splitFigures(m, k.width, k.height).figures).toHaveLength(1);
  });

  it('a part is its 8-connected pixels: runs that touch only at a corner, or wind round a gap, are one figure', () => {
    // A U (two columns joined at the bottom), a diagonal staircase of single pixels, and a bar
    // further right that starts a row higher: numbered in the order a raster scan meets them.
    const stair: [number, number, number, number][] = Array.from({ length: 12 }, (_, i) => [24 + i, 2 + i, 1, 1]);
    const m = mask(60, 30, [[2, 2, 2, 20], [12, 2, 2, 20], [2, 20, 12, 2], ...stair, [48, 1, 6, 20]]);
    const found = splitFigures(m, 60, 30);
    const { figures } = found, of = labelsOf(found, 60, 30);
    expect(figures.map((f) => f.box)).toEqual([{ x: 48, y: 1, width: 6, height: 20 }, { x: 2, y: 2, width: 12, height: 20 }, { x: 24, y: 2, width: 12, height: 12 }]);
    expect(figures.map((f) => f.area)).toEqual([120, 2 * 2 * 20 + 8 * 2, 12]);
    expect([of[1 * 60 + 48], of[2 * 60 + 2], of[2 * 60 + 13], of[13 * 60 + 35], of[0]]).toEqual([0, 1, 1, 2, -1]);
  });

  it('joins a prop a pixel away, drops a far speck, keeps two figures apart', () => {
    const body: [number, number, number, number] = [4, 4, 6, 20];
    const { figures } = splitFigures(mask(60, 30, [body, [11, 8, 2, 10], [30, 2, 1, 1], [40, 4, 6, 20]]), 60, 30);
    expect(figures.map((f) => f.box)).toEqual([{ x: 4, y: 4, width: 9, height: 20 }, { x: 40, y: 4, width: 6, height: 20 }]);
  });
});
