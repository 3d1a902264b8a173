import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { archiveLine } from '../../../server/jobs/archive.ts';
import { LowdbJobStore } from '../../../server/jobs/lowdbStore.ts';
import { InsufficientCredits } from '../../../server/jobs/types.ts';
import type { JobRecord, NewJob } from '../../../server/jobs/types.ts';

let dir: string;
const open: LowdbJobStore[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spritekiln-store-'));
});

afterEach(async () => {
  vi.useRealTimers();
  for (const store of open.splice(0)) await store.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

async function openStore(): Promise<LowdbJobStore> {
  const store = new LowdbJobStore(dir);
  await store.open();
  open.push(store);
  return store;
}

/** Closes and opens the same folder again, as a restart would. */
async function reopen(store: LowdbJobStore): Promise<LowdbJobStore> {
  await store.close();
  return openStore();
}

function newJob(owner: string, cost = 1, id: string = randomUUID()): NewJob {
  return { id, owner, kind: 'generate/image', spec: { kind: 'image', prompt: 'a slime', model: 'm', refs: [] }, seed: 's', cost };
}

async function hotFile(): Promise<{ jobs: JobRecord[]; users: { id: string; credits: number }[] }> {
  return JSON.parse(await readFile(join(dir, 'db.json'), 'utf8'));
}

async function archiveLines(): Promise<string[]> {
  return (await readFile(join(dir, 'jobs.jsonl'), 'utf8')).split('\n').filter((l) => l !== '');
}

describe('credits', () => {
  it('never lets a balance go below zero with 1,000 concurrent createJob calls', async () => {
    const store = await openStore();
    const user = store.createUser('racer', 10);
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i % 7)); // requests arrive interleaved
        try {
          store.createJob(newJob(user.id, 1));
          await store.flush();
          return 'created';
        } catch (err) {
          if (err instanceof InsufficientCredits) return `refused at ${err.balance}`;
          throw err;
        }
      }),
    );
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'refused at 0')).toHaveLength(990);
    expect(store.getUser(user.id)?.credits).toBe(0);
    const again = await reopen(store);
    expect(again.getUser(user.id)?.credits).toBe(0);
    expect(again.pendingJobs()).toHaveLength(10);
  });

  it('refunds a Failed job and keeps the cost of a Succeed one', async () => {
    const store = await openStore();
    const user = store.createUser('u', 10);
    const ok = store.createJob(newJob(user.id, 3));
    const bad = store.createJob(newJob(user.id, 4));
    expect(store.getUser(user.id)?.credits).toBe(3);
    expect(store.finishJob(ok.id, { status: 'Succeed', outputs: ['a.png'] }).refunded).toBe(false);
    const failed = store.finishJob(bad.id, { status: 'Failed', error: 'boom' });
    expect(failed).toMatchObject({ status: 'Failed', error: 'boom', refunded: true, outputs: [] });
    expect(store.getUser(user.id)?.credits).toBe(7);
    expect((await reopen(store)).getUser(user.id)?.credits).toBe(7);
  });

  it('throws InsufficientCredits with the balance and charges nothing', () => {
    return openStore().then((store) => {
      const user = store.createUser('u', 2);
      expect(() => store.createJob(newJob(user.id, 3))).toThrow(InsufficientCredits);
      expect(store.getUser(user.id)?.credits).toBe(2);
      expect(store.stats()).toEqual({ pending: 0, finished: 0 });
    });
  });

  it.each([
    { start: 10, amount: 5, balance: 15, recorded: 5 },
    { start: 10, amount: -4, balance: 6, recorded: -4 },
    { start: 10, amount: -25, balance: 0, recorded: -10 }, // clamps: takes what is there
    { start: 0, amount: -5, balance: 0, recorded: undefined }, // nothing moved, nothing recorded
  ])('addCredits($amount) on $start gives $balance', async ({ start, amount, balance, recorded }) => {
    const store = await openStore();
    const user = store.createUser('u', start);
    expect(store.addCredits(user.id, amount, 'cli')).toBe(balance);
    const grants = store.grants(user.id).filter((g) => g.reason === 'cli');
    expect(grants.map((g) => g.amount)).toEqual(recorded === undefined ? [] : [recorded]);
    expect(store.grants(user.id).reduce((sum, g) => sum + g.amount, 0)).toBe(balance);
  });

  it('rejects fractional credit amounts', async () => {
    const store = await openStore();
    const user = store.createUser('u', 1);
    expect(() => store.addCredits(user.id, 1.5, 'cli')).toThrow('Expected integer for amount but received 1.5');
  });
});

describe('coalesced writes', () => {
  it('writes 200 interleaved mutations in a handful of writes', async () => {
    const store = await openStore();
    const user = store.createUser('u', 1000);
    await store.flush();
    const before = store.writes;
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i % 5));
        store.createJob(newJob(user.id));
      }),
    );
    await store.flush();
    expect(store.writes - before).toBeLessThanOrEqual(10);
    expect((await hotFile()).jobs).toHaveLength(200);
  });

  it('has everything changed before flush() on disk when it resolves', async () => {
    const store = await openStore();
    const user = store.createUser('u', 5);
    const job = store.createJob(newJob(user.id, 2));
    store.markStarted(job.id);
    await store.flush();
    const hot = await hotFile();
    expect(hot.jobs[0]).toMatchObject({ id: job.id, attempts: 1, status: 'Pending' });
    expect(hot.users[0]?.credits).toBe(3);
  });
});

describe('durability', () => {
  it('brings back users, keys, grants and jobs on a new instance', async () => {
    const store = await openStore();
    const user = store.createUser('ada', 100);
    store.setUserDisabled(user.id, true);
    store.addCredits(user.id, 5, 'gift');
    store.addKey(user.id, 'h1', 'cli');
    store.addKey(user.id, 'h2', 'plugin');
    expect(store.revokeKey('h2')).toBe(true);
    expect(store.revokeKey('nope')).toBe(false);
    const job = store.createJob(newJob(user.id, 9));
    store.markStarted(job.id);
    const snapshot = { users: store.listUsers(), grants: store.grants(), pending: store.pendingJobs(), k1: store.findKey('h1'), k2: store.findKey('h2') };
    await store.flush();
    const again = new LowdbJobStore(dir); // a second process would see the same thing
    await again.open();
    open.push(again);
    expect({ users: again.listUsers(), grants: again.grants(), pending: again.pendingJobs(), k1: again.findKey('h1'), k2: again.findKey('h2') }).toEqual(snapshot);
    expect(snapshot.k2?.revokedAt).toBeDefined();
    expect(snapshot.pending[0]).toMatchObject({ attempts: 1, cost: 9, status: 'Pending', refunded: false, outputs: [] });
  });

  it('moves finished jobs to the archive and reads them back after a restart', async () => {
    const store = await openStore();
    const user = store.createUser('u', 10);
    const job = store.createJob(newJob(user.id));
    store.finishJob(job.id, { status: 'Succeed', outputs: ['sheet.png', 'anim.gif'], metadata: 'sheet.json' });
    // Pending to readers until the end is on disk (a crash before then would run it again), then
    // Succeed, and from the file after a restart.
    expect((await store.getJob(job.id))?.status).toBe('Pending');
    await store.flush();
    expect((await store.getJob(job.id))?.status).toBe('Succeed');
    expect((await hotFile()).jobs).toEqual([]);
    expect(await archiveLines()).toHaveLength(1);
    const again = await reopen(store);
    const record = await again.getJob(job.id);
    expect(record).toMatchObject({ id: job.id, status: 'Succeed', outputs: ['sheet.png', 'anim.gif'], metadata: 'sheet.json' });
    expect(record?.finishedAt).toBeDefined();
    expect(again.stats()).toEqual({ pending: 0, finished: 1 });
  });

  it('hands out copies: changing a returned record changes nothing stored', async () => {
    const store = await openStore();
    const user = store.createUser('u', 10);
    const job = store.createJob(newJob(user.id));
    job.cost = 0;
    (await store.getJob(job.id))!.outputs.push('x');
    expect(await store.getJob(job.id)).toMatchObject({ cost: 1, outputs: [] });
  });
});

describe('crash recovery', () => {
  function record(owner: string, over: Partial<JobRecord>): JobRecord {
    return { ...newJob(owner, 4), status: 'Pending', refunded: false, outputs: [], attempts: 1, createdAt: '2024-05-01T10:00:00.000Z', ...over };
  }

  it('drops a Pending hot job that the archive already has, and applies its refund', async () => {
    // The append of a Failed job landed; the hot rewrite after it did not (balance 6, before the refund).
    const failed = record('u1', { status: 'Failed', error: 'boom', refunded: true, finishedAt: '2024-05-01T10:01:00.000Z' });
    const user = { id: 'u1', name: 'u', credits: 6, disabled: false, createdAt: '2024-05-01T09:00:00.000Z' };
    const stillRunning = record('u1', {});
    await writeFile(join(dir, 'jobs.jsonl'), archiveLine(failed));
    await writeFile(join(dir, 'db.json'), JSON.stringify({ users: [user], keys: [], grants: [], jobs: [{ ...failed, status: 'Pending', refunded: false, error: undefined, finishedAt: undefined }, stillRunning] }));
    const store = await openStore();
    expect(store.pendingJobs().map((j) => j.id)).toEqual([stillRunning.id]);
    expect((await store.getJob(failed.id))?.status).toBe('Failed');
    expect(store.getUser('u1')?.credits).toBe(10);
    // The repair is written at once, so a second restart does not refund again.
    expect((await hotFile()).jobs.map((j) => j.id)).toEqual([stillRunning.id]);
    expect((await reopen(store)).getUser('u1')?.credits).toBe(10);
  });

  it('keeps a finished job and its refund when the hot rewrite fails after the archive append', async () => {
    const store = await openStore();
    const user = store.createUser('u', 10);
    const job = store.createJob(newJob(user.id, 4));
    await store.flush();
    // A directory where steno puts the hot file's temp copy makes the write after the append fail,
    // leaving the files as a crash at that point would.
    await mkdir(join(dir, '.db.json.tmp'));
    store.finishJob(job.id, { status: 'Failed', error: 'boom' });
    await expect(store.flush()).rejects.toThrow();
    expect(await archiveLines()).toHaveLength(1);
    expect(await hotFile()).toMatchObject({ jobs: [{ id: job.id, status: 'Pending' }], users: [{ credits: 6 }] });
    await rm(join(dir, '.db.json.tmp'), { recursive: true });
    const restarted = new LowdbJobStore(dir);
    await restarted.open();
    open.push(restarted);
    expect(restarted.pendingJobs()).toEqual([]);
    expect(restarted.getUser(user.id)?.credits).toBe(10);
    expect(await restarted.getJob(job.id)).toMatchObject({ status: 'Failed', refunded: true });
  });

  it('ignores a torn last archive line, cuts it away, and appends cleanly after it', async () => {
    const done = [record('u1', { status: 'Succeed', outputs: ['a.png'] }), record('u1', { status: 'Succeed', outputs: ['b.png'] })];
    const torn = record('u1', { status: 'Succeed', outputs: ['c.png'] });
    const user = { id: 'u1', name: 'u', credits: 6, disabled: false, createdAt: '2024-05-01T09:00:00.000Z' };
    const good = done.map(archiveLine).join('');
    await writeFile(join(dir, 'jobs.jsonl'), good + archiveLine(torn).slice(0, 40));
    await writeFile(join(dir, 'db.json'), JSON.stringify({ users: [user], keys: [], grants: [], jobs: [{ ...torn, status: 'Pending', outputs: [] }] }));
    const store = await openStore();
    expect(store.stats()).toEqual({ pending: 1, finished: 2 });
    expect(await readFile(join(dir, 'jobs.jsonl'), 'utf8')).toBe(good);
    store.finishJob(torn.id, { status: 'Succeed', outputs: ['c2.png'] });
    const again = await reopen(store);
    expect(await Promise.all([...done, torn].map(async (j) => (await again.getJob(j.id))?.outputs))).toEqual([['a.png'], ['b.png'], ['c2.png']]);
  });

  it('refuses an archive with an unreadable line in the middle rather than losing what follows', async () => {
    await writeFile(join(dir, 'jobs.jsonl'), `{"id": nonsense\n${archiveLine(record('u1', { status: 'Succeed' }))}`);
    await expect(new LowdbJobStore(dir).open()).rejects.toThrow('unreadable job record at byte 0');
  });
});

describe('pruneJobs', () => {
  it('removes finished jobs older than the date, compacts the archive and keeps the rest readable', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = await openStore();
    const user = store.createUser('u', 100);
    const finishAt = async (iso: string, n: number) => {
      vi.setSystemTime(new Date(iso));
      const ids = Array.from({ length: n }, () => store.createJob(newJob(user.id)).id);
      for (const id of ids) store.finishJob(id, { status: 'Succeed', outputs: [`${id}.png`] });
      await store.flush();
      return ids;
    };
    const old = await finishAt('2024-01-01T00:00:00.000Z', 30);
    const recent = await finishAt('2024-03-01T00:00:00.000Z', 20);
    const running = store.createJob(newJob(user.id)).id;
    const sizeBefore = (await archiveLines()).length;
    // Reads racing the compaction get the right record or none, never another job's bytes.
    const reads = [...old, ...recent].map((id) => store.getJob(id));
    const removed = await store.pruneJobs(new Date('2024-02-01T00:00:00.000Z'));
    for (const read of await Promise.all(reads)) if (read) expect(read.outputs).toEqual([`${read.id}.png`]);
    expect(removed.sort()).toEqual([...old].sort());
    expect(sizeBefore).toBe(50);
    expect(await archiveLines()).toHaveLength(20);
    for (const id of old) expect(await store.getJob(id)).toBeUndefined();
    for (const id of recent) expect((await store.getJob(id))?.outputs).toEqual([`${id}.png`]);
    expect(store.stats()).toEqual({ pending: 1, finished: 20 });
    // Appends after a compaction land at the new end.
    store.finishJob(running, { status: 'Succeed', outputs: ['last.png'] });
    const again = await reopen(store);
    expect((await again.getJob(running))?.outputs).toEqual(['last.png']);
    for (const id of recent) expect((await again.getJob(id))?.outputs).toEqual([`${id}.png`]);
    expect(await again.pruneJobs(new Date('2024-02-01T00:00:00.000Z'))).toEqual([]);
  });
});

describe('listJobs', () => {
  async function seeded() {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = await openStore();
    const a = store.createUser('a', 100);
    const b = store.createUser('b', 100);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      // Two jobs per second, so paging has to break createdAt ties by id.
      vi.setSystemTime(new Date(Date.UTC(2024, 0, 1, 0, 0, Math.floor(i / 2))));
      const job = store.createJob(newJob(i % 3 === 0 ? b.id : a.id, 1, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`));
      if (i % 2 === 0) store.finishJob(job.id, { status: 'Succeed', outputs: [] });
      ids.push(job.id);
    }
    await store.flush();
    return { store, a, b, newestFirst: ids.reverse() };
  }

  it('pages newest first over pending and finished jobs', async () => {
    const { store, newestFirst } = await seeded();
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await store.listJobs({ limit: 5, before });
      if (page.length === 0) break;
      seen.push(...page.map((j) => j.id));
      before = page[page.length - 1]?.id;
    }
    expect(seen).toEqual(newestFirst);
    const [first] = await store.listJobs({ limit: 1 });
    expect(first).toEqual({ id: newestFirst[0], owner: expect.any(String), kind: 'generate/image', status: 'Pending', cost: 1, createdAt: '2024-01-01T00:00:05.000Z' });
  });

  it('filters by owner and survives a restart', async () => {
    const { store, b, newestFirst } = await seeded();
    const ofB = newestFirst.filter((id) => Number(id.slice(-12)) % 3 === 0);
    expect((await store.listJobs({ owner: b.id, limit: 100 })).map((j) => j.id)).toEqual(ofB);
    const again = await reopen(store);
    expect((await again.listJobs({ owner: b.id, limit: 2, before: ofB[0] })).map((j) => j.id)).toEqual(ofB.slice(1, 3));
  });

  it('gives an empty page for an unknown cursor or a zero limit', async () => {
    const { store } = await seeded();
    expect(await store.listJobs({ limit: 5, before: randomUUID() })).toEqual([]);
    expect(await store.listJobs({ limit: 0 })).toEqual([]);
  });
});

describe('misuse', () => {
  it('refuses a duplicate job id, an unknown owner and use after close', async () => {
    const store = await openStore();
    const user = store.createUser('u', 10);
    const job = store.createJob(newJob(user.id));
    expect(() => store.createJob(newJob(user.id, 1, job.id))).toThrow('already exists');
    store.finishJob(job.id, { status: 'Succeed', outputs: [] });
    expect(() => store.createJob(newJob(user.id, 1, job.id))).toThrow('already exists');
    expect(() => store.finishJob(job.id, { status: 'Succeed', outputs: [] })).toThrow('No pending job');
    expect(() => store.createJob(newJob('ghost'))).toThrow('No user ghost');
    await store.close();
    expect(() => store.createUser('late', 1)).toThrow('not open');
  });
});
