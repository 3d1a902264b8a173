// Frames that repeat an earlier one. Animations repeat themselves: a restyle plays its source's loop
// several times over (the same frame objects), and holds show one drawing for several frames. The
// GIF decoder, the restyle and the GIF encoder find them to work each drawing once.
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
  const pictures = new Pictures((j) => frames[j]!.data);
  const firstOf = new Map<Uint8Array, number>();
  frames.forEach(({ data }, i) => {
    const twin = firstOf.get(data) ?? pictures.find(data, i);
    twins[i] = twin;
    if (!firstOf.has(data)) firstOf.set(data, twin >= 0 ? twin : i);
  });
  return twins;
}

/**
 * Pixels seen so far, by number, to find again: a match is a sampled fingerprint confirmed byte for
 * byte. `bytesOf(i)` gives the pixels kept as number i.
 */
export class Pictures {
  private readonly buckets = new Map<number, number[]>();

  constructor(private readonly bytesOf: (i: number) => Uint8Array) {}

  /**
   * The first kept picture with the same bytes as `data`, else -1; then, unless `keep` is false,
   * `data` is kept as number `i` (bytesOf(i) must give its bytes from then on).
   */
  find(data: Uint8Array, i: number, keep = true): number {
    const key = fingerprint(data);
    const bucket = this.buckets.get(key);
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const twin = bucket?.slice(0, COMPARED).find((j) => {
      const other = this.bytesOf(j);
      return other.byteLength === data.byteLength && bytes.equals(Buffer.from(other.buffer, other.byteOffset, other.byteLength));
    });
    if (twin !== undefined) return twin;
    if (keep) {
      if (bucket) bucket.push(i);
      else this.buckets.set(key, [i]);
    }
    return -1;
  }
}

/**
 * A frame's fingerprint: SAMPLES bytes spread through it (an odd step, so every channel is read). A
 * drawing that moves changes many of them.
 */
function fingerprint(data: Uint8Array): number {
  const step = Math.floor(data.length / SAMPLES) | 1;
  return hashBytes(data, step, step >> 1);
}
