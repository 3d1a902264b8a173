// `upstream`: a local spritekiln (A) configured to send every job kind to a second, real spritekiln (B)
// on loopback. Results must be byte-identical to asking B directly (the engine is deterministic),
// URLs must be A's, the key must never land in A's store or log, and failures must end Failed with a
// refund. Then a scripted misbehaving upstream for 5xx, Retry-After, drops, timeouts and bad answers.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, getJob, post, startTestServer, waitForJob, type TestServer } from '../../helpers/testServer.ts';
import { pngBytes } from '../../fixtures/images.ts';
import { makeImages, type Fields, type Images } from '../api/helpers.ts';
import { drop, json, logTo, multipartParts, slow, startFake, storeText, type FakeRemote } from './fakeRemote.ts';

let upstream: TestServer; // B
let proxy: TestServer; // A: every kind -> B
let img: Images;
let dir: string;
const lines: string[] = [];

async function writeConfig(name: string, config: unknown) {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(config));
  return path;
}

const FAST = { pollIntervalMs: 100, pollSeconds: 2, backoffMs: 20, retries: 3, timeoutMs: 5000 };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spritekiln-providers-'));
  img = await makeImages();
  upstream = await startTestServer();
  const config = await writeConfig('proxy.json', { providers: { hosted: { type: 'upstream', baseUrl: upstream.url, keyEnv: 'UPSTREAM_KEY', ...FAST } }, kinds: { '*': 'hosted' } });
  proxy = await startTestServer({ env: { SPRITEKILN_CONFIG: config, UPSTREAM_KEY: upstream.key }, log: logTo(lines) });
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.close();
});

const CASES: [string, string, () => Fields][] = [
  ['generate/image', '/generate/image', () => ({ prompt: 'a red potion', ai_model: 'Alpha Image 2', ref_images: img.png })],
  ['effect v1', '/generate/effect/v1', () => ({ description: 'green fire', resolution: '1K', background_color: 'magenta', image: img.png })],
  ['effect v2', '/generate/effect/v2', () => ({ description: 'spark', frame: '4', background_color: 'dark_gray' })],
  ['character-overlay v1', '/sprite/character-overlay/v1', () => ({ sprite_sheet: img.sheet, character_images: [img.png, img.png2], rows: '[{"row": 1, "title": "Walk", "description": "walk"}]', resolution: '1K', style: 'pixel' })],
  ['character-overlay v2', '/sprite/character-overlay/v2', () => ({ sprite_sheet: img.sheet, character_images: img.png, rows: '[{"row": 1, "title": "Walk", "description": "walk"}]', quality: 'standard' })],
  ['reskin v1', '/sprite/reskin/v1', () => ({ image: img.png, description: 'golden', resolution: '1K', style: 'cartoon' })],
  ['reskin v2', '/sprite/reskin/v2', () => ({ image: img.png, description: 'golden', quality: 'standard' })],
  ['reskin (unversioned)', '/sprite/reskin', () => ({ image: img.png, sprite_subject: 'a knight', change_description: 'golden', resolution: '1K' })],
  ['inpaint v2', '/image-tune/inpaint/v2', () => ({ image: img.png, prompt: 'background to blue sky', quality: 'pro' })],
  ['inpaint (unversioned)', '/image-tune/inpaint', () => ({ image: img.png, prompt: 'background red' })],
  ['split-layer', '/image-tune/split-layer', () => ({ image: img.png, keyword: 'character' })],
  ['upscale', '/image-tune/upscale', () => ({ image: img.png, scale: '2K' })],
  ['make-sprite v1', '/sprite/make-sprite/v1', () => ({ image: img.png, text: 'jump', frame: '25', is_pixel: 'true' })],
  ['make-sprite v2', '/sprite/make-sprite/v2', () => ({ start_frame_image: img.png, end_frame_image: img.png2, text: 'jump', frame: '49', is_pixel: 'true' })],
  ['plus', '/sprite/plus', () => ({ start_image: img.png, end_image: img.jpeg, text: 'wave', frame: '49', is_prompt_enhancement: 'false' })],
  ['zenith image_to_video', '/sprite/zenith', () => ({ mode: 'image_to_video', images: img.png, text: 'walk then jump', frame: '36', is_pixel: 'yes' })],
  ['zenith video_restyle (GIF)', '/sprite/zenith', () => ({ mode: 'video_restyle', images: img.gif, text: 'made of ice' })],
  ['pulsar first_last_frame', '/sprite/pulsar', () => ({ mode: 'first_last_frame', images: [img.png, img.png2], text: 'turn', frame: '100' })],
  ['pulsar video_restyle (PNG sheet)', '/sprite/pulsar', () => ({ mode: 'video_restyle', images: img.sheet, sprite_grid: '{"columns": 4, "rows": 4}', reference_image: img.png })],
];

/** Every file of a finished job: image_urls, sheet.json and what its meta names. */
async function files(job: { image_urls: string[]; metadata_url?: string }): Promise<Map<string, Buffer>> {
  const urls = [...job.image_urls];
  if (job.metadata_url) {
    urls.push(job.metadata_url);
    const meta = (await (await fetch(job.metadata_url)).json()) as { meta: { image?: string; exports?: Record<string, string> } };
    const base = job.metadata_url.slice(0, job.metadata_url.lastIndexOf('/') + 1);
    for (const f of [meta.meta.image, ...Object.values(meta.meta.exports ?? {})]) if (f) urls.push(base + f);
  }
  const out = new Map<string, Buffer>();
  for (const url of urls) {
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    out.set(url.slice(url.lastIndexOf('/') + 1), Buffer.from(await res.arrayBuffer()));
  }
  return out;
}

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function jobCount(server: TestServer) {
  return (await server.store.listJobs({ limit: 10_000 })).length;
}

async function creditsOf(server: TestServer, key = server.key) {
  const res = await fetch(`${server.url}/public/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
  return ((await res.json()) as { credits: number }).credits;
}

describe('upstream: every job kind through a second spritekiln', () => {
  it.each(CASES)('%s: same bytes as asking the upstream directly, served from local URLs', async (_name, path, fields) => {
    const before = await jobCount(upstream);
    const viaProxy = await post(proxy, path, form(fields()));
    expect(viaProxy.status).toBe(200);
    const proxied = await waitForJob(proxy, viaProxy.body.job_id as string);
    expect(proxied.status, proxied.error).toBe('Succeed');
    expect(await jobCount(upstream)).toBe(before + 1); // sent once

    const direct = await post(upstream, path, form(fields()));
    const directJob = await waitForJob(upstream, direct.body.job_id as string);
    expect(directJob.status).toBe('Succeed');

    for (const url of [...proxied.image_urls, ...(proxied.metadata_url ? [proxied.metadata_url] : [])]) expect(url.startsWith(`${proxy.url}/`)).toBe(true);
    expect(proxied.image_urls.map((u) => u.slice(u.lastIndexOf('/')))).toEqual(directJob.image_urls.map((u) => u.slice(u.lastIndexOf('/'))));
    expect(proxied.metadata_url === undefined).toBe(directJob.metadata_url === undefined);
    const mine = await files(proxied);
    const theirs = await files(directJob);
    expect([...mine.keys()].sort()).toEqual([...theirs.keys()].sort());
    for (const [name, bytes] of theirs) expect(mine.get(name)?.equals(bytes), name).toBe(true);
    // The local record says which remote job made it; the key is nowhere in it.
    const record = await proxy.store.getJob(proxied.job_id);
    expect(record?.providerState).toMatchObject({ provider: 'hosted', remoteId: expect.any(String) });
    expect(JSON.stringify(record)).not.toContain(upstream.key);
  });

  it('the key never reaches db.json, jobs.jsonl or the log', async () => {
    await proxy.store.flush();
    const text = await storeText(proxy.config.dataDir);
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(upstream.key);
    expect(lines.join('\n')).not.toContain(upstream.key);
    expect(lines.some((l) => l.includes('sent upstream as'))).toBe(true);
  });
});

describe('upstream: failures end Failed with a readable error and a refund', () => {
  let failing: TestServer; // its jobs all time out
  let poor: { key: string };
  let proxy2: TestServer;
  let closedPort = 0;

  beforeAll(async () => {
    failing = await startTestServer({ env: { SPRITEKILN_JOB_TIMEOUT_MS: '1' } });
    closedPort = await freePort();
    poor = upstream.addUser(0);
    await upstream.store.flush();
    const config = await writeConfig('failing.json', {
      providers: {
        failing: { type: 'upstream', baseUrl: failing.url, keyEnv: 'FAILING_KEY', ...FAST },
        poor: { type: 'upstream', baseUrl: upstream.url, keyEnv: 'POOR_KEY', ...FAST },
        wrongkey: { type: 'upstream', baseUrl: upstream.url, keyEnv: 'WRONG_KEY', ...FAST },
        nowhere: { type: 'upstream', baseUrl: `http://127.0.0.1:${closedPort}`, keyEnv: 'WRONG_KEY', ...FAST },
      },
      kinds: { 'effect/v2': 'failing', 'effect/v1': 'poor', plus: 'wrongkey', pulsar: 'nowhere' },
    });
    proxy2 = await startTestServer({ env: { SPRITEKILN_CONFIG: config, FAILING_KEY: failing.key, POOR_KEY: poor.key, WRONG_KEY: 'sk_wrong' } });
  });
  afterAll(async () => {
    await proxy2?.close();
    await failing?.close();
  });

  const FAILS: [string, string, () => Fields, RegExp][] = [
    ['the remote job fails', '/generate/effect/v2', () => ({ description: 'spark', frame: '4', background_color: 'white' }), /^upstream job failed: Job timed out/],
    ['the remote refuses: 402', '/generate/effect/v1', () => ({ description: 'fire', resolution: '1K', background_color: 'white' }), /^upstream refused the job: 402 Insufficient credits$/],
    ['the remote refuses the key: 401', '/sprite/plus', () => ({ start_image: img.png, text: 'wave', frame: '49' }), /^upstream refused the job: 401 Invalid API key \(check the key in WRONG_KEY\)$/],
    ['the remote is unreachable', '/sprite/pulsar', () => ({ mode: 'image_to_video', images: img.png, text: 'x' }), /^upstream: could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\), after 4 attempts$/],
  ];

  it.each(FAILS)('%s', async (_n, path, fields, error) => {
    const user = proxy2.addUser(50);
    const res = await post(proxy2, path, form(fields()), user.key);
    expect(res.status).toBe(200);
    const job = await waitForJob(proxy2, res.body.job_id as string, user.key);
    expect(job.status).toBe('Failed');
    expect(job.error).toMatch(error);
    expect(job.image_urls).toEqual([]);
    expect(await creditsOf(proxy2, user.key)).toBe(50);
    expect(await proxy2.store.getJob(job.job_id)).toMatchObject({ status: 'Failed', refunded: true });
  });
});

describe('upstream: a misbehaving remote', () => {
  let fake: FakeRemote;
  let proxy3: TestServer;
  let png: Buffer;
  const log3: string[] = [];
  const effect = () => form({ description: 'spark', frame: '4', background_color: 'white' });

  beforeAll(async () => {
    png = Buffer.from(await pngBytes(8, 8, [1, 2, 3, 255]));
    fake = await startFake();
    const config = await writeConfig('fake.json', { providers: { fake: { type: 'upstream', baseUrl: fake.url, keyEnv: 'FAKE_KEY', ...FAST, timeoutMs: 800 } } });
    // The environment picks the provider for every kind (no "kinds" in the file).
    proxy3 = await startTestServer({ env: { SPRITEKILN_CONFIG: config, FAKE_KEY: 'sk_fake_secret_value', SPRITEKILN_PROVIDER: 'fake' }, log: logTo(log3) });
  });
  afterAll(async () => {
    await proxy3?.close();
    await fake?.close();
  });

  /** A remote that creates one job and finishes it after `pending` polls. */
  function remote(script: { create?: ((n: number) => 'drop' | 503 | 500 | undefined); poll?: (n: number) => 'drop' | 500 | 'bad' | undefined; pending?: number } = {}) {
    const id = randomUUID();
    let creates = 0;
    let polls = 0;
    fake.handle((req, res) => {
      if (req.method === 'POST') {
        const what = script.create?.(creates++);
        if (what === 'drop') return drop(res);
        if (what === 503) return json(res, 503, { detail: 'Server busy, retry later' }, { 'Retry-After': '0' });
        if (what === 500) return json(res, 500, { detail: 'Internal Server Error' });
        return json(res, 200, { job_id: id });
      }
      if (req.path.startsWith('/cdn/')) {
        res.writeHead(200, { 'Content-Type': 'image/png' });
        return res.end(png);
      }
      const what = script.poll?.(polls);
      polls++;
      if (what === 'drop') return drop(res);
      if (what === 500) return json(res, 500, { detail: 'oops' });
      if (what === 'bad') return json(res, 200, { job_id: id, status: 'Done' });
      if (polls <= (script.pending ?? 1)) return json(res, 200, { job_id: id, status: 'Pending', image_urls: [], progress: 0.5 });
      return json(res, 200, { job_id: id, status: 'Succeed', image_urls: [`${fake.url}/cdn/${id}/sheet.png`] });
    });
    return { id, creates: () => creates };
  }

  async function run() {
    const user = proxy3.addUser(10);
    const res = await post(proxy3, '/generate/effect/v2', effect(), user.key);
    expect(res.status).toBe(200);
    const job = await waitForJob(proxy3, res.body.job_id as string, user.key);
    return { job, credits: await creditsOf(proxy3, user.key) };
  }

  it('503 with Retry-After, dropped polls and 5xx polls are retried; the job is created once', async () => {
    const r = remote({ create: (n) => (n < 2 ? 503 : undefined), poll: (n) => (n === 0 ? 'drop' : n === 1 ? 500 : undefined), pending: 3 });
    const { job, credits } = await run();
    expect(job.status, job.error).toBe('Succeed');
    expect(r.creates()).toBe(3); // two refusals, one job
    expect(credits).toBe(7);
    const bytes = Buffer.from(await (await fetch(job.image_urls[0]!)).arrayBuffer());
    expect(bytes.equals(png)).toBe(true);
    expect(job.image_urls[0]).toBe(`${proxy3.url}/cdn/${job.job_id}/sheet.png`);
    const auth = fake.seen.filter((s) => s.method === 'POST').map((s) => s.headers.authorization);
    expect(new Set(auth)).toEqual(new Set(['Bearer sk_fake_secret_value']));
  });

  it('sends each input with a file name a client would send (inputs are stored under random names)', async () => {
    remote();
    const user = proxy3.addUser(10);
    const res = await post(proxy3, '/generate/effect/v2', form({ description: 'spark', frame: '4', background_color: 'white', image: { bytes: png, name: 'my hero.png', type: 'image/png' } }), user.key);
    expect(res.status).toBe(200);
    expect((await waitForJob(proxy3, res.body.job_id as string, user.key)).status).toBe('Succeed');
    const sent = fake.seen.filter((s) => s.method === 'POST').at(-1)!;
    const files = multipartParts(sent).filter((p) => p.filename !== undefined);
    expect(files.map((p) => [p.name, p.filename])).toEqual([['image', 'image-0.png']]);
    expect(files[0]!.data.equals(png)).toBe(true);
  });

  it('a connection dropped while sending the job is not sent again (no duplicate remote job)', async () => {
    const r = remote({ create: () => 'drop' });
    const { job, credits } = await run();
    expect(job.status).toBe('Failed');
    expect(job.error).toMatch(/^upstream: the connection to 127\.0\.0\.1:\d+ was lost \(closed without an answer\)$/);
    expect(r.creates()).toBe(1);
    expect(credits).toBe(10);
  });

  it('a remote that keeps answering 500 ends Failed after the retries', async () => {
    remote({ create: () => 500 });
    const { job, credits } = await run();
    expect(job.status).toBe('Failed');
    expect(job.error).toBe('upstream refused the job: 500 Internal Server Error');
    expect(credits).toBe(10);
  });

  it('a malformed status ends Failed', async () => {
    remote({ poll: () => 'bad' });
    const { job, credits } = await run();
    expect(job.status).toBe('Failed');
    expect(job.error).toMatch(/^upstream: malformed status of job /);
    expect(credits).toBe(10);
  });

  it('a malformed creation answer ends Failed', async () => {
    fake.handle((_q, res) => json(res, 200, { id: 'no job_id here' }));
    const { job } = await run();
    expect(job).toMatchObject({ status: 'Failed', error: 'upstream: malformed answer to the job request (no job_id)' });
  });

  it('a remote too slow to answer ends Failed with a timeout', async () => {
    fake.handle(slow(3000, (_q, res) => json(res, 200, { job_id: randomUUID() })));
    const { job, credits } = await run();
    expect(job.status).toBe('Failed');
    expect(job.error).toBe('upstream: no answer from ' + new URL(fake.url).host + ' within 0.8 s');
    expect(credits).toBe(10);
  });

  it('a result URL that tries to leave the result folder is refused', async () => {
    const id = randomUUID();
    fake.handle((req, res) => (req.method === 'POST' ? json(res, 200, { job_id: id }) : json(res, 200, { job_id: id, status: 'Succeed', image_urls: [`${fake.url}/cdn/x/..%2F..%2Fdb.json`] })));
    const { job } = await run();
    expect(job.status).toBe('Failed');
    expect(job.error).toMatch(/^upstream: unusable result file name/);
  });

  it('the fake key is in no store file and no log line', async () => {
    await proxy3.store.flush();
    expect(await storeText(proxy3.config.dataDir)).not.toContain('sk_fake_secret_value');
    expect(log3.join('\n')).not.toContain('sk_fake_secret_value');
    expect(log3.some((l) => l.includes('failed (fake)'))).toBe(true);
  });
});

describe('upstream: a restart while the remote job runs', () => {
  it('resumes by the recorded remote id and never sends the job twice', async () => {
    const bDir = await mkdtemp(join(tmpdir(), 'spritekiln-b-'));
    const aDir = await mkdtemp(join(tmpdir(), 'spritekiln-a-'));
    // B1 accepts jobs but runs none (concurrency 0): the remote job stays Pending while A restarts.
    const b1 = await startTestServer({ dataDir: bDir, concurrency: 0, keepData: true });
    const port = Number(new URL(b1.url).port);
    const config = await writeConfig('restart.json', { providers: { b: { type: 'upstream', baseUrl: b1.url, keyEnv: 'B_KEY', ...FAST } }, kinds: { '*': 'b' } });
    const env = { SPRITEKILN_CONFIG: config, B_KEY: b1.key };
    const a1 = await startTestServer({ dataDir: aDir, env, keepData: true, stopGraceMs: 100 });
    const res = await post(a1, '/sprite/pulsar', form({ mode: 'image_to_video', images: img.png, text: 'walk' }));
    const id = res.body.job_id as string;
    let remoteId: string | undefined;
    for (let i = 0; i < 100 && !remoteId; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const onDisk = JSON.parse(await readFile(join(aDir, 'db.json'), 'utf8')) as { jobs: { id: string; providerState?: { remoteId?: string } }[] };
      remoteId = onDisk.jobs.find((j) => j.id === id)?.providerState?.remoteId; // on disk before any poll
    }
    expect(remoteId).toBeDefined();
    expect((await getJob(a1, id)).body.status).toBe('Pending');
    await a1.close(); // stops mid-poll: the job stays Pending
    await b1.close();

    // B comes back at the same address and now runs jobs; A comes back and resumes.
    const b2 = await startTestServer({ dataDir: bDir, port });
    const a2 = await startTestServer({ dataDir: aDir, env });
    try {
      const job = await waitForJob(a2, id, a1.key);
      expect(job.status, job.error).toBe('Succeed');
      const remote = await b2.store.listJobs({ limit: 100 });
      expect(remote.map((j) => j.id)).toEqual([remoteId]);
      expect((await a2.store.getJob(id))?.attempts).toBe(2);
    } finally {
      await a2.close();
      await b2.close();
    }
  });
});
