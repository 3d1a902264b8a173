import { describe, expect, it } from 'vitest';
import { frameDelaysCs, frameDurationsMs } from '../../../workers/kernels/timing.ts';

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

describe('frame timing at 12 fps', () => {
  it('starts 8, 8, 9, 8, 8, 9 centiseconds', () => {
    expect(frameDelaysCs(6)).toEqual([8, 8, 9, 8, 8, 9]);
  });

  // Total = floor(N * 100 / 12) cs: the spread never drifts from the exact running time.
  it.each([
    [4, 33], [9, 75], [16, 133], [36, 300], [49, 408], [81, 675], [100, 833], [121, 1008],
  ])('%i frames last %i cs', (n, totalCs) => {
    const delays = frameDelaysCs(n);
    expect(delays).toHaveLength(n);
    expect(sum(delays)).toBe(totalCs);
    expect(sum(delays)).toBe(Math.floor((n * 100) / 12));
    expect(delays.every((d) => d === 8 || d === 9)).toBe(true);
    // Every prefix is the exact time rounded down: the spread rule itself.
    delays.reduce((acc, d, i) => {
      expect(acc + d).toBe(Math.floor(((i + 1) * 100) / 12));
      return acc + d;
    }, 0);
  });

  it('36 frames are 3000 ms and 100 frames 8330 ms in sheet.json', () => {
    expect(sum(frameDurationsMs(36))).toBe(3000);
    expect(sum(frameDurationsMs(100))).toBe(8330);
    expect(frameDurationsMs(3)).toEqual([80, 80, 90]);
  });
});
