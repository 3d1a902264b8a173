// The one-write-in-flight scheduler behind the store. Rewriting the hot file costs the same whether one
// record changed or a thousand did (lowdb stringifies the whole file: 45 writes/s at 10,000 jobs, a 2.2 s
// event-loop stall for 200 un-awaited writes), so changes are counted, not written: at most one write
// runs, and every change made while it runs is carried by the single next write.

/**
 * Writes the current state. It must capture what it writes synchronously, before its first await:
 * the generation of changes it covers is read at the moment it is called.
 */
export type WriteFn = () => Promise<void>;

interface Waiter {
  generation: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class WriteCoalescer {
  readonly #write: WriteFn;
  /** Generation of the latest change, and of the latest change known to be on disk. */
  #changed = 0;
  #written = 0;
  #running: Promise<void> | undefined;
  #startQueued = false;
  #waiters: Waiter[] = [];
  /** Exclusive sections running or waiting; while > 0 no new write starts. */
  #exclusive = 0;
  #exclusiveTail: Promise<unknown> = Promise.resolve();
  #writes = 0;

  constructor(write: WriteFn) {
    this.#write = write;
  }

  /** How many writes completed (tests and the bench count them). */
  get writes(): number {
    return this.#writes;
  }

  /** The latest change's generation: isWritten(it) once a write carried it. */
  get generation(): number {
    return this.#changed;
  }

  isWritten(generation: number): boolean {
    return this.#written >= generation;
  }

  /** Records that state changed in memory; a write carrying the change starts soon. */
  changed(): void {
    this.#changed++;
    this.#kick();
  }

  /** Resolves once every change recorded before this call is on disk; rejects if the write carrying it fails. */
  flush(): Promise<void> {
    const generation = this.#changed;
    if (this.#written >= generation) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.#waiters.push({ generation, resolve, reject });
      this.#kick();
    });
  }

  /**
   * Runs `fn` with no write in flight and none starting until it ends (the archive compaction rewrites
   * the file that writes append to). Changes made meanwhile are written afterwards.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    this.#exclusive++;
    const run = async (): Promise<T> => {
      try {
        // The write loop stops between writes once #exclusive > 0, so this waits for at most one write.
        while (this.#running) await this.#running;
        return await fn();
      } finally {
        this.#exclusive--;
        this.#kick();
      }
    };
    const result = this.#exclusiveTail.then(run, run);
    this.#exclusiveTail = result.catch(() => undefined);
    return result;
  }

  #kick(): void {
    if (this.#running || this.#startQueued || this.#exclusive > 0) return;
    if (this.#written >= this.#changed) return;
    this.#startQueued = true;
    // Start on a microtask so a synchronous burst of changes (a loop of createJob calls) rides one write.
    queueMicrotask(() => {
      this.#startQueued = false;
      if (!this.#running && this.#exclusive === 0) this.#running = this.#loop();
    });
  }

  async #loop(): Promise<void> {
    try {
      while (this.#exclusive === 0 && this.#written < this.#changed) {
        const generation = this.#changed;
        try {
          await this.#write();
        } catch (err) {
          // Nothing newer than #written is known to be on disk: fail every waiter and stop. The next
          // change or flush() tries again, so a full disk does not turn into a busy retry loop.
          this.#settle(Infinity, err);
          return;
        }
        this.#written = generation;
        this.#writes++;
        this.#settle(generation);
      }
    } finally {
      this.#running = undefined;
    }
  }

  /** Resolves waiters covered by `generation`, or rejects them all with `err`. */
  #settle(generation: number, err?: unknown): void {
    const still: Waiter[] = [];
    for (const waiter of this.#waiters) {
      if (waiter.generation > generation) still.push(waiter);
      else if (err === undefined) waiter.resolve();
      else waiter.reject(err);
    }
    this.#waiters = still;
  }
}
