// Frames that repeat an earlier one. Animations repeat themselves: a restyle plays its source's loop
// several times over (the same frame objects), and holds show one drawing for several frames. The
// restyle and the GIF encoder find them to work each drawing once.
import { hashBytes } from './random.ts';

/** Bytes sampled for a frame's fingerprint; only frames that share one are compared in full. */
const SAMPLES = 1024;
/** Earlier frames compared in full at most: finding a twin saves work, missing one costs none. */
const COMPARED = 4;

/**
 * For each frame, the first earlier frame with the same pixels, or -1. The same object is a twin at
 * once; otherwise frames whose sampled fingerprint matches are compared byte for byte.
 */
export function twinFrames(frames: readonly { data: Uint8Array }[]): Int32Array {
  const twins = new Int32Array(frames.length).fill(-1);
  const seen = new Map<number, number[]>();
  const firstOf = new Map<Uint8Array, number>();
  frames.forEach(({ data }, i) => {
    const same = firstOf.get(data);
    if (same !== undefined) {
      twins[i] = same;
      return;
    }
    const key = fingerprint(data);
    const bucket = seen.get(key);
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const twin = bucket?.slice(0, COMPARED).find((j) => {
      const other = frames[j]!.data;
      return other.byteLength === data.byteLength && bytes.equals(Buffer.from(other.buffer, other.byteOffset, other.byteLength));
    });
    if (twin !== undefined) twins[i] = twin;
    else if (bucket) bucket.push(i);
    else seen.set(key, [i]);
    firstOf.set(data, twin ?? i);
  });
  return twins;
}

/**
 * A frame's fingerprint: SAMPLES bytes spread through it (an odd step, so every channel is read). A
 * drawing that moves changes many of them.
 */
function fingerprint(data: Uint8Array): number {
  const step = Math.floor(data.length / SAMPLES) | 1;
  return hashBytes(data, step, step >> 1);
}
