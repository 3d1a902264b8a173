// Frames that repeat an earlier one (workers/kernels/twins.ts): found by object or by content, never
// claimed for frames that differ anywhere, and always named by their first occurrence.
import { describe, expect, it } from 'vitest';
import { twinFrames } from '../../../workers/kernels/twins.ts';

const frame = (seed: number, size = 64): { data: Uint8Array } => {
  const data = new Uint8Array(size * size * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 31 + seed * 97) & 255;
  return { data };
};

describe('twinFrames', () => {
  it('finds a repeated object and an equal copy, naming the first occurrence', () => {
    const a = frame(1), b = frame(2);
    const copy = { data: a.data.slice() };
    expect([...twinFrames([a, b, a, copy, b, copy])]).toEqual([-1, -1, 0, 0, 1, 0]);
  });

  it('does not pair frames that differ in one byte the fingerprint never reads', () => {
    const a = frame(1);
    const b = { data: a.data.slice() };
    b.data[0]! ^= 1; // 64x64 frames are sampled every 17th byte from the 8th: byte 0 is not read
    expect([...twinFrames([a, b])]).toEqual([-1, -1]);
  });

  it('does not pair frames of different sizes, and reads views at an offset', () => {
    const a = frame(3, 8);
    const bigger = frame(3, 16);
    const backing = new Uint8Array(a.data.length + 3);
    backing.set(a.data, 3);
    const view = { data: backing.subarray(3) };
    expect([...twinFrames([a, bigger, view])]).toEqual([-1, -1, 0]);
  });
});
