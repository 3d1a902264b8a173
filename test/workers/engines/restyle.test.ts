import { describe, expect, it } from 'vitest';
import { resampleIndices, restyle, restyleTint } from '../../../workers/engines/restyle.ts';
import { solid } from '../images.ts';

describe('resampleIndices', () => {
  it.each([
    ['even delays, same count', [100, 100, 100], 3, [0, 1, 2]],
    ['even delays, doubled', [100, 100, 100], 6, [0, 0, 1, 1, 2, 2]],
    ['a long frame is shown longer', [100, 300], 4, [0, 1, 1, 1]],
    ['more source frames than output', [10, 10, 10, 10, 10, 10], 3, [0, 2, 4]],
    ['zero delays play evenly', [0, 0], 4, [0, 0, 1, 1]],
  ])('%s', (_name, delays, count, expected) => {
    expect(resampleIndices(delays, count)).toEqual(expected);
  });

  it('spreads 36 output frames over a 3 s sheet of 36 cells one to one', () => {
    const delays = Array.from({ length: 36 }, (_, i) => Math.round(((i + 1) * 1000) / 12) - Math.round((i * 1000) / 12));
    expect(resampleIndices(delays, 36)).toEqual(Array.from({ length: 36 }, (_, i) => i));
  });
});

describe('restyle', () => {
  it('caps the frame size at 512 and tints by the colour word', () => {
    const source = { frames: [solid(1024, 256, [128, 128, 128, 255])], delaysMs: [100] };
    const { frames } = restyle({ source, frames: 4, text: 'make it red', seed: 's' });
    expect(frames).toHaveLength(4);
    expect([frames[0]?.width, frames[0]?.height]).toEqual([512, 128]);
    const [r, g, b] = [...(frames[0]?.data.subarray(0, 3) ?? [])] as number[];
    expect(r).toBeGreaterThan((g ?? 0) + 50);
    expect(r).toBeGreaterThan((b ?? 0) + 50);
  });

  it('a reference outranks the words; no hint gives a mild seeded tint', () => {
    const ref = solid(2, 2, [0, 0, 255, 255]);
    expect(restyleTint('golden', ref, 's').color).toEqual({ r: 0, g: 0, b: 255, a: 255 });
    expect(restyleTint('golden', undefined, 's').strength).toBeGreaterThan(0.5);
    expect(restyleTint('a knight', undefined, 's')).toEqual(restyleTint('a knight', undefined, 's'));
    expect(restyleTint('a knight', undefined, 's').strength).toBeLessThan(0.5);
  });
});
