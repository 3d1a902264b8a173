// The folder uploads are received into, and the spare files their contents are written over. A file
// no longer needed (a finished job's input, a refused upload that reached the disk) is moved to spare/
// rather than removed, and the worker that writes a valid held upload moves a spare back under the
// upload's name first: creating a file costs a new inode, which ext4 without a journal (this machine's)
// finds by scanning every inode freed in the last minute, 20 % of the server's CPU under a load of
// uploads (bench/RESULTS.md, job creation); a rename is only a directory entry.
import { mkdirSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { HELD_FILE_BYTES } from '../uploadSink.ts';
import { inputsRoot, spareRoot } from './paths.ts';

/** At most this many spares, each no larger than a held upload (so spare/ stays under 128 MiB). */
const SPARES = 64;

export class InputFiles {
  /** Where uploads are received (inputs/). */
  readonly dir: string;
  readonly #spareDir: string;
  readonly #spares: string[] = [];
  /** Sizes of the files probes wrote since the start, until released (a release then needs no stat). */
  readonly #sizes = new Map<string, number>();
  /** Releases between their check for room and their move, counted as spares already. */
  #moving = 0;

  constructor(dataDir: string) {
    this.dir = inputsRoot(dataDir);
    this.#spareDir = spareRoot(dataDir);
    mkdirSync(this.dir, { recursive: true });
    mkdirSync(this.#spareDir, { recursive: true });
  }

  /** A spare for the next held upload to be written over, if there is one; the caller owns it now. */
  take(): string | undefined {
    return this.#spares.pop();
  }

  /** A spare taken and not used. */
  giveBack(spare: string): void {
    this.#spares.push(spare);
  }

  /** A held upload its probe wrote to `path`. */
  wrote(path: string, bytes: number): void {
    this.#sizes.set(path, bytes);
  }

  /** Spares ready (tests). */
  get spares(): number {
    return this.#spares.length;
  }

  /**
   * Files no longer needed (no writer or reader left): moved to spare/ while there is room and they
   * are small, removed otherwise (and always when outside inputs/, as older data folders' per-job
   * folders are).
   */
  async release(paths: string[]): Promise<void> {
    await Promise.all(paths.map((path) => this.#release(path)));
  }

  async #release(path: string): Promise<void> {
    const known = this.#sizes.get(path);
    this.#sizes.delete(path);
    if (dirname(path) === this.dir && this.#spares.length + this.#moving < SPARES) {
      this.#moving++;
      try {
        if ((known ?? (await stat(path)).size) <= HELD_FILE_BYTES) {
          const spare = join(this.#spareDir, randomUUID());
          await rename(path, spare);
          this.#spares.push(spare);
          return;
        }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      } finally {
        this.#moving--;
      }
    }
    await rm(path, { force: true });
  }
}
