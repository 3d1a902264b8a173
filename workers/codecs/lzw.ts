// GIF image data: variable-width LZW codes packed into sub-blocks (GIF89a spec, appendix F), read
// and written. Kept apart from the containers (gif.ts, gifWriter.ts): it is the one place that
// touches pixel indices.

/** LZW codes are at most 12 bits wide, so the string table never holds more than 4096 entries. */
const MAX_CODES = 4096;

/**
 * Runs one frame's LZW stream (sub-blocks read in place) and returns how many indices it yields,
 * capped at `pixels`; writes them into `out` when given, only counts otherwise (string lengths are
 * tracked per code, so counting costs one step per code, not per pixel). Throws on a code the table
 * does not hold yet. A stream that ends early (end code, or no more data) just yields fewer indices.
 *
 * A code's string is never rebuilt from the table: a code is defined as the string written just
 * before plus the first index written after it, which is exactly what lies in `out` from where
 * that string was written, so each code remembers that place and its string is copied from there
 * (a forward copy, where walking the table back from the last index chased one entry per index).
 */
export function lzwDecode(bytes: Uint8Array, dataOffset: number, minCodeSize: number, pixels: number, out?: Uint8Array): number {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const length = new Uint16Array(MAX_CODES);
  /** Where each code's string lies in `out`. */
  const at = new Int32Array(MAX_CODES);
  for (let code = 0; code < clear; code++) length[code] = 1;
  let codeSize = minCodeSize + 1;
  let next = clear + 2;
  let previous = -1;
  let previousAt = 0;
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
        at[next] = previousAt;
        length[next] = (length[previous] ?? 0) + 1;
        next++;
        if (next === 1 << codeSize && codeSize < 12) codeSize++;
      }
    }
    const count = length[code] ?? 0;
    if (out) {
      if (code < clear) {
        out[produced] = code;
      } else {
        // Forward, one index at a time: for code === next the copy reads the index it just wrote.
        const from = at[code] ?? 0;
        const stop = Math.min(count, pixels - produced);
        for (let k = 0; k < stop; k++) out[produced + k] = out[from + k]!;
      }
    }
    previousAt = produced;
    produced += count;
    previous = code;
  }
  return Math.min(produced, pixels);
}

/** Bytes written at a cursor into a buffer that grows (a GIF being written). */
export class ByteSink {
  bytes: Uint8Array;
  at = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(256, capacity));
  }

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.at + n, this.bytes.length * 2));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
  }

  byte(b: number): void {
    this.reserve(1);
    this.bytes[this.at++] = b;
  }

  u16(v: number): void {
    this.byte(v & 255);
    this.byte((v >> 8) & 255);
  }
}

// The encoder's string table as a dense array: (next index << 12 | prefix code) -> code, 0 for
// none (no string's code is below 258). One lookup a pixel, where a hashed table probes (measured
// 1.6-2x faster on 100 frames of 256 px); kept between frames, emptied by the entries a frame added.
const strings = new Uint16Array(MAX_CODES << 8);
const added = new Int32Array(MAX_CODES);

/**
 * One frame's indices (each below 256) as GIF image data at minimum code size 8: the code size
 * byte, the LZW codes in sub-blocks of 254 bytes, the block terminator. The table is cleared (a
 * clear code) when it is full, and codes grow a bit as the next free code passes their range.
 */
export function lzwEncode(index: Uint8Array, out: ByteSink): void {
  const clear = 256, end = 257;
  // At most 12 bits a pixel, plus a length byte a block and the ends.
  out.reserve(Math.ceil(index.length * 1.51) + 16);
  const bytes = out.bytes;
  let at = out.at;
  bytes[at++] = 8;
  let blockAt = at++, inBlock = 0;
  let acc = 0, bits = 0, width = 9, top = 511, free = 258, count = 0, reset = false;
  const emit = (code: number): void => {
    acc |= code << bits;
    bits += width;
    while (bits >= 8) {
      bytes[at++] = acc & 255;
      acc >>>= 8;
      bits -= 8;
      if (++inBlock === 254) {
        bytes[blockAt] = 254;
        blockAt = at++;
        inBlock = 0;
      }
    }
    // The width a code after this one takes.
    if (reset) {
      width = 9;
      top = 511;
      reset = false;
    } else if (free > top) {
      width++;
      top = width === 12 ? 4096 : (1 << width) - 1;
    }
  };
  emit(clear);
  let ent = index[0] ?? 0;
  for (let p = 1, n = index.length; p < n; p++) {
    const c = index[p]!;
    const key = (c << 12) | ent;
    const code = strings[key]!;
    if (code !== 0) {
      ent = code;
      continue;
    }
    emit(ent);
    ent = c;
    if (free < MAX_CODES) {
      strings[key] = free++;
      added[count++] = key;
    } else {
      for (let k = 0; k < count; k++) strings[added[k]!] = 0;
      count = 0;
      free = 258;
      reset = true;
      emit(clear);
    }
  }
  emit(ent);
  emit(end);
  if (bits > 0) {
    bytes[at++] = acc & 255;
    if (++inBlock === 254) {
      bytes[blockAt] = 254;
      blockAt = at++;
      inBlock = 0;
    }
  }
  for (let k = 0; k < count; k++) strings[added[k]!] = 0;
  // The last block's length (an empty last block is the terminator itself).
  if (inBlock > 0) {
    bytes[blockAt] = inBlock;
    bytes[at++] = 0;
  } else bytes[blockAt] = 0;
  out.at = at;
}
