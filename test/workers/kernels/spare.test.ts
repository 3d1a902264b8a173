// The block kept between jobs (workers/kernels/spare.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Spare } from '../../../workers/kernels/spare.ts';

afterEach(() => vi.useRealTimers());

describe('Spare', () => {
  it('hands a given block to one taker of its length (or of at most it, when asked)', () => {
    const spare = new Spare(1024);
    const block = new Uint8Array(100);
    spare.give(block);
    expect(spare.take(99)).toBeUndefined();
    expect(spare.take(100)).toBe(block);
    expect(spare.take(100)).toBeUndefined();
    spare.give(block);
    expect(spare.take(101, true)).toBeUndefined();
    expect(spare.take(60, true)).toBe(block);
  });

  it('keeps no block over its size, and no view of a larger buffer', () => {
    const spare = new Spare(64);
    spare.give(new Uint8Array(65));
    expect(spare.take(65)).toBeUndefined();
    spare.give(new Uint8Array(128).subarray(0, 32));
    expect(spare.take(32)).toBeUndefined();
  });

  it('lets the block go after keepMs', () => {
    vi.useFakeTimers();
    const spare = new Spare(1024, 1000);
    spare.give(new Uint8Array(10));
    vi.advanceTimersByTime(999);
    const block = spare.take(10);
    expect(block).toBeDefined();
    spare.give(block!);
    vi.advanceTimersByTime(1000);
    expect(spare.take(10)).toBeUndefined();
  });
});
