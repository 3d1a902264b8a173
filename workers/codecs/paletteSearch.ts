/**
 * The palette entry nearest a colour: least squared RGB distance, the lowest index among equals (what
 * a scan of every entry in order answers). Entries are kept sorted along the channel where they
 * spread widest, and the search walks outward from the colour's place on it: an entry farther on that
 * channel alone than the best so far cannot be nearer, so a sprite's 255-colour palette is searched in
 * a few dozen steps rather than 255.
 */
export class PaletteSearch {
  /** Each sorted place's entry index and channels. */
  private readonly entry: Int32Array;
  private readonly r: Float64Array;
  private readonly g: Float64Array;
  private readonly b: Float64Array;
  /** Which channel is sorted: 0 red, 1 green, 2 blue. */
  private readonly axis: number;

  /** `flat`: r, g, b of each entry in turn. */
  constructor(flat: ArrayLike<number>) {
    const n = Math.floor(flat.length / 3);
    let axis = 0, widest = -1;
    for (let ch = 0; ch < 3; ch++) {
      let lo = Infinity, hi = -Infinity;
      for (let i = 0; i < n; i++) (lo = Math.min(lo, flat[i * 3 + ch]!)), (hi = Math.max(hi, flat[i * 3 + ch]!));
      if (hi - lo > widest) (widest = hi - lo), (axis = ch);
    }
    this.axis = axis;
    const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => flat[i * 3 + axis]! - flat[j * 3 + axis]! || i - j);
    this.entry = Int32Array.from(order);
    this.r = Float64Array.from(order, (i) => flat[i * 3]!);
    this.g = Float64Array.from(order, (i) => flat[i * 3 + 1]!);
    this.b = Float64Array.from(order, (i) => flat[i * 3 + 2]!);
  }

  /** The index of the entry nearest (r, g, b); 0 for an empty palette. */
  nearest(r: number, g: number, b: number): number {
    const { r: rs, g: gs, b: bs, entry } = this;
    const n = entry.length;
    if (n === 0) return 0;
    const sorted = this.axis === 0 ? rs : this.axis === 1 ? gs : bs;
    const x = this.axis === 0 ? r : this.axis === 1 ? g : b;
    // The first place whose sorted channel is at least x.
    let lo = 0, hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    let best = -1, bestD = Infinity;
    for (let up = lo, down = lo - 1; up < n || down >= 0; ) {
      if (up < n) {
        const dx = sorted[up]! - x;
        if (dx * dx > bestD) up = n;
        else {
          // Summed in r, g, b order, as a scan would, so equal distances compare equal.
          const dr = r - rs[up]!, dg = g - gs[up]!, db = b - bs[up]!;
          const d = dr * dr + dg * dg + db * db;
          if (d < bestD || (d === bestD && entry[up]! < best)) (bestD = d), (best = entry[up]!);
          up++;
        }
      }
      if (down >= 0) {
        const dx = x - sorted[down]!;
        if (dx * dx > bestD) down = -1;
        else {
          const dr = r - rs[down]!, dg = g - gs[down]!, db = b - bs[down]!;
          const d = dr * dr + dg * dg + db * db;
          if (d < bestD || (d === bestD && entry[down]! < best)) (bestD = d), (best = entry[down]!);
          down--;
        }
      }
    }
    return best;
  }
}
