// Environment -> one frozen Config. Defaults are docs/contract.md §6; limits are §2 and the hardening rules (README, Limits).
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absolute base URL of result files; undefined = this server's own /cdn. */
  cdnUrl?: string;
  workers: number;
  /** Pending jobs beyond this answer 503: the queue is bounded so memory and latency stay bounded. */
  queueLimit: number;
  jobTimeoutMs: number;
  /** Job-creation requests a minute per API key (429 beyond it); 0 = no limit. */
  rateLimitPerMinute: number;
  limits: {
    /** A file larger than this is 413: bounds disk and decode memory per upload. */
    fileBytes: number;
    files: number;
    requestBytes: number;
  };
}

const MiB = 1024 * 1024;
/** Job creations a minute per API key unless SPRITEKILN_RATE_LIMIT says otherwise (0: off). */
export const DEFAULT_RATE_LIMIT = 120;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const int = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
    return n;
  };
  const workers = Math.max(1, int('SPRITEKILN_WORKERS', availableParallelism()));
  return Object.freeze({
    port: int('PORT', 8787),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.SPRITEKILN_DATA || './data'),
    cdnUrl: env.SPRITEKILN_CDN_URL ? env.SPRITEKILN_CDN_URL.replace(/\/+$/, '') : undefined,
    workers,
    queueLimit: int('SPRITEKILN_QUEUE_LIMIT', 256),
    jobTimeoutMs: int('SPRITEKILN_JOB_TIMEOUT_MS', 10 * 60 * 1000),
    // On by default, generously (a burst of 120, then 2 a second): enough for any script that waits
    // for its jobs, and a bound on one that loops without waiting.
    rateLimitPerMinute: int('SPRITEKILN_RATE_LIMIT', DEFAULT_RATE_LIMIT),
    limits: Object.freeze({ fileBytes: 20 * MiB, files: 16, requestBytes: 100 * MiB }),
  });
}
