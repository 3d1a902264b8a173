// Back-pressure: a full queue answers 503 with Retry-After, and the optional per-key rate limit
// (SPRITEKILN_RATE_LIMIT requests a minute per key) answers 429 {"detail": "Too many requests, retry later"}
// with Retry-After, before the body is read. Neither loses accepted work: the jobs accepted before
// and after are all kept, charged once and run to Succeed.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT, loadConfig } from '../../server/config.ts';
import { RateLimiter } from '../../server/rateLimit.ts';
import { startTestServer, waitForJob, type TestServer } from '../helpers/testServer.ts';
import { credits, expectAccepted, expectRejected, makeImages, submit } from '../server/api/helpers.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TOO_MANY = 'Too many requests, retry later';

describe('the rate limit is on by default', () => {
  it(`at ${DEFAULT_RATE_LIMIT} job creations a minute per key, and SPRITEKILN_RATE_LIMIT=0 turns it off`, () => {
    expect(loadConfig({}).rateLimitPerMinute).toBe(DEFAULT_RATE_LIMIT);
    expect(DEFAULT_RATE_LIMIT).toBeGreaterThan(0);
    expect(loadConfig({ SPRITEKILN_RATE_LIMIT: '0' }).rateLimitPerMinute).toBe(0);
  });
});

describe('token bucket', () => {
  it('allows a burst of perMinute, then one every 60/perMinute s, with the wait in whole seconds', () => {
    let now = 0;
    const limiter = new RateLimiter({ perMinute: 6, now: () => now });
    for (let i = 0; i < 6; i++) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(10); // one token per 10 s
    expect(limiter.take('b')).toBe(0); // per key
    now += 9_000;
    expect(limiter.take('a')).toBe(1);
    now += 1_000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(10);
  });

  it('holds at most maxKeys buckets', () => {
    const limiter = new RateLimiter({ perMinute: 1, maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) limiter.take(`key-${i}`);
    expect(limiter.size).toBe(100);
  });
});

describe('429 per key', () => {
  it('refuses the request over the limit with Retry-After, charges nothing, and keeps every accepted job', async () => {
    server = await startTestServer({ env: { SPRITEKILN_RATE_LIMIT: '3' } });
    const img = await makeImages();
    const fields = () => ({ mode: 'image_to_video', images: img.png, text: 'jump' });
    const start = await credits(server);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await expectAccepted(server, '/sprite/pulsar', fields()));
    const res = await expectRejected(server, '/sprite/pulsar', fields(), 429, TOO_MANY);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(20);
    // Checked before the body: even an invalid request is 429, not 400 or 422.
    await expectRejected(server, '/sprite/pulsar', {}, 429, TOO_MANY);
    // Another key has its own bucket; reading (job, account) is not limited.
    const other = server.addUser();
    const theirs = await expectAccepted(server, '/sprite/pulsar', fields(), other.key);
    for (const id of ids) expect((await waitForJob(server, id)).status).toBe('Succeed');
    expect((await waitForJob(server, theirs, other.key)).status).toBe('Succeed');
    expect(await credits(server)).toBe(start - 3 * 3);
    expect(await readdir(join(server.config.dataDir, 'inputs'))).toEqual([]);
  }, 60_000);

  it('is off by default', async () => {
    server = await startTestServer({ concurrency: 0 });
    const img = await makeImages();
    for (let i = 0; i < 70; i++) {
      const res = await submit(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.png, text: 'jump' });
      expect(res.status).toBe(200);
    }
  }, 60_000);

  it('authentication comes first: a bad key is 401 and uses no bucket', async () => {
    server = await startTestServer({ env: { SPRITEKILN_RATE_LIMIT: '1' } });
    for (let i = 0; i < 3; i++) {
      const res = await submit(server, '/sprite/pulsar', {}, 'sk_wrong');
      expect([res.status, res.body]).toEqual([401, { detail: 'Invalid API key' }]);
    }
    // The real key's one token is still there: this request reaches validation (422), the next is 429.
    expect((await submit(server, '/sprite/pulsar', {})).status).toBe(422);
    expect((await submit(server, '/sprite/pulsar', {})).status).toBe(429);
  }, 60_000);
});

describe('503 when the queue is full', () => {
  it('answers 503 with Retry-After, and the accepted jobs all run once the queue drains', async () => {
    server = await startTestServer({ concurrency: 1, env: { SPRITEKILN_QUEUE_LIMIT: '2' } });
    const img = await makeImages();
    const fields = () => ({ mode: 'image_to_video', images: img.png, text: 'jump' });
    const start = await credits(server);
    const ids: string[] = [];
    let busy = 0;
    for (let i = 0; i < 8; i++) {
      const res = await submit(server, '/sprite/pulsar', fields());
      if (res.status === 200) ids.push((res.body as { job_id: string }).job_id);
      else {
        expect([res.status, res.body]).toEqual([503, { detail: 'Server busy, retry later' }]);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        busy++;
      }
    }
    expect(busy).toBeGreaterThan(0);
    for (const id of ids) expect((await waitForJob(server, id)).status).toBe('Succeed');
    expect(await credits(server)).toBe(start - 3 * ids.length);
    // Room again: accepted.
    ids.push(await expectAccepted(server, '/sprite/pulsar', fields()));
    expect((await waitForJob(server, ids.at(-1)!)).status).toBe('Succeed');
  }, 60_000);
});
