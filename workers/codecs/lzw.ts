// GIF image data: variable-width LZW codes packed into sub-blocks (GIF89a spec, appendix F).
// Kept apart from the container walk in gif.ts: it is the one place that touches pixel indices.

/** LZW codes are at most 12 bits wide, so the string table never holds more than 4096 entries. */
const MAX_CODES = 4096;

/**
 * Runs one frame's LZW stream (sub-blocks read in place) and returns how many indices it yields,
 * capped at `pixels`; writes them into `out` when given, only counts otherwise (string lengths are
 * tracked per code, so counting costs one step per code, not per pixel). Throws on a code the table
 * does not hold yet. A stream that ends early (end code, or no more data) just yields fewer indices.
 */
export function lzwDecode(bytes: Uint8Array, dataOffset: number, minCodeSize: number, pixels: number, out?: Uint8Array): number {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const prefix = new Uint16Array(MAX_CODES);
  const suffix = new Uint8Array(MAX_CODES);
  const first = new Uint8Array(MAX_CODES);
  const length = new Uint16Array(MAX_CODES);
  for (let code = 0; code < clear; code++) {
    suffix[code] = code;
    first[code] = code;
    length[code] = 1;
  }
  let codeSize = minCodeSize + 1;
  let next = clear + 2;
  let previous = -1;
  let produced = 0;
  let pos = dataOffset;
  let blockEnd = dataOffset; // the sub-block length byte is read when the current block runs out
  let datum = 0;
  let bits = 0;
  decoding: while (produced < pixels) {
    while (bits < codeSize) {
      if (pos === blockEnd) {
        const size = bytes[pos] ?? 0;
        if (size === 0) break decoding; // out of data
        pos += 1;
        blockEnd = pos + size;
      }
      datum |= (bytes[pos++] ?? 0) << bits;
      bits += 8;
    }
    const code = datum & ((1 << codeSize) - 1);
    datum >>>= codeSize;
    bits -= codeSize;
    if (code === clear) {
      codeSize = minCodeSize + 1;
      next = clear + 2;
      previous = -1;
      continue;
    }
    if (code === end) break;
    if (previous < 0) {
      if (code > clear) throw new Error(`gif: LZW code ${code} before any string`);
    } else {
      if (code > next || (code === next && next >= MAX_CODES)) throw new Error(`gif: LZW code ${code} not in table (next ${next})`);
      if (next < MAX_CODES) {
        // New string: the previous one plus the first index of this one (itself, for code === next).
        prefix[next] = previous;
        suffix[next] = code === next ? (first[previous] ?? 0) : (first[code] ?? 0);
        first[next] = first[previous] ?? 0;
        length[next] = (length[previous] ?? 0) + 1;
        next++;
        if (next === 1 << codeSize && codeSize < 12) codeSize++;
      }
    }
    const count = length[code] ?? 0;
    if (out) {
      // Strings are chained from their last index back to their first: write them backwards.
      let c = code;
      for (let at = produced + count - 1; at >= produced; at--) {
        if (at < pixels) out[at] = suffix[c] ?? 0;
        c = prefix[c] ?? 0;
      }
    }
    produced += count;
    previous = code;
  }
  return Math.min(produced, pixels);
}
