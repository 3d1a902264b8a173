// The append-only archive of finished jobs, <dir>/jobs.jsonl: one JSON record per line. A finished
// record never changes, so it is appended once and read back by offset; only a small index lives in
// memory. This keeps the file rewritten on every change (the hot file) and the heap small as jobs pile up.
import { open, rename, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { JobKind, JobRecord, JobStatus } from './types.ts';

/** What listing, paging and pruning need, without reading the record. */
export interface ArchiveEntry {
  /** Byte offset of the record's line; -1 until its append has landed. */
  offset: number;
  /** Bytes of the line without its newline. */
  length: number;
  owner: string;
  kind: JobKind;
  status: JobStatus;
  cost: number;
  createdAt: string;
  finishedAt: string | undefined;
}

/** Records taken for one append, already serialized. */
export interface ArchiveBatch {
  records: JobRecord[];
  lengths: number[];
  bytes: Buffer;
}

/** The one way a record becomes an archive line (tests and the bench build archives with it). */
export function archiveLine(record: JobRecord): string {
  return `${JSON.stringify(record)}\n`;
}

/** Recent records kept whole: clients poll a job right after it finishes. */
const CACHE_SIZE = 500;
/** Scans read this much at a time, so a large archive is never held in memory whole. */
const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

export class JobArchive {
  readonly #file: string;
  #handle: FileHandle | undefined;
  readonly #index = new Map<string, ArchiveEntry>();
  /** End of the last complete line: where the next append lands. */
  #end = 0;
  /** A failed append may have left part of a batch behind #end; cut it before appending again. */
  #tailSuspect = false;
  /** Records added but not yet on disk (queued or being appended); read from here meanwhile. */
  readonly #unwritten = new Map<string, JobRecord>();
  #queue: JobRecord[] = [];
  readonly #cache = new Map<string, JobRecord>();
  /** Owner, kind and status strings repeat across every entry: keep one copy of each. */
  readonly #strings = new Map<string, string>();

  /** Bytes of a torn last line open() cut (0: none). */
  cut = 0;

  constructor(file: string) {
    this.#file = file;
  }

  /** Builds the index by scanning the file, and cuts a torn last line left by a crash mid-append. */
  async open(): Promise<void> {
    // 'a+': appends always land at the end (O_APPEND); reads give explicit positions.
    const handle = await open(this.#file, 'a+');
    try {
      let end = 0;
      for await (const lines of readLines(handle)) {
        for (const { offset, bytes } of lines) {
          end = offset + bytes.length + 1;
          if (bytes.length === 0) continue;
          const record = parseRecord(bytes, this.#file, offset);
          // Should an id appear twice, the later line wins; compaction drops the earlier one.
          this.#index.set(record.id, this.#entry(record, offset, bytes.length));
        }
      }
      this.#end = end;
      // The torn line's job is still Pending in the hot file (written only after the append): it runs again.
      const size = (await handle.stat()).size;
      if (size > end) {
        await handle.truncate(end);
        this.cut = size - end;
      }
    } catch (err) {
      await handle.close();
      throw err;
    }
    this.#handle = handle;
  }

  async close(): Promise<void> {
    await this.#handle?.close();
    this.#handle = undefined;
  }

  get size(): number {
    return this.#index.size;
  }

  entry(id: string): ArchiveEntry | undefined {
    return this.#index.get(id);
  }

  entries(): MapIterator<[string, ArchiveEntry]> {
    return this.#index.entries();
  }

  /** Adds a finished record: visible at once, on disk after the next append. */
  add(record: JobRecord): void {
    this.#index.set(record.id, this.#entry(record, -1, 0));
    this.#unwritten.set(record.id, record);
    this.#queue.push(record);
  }

  /** Takes (synchronously) the records added since the last batch; nothing is written yet. */
  takeBatch(): ArchiveBatch | undefined {
    if (this.#queue.length === 0) return undefined;
    const records = this.#queue;
    this.#queue = [];
    const lines = records.map(archiveLine);
    const lengths = lines.map((line) => Buffer.byteLength(line) - 1);
    return { records, lengths, bytes: Buffer.from(lines.join('')) };
  }

  /** Appends a batch in one write. Callers run one append at a time. */
  async append(batch: ArchiveBatch): Promise<void> {
    const handle = this.#open();
    try {
      if (this.#tailSuspect) await handle.truncate(this.#end);
      this.#tailSuspect = false;
      await handle.appendFile(batch.bytes);
    } catch (err) {
      // Keep the records for the next write; the partial bytes are cut before it.
      this.#tailSuspect = true;
      this.#queue = [...batch.records, ...this.#queue];
      throw err;
    }
    batch.records.forEach((record, i) => {
      const length = batch.lengths[i] ?? 0;
      const entry = this.#index.get(record.id);
      if (entry) {
        entry.offset = this.#end;
        entry.length = length;
      }
      this.#end += length + 1;
      this.#unwritten.delete(record.id);
      this.#remember(record);
    });
  }

  async read(id: string): Promise<JobRecord | undefined> {
    const known = this.#unwritten.get(id) ?? this.#cache.get(id);
    if (known) {
      this.#remember(known);
      return structuredClone(known);
    }
    const entry = this.#index.get(id);
    if (!entry || entry.offset < 0) return undefined;
    // Handle and offset are taken and the read issued in one tick: compaction swaps the handle and
    // moves offsets together, and closing the old handle waits for reads already issued on it.
    const bytes = Buffer.allocUnsafe(entry.length);
    await this.#open().read(bytes, 0, entry.length, entry.offset);
    const record = parseRecord(bytes, this.#file, entry.offset);
    if (record.id !== id) throw new Error(`${this.#file}: index points ${id} at the record of ${record.id}`);
    if (this.#index.get(id) === entry) this.#remember(record);
    return structuredClone(record);
  }

  /**
   * Rewrites the file without the on-disk records `remove` picks (temp file + rename, so a crash leaves
   * the old file or the new one) and moves the index to the new offsets; returns the removed ids.
   * Callers make sure no append runs meanwhile.
   */
  async compact(remove: (entry: ArchiveEntry) => boolean): Promise<string[]> {
    const removed: string[] = [];
    const keep = new Map<number, ArchiveEntry>(); // by offset: the scan meets lines by offset
    for (const [id, entry] of this.#index) {
      if (entry.offset < 0) continue; // not on disk yet; a later prune takes it
      if (remove(entry)) removed.push(id);
      else keep.set(entry.offset, entry);
    }
    if (removed.length === 0) return removed;
    const temp = join(dirname(this.#file), `.${basename(this.#file)}.tmp`);
    const moved = new Map<ArchiveEntry, number>();
    let end = 0;
    const out = await open(temp, 'w');
    try {
      for await (const lines of readLines(this.#open())) {
        const parts: Buffer[] = [];
        for (const { offset, bytes } of lines) {
          const entry = keep.get(offset);
          if (!entry) continue; // removed, or an earlier line of a repeated id
          moved.set(entry, end);
          parts.push(bytes, Buffer.of(NEWLINE));
          end += bytes.length + 1;
        }
        await out.appendFile(Buffer.concat(parts));
      }
      // Flushed before the rename: a rename that lands before the data would leave an empty archive.
      await out.datasync();
      await out.close();
      await rename(temp, this.#file);
    } catch (err) {
      await out.close().catch(() => undefined);
      await rm(temp, { force: true });
      throw err;
    }
    const fresh = await open(this.#file, 'a+');
    const old = this.#open();
    // Swap the handle and the offsets in one tick (see read()).
    this.#handle = fresh;
    for (const [entry, offset] of moved) entry.offset = offset;
    for (const id of removed) {
      this.#index.delete(id);
      this.#cache.delete(id);
    }
    this.#end = end;
    this.#tailSuspect = false; // the new file holds complete lines only
    await old.close();
    return removed;
  }

  #open(): FileHandle {
    if (!this.#handle) throw new Error(`${this.#file} is not open`);
    return this.#handle;
  }

  #remember(record: JobRecord): void {
    this.#cache.delete(record.id);
    this.#cache.set(record.id, record);
    const oldest = this.#cache.keys().next();
    if (this.#cache.size > CACHE_SIZE && !oldest.done) this.#cache.delete(oldest.value);
  }

  #entry(record: JobRecord, offset: number, length: number): ArchiveEntry {
    const { kind, status, cost, createdAt, finishedAt } = record;
    return { offset, length, owner: this.#shared(record.owner), kind: this.#shared(kind), status: this.#shared(status), cost, createdAt, finishedAt };
  }

  #shared<T extends string>(value: T): T {
    const known = this.#strings.get(value);
    if (known !== undefined) return known as T;
    this.#strings.set(value, value);
    return value;
  }
}

interface Line {
  offset: number;
  /** Valid only until the generator resumes (the chunk buffer is reused). */
  bytes: Buffer;
}

/** Yields the complete lines of the file a chunk at a time; bytes after the last newline are left out. */
async function* readLines(handle: FileHandle): AsyncGenerator<Line[]> {
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let carry = Buffer.alloc(0);
  let position = 0;
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
    if (bytesRead === 0) return;
    const data = carry.length === 0 ? chunk.subarray(0, bytesRead) : Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
    const dataOffset = position - carry.length;
    const lines: Line[] = [];
    let start = 0;
    for (let nl = data.indexOf(NEWLINE); nl !== -1; nl = data.indexOf(NEWLINE, start)) {
      lines.push({ offset: dataOffset + start, bytes: data.subarray(start, nl) });
      start = nl + 1;
    }
    carry = Buffer.from(data.subarray(start));
    position += bytesRead;
    if (lines.length > 0) yield lines;
  }
}

function parseRecord(bytes: Buffer, file: string, offset: number): JobRecord {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    value = undefined;
  }
  if (!isJobRecord(value)) throw new Error(`${file}: unreadable job record at byte ${offset}`);
  return value;
}

function isJobRecord(value: unknown): value is JobRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Partial<Record<keyof JobRecord, unknown>>;
  return (
    typeof r.id === 'string' && typeof r.owner === 'string' && typeof r.kind === 'string' &&
    typeof r.status === 'string' && typeof r.cost === 'number' && typeof r.createdAt === 'string'
  );
}
