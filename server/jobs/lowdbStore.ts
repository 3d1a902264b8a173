// JobStore on lowdb, for one writer (the server process). Two files under the data folder:
//   db.json     the hot file: users, keys, grants and Pending jobs, rewritten whole (lowdb's TextFile:
//               steno's temp file + rename) by coalesced writes, so it stays small as jobs finish;
//   jobs.jsonl  finished jobs, appended once each (see archive.ts).
// Crash ordering: one write captures the archive batch and the hot snapshot in the same tick, then
// appends the batch and only after that replaces the hot file. So a finished job is always in the
// archive, or Pending in the hot file, or both; open() settles "both" in the archive's favour.
// Durable against a process crash, as lowdb is: steno does not fsync, and neither does the append (on
// ext4's default data=ordered the append's data still reaches disk no later than the rename after it).
import { randomUUID } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TextFile } from 'lowdb/node';
import { JobArchive } from './archive.ts';
import type { ArchiveBatch } from './archive.ts';
import { InsufficientCredits } from './types.ts';
import type { ApiKey, CreditGrant, JobRecord, JobResult, JobStore, JobSummary, NewJob, User } from './types.ts';
import { WriteCoalescer } from './writeCoalescer.ts';
import { compareNewest, JobPage } from './jobPage.ts';

/** The hot file as stored. */
interface HotData {
  users: User[];
  keys: ApiKey[];
  grants: CreditGrant[];
  jobs: JobRecord[];
}

/** The hot file in memory, keyed for lookups. */
interface HotState {
  users: Map<string, User>;
  keys: Map<string, ApiKey>; // by hash
  grants: CreditGrant[];
  jobs: Map<string, JobRecord>; // Pending only
}

export class LowdbJobStore implements JobStore {
  readonly #dir: string;
  readonly #hotFile: TextFile;
  readonly #archive: JobArchive;
  readonly #writer = new WriteCoalescer(() => this.#write());
  #hot: HotState | undefined;
  #closed = false;
  /** Jobs finished in memory whose end no write has carried yet: as they were, and the write they wait for. */
  readonly #unsaved = new Map<string, { record: JobRecord; generation: number }>();

  constructor(dir: string) {
    this.#dir = dir;
    this.#hotFile = new TextFile(join(dir, 'db.json'));
    this.#archive = new JobArchive(join(dir, 'jobs.jsonl'));
  }

  /** Writes that reached disk since open (tests and the bench check the coalescing with it). */
  get writes(): number {
    return this.#writer.writes;
  }

  async open(): Promise<void> {
    if (this.#hot) throw new Error('The job store is already open');
    await mkdir(this.#dir, { recursive: true });
    await this.#archive.open();
    let hot: HotState;
    let repaired: boolean;
    let text: string | null;
    try {
      text = await this.#hotFile.read();
      if (text === null) await this.#expectFresh();
      hot = text === null ? toState({}) : parseHot(text, this.#dir);
      repaired = await this.#reconcile(hot);
    } catch (err) {
      await this.#archive.close();
      throw err;
    }
    this.#hot = hot;
    if (repaired) {
      this.#writer.changed();
      await this.flush();
    }
    // A copy of the hot file as it opened, to restore should it be lost (spritekiln store restore).
    if (text !== null) await writeFile(join(this.#dir, BACKUP), text, { mode: 0o600 });
  }

  /** What open() had to repair, for the log: a torn last line cut from jobs.jsonl. */
  get repairs(): string[] {
    return this.#archive.cut > 0 ? [`jobs.jsonl ended in a torn line (${this.#archive.cut} bytes, a crash mid-append); it was cut and its job, still Pending, runs again`] : [];
  }

  /**
   * No hot file: a first start, unless the folder already holds this store's data. Starting afresh
   * then would make a new user, overwrite api-key.txt and leave every account behind.
   */
  async #expectFresh(): Promise<void> {
    const held = [
      this.#archive.size > 0 ? `${this.#archive.size} finished job(s) in jobs.jsonl` : '',
      (await access(join(this.#dir, 'api-key.txt')).then(() => true, () => false)) ? 'api-key.txt' : '',
    ].filter(Boolean);
    if (held.length > 0) throw new StoreDamaged(`${join(this.#dir, 'db.json')} is missing, but the folder holds ${held.join(' and ')}: the accounts, keys and balances were in db.json`, this.#dir);
  }

  /**
   * Makes the hot file agree with the archive; true when something changed. A job in both is finished:
   * its append landed but the crash came before the hot rewrite, so this hot file predates finishJob
   * and its balance lacks the refund the archived record gave.
   */
  async #reconcile(hot: HotState): Promise<boolean> {
    let changed = false;
    for (const job of [...hot.jobs.values()]) {
      if (job.status === 'Pending' && !this.#archive.entry(job.id)) continue;
      hot.jobs.delete(job.id);
      changed = true;
      const archived = await this.#archive.read(job.id);
      if (!archived) {
        this.#archive.add(job); // finished yet in the hot file (edited by hand): move it
      } else if (archived.refunded) {
        const owner = hot.users.get(archived.owner);
        if (owner) owner.credits += archived.cost;
      }
    }
    return changed;
  }

  flush(): Promise<void> {
    return this.#writer.flush();
  }

  async close(): Promise<void> {
    this.#closed = true; // changes from here on throw; the ones before are written below
    try {
      await this.#writer.flush();
    } finally {
      // After any running prune or write: both use the archive's file handle.
      await this.#writer.exclusive(() => this.#archive.close());
    }
  }

  createUser(name: string, credits: number): User {
    assertCount('credits', credits);
    const hot = this.#state();
    const user: User = { id: randomUUID(), name, credits, disabled: false, createdAt: now() };
    hot.users.set(user.id, user);
    if (credits > 0) hot.grants.push({ id: randomUUID(), userId: user.id, amount: credits, reason: 'initial credits', at: user.createdAt });
    this.#writer.changed();
    return { ...user };
  }

  getUser(id: string): User | undefined {
    const user = this.#state().users.get(id);
    return user && { ...user };
  }

  listUsers(): User[] {
    return [...this.#state().users.values()].map((user) => ({ ...user }));
  }

  setUserDisabled(id: string, disabled: boolean): void {
    this.#user(id).disabled = disabled;
    this.#writer.changed();
  }

  /**
   * Taking more than the balance takes the whole balance (clamps at zero) rather than throwing, so a
   * script can empty an account without reading it first; the grant records the amount actually moved,
   * so grants minus job charges plus refunds always equal the balance. Nothing moved, nothing recorded.
   */
  addCredits(userId: string, amount: number, reason: string): number {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`Expected integer for amount but received ${amount}`);
    const user = this.#user(userId);
    const moved = Math.max(amount, -user.credits);
    if (moved !== 0) {
      user.credits += moved;
      this.#state().grants.push({ id: randomUUID(), userId, amount: moved, reason, at: now() });
      this.#writer.changed();
    }
    return user.credits;
  }

  grants(userId?: string): CreditGrant[] {
    return this.#state().grants.filter((g) => userId === undefined || g.userId === userId).map((g) => ({ ...g }));
  }

  addKey(userId: string, hash: string, name: string): ApiKey {
    const hot = this.#state();
    this.#user(userId);
    if (hot.keys.has(hash)) throw new Error('A key with this hash already exists');
    const key: ApiKey = { id: randomUUID(), hash, userId, name, createdAt: now() };
    hot.keys.set(hash, key);
    this.#writer.changed();
    return { ...key };
  }

  findKey(hash: string): ApiKey | undefined {
    const key = this.#state().keys.get(hash);
    return key && { ...key };
  }

  revokeKey(hash: string): boolean {
    const key = this.#state().keys.get(hash);
    if (!key) return false;
    if (key.revokedAt === undefined) {
      key.revokedAt = now();
      this.#writer.changed();
    }
    return true;
  }

  createJob(job: NewJob): JobRecord {
    assertCount('cost', job.cost);
    const hot = this.#state();
    if (hot.jobs.has(job.id) || this.#archive.entry(job.id)) throw new Error(`Job ${job.id} already exists`);
    const owner = this.#user(job.owner);
    // Check and charge in one synchronous step: no other request can run in between.
    if (owner.credits < job.cost) throw new InsufficientCredits(owner.credits);
    owner.credits -= job.cost;
    const record: JobRecord = { ...structuredClone(job), status: 'Pending', refunded: false, outputs: [], attempts: 0, createdAt: now() };
    hot.jobs.set(record.id, record);
    this.#writer.changed();
    return structuredClone(record);
  }

  async getJob(id: string): Promise<JobRecord | undefined> {
    const unsaved = this.#unsaved.get(id);
    if (unsaved && !this.#writer.isWritten(unsaved.generation)) return structuredClone(unsaved.record);
    if (unsaved) this.#unsaved.delete(id);
    const pending = this.#state().jobs.get(id);
    return pending ? structuredClone(pending) : this.#archive.read(id);
  }

  pendingJobs(): JobRecord[] {
    const jobs = [...this.#state().jobs.values()].map((job) => structuredClone(job));
    return jobs.sort((a, b) => compareNewest(a.createdAt, a.id, b.createdAt, b.id));
  }

  markStarted(id: string): void {
    const job = this.#pending(id);
    job.attempts += 1;
    job.startedAt = now();
    this.#writer.changed();
  }

  setProviderState(id: string, state: NonNullable<JobRecord['providerState']>): void {
    this.#pending(id).providerState = { ...state };
    this.#writer.changed();
  }

  finishJob(id: string, result: JobResult): JobRecord {
    const job = this.#pending(id);
    const owner = this.#user(job.owner);
    const finished: JobRecord = { ...job, status: result.status, finishedAt: now() };
    if (result.status === 'Succeed') {
      finished.outputs = [...result.outputs];
      if (result.metadata !== undefined) finished.metadata = result.metadata;
    } else {
      finished.error = result.error;
      finished.refunded = true;
      owner.credits += job.cost;
    }
    // Ends already on disk need no stand-in (in finishing order, so the first unwritten one stops the sweep).
    for (const [done, { generation }] of this.#unsaved) {
      if (!this.#writer.isWritten(generation)) break;
      this.#unsaved.delete(done);
    }
    const before = structuredClone(job);
    this.#state().jobs.delete(id);
    this.#archive.add(finished);
    this.#writer.changed();
    this.#unsaved.set(id, { record: before, generation: this.#writer.generation });
    return structuredClone(finished);
  }

  discardJob(id: string): void {
    const job = this.#pending(id);
    this.#user(job.owner).credits += job.cost;
    this.#state().jobs.delete(id);
    this.#writer.changed();
  }

  /** Scans summaries only (hot jobs and the archive index), newest first. */
  async listJobs(query: { owner?: string; limit: number; before?: string }): Promise<JobSummary[]> {
    assertCount('limit', query.limit);
    const hot = this.#state();
    const page = new JobPage(query.limit, query.owner);
    if (query.before !== undefined) {
      const at = hot.jobs.get(query.before) ?? this.#archive.entry(query.before);
      // An unknown or pruned cursor has no page after it; nor has another owner's (nothing learned).
      if (!at || (query.owner !== undefined && at.owner !== query.owner)) return [];
      page.after({ createdAt: at.createdAt, id: query.before });
    }
    for (const job of hot.jobs.values()) page.consider(job.id, job);
    for (const [id, entry] of this.#archive.entries()) {
      const unsaved = this.#unsaved.get(id);
      page.consider(id, unsaved && !this.#writer.isWritten(unsaved.generation) ? unsaved.record : entry);
    }
    return page.jobs;
  }

  /** Flushes first so jobs finished just before are on disk and can be pruned too. */
  async pruneJobs(olderThan: Date): Promise<string[]> {
    this.#state(); // throws once closed
    await this.flush();
    const cutoff = olderThan.getTime();
    return this.#writer.exclusive(() => this.#archive.compact((e) => Date.parse(e.finishedAt ?? e.createdAt) < cutoff));
  }

  stats(): { pending: number; finished: number } {
    return { pending: this.#state().jobs.size, finished: this.#archive.size };
  }

  /**
   * One coalesced write: the archive batch and the hot snapshot are taken now, before any await, so
   * they agree. (Hence lowdb's TextFile rather than Low.write(): Low stringifies when called, which
   * would be after the append, and could drop jobs finished meanwhile from the hot file too early.)
   */
  #write(): Promise<void> {
    const hot = this.#hot;
    if (!hot) return Promise.resolve();
    const batch = this.#archive.takeBatch();
    const data: HotData = { users: [...hot.users.values()], keys: [...hot.keys.values()], grants: hot.grants, jobs: [...hot.jobs.values()] };
    return this.#persist(batch, JSON.stringify(data));
  }

  async #persist(batch: ArchiveBatch | undefined, hotText: string): Promise<void> {
    if (batch) await this.#archive.append(batch);
    await this.#hotFile.write(hotText);
  }

  #state(): HotState {
    if (!this.#hot || this.#closed) throw new Error('The job store is not open');
    return this.#hot;
  }

  #user(id: string): User {
    const user = this.#state().users.get(id);
    if (!user) throw new Error(`No user ${id}`);
    return user;
  }

  #pending(id: string): JobRecord {
    const job = this.#state().jobs.get(id);
    if (!job) throw new Error(`No pending job ${id}`);
    return job;
  }
}

function now(): string {
  return new Date().toISOString();
}

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Expected integer of at least 0 for ${name} but received ${value}`);
}

function parseHot(text: string, dir: string): HotState {
  try {
    return toState(JSON.parse(text) as Partial<HotData>);
  } catch (err) {
    throw new StoreDamaged(`${join(dir, 'db.json')} is unreadable (${text.length === 0 ? 'empty' : 'cut short or edited'}: ${err instanceof Error ? err.message : String(err)})`, dir);
  }
}

/** The hot file's copy from the last start (see open()). */
export const BACKUP = 'db.json.bak';

/** The store cannot open as it is; the message says what is wrong and how to recover. */
export class StoreDamaged extends Error {
  constructor(what: string, dir: string) {
    super(
      `${what}. Nothing was changed. To recover, restore db.json from a backup of ${dir}, or run ` +
        '`spritekiln store restore` to put back the copy taken at the last start (db.json.bak), or ' +
        '`spritekiln store reset` to start with a new local user and key (balances and keys are lost; finished jobs stay).',
    );
  }
}

function toState(data: Partial<HotData>): HotState {
  return {
    users: new Map((data.users ?? []).map((u) => [u.id, u])),
    keys: new Map((data.keys ?? []).map((k) => [k.hash, k])),
    grants: data.grants ?? [],
    jobs: new Map((data.jobs ?? []).map((j) => [j.id, j])),
  };
}
