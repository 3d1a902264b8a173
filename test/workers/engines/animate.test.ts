import { describe, expect, it } from 'vitest';
import { animate } from '../../../workers/engines/animate.ts';
import { motionAt, motionCycles } from '../../../workers/kernels/motion.ts';
import type { MotionName } from '../../../workers/kernels/motion.ts';
import { opaqueBounds, translate } from '../../../workers/kernels/compose.ts';
import { createImage, fillRect } from '../../../workers/kernels/image.ts';
import type { RawImage } from '../../../workers/types.ts';
import { pixelArt } from '../images.ts';

/** A 64x64 canvas with a 20x30 sprite standing on row 60. */
function standing(): RawImage {
  const img = createImage(64, 64);
  fillRect(img, 22, 30, 20, 30, { r: 200, g: 80, b: 40, a: 255 });
  fillRect(img, 28, 24, 8, 6, { r: 40, g: 40, b: 60, a: 255 });
  return img;
}

const names: MotionName[] = ['jump', 'walk', 'run', 'spin', 'attack', 'shake', 'float', 'idle'];

describe('motions', () => {
  it.each(names)('%s is the identity at phase 0 and 1, so the loop closes', (name) => {
    const box = { x: 10, y: 10, width: 20, height: 30 };
    for (const phase of [0, 1]) {
      const t = motionAt(name, phase, motionCycles(name, 36), box, false);
      expect(t).toMatchObject({ scaleX: 1, scaleY: 1 });
      expect(Math.abs(t.dx) + Math.abs(t.dy)).toBeLessThan(1e-9);
    }
  });

  it.each([[36, 'jump', 2], [100, 'jump', 6], [36, 'walk', 3], [36, 'idle', 2], [4, 'spin', 1]] as const)(
    '%i frames of %s repeat %i times', (n, name, cycles) => {
      expect(motionCycles(name, n)).toBe(cycles);
    },
  );
});

describe('animate', () => {
  it('names the motion from the text and moves the sprite as it says', () => {
    const start = standing();
    const top = (img: RawImage): number => opaqueBounds(img)?.y ?? 0;
    const left = (img: RawImage): number => opaqueBounds(img, 127)?.x ?? 0;
    const jump = animate({ start, text: 'Jump up!', frames: 36, isPixel: false, seed: 's' });
    expect(jump.tag).toBe('jump');
    expect(Math.min(...jump.frames.map(top))).toBeLessThan(top(start) - 3);
    const walk = animate({ start, text: 'walking', frames: 36, isPixel: false, seed: 's' });
    expect(walk.tag).toBe('walk');
    expect(new Set(walk.frames.map(left)).size).toBeGreaterThan(2);
    expect(animate({ start, text: 'a knight', frames: 36, isPixel: false, seed: 's' }).tag).toBe('idle');
  });

  it('pixel art moves by whole pixels: each walk frame is the start shifted', () => {
    const start = createImage(40, 40);
    const art = pixelArt(16, 16);
    for (let y = 0; y < 16; y++) start.data.set(art.data.subarray(y * 64, y * 64 + 64), ((y + 20) * 40 + 12) * 4);
    const { frames } = animate({ start, text: 'walk', frames: 24, isPixel: true, seed: 's' });
    const b0 = opaqueBounds(start);
    for (const f of frames) {
      const b = opaqueBounds(f);
      expect(f).toEqual(translate(start, (b?.x ?? 0) - (b0?.x ?? 0), (b?.y ?? 0) - (b0?.y ?? 0)));
    }
  });

  it('with an end image: exact ends, blended middle', () => {
    const start = standing();
    const end = createImage(64, 64);
    fillRect(end, 10, 40, 44, 20, { r: 20, g: 200, b: 40, a: 255 });
    const { frames } = animate({ start, end, text: 'morph', frames: 9, isPixel: false, seed: 's' });
    expect(frames).toHaveLength(9);
    expect(frames[0]).toEqual(start);
    expect(frames[8]).toEqual(end);
    const mid = frames[4] as RawImage;
    const i = (50 * 64 + 32) * 4; // inside both shapes
    expect(mid.data[i]).toBeGreaterThan(20);
    expect(mid.data[i]).toBeLessThan(200);
  });

  it('checks its inputs first', () => {
    expect(() => animate({ start: standing(), text: '', frames: 1, isPixel: false, seed: 's' })).toThrow(
      'Expected integer between 2 and 1024 for frames but received 1',
    );
    expect(() => animate({ start: { data: new Uint8Array(3), width: 1, height: 1 }, text: '', frames: 4, isPixel: false, seed: 's' }))
      .toThrow('Expected 4 bytes (1x1 RGBA) for start image but received 3');
  });
});
