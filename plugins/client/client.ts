// A small typed client for browsers and Node (fetch + FormData): one method per endpoint, `wait`
// by long-polling `?wait=` with backoff on transient errors, progress callbacks, AbortSignal.
import { describe, JobFailedError, SpritekilnError } from './errors.ts';
import { KINDS, kindOf, type Account, type FieldsOf, type FileInput, type Job, type JobKind, type KindMethods, type KindName } from './types.ts';

export interface ClientOptions {
  /** e.g. http://127.0.0.1:8787 */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}

export interface WaitOptions {
  signal?: AbortSignal;
  /** Called with each Pending answer (its `progress` is 0..1). */
  onProgress?: (job: Job) => void;
  /** Long-poll length per request, seconds (the server caps it at 30). */
  pollSeconds?: number;
  /** Give up after this long (ms); default: never. */
  timeoutMs?: number;
}

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];

export class SpritekilnClient {
  readonly baseUrl: string;
  readonly #key: string;
  readonly #fetch: typeof fetch;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#key = options.apiKey;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Creates a job of a kind (by its name or a former one); resolves with its id as soon as the server accepted it. */
  async create<K extends KindName>(kind: K, fields: FieldsOf<K>, signal?: AbortSignal): Promise<string> {
    const known = kindOf(kind);
    if (!known) throw new TypeError(`spritekiln: no job kind is called "${kind}" (one of ${Object.keys(KINDS).join(', ')})`);
    return this.createAt(KINDS[known].path, toFormData(fields as Record<string, unknown>), signal);
  }

  /** Creates a job at an endpoint path under /public/v1 from a finished form (a kind read from /openapi.json). */
  async createAt(path: string, form: FormData, signal?: AbortSignal): Promise<string> {
    const res = await this.#request(path, { method: 'POST', body: form, signal });
    return ((await res.json()) as { job_id: string }).job_id;
  }

  async job(id: string, waitSeconds = 0, signal?: AbortSignal): Promise<Job> {
    const query = waitSeconds > 0 ? `?wait=${Math.min(30, Math.round(waitSeconds))}` : '';
    const res = await this.#request(`/job/${encodeURIComponent(id)}${query}`, { signal });
    return (await res.json()) as Job;
  }

  async account(signal?: AbortSignal): Promise<Account> {
    return (await (await this.#request('/account', { signal })).json()) as Account;
  }

  /**
   * Resolves with the finished job once it Succeeds; rejects with JobFailedError when it Fails,
   * SpritekilnError for an answer that will not change (401, 404, ...), or the signal's reason.
   * Network errors and 5xx answers are retried with backoff.
   */
  async wait(id: string, options: WaitOptions = {}): Promise<Job> {
    const { signal, onProgress, pollSeconds = 10, timeoutMs } = options;
    const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
    let failures = 0;
    for (;;) {
      signal?.throwIfAborted();
      if (Date.now() > deadline) throw new Error(`job ${id} still Pending after ${timeoutMs} ms`);
      let job: Job;
      try {
        job = await this.job(id, pollSeconds, signal);
        failures = 0;
      } catch (err) {
        if (signal?.aborted || (err instanceof SpritekilnError && err.status < 500)) throw err;
        await sleep(BACKOFF_MS[Math.min(failures++, BACKOFF_MS.length - 1)]!, signal);
        continue;
      }
      if (job.status === 'Succeed') return job;
      if (job.status === 'Failed') throw new JobFailedError(id, job.error ?? 'Failed');
      onProgress?.(job);
    }
  }

  /** create + wait. */
  async run<K extends KindName>(kind: K, fields: FieldsOf<K>, options: WaitOptions = {}): Promise<Job> {
    return this.wait(await this.create(kind, fields, options.signal), options);
  }

  async #request(path: string, init: RequestInit): Promise<Response> {
    const res = await this.#fetch(`${this.baseUrl}/public/v1${path}`, { ...init, headers: { Authorization: `Bearer ${this.#key}` } });
    if (res.ok) return res;
    const body = await res.json().catch(() => ({ detail: res.statusText }));
    throw new SpritekilnError(res.status, (body as { detail?: unknown }).detail ?? body);
  }
}

// One method per kind (generateImage, zenith, imageTuneUpscale, ...), named in kinds.ts.
export interface SpritekilnClient extends KindMethods {}
for (const [kind, { method }] of Object.entries(KINDS)) {
  Object.defineProperty(SpritekilnClient.prototype, method, {
    value(this: SpritekilnClient, fields: FieldsOf<JobKind>, signal?: AbortSignal) {
      return this.create(kind as JobKind, fields, signal);
    },
  });
}

/** Multipart fields as the API reads them: lists repeat the field, objects are JSON strings. */
export function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (isFile(value)) {
      const [blob, filename] = value instanceof Blob ? [value, (value as File).name ?? 'upload'] : [toBlob(value.data, value.type), value.name];
      form.append(name, blob, filename || 'upload');
    } else if (typeof value === 'object') form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  };
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value) && (value.length === 0 || isFile(value[0]))) for (const v of value) add(name, v);
    else add(name, value);
  }
  return form;
}

const isFile = (v: unknown): v is FileInput => v instanceof Blob || (typeof v === 'object' && v !== null && 'data' in v && 'name' in v);
const toBlob = (data: Blob | Uint8Array, type = 'application/octet-stream') => (data instanceof Blob ? data : new Blob([data as Uint8Array<ArrayBuffer>], { type }));

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

export { describe, JobFailedError, SpritekilnError };
