// Where formidable writes one file part. A small part is held in memory and goes to the worker pool
// with its probe, which writes it to its path only once it is a valid image (probeUpload in
// upload.ts): receiving it costs no file system call on the server's thread, and an invalid upload
// never reaches the disk. A part past HELD_FILE_BYTES, or one arriving while the server already holds
// HELD_TOTAL_BYTES, is spilled to its file and streams there, so memory stays bounded under any load.
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { Writable } from 'node:stream';

/** The most one part may be held in memory; larger parts stream to disk. */
export const HELD_FILE_BYTES = 2 * 1024 * 1024;
/** The most the server holds in memory for all requests at once. */
export const HELD_TOTAL_BYTES = 32 * 1024 * 1024;

/** The server's allowance of held bytes, shared by every request. */
export class HeldBudget {
  #used = 0;
  constructor(readonly limit = HELD_TOTAL_BYTES) {}

  take(bytes: number): boolean {
    if (this.#used + bytes > this.limit) return false;
    this.#used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.#used -= bytes;
  }
}

export class UploadSink extends Writable {
  /** The whole part, once it ended in memory (its own ArrayBuffer, so it can be transferred). */
  held: Uint8Array | undefined;
  readonly #path: string;
  readonly #budget: HeldBudget;
  #chunks: Buffer[] = [];
  /** Bytes counted against the budget, until dispose(). */
  #counted = 0;
  #file: WriteStream | undefined;

  constructor(path: string, budget: HeldBudget) {
    super();
    this.#path = path;
    this.#budget = budget;
  }

  /** True once the part went to its file (it must then be removed unless a job keeps it). */
  get onDisk(): boolean {
    return this.#file !== undefined;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    if (!this.#file) {
      if (this.#counted + chunk.length <= HELD_FILE_BYTES && this.#budget.take(chunk.length)) {
        this.#chunks.push(chunk);
        this.#counted += chunk.length;
        done();
        return;
      }
      this.#spill();
    }
    if (this.#file!.write(chunk)) done();
    else this.#file!.once('drain', () => done());
  }

  override _final(done: (err?: Error | null) => void): void {
    if (this.#file) {
      this.#file.end((err?: Error | null) => done(err));
      return;
    }
    const held = Buffer.allocUnsafeSlow(this.#counted);
    let at = 0;
    for (const chunk of this.#chunks) at += chunk.copy(held, at);
    this.#chunks = [];
    this.held = held;
    done();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.#chunks = [];
    const file = this.#file;
    if (!file || file.closed) {
      done(err);
      return;
    }
    // Closed before this stream reports closed, so removing the file afterwards cannot race its open.
    once(file, 'close').then(() => done(err), () => done(err));
    file.destroy();
  }

  /** Gives the held bytes back to the server's budget (the request is over). */
  dispose(): void {
    this.#budget.give(this.#counted);
    this.#counted = 0;
    this.held = undefined;
  }

  #spill(): void {
    const file = createWriteStream(this.#path);
    file.on('error', (err) => this.destroy(err));
    for (const chunk of this.#chunks) file.write(chunk);
    this.#chunks = [];
    this.#budget.give(this.#counted);
    this.#counted = 0;
    this.#file = file;
  }
}
