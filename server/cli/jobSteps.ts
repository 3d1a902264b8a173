// Submitting and waiting, each retried only where a retry cannot run a job twice: submit (a 503
// "queue full" created nothing, so it is tried again after a pause), wait (polling is harmless to
// repeat; a server that went away is waited for a while, since jobs survive its restart). The files
// are then fetched with the client's download().
import { JobFailedError, SpritekilnError, type FieldsOf, type Job, type JobKind, type SpritekilnClient } from '../../plugins/client/index.ts';
import { isUnreachable } from './explain.ts';

const BUSY_RETRIES = 12;
const BUSY_PAUSE_MS = 5000; // the server's Retry-After
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];

export async function submit(client: SpritekilnClient, kind: JobKind, fields: Record<string, unknown>, signal?: AbortSignal): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await client.create(kind, fields as FieldsOf<typeof kind>, signal);
    } catch (err) {
      if (!(err instanceof SpritekilnError && err.status === 503) || attempt >= BUSY_RETRIES) throw err;
      await sleep(BUSY_PAUSE_MS, signal);
    }
  }
}

export interface WaitHooks {
  signal?: AbortSignal;
  onProgress?: (progress: number) => void;
  /** Something to say while nothing moves ("waiting for the server"), or undefined once it moves again. */
  onNote?: (note: string | undefined) => void;
  /** How long an unreachable server is waited for before giving up; the job id stays recorded. */
  unreachableMs?: number;
}

/** Polls with `?wait=` (answers at once when the job finishes) until Succeed; Failed rejects with JobFailedError. */
export async function waitJob(client: SpritekilnClient, id: string, hooks: WaitHooks = {}): Promise<Job> {
  const { signal, onProgress, onNote, unreachableMs = 60_000 } = hooks;
  let downSince: number | undefined;
  let failures = 0;
  for (;;) {
    signal?.throwIfAborted();
    let job: Job;
    try {
      // 2 s: the spec's polling interval, short enough for a live progress bar.
      job = await client.job(id, 2, signal);
    } catch (err) {
      const transient = isUnreachable(err) || (err instanceof SpritekilnError && err.status >= 500);
      if (signal?.aborted || !transient) throw err;
      downSince ??= Date.now();
      if (Date.now() - downSince > unreachableMs) throw err;
      onNote?.('waiting for the server');
      await sleep(BACKOFF_MS[Math.min(failures++, BACKOFF_MS.length - 1)]!, signal);
      continue;
    }
    if (downSince !== undefined) onNote?.(undefined);
    downSince = undefined;
    failures = 0;
    if (job.status === 'Succeed') return job;
    if (job.status === 'Failed') throw new JobFailedError(id, job.error ?? 'Failed');
    onProgress?.(job.progress ?? 0);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
