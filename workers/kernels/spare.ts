/**
 * One large block kept on a thread between jobs, for the next job that needs as much. A fresh block
 * costs its page faults every time (a 26 MB one 5-80 ms on this VM, the fewer with huge pages);
 * reused, it costs nothing. It is kept only up to `maxBytes` and for `keepMs` after it was given
 * back, so an idle worker holds nothing.
 */
export class Spare {
  private block: Uint8Array | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly maxBytes: number, private readonly keepMs = 10_000) {}

  /** The kept block when it is `bytes` long (or at least that long, with `atLeast`), now the caller's. */
  take(bytes: number, atLeast = false): Uint8Array | undefined {
    const block = this.block;
    if (!block || (atLeast ? block.length < bytes : block.length !== bytes)) return undefined;
    this.block = undefined;
    return block;
  }

  /** Keeps `block` (which nothing else reads any more) for the next take. */
  give(block: Uint8Array): void {
    if (block.byteLength > this.maxBytes || block.byteOffset !== 0 || block.byteLength !== block.buffer.byteLength) return;
    this.block = block;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => (this.block = undefined), this.keepMs);
    this.timer.unref?.();
  }
}
