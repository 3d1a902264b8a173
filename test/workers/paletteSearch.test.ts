// The GIF palette's nearest-entry search (workers/codecs/paletteSearch.ts) against a scan of every
// entry in order: the same entry for every colour, ties included, on integer and fractional palettes.
import { describe, expect, it } from 'vitest';
import { PaletteSearch } from '../../workers/codecs/paletteSearch.ts';

/** The scan the search must agree with: least squared distance, the first entry among equals. */
function scan(flat: ArrayLike<number>, r: number, g: number, b: number): number {
  let best = 0, bestD = Infinity;
  for (let c = 0, j = 0; j < flat.length; c++, j += 3) {
    const dr = r - flat[j]!, dg = g - flat[j + 1]!, db = b - flat[j + 2]!;
    const d = dr * dr + dg * dg + db * db;
    if (d < bestD) (bestD = d), (best = c);
  }
  return best;
}

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

describe('PaletteSearch', () => {
  it.each([
    ['255 random colours', 1, 255, (n: () => number) => Math.floor(n() * 256)],
    ['255 fractional colours (k-means means)', 2, 255, (n: () => number) => n() * 255],
    ['40 colours on a coarse grid (many ties)', 3, 40, (n: () => number) => Math.floor(n() * 4) * 85],
    ['a shaded ramp along green', 4, 64, (n: () => number) => 100 + Math.floor(n() * 8)],
  ])('answers what a scan of every entry answers: %s', (_name, seed, size, channel) => {
    const next = random(seed);
    const flat = Array.from({ length: size * 3 }, () => channel(next));
    // Duplicate entries: the first of them must win.
    flat.push(...flat.slice(0, 30));
    const search = new PaletteSearch(flat);
    let differ = 0;
    for (let i = 0; i < 20000; i++) {
      const r = Math.floor(next() * 256), g = Math.floor(next() * 256), b = Math.floor(next() * 256);
      if (search.nearest(r, g, b) !== scan(flat, r, g, b)) differ++;
    }
    expect(differ).toBe(0);
  });

  it('answers every colour of a small cube exactly, and 0 for an empty palette', () => {
    const flat = [0, 0, 0, 255, 255, 255, 128, 128, 128, 128, 128, 128, 255, 0, 0];
    const search = new PaletteSearch(flat);
    for (let r = 0; r < 256; r += 17) for (let g = 0; g < 256; g += 17) for (let b = 0; b < 256; b += 17) expect(search.nearest(r, g, b)).toBe(scan(flat, r, g, b));
    expect(new PaletteSearch([]).nearest(1, 2, 3)).toBe(0);
  });
});
