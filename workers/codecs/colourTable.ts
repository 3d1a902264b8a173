/**
 * rgb -> a byte (a palette entry), open addressing with linear probes: keys are rgb + 1 (0 marks a
 * free slot). Twice as many slots as it holds colours keeps probes short; full (half its slots), it
 * starts over. Cheaper than a Map for the GIF writer's per-pixel lookups.
 */
export class ColourTable {
  readonly keys: Int32Array;
  readonly values: Uint8Array;
  private size = 0;

  /** A table of 2^bits slots, holding up to 2^(bits - 1) colours at once. */
  constructor(private readonly bits: number) {
    this.keys = new Int32Array(1 << bits);
    this.values = new Uint8Array(1 << bits);
  }

  /** The slot that holds `rgb`, or the free one where it would go (keys[slot] === 0). */
  slot(rgb: number): number {
    const key = rgb + 1, mask = this.keys.length - 1;
    let h = Math.imul(key, 0x9e3779b1) >>> (32 - this.bits);
    while (this.keys[h] !== key && this.keys[h] !== 0) h = (h + 1) & mask;
    return h;
  }

  /** Puts `rgb` -> `value` at `slot`, the free one slot() answered for it. */
  set(slot: number, rgb: number, value: number): void {
    if (this.size >= this.keys.length >> 1) {
      this.keys.fill(0);
      this.size = 0;
      slot = this.slot(rgb);
    }
    this.keys[slot] = rgb + 1;
    this.values[slot] = value;
    this.size++;
  }
}
