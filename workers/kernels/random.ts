// Seeded randomness. Same inputs must give the same bytes, so nothing here reads the clock or
// Math.random: every choice comes from the job's seed string (a hex digest of its inputs).

/** A stream of numbers in [0, 1) and helpers, all from one seed. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Uniform integer in [min, max] (both included). */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/** 32-bit FNV-1a of a string: folds a seed of any length (and a purpose label) into a number. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** 32-bit FNV-1a of the length of `bytes` and every `step`-th byte from `from`: a key for bytes in memory. */
export function hashBytes(bytes: Uint8Array, step = 1, from = 0): number {
  let h = Math.imul(0x811c9dc5 ^ bytes.length, 0x01000193);
  for (let i = from; i < bytes.length; i += step) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** A well-mixed 32-bit integer hash (lowbias32): per-pixel noise without a stream. */
export function hash32(x: number): number {
  x = (x ^ (x >>> 16)) >>> 0;
  x = Math.imul(x, 0x7feb352d);
  x = (x ^ (x >>> 15)) >>> 0;
  x = Math.imul(x, 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * sfc32 seeded from `seed` and a `label`, so each part of a job (motion, particles, palette...)
 * draws from its own stream and adding a draw in one part does not shift the others.
 */
export function createRandom(seed: string, label = ''): Random {
  let a = hashString(`${seed}\u0000${label}\u0000a`);
  let b = hashString(`${seed}\u0000${label}\u0000b`);
  let c = hashString(`${seed}\u0000${label}\u0000c`);
  let d = 1;
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 0x1_0000_0000;
  };
  // Warm up: sfc32's first outputs still show the seed's structure.
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(items: readonly T[]): T {
      const v = items[Math.floor(next() * items.length)];
      if (v === undefined) throw new RangeError('Expected a non-empty list to pick from');
      return v;
    },
  };
}
