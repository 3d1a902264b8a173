// RGBA bytes read a pixel at a time. On a little-endian machine a pixel viewed as a 32-bit word has
// red in its low byte and alpha in its high byte, which the hot loops read and write whole.

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Whether `bytes` (RGBA) can be viewed as one little-endian word per pixel: this machine's order, an aligned view. */
export const readsAsWords = (bytes: Uint8Array): boolean => LITTLE_ENDIAN && bytes.byteOffset % 4 === 0;

/**
 * The first pixel in from..to-1 of `px` whose word is at least `min` (alpha its top byte), or `to`.
 * With `pairs` (the same pixels as 64-bit floats), two blank pixels (both words 0, the float +0)
 * are passed in one read, as most of a sprite frame's rows are.
 */
export function firstAtLeast(px: Uint32Array, pairs: Float64Array | undefined, from: number, to: number, min: number): number {
  let p = from;
  while (p < to) {
    if (pairs && (p & 1) === 0) {
      let k = p >> 1;
      for (const kEnd = to >> 1; k < kEnd && Object.is(pairs[k]!, 0); ) k++;
      p = k << 1;
      if (p >= to) return to;
    }
    if (px[p]! >= min) return p;
    p++;
  }
  return to;
}

/** The last pixel in from..to-1 of `px` whose word is at least `min`, or from - 1 (see firstAtLeast). */
export function lastAtLeast(px: Uint32Array, pairs: Float64Array | undefined, from: number, to: number, min: number): number {
  let p = to - 1;
  while (p >= from) {
    if (pairs && (p & 1) === 1) {
      let k = p >> 1;
      for (const kEnd = (from + 1) >> 1; k >= kEnd && Object.is(pairs[k]!, 0); ) k--;
      p = (k << 1) + 1;
      if (p < from) return from - 1;
    }
    if (px[p]! >= min) return p;
    p--;
  }
  return from - 1;
}
