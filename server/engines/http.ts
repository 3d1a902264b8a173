// One HTTP exchange with a remote, for providers: the whole answer read under a timeout, transient
// failures (network errors, 429, 5xx) retried with exponential backoff or the server's Retry-After,
// and every other ending turned into a ProviderError with a readable message. Keys travel in headers
// only and never appear in a message: messages name the host, not the URL's query or headers.
import { setTimeout as delay } from 'node:timers/promises';
import { ProviderError } from './provider.ts';
import type { ProviderSettings } from './providerConfig.ts';

export interface HttpOptions {
  /** "upstream", "images-api", ...: the start of every message. */
  label: string;
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  signal: AbortSignal;
  /**
   * false for a request that must not run twice (creating a remote job: the API has no idempotency
   * key): only failures that prove it was not taken are retried (connection refused, 429, 502-504).
   */
  repeatable: boolean;
}

/** A provider's exchange options from its settings, labelled by its type; `extraMs` lengthens the timeout (long polls). */
export function httpOptions(settings: ProviderSettings, signal: AbortSignal, repeatable: boolean, extraMs = 0): HttpOptions {
  const { type: label, timeoutMs, retries, backoffMs } = settings;
  return { label, timeoutMs: timeoutMs + extraMs, retries, backoffMs, signal, repeatable };
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

const MAX_BACKOFF_MS = 30_000;
const MAX_BODY_BYTES = 256 * 1024 * 1024;

export async function exchange(url: string, init: RequestInit, opts: HttpOptions): Promise<HttpAnswer> {
  const host = new URL(url).host;
  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    const signal = AbortSignal.any([opts.signal, timeout]);
    let answer: HttpAnswer | undefined;
    let failure: string;
    let retryable: boolean;
    let waitMs: number | undefined;
    try {
      const res = await fetch(url, { ...init, signal, redirect: 'follow' });
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_BODY_BYTES) throw new ProviderError(`${opts.label}: the answer from ${host} is too large (${length} bytes)`);
      answer = { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
      const transient = answer.status === 429 || answer.status === 502 || answer.status === 503 || answer.status === 504 || (opts.repeatable && answer.status >= 500);
      if (!transient) return answer;
      failure = `${opts.label}: ${host} answered ${answer.status}${detailOf(answer) ? ` (${detailOf(answer)})` : ''}`;
      retryable = true;
      waitMs = retryAfterMs(answer.headers.get('retry-after'));
    } catch (err) {
      if (opts.signal.aborted) throw opts.signal.reason ?? err; // stopping or the job timeout: the runner decides
      if (err instanceof ProviderError) throw err;
      if (timeout.aborted) {
        failure = `${opts.label}: no answer from ${host} within ${Math.round(opts.timeoutMs / 100) / 10} s`;
        // A slow generation is not repeated: each attempt would cost as much again. Reads are.
        retryable = opts.repeatable && (init.method ?? 'GET') === 'GET';
      } else {
        const code = networkCode(err);
        const refused = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
        failure = refused ? `${opts.label}: could not reach ${host} (${code})` : `${opts.label}: the connection to ${host} was lost (${code})`;
        retryable = opts.repeatable || code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
      }
    }
    if (!retryable || attempt >= opts.retries) {
      if (answer) return answer; // the caller reads the status and the body's message
      throw new ProviderError(attempt > 0 ? `${failure}, after ${attempt + 1} attempts` : failure);
    }
    const backoff = Math.min(MAX_BACKOFF_MS, opts.backoffMs * 2 ** attempt);
    await delay(Math.min(MAX_BACKOFF_MS * 2, waitMs ?? backoff), undefined, { signal: opts.signal });
  }
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** The system error code under fetch's "fetch failed" (ECONNREFUSED, ECONNRESET, ...), else the innermost message. */
function networkCode(err: unknown): string {
  let e: unknown = err;
  let message = 'network error';
  for (let i = 0; i < 5 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'UND_ERR_SOCKET') return 'closed without an answer';
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    if (e instanceof Error && e.message) message = e.message;
    e = (e as { cause?: unknown }).cause;
  }
  return message;
}

/** JSON body, or undefined when it is not JSON. */
export function jsonOf(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The message inside an error body, in any of the shapes remotes use: {detail}, {error: {message}}, {error: "..."}, {message}. */
export function detailOf(answer: HttpAnswer): string {
  const body = jsonOf(answer) as Record<string, unknown> | undefined;
  if (body && typeof body === 'object') {
    const { detail, error, message } = body as { detail?: unknown; error?: unknown; message?: unknown };
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) return detail.map((d: { loc?: unknown[]; msg?: unknown }) => `${(d.loc ?? []).filter((p) => p !== 'body').join('.')}: ${String(d.msg ?? '')}`).join('; ');
    if (error && typeof error === 'object') {
      const { message: m, status, code } = error as { message?: unknown; status?: unknown; code?: unknown };
      const head = [typeof status === 'string' ? status : undefined, typeof code === 'string' ? code : undefined].filter(Boolean).join(' ');
      if (typeof m === 'string') return head ? `${head}: ${m}` : m;
    }
    if (typeof error === 'string') return error;
    if (typeof message === 'string') return message;
  }
  const text = answer.body.toString('utf8', 0, 200).trim();
  return /^[\x20-\x7e\s]*$/.test(text) ? text : '';
}
