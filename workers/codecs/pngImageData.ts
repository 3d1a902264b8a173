// The image data of a PNG, checked without keeping it: the IDAT stream inflates to exactly the
// filtered scanlines the header calls for, and each scanline starts with a filter type 0-4 (PNG spec
// §9: the only two ways pixels can fail to decode). Never more than one byte past what the header
// allows is inflated, so a zlib bomb behind a small image stops there.
import { createInflate, inflateSync } from 'node:zlib';
import type { Inflate, ZlibOptions } from 'node:zlib';
import type { Header } from './png.ts';

/** Adam7: [x start, y start, x step, y step] of the seven passes. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Image data up to this size is inflated in one synchronous call; larger, through a stream (bounded memory). */
const SYNC_INFLATE_BYTES = 8 * 1024 * 1024;

/** Throws (with a short reason) unless the concatenated IDAT data is exactly the image `header` describes. */
export async function checkImageData(idat: Buffer[], header: Header): Promise<void> {
  const rows = new RowChecker(rowLayout(header));
  if (rows.total > SYNC_INFLATE_BYTES) return inflateStreaming(idat, rows);
  inflateAll(idat, rows);
  rows.finish();
}

/** The filtered scanlines the image data holds: [rows, bytes per row incl. the filter byte] per pass. */
function rowLayout({ width, height, depth, channels, interlaced }: Header): [rows: number, rowBytes: number][] {
  const rowBytes = (w: number) => 1 + Math.ceil((w * depth * channels) / 8);
  if (!interlaced) return [[height, rowBytes(width)]];
  const passes: [number, number][] = [];
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = Math.ceil(Math.max(0, width - x0) / dx);
    const h = Math.ceil(Math.max(0, height - y0) / dy);
    if (w > 0 && h > 0) passes.push([h, rowBytes(w)]);
  }
  return passes;
}

/** Follows the inflated image data as it arrives, checking each row's filter byte and the total length. */
class RowChecker {
  readonly total: number;
  readonly #layout: [number, number][];
  #pass = 0;
  #rowsLeft: number;
  /** Offset of the next filter byte, and of the data seen so far, in the whole inflated stream. */
  #next = 0;
  #seen = 0;

  constructor(layout: [number, number][]) {
    this.#layout = layout;
    this.total = layout.reduce((sum, [rows, bytes]) => sum + rows * bytes, 0);
    this.#rowsLeft = layout[0]![0];
  }

  feed(chunk: Uint8Array): void {
    const end = this.#seen + chunk.length;
    if (end > this.total) throw new Error(`png: image data inflates past the ${this.total} bytes the header needs`);
    while (this.#next < end) {
      const filter = chunk[this.#next - this.#seen]!;
      if (filter > 4) throw new Error(`png: row filter type ${filter} is not valid`);
      this.#next += this.#layout[this.#pass]![1];
      if (--this.#rowsLeft === 0 && ++this.#pass < this.#layout.length) this.#rowsLeft = this.#layout[this.#pass]![0];
    }
    this.#seen = end;
  }

  finish(): void {
    if (this.#seen < this.total) throw new Error(`png: image data holds ${this.#seen} of the ${this.total} bytes the header needs`);
  }
}

/** One inflateSync, its output capped one byte past what the header allows. */
function inflateAll(parts: Buffer[], rows: RowChecker): void {
  let data: Buffer;
  try {
    // One output buffer of the most the header allows (the default 16 KiB pieces, joined after, cost
    // twice the CPU); zlib takes no chunk under 64 bytes.
    data = inflateSync(joined(parts), { maxOutputLength: rows.total + 1, chunkSize: Math.max(64, rows.total + 1) });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new Error(`png: image data inflates past the ${rows.total} bytes the header needs`);
    throw new Error(`png: image data is damaged (${(err as Error).message})`);
  }
  rows.feed(data);
}

/** Image data up to this size is joined in a buffer each worker thread keeps (no new pages a probe). */
const REUSED_JOIN_BYTES = 4 * 1024 * 1024;
let joinBuffer = Buffer.allocUnsafe(0);

/** The IDAT chunks' data as one buffer, valid until the next call. */
function joined(parts: Buffer[]): Buffer {
  if (parts.length === 1) return parts[0]!;
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  if (total > REUSED_JOIN_BYTES) return Buffer.concat(parts, total);
  if (joinBuffer.length < total) joinBuffer = Buffer.allocUnsafeSlow(Math.min(REUSED_JOIN_BYTES, Math.max(total, 2 * joinBuffer.length)));
  let at = 0;
  for (const part of parts) at += part.copy(joinBuffer, at);
  return joinBuffer.subarray(0, total);
}

/** The same through a stream (ImageDataStream). */
async function inflateStreaming(parts: Buffer[], rows: RowChecker): Promise<void> {
  const stream = new ImageDataStream(rows);
  for (const part of parts) await stream.write(part, true);
  await stream.end();
}

/** How much image data may wait to be inflated before a writer waits (bytes). */
const WAITING = 4 << 20;

/**
 * Image data checked as it arrives, inflated through a stream with 1 MiB output chunks, so a large
 * image never sits whole in memory and its file can be read a piece at a time.
 */
export class ImageDataStream {
  readonly #rows: RowChecker;
  readonly #inflate: Inflate;
  #failed: Error | undefined;
  readonly #done: Promise<void>;

  constructor(of: Header | RowChecker) {
    this.#rows = of instanceof RowChecker ? of : new RowChecker(rowLayout(of));
    // (zlib streams take the stream options too, which @types/node's ZlibOptions leaves out.)
    const inflate = (this.#inflate = createInflate({ chunkSize: 1 << 20, writableHighWaterMark: WAITING } as ZlibOptions));
    this.#done = new Promise((resolve) => {
      const fail = (err: Error) => {
        this.#failed ??= err;
        inflate.destroy();
        resolve();
      };
      inflate.on('data', (chunk: Buffer) => {
        try {
          this.#rows.feed(chunk);
        } catch (err) {
          fail(err as Error);
        }
      });
      inflate.on('error', (err) => fail(new Error(`png: image data is damaged (${err.message})`)));
      inflate.on('end', () => resolve());
    });
  }

  /**
   * Inflates `data`, copied unless `kept` (the caller leaves it as it is), so the caller may reuse
   * its buffer at once. Resolves at once while less than WAITING bytes wait to be inflated, else
   * once they have drained (or the stream has ended or failed): reading goes on while zlib works,
   * and memory stays bounded.
   */
  write(data: Buffer, kept = false): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed);
    if (this.#inflate.write(kept ? data : Buffer.from(data))) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const settle = () => (this.#failed ? reject(this.#failed) : resolve());
      this.#inflate.once('drain', settle);
      void this.#done.then(settle);
    });
  }

  /** Resolves when all the image data was there, and throws as checkImageData does otherwise. */
  async end(): Promise<void> {
    if (!this.#failed) this.#inflate.end();
    await this.#done;
    if (this.#failed) throw this.#failed;
    this.#rows.finish();
  }
}
