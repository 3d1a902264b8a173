// Per-key rate limit on job creation (SPRITEKILN_RATE_LIMIT = requests per minute per key; 120 unless
// set, 0 = off). A token bucket per API key: `perMinute` tokens at most (the burst), refilled
// continuously at perMinute/60 a second. It runs after authentication (an unknown key is 401, and
// never gets a bucket) and before the body is parsed, so a refused request costs no disk, no probe and
// no credit: 429 {"detail": "Too many requests, retry later"} with Retry-After (whole seconds until a
// token is back). Memory is bounded: at most `maxKeys` buckets, least recently used dropped first
// (a dropped bucket comes back full, which only ever errs towards letting a request through).
import type { Context, Next } from 'koa';
import { M } from '../schemas/messages.ts';
import { ApiError } from './errors.ts';

interface Bucket {
  tokens: number;
  at: number;
}

export interface RateLimiterOptions {
  perMinute: number;
  maxKeys?: number;
  now?: () => number;
}

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #capacity: number;
  readonly #perMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: RateLimiterOptions) {
    if (!(options.perMinute > 0)) throw new Error('RateLimiter: perMinute must be positive');
    this.#capacity = options.perMinute;
    this.#perMs = options.perMinute / 60_000;
    this.#maxKeys = options.maxKeys ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** Takes a token for `key`: 0 when allowed, else the whole seconds to wait (at least 1). */
  take(key: string): number {
    const now = this.#now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.#capacity, at: now };
    bucket.tokens = Math.min(this.#capacity, bucket.tokens + Math.max(0, now - bucket.at) * this.#perMs);
    bucket.at = now;
    // Re-insert: the Map's order is then least recently used first.
    this.#buckets.delete(key);
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > this.#maxKeys) this.#buckets.delete(this.#buckets.keys().next().value!);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.#perMs / 1000));
  }

  get size() {
    return this.#buckets.size;
  }
}

/** Koa middleware; pass-through when `perMinute` is 0. Needs ctx.state.keyHash (auth.ts). */
export function rateLimit(perMinute: number) {
  const limiter = perMinute > 0 ? new RateLimiter({ perMinute }) : undefined;
  return async (ctx: Context, next: Next) => {
    if (limiter) {
      const wait = limiter.take(String(ctx.state.keyHash ?? ''));
      if (wait > 0) {
        ctx.req.resume(); // the body is not read: let it drain so the client reads the answer
        throw new ApiError(429, M.tooManyRequests, { 'Retry-After': String(wait) });
      }
    }
    await next();
  };
}
