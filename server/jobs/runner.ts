// Queue -> pool -> Succeed/Failed. Pending jobs wait here, each user's in creation order, and users
// take turns (round-robin), so one user's hundred jobs do not hold up another's one; a user may hold
// at most half the queue. A fixed number run at once so probes of new uploads still find a free
// worker. Jobs left Pending by a crash or a stop are run again on the next start (recover), charged
// once: the charge was made when they were created.
import { mkdir, rm } from 'node:fs/promises';
import type { WorkerPool } from '../../workers/pool.ts';
import { bounded, type ProviderContext, type ProviderResult } from '../engines/provider.ts';
import { Providers } from '../engines/providers.ts';
import type { JobRecord, JobRequest, JobStore } from './types.ts';
import { InputFiles } from './inputFiles.ts';
import { inputPaths, mapInputFiles, resultsDir } from './paths.ts';
import { join } from 'node:path';

// How soon a store write that failed is tried again, doubling up to the most.
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

export interface RunnerOptions {
  dataDir: string;
  concurrency: number;
  queueLimit: number;
  timeoutMs: number;
  log: (message: string) => void;
  /** Which provider runs each job; default: the built-in engine for every job. */
  providers?: Providers;
}

interface Running {
  progress: Int32Array;
  abort: AbortController;
  done: Promise<void>;
}

export class Runner {
  /** Waiting jobs by owner; the owner at the front has the next turn. */
  readonly #queues = new Map<string, string[]>();
  readonly #ownerOf = new Map<string, string>();
  #waiting = 0;
  readonly #running = new Map<string, Running>();
  readonly #waiters = new Map<string, Set<() => void>>();
  #stopping = false;
  readonly #providers: Providers;
  /** The files uploads are received into; a job's are released at its end. */
  readonly inputs: InputFiles;

  constructor(
    private readonly store: JobStore,
    pool: WorkerPool,
    private readonly options: RunnerOptions,
  ) {
    this.#providers = options.providers ?? new Providers(pool);
    this.inputs = new InputFiles(options.dataDir);
  }

  /** Runs again every job that was Pending when the process last stopped. */
  recover(): number {
    // Oldest first, so each user's jobs keep their order.
    const pending = this.store.pendingJobs();
    for (const job of pending) this.enqueue(job.id, job.owner);
    return pending.length;
  }

  enqueue(id: string, owner: string) {
    const queue = this.#queues.get(owner) ?? [];
    if (queue.length === 0) this.#queues.set(owner, queue); // (re)joins the turns at the back
    queue.push(id);
    this.#ownerOf.set(id, owner);
    this.#waiting++;
    this.#pump();
  }

  /**
   * True when a new job of `owner`'s should be refused (503): the queue is bounded, and one user may
   * hold at most half of it (waiting and running), so others can always get in.
   */
  fullFor(owner: string) {
    if (this.#waiting + this.#running.size >= this.options.queueLimit) return true;
    let held = this.#queues.get(owner)?.length ?? 0;
    for (const id of this.#running.keys()) if (this.#ownerOf.get(id) === owner) held++;
    return held >= Math.max(1, Math.floor(this.options.queueLimit / 2));
  }

  /** 0..1 while the job runs, 0 while it waits; undefined when not Pending here. */
  progress(id: string): number | undefined {
    const running = this.#running.get(id);
    if (running) return Atomics.load(running.progress, 0) / 1000;
    return this.#ownerOf.has(id) ? 0 : undefined;
  }

  /** The next job to run: the first waiting one of the user whose turn it is, who then goes to the back. */
  #next(): string | undefined {
    for (const [owner, queue] of this.#queues) {
      this.#queues.delete(owner);
      const id = queue.shift();
      if (queue.length > 0) this.#queues.set(owner, queue);
      if (id === undefined) continue;
      this.#waiting--;
      return id;
    }
    return undefined;
  }

  /** Resolves when the job finishes or after `ms`, whichever is first. */
  waitFor(id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.#waiters.get(id) ?? new Set();
      this.#waiters.set(id, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0) this.#waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
    });
  }

  /** Stops starting jobs; waits for running ones up to `graceMs`, then abandons them (still Pending, run again next start). */
  async stop(graceMs: number) {
    this.#stopping = true;
    const running = [...this.#running.values()];
    const timer = new Promise((r) => setTimeout(r, graceMs).unref());
    await Promise.race([Promise.all(running.map((r) => r.done)), timer]);
    for (const r of this.#running.values()) r.abort.abort(new Error('stopping'));
    // Long-polls answer now (with the job as it stands) rather than hold the shutdown open.
    for (const waiters of [...this.#waiters.values()]) for (const wake of [...waiters]) wake();
  }

  #pump() {
    while (!this.#stopping && this.#running.size < this.options.concurrency && this.#waiting > 0) {
      const id = this.#next()!;
      const progress = new Int32Array(new SharedArrayBuffer(4));
      const abort = new AbortController();
      const entry: Running = { progress, abort, done: Promise.resolve() };
      this.#running.set(id, entry);
      // Nothing a job's run throws may go unhandled (a full disk while making its folder): the job
      // stays Pending and runs again at the next start.
      entry.done = this.#run(id, entry).catch((err: unknown) => this.options.log(`job ${id} could not run: ${err instanceof Error ? err.message : String(err)}`)).finally(() => {
        this.#running.delete(id);
        this.#ownerOf.delete(id);
        for (const wake of [...(this.#waiters.get(id) ?? [])]) wake();
        this.#pump();
      });
    }
  }

  async #run(id: string, { progress, abort }: Running) {
    const { dataDir, timeoutMs, log } = this.options;
    const job = await this.store.getJob(id);
    if (!job || job.status !== 'Pending') return;
    this.store.markStarted(id);
    const outDir = resultsDir(dataDir, id);
    // A re-run after a crash starts from an empty folder, so every output exists exactly once.
    await rm(outDir, { recursive: true, force: true });
    await mkdir(outDir, { recursive: true });
    const spec = mapInputFiles(job.spec, (p) => join(dataDir, p));
    const signal = AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]);
    // A job resumes on the provider that saved state for it (an upstream job id), while it is configured.
    const saved = job.providerState;
    const provider = (saved && this.#providers.get(saved.provider)) || this.#providers.select(job.kind, job.spec);
    const ctx: ProviderContext = {
      dataDir,
      outDir,
      signal,
      progressCell: progress,
      progress: (f) => Atomics.store(progress, 0, Math.round(Math.min(1, Math.max(0, f)) * 1000)),
      state: saved?.provider === provider.name ? stateOf(saved) : undefined,
      saveState: async (state) => {
        this.store.setProviderState(id, { ...state, provider: provider.name });
        await this.store.flush();
      },
      log,
    };
    let result: ProviderResult;
    try {
      result = await provider.run({ id, kind: job.kind, spec, seed: job.seed, request: absoluteRequest(job.request, dataDir) }, ctx);
    } catch (err) {
      if (abort.signal.aborted) return; // stopping: the job stays Pending and runs again on the next start
      const timedOut = signal.aborted;
      const why = err instanceof Error ? err.message : String(err);
      log(`job ${id} ${timedOut ? 'timed out' : `crashed${provider.name === 'local' ? '' : ` (${provider.name})`}: ${why}`}`);
      const crashed = provider.name === 'local' ? 'The job crashed while rendering' : bounded(`The ${provider.name} provider crashed: ${why}`);
      result = { ok: false as const, code: 'failed', message: timedOut ? `Job timed out after ${Math.round(timeoutMs / 1000)} s` : crashed };
    }
    if (!result.ok && provider.name !== 'local') log(`job ${id} failed (${provider.name}): ${result.message}`);
    if (result.ok) {
      this.store.finishJob(id, { status: 'Succeed', outputs: result.value.files, metadata: result.value.metadata });
    } else {
      await rm(outDir, { recursive: true, force: true });
      this.store.finishJob(id, { status: 'Failed', error: result.message });
    }
    // Until its end is on disk the job is still Pending to clients (the store answers it so) and on
    // disk: a write that fails (a full disk) is tried again until it lands.
    if (!(await this.#saved(id))) return;
    // Inputs are needed only to run the job; once its end is on disk they can go.
    await this.inputs.release(inputPaths(job).map((path) => join(dataDir, path)));
  }

  /** Flushes the store until a write lands (true), or the runner stops first (false: the job runs again at the next start). */
  async #saved(id: string): Promise<boolean> {
    for (let wait = FIRST_RETRY_MS; ; wait = Math.min(MAX_RETRY_MS, wait * 2)) {
      try {
        await this.store.flush();
        return true;
      } catch (err) {
        this.options.log(`job ${id}: its end could not be saved (${err instanceof Error ? err.message : String(err)}); trying again in ${wait / 1000} s`);
        if (this.#stopping) return false;
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }
}

function stateOf(saved: NonNullable<JobRecord['providerState']>) {
  const { provider: _provider, ...state } = saved;
  return state;
}

function absoluteRequest(request: JobRequest | undefined, dataDir: string): JobRequest | undefined {
  if (!request) return undefined;
  const files = Object.fromEntries(Object.entries(request.files).map(([name, paths]) => [name, paths.map((p) => join(dataDir, p))]));
  return { fields: { ...request.fields }, files };
}
