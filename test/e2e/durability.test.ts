// Nothing accepted is lost: SIGKILL with jobs Pending, restart, every job ends Succeed once and is
// charged once. SIGTERM drains and exits 0. The CLI works beside a running server without a second writer.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form } from '../helpers/testServer.ts';
import { cli, signal, startServerProcess, type ServerProcess, stopServerProcess } from '../helpers/serverProcess.ts';
import { pngBytes } from '../fixtures/images.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-durable-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

async function credits(server: ServerProcess, key: string) {
  const res = await fetch(`${server.url}/public/v1/account`, { headers: auth(key) });
  return ((await res.json()) as { credits: number }).credits;
}

async function waitAll(server: ServerProcess, key: string, ids: string[]) {
  const jobs = [];
  for (const id of ids) {
    for (;;) {
      const res = await fetch(`${server.url}/public/v1/job/${id}?wait=10`, { headers: auth(key) });
      const job = (await res.json()) as { status: string; image_urls: string[] };
      if (job.status !== 'Pending') {
        jobs.push(job);
        break;
      }
    }
  }
  return jobs;
}

describe('crash and restart', () => {
  it('runs every job accepted before a SIGKILL exactly once, charged once', async () => {
    let server = await startServerProcess(dataDir);
    const key = (await readFile(join(dataDir, 'api-key.txt'), 'utf8')).trim();
    const start = await credits(server, key);
    const image = { bytes: await pngBytes(128, 128, (x, y) => [x * 2, y * 2, 90, 255]), name: 'a.png', type: 'image/png' };
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${server.url}/public/v1/sprite/zenith`, {
        method: 'POST',
        headers: auth(key),
        body: form({ mode: 'image_to_video', images: image, text: `jump ${i}`, frame: '100' }),
      });
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as { job_id: string }).job_id);
    }
    signal(server, 'SIGKILL');
    await server.exited;

    server = await startServerProcess(dataDir);
    const jobs = await waitAll(server, key, ids);
    expect(jobs.map((j) => j.status)).toEqual(ids.map(() => 'Succeed'));
    expect(await credits(server, key)).toBe(start - 8 * 25);
    for (const id of ids) expect((await readdir(join(dataDir, 'results', id))).sort()).toEqual(['anim.gif', 'pack.json', 'sheet.json', 'sheet.png', 'sprite_frames.tres']);
    const listed = (await cli(dataDir, 'jobs', 'list')).split('\n').filter((l) => ids.some((id) => l.startsWith(id)));
    expect(listed).toHaveLength(8);
    expect(await readdir(join(dataDir, 'inputs'))).toEqual([]);

    signal(server, 'SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

describe('the CLI beside a running server', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(dataDir);
  });
  afterAll(async () => {
    await stopServerProcess(server);
  });

  it('creates keys, adds credits, disables users and revokes keys, seen by the server at once', async () => {
    const key = await cli(dataDir, 'keys', 'create', '--name', 'cli-user', '--credits', '50');
    expect(await credits(server, key)).toBe(50);
    await cli(dataDir, 'credits', 'add', '--key', key, '25');
    expect(await credits(server, key)).toBe(75);

    const second = await cli(dataDir, 'keys', 'create', '--name', 'other');
    await cli(dataDir, 'users', 'disable', '--key', second);
    const disabled = await fetch(`${server.url}/public/v1/account`, { headers: auth(second) });
    expect([disabled.status, await disabled.json()]).toEqual([404, { detail: 'Not Found User' }]);

    await cli(dataDir, 'keys', 'revoke', key);
    const revoked = await fetch(`${server.url}/public/v1/account`, { headers: auth(key) });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer');
  });

  it.each([['abc'], ['Infinity'], ['-5'], ['1.5'], ['1e3'], ['']])('refuses --credits %j as it would without a server, creating no user', async (raw) => {
    const users = () => readFile(join(dataDir, 'db.json'), 'utf8').then((t) => (JSON.parse(t) as { users: unknown[] }).users.length);
    const before = await users();
    const failed = await cli(dataDir, 'keys', 'create', '--credits', raw).then(() => undefined, (err: { code: number; stderr: string }) => err);
    expect(failed?.code).toBe(2);
    // (parseArgs itself refuses "-5" as a value that looks like a flag, and says so.)
    expect(failed?.stderr).toContain(raw === '-5' ? "'--credits=-XYZ'" : `--credits takes a whole number of credits, not "${raw}"`);
    expect(await users()).toBe(before);
    const add = await cli(dataDir, 'credits', 'add', '--key', 'sk_x', raw).then(() => undefined, (err: { code: number; stderr: string }) => err);
    expect(add?.code).toBe(2);
  });

  it('refuses --older-than that is not a number of days, pruning nothing (it arrived as null and pruned every job)', async () => {
    const failed = await cli(dataDir, 'jobs', 'prune', '--older-than', 'abc').then(() => undefined, (err: { code: number; stderr: string }) => err);
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain('--older-than takes a number of days, not "abc"');
  });

  it('prunes finished jobs and their files', async () => {
    expect(JSON.parse(await cli(dataDir, 'jobs', 'prune', '--older-than', '0'))).toMatchObject({ removed: 8 });
    expect(await readdir(join(dataDir, 'results'))).toEqual([]);
  });
});

describe('a damaged store is refused at start, with a way back', () => {
  const startFails = (dir: string) => startServerProcess(dir).then(() => 'started', (err: Error) => err.message);

  it('a missing db.json beside jobs and a key refuses to start, keeps everything, and store restore brings the accounts back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spritekiln-damaged-'));
    let server = await startServerProcess(dir);
    const key = await cli(dir, 'keys', 'create', '--name', 'kept', '--credits', '40');
    await stopServerProcess(server);
    // A second start (it writes the copy the restore uses), then db.json is lost.
    server = await startServerProcess(dir);
    await stopServerProcess(server);
    const apiKey = await readFile(join(dir, 'api-key.txt'), 'utf8');
    await rm(join(dir, 'db.json'));
    const refused = await startFails(dir);
    expect(refused).toContain('db.json is missing, but the folder holds api-key.txt');
    expect(refused).toContain('spritekiln store restore');
    expect(await readFile(join(dir, 'api-key.txt'), 'utf8')).toBe(apiKey);
    await expect(readFile(join(dir, 'db.json'))).rejects.toThrow();
    expect(await cli(dir, 'store', 'restore')).toContain('db.json restored');
    server = await startServerProcess(dir);
    expect(await credits(server, key)).toBe(40);
    await stopServerProcess(server);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('a db.json cut short refuses to start; store reset starts afresh with a new key, the old files set aside', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spritekiln-cut-'));
    let server = await startServerProcess(dir);
    await stopServerProcess(server);
    const text = await readFile(join(dir, 'db.json'), 'utf8');
    await writeFile(join(dir, 'db.json'), text.slice(0, text.length >> 1));
    expect(await startFails(dir)).toContain('db.json is unreadable (cut short or edited');
    expect(await cli(dir, 'store', 'reset')).toContain('db.json reset');
    server = await startServerProcess(dir);
    const fresh = (await readFile(join(dir, 'api-key.txt'), 'utf8')).trim();
    expect(await credits(server, fresh)).toBe(10_000);
    expect((await readdir(dir)).filter((f) => f.includes('.broken-')).length).toBe(2);
    await stopServerProcess(server);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('a torn last line of jobs.jsonl is cut and said so in the log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spritekiln-torn-'));
    let server = await startServerProcess(dir);
    await stopServerProcess(server);
    await writeFile(join(dir, 'jobs.jsonl'), '{"id":"3fa85f64-5717-4562-b3fc-2c9', { flag: 'a' });
    server = await startServerProcess(dir);
    expect(server.output()).toMatch(/jobs\.jsonl ended in a torn line \(\d+ bytes/);
    await stopServerProcess(server);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);
});
