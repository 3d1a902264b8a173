// `<out>/.spritekiln-batch.json`: what a batch has done, so a re-run neither repeats nor loses work.
// Each change is written at once, synchronously, to a temporary file renamed over the old one: a
// batch killed at any instant leaves either the previous state or the new one, never half of one.
// The job id is written the moment the server returns it, and `submitting` just before the request,
// so the only unknown a kill can leave is a request that was in flight (at most one: submissions
// go one at a time).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CliError } from './cliError.ts';

export type EntryStatus = 'submitting' | 'submitted' | 'done' | 'failed';

export interface EntryState {
  status: EntryStatus;
  fingerprint: string;
  jobId?: string;
  /** Files written to `<out>/<name>/`, relative to it (done). */
  files?: string[];
  /** Credits, by the price table (done). */
  cost?: number;
  error?: string;
  updatedAt: string;
}

interface StateFileShape {
  version: 1;
  server: string;
  entries: Record<string, EntryState>;
}

export const STATE_FILE = '.spritekiln-batch.json';
/** Held by the run working on the folder (lock.ts). */
export const BATCH_LOCK = '.spritekiln-batch.lock';

export class BatchState {
  readonly path: string;
  #data: StateFileShape;

  private constructor(path: string, data: StateFileShape) {
    this.path = path;
    this.#data = data;
  }

  /** Reads the state of a previous run in `outDir`, or starts an empty one. */
  static open(outDir: string, server: string): BatchState {
    const path = join(outDir, STATE_FILE);
    let text: string | undefined;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return new BatchState(path, { version: 1, server, entries: {} });
    }
    let data: StateFileShape;
    try {
      data = JSON.parse(text) as StateFileShape;
      if (data.version !== 1 || typeof data.entries !== 'object' || data.entries === null) throw new Error('unknown shape');
    } catch (err) {
      throw new CliError(`${path} is damaged (${(err as Error).message}): delete it to start the batch over`);
    }
    return new BatchState(path, data);
  }

  /** The server the recorded job ids belong to. */
  get server(): string {
    return this.#data.server;
  }

  get(name: string): EntryState | undefined {
    return this.#data.entries[name];
  }

  set(name: string, entry: Omit<EntryState, 'updatedAt'>) {
    this.#data.entries[name] = { ...entry, updatedAt: new Date().toISOString() };
    this.#save();
  }

  #save() {
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.#data, null, 2)}\n`);
    renameSync(tmp, this.path);
  }
}
