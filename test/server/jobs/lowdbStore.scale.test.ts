// The store must take jobs as fast with 100,000 finished jobs as with none. Timings are compared as a
// ratio between two stores on the same machine, interleaved, so a slow CI box does not fail the test.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveLine } from '../../../server/jobs/archive.ts';
import { LowdbJobStore } from '../../../server/jobs/lowdbStore.ts';
import type { JobRecord, NewJob } from '../../../server/jobs/types.ts';

const ARCHIVED = 100_000;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spritekiln-scale-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function newJob(owner: string): NewJob {
  const start = { path: `inputs/${randomUUID()}/start.png`, info: { format: 'png' as const, width: 256, height: 256, frames: 1, durationMs: 0, digest: 'ab'.repeat(32) } };
  return {
    id: randomUUID(),
    owner,
    kind: 'pulsar',
    spec: { kind: 'animate', text: 'a slime bounces', frames: 36, isPixel: true, promptEnhancement: false, start, layout: 'sheet+gif' },
    seed: randomUUID(),
    cost: 1,
  };
}

/** Writes the archive file directly: going through the store would take minutes. */
async function writeArchive(dir: string, count: number, owner: string): Promise<JobRecord[]> {
  const records: JobRecord[] = [];
  const base = Date.UTC(2024, 0, 1);
  for (let i = 0; i < count; i++) {
    const at = new Date(base + i * 1000).toISOString();
    records.push({ ...newJob(owner), status: i % 10 === 0 ? 'Failed' : 'Succeed', refunded: i % 10 === 0, outputs: ['sheet.png', 'anim.gif'], createdAt: at, finishedAt: at, attempts: 1 });
  }
  await writeFile(join(dir, 'jobs.jsonl'), records.map(archiveLine).join(''));
  // With a hot file of its own: an archive without one is a store that lost its accounts.
  await writeFile(join(dir, 'db.json'), '{}');
  return records;
}

async function createAndFlushMs(store: LowdbJobStore, owner: string, count: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    store.createJob(newJob(owner));
    await store.flush();
  }
  return performance.now() - start;
}

describe('with 100,000 finished jobs', () => {
  it('opens in a few seconds and takes jobs about as fast as an empty store', async () => {
    const bigDir = join(root, 'big');
    const emptyDir = join(root, 'empty');
    await Promise.all([mkdir(bigDir), mkdir(emptyDir)]);
    const records = await writeArchive(bigDir, ARCHIVED, 'archived-owner');

    const big = new LowdbJobStore(bigDir);
    const openStart = performance.now();
    await big.open();
    const openMs = performance.now() - openStart;
    console.info(`open() with ${ARCHIVED} archived jobs: ${openMs.toFixed(0)} ms`);
    expect(openMs).toBeLessThan(10_000);
    expect(big.stats()).toEqual({ pending: 0, finished: ARCHIVED });

    const empty = new LowdbJobStore(emptyDir);
    await empty.open();
    const bigOwner = big.createUser('u', 1_000_000).id;
    const emptyOwner = empty.createUser('u', 1_000_000).id;
    await createAndFlushMs(big, bigOwner, 50); // warm up both
    await createAndFlushMs(empty, emptyOwner, 50);
    let bigMs = 0;
    let emptyMs = 0;
    for (let round = 0; round < 6; round++) {
      bigMs += await createAndFlushMs(big, bigOwner, 50);
      emptyMs += await createAndFlushMs(empty, emptyOwner, 50);
    }
    console.info(`300 x createJob+flush: ${bigMs.toFixed(0)} ms with the archive, ${emptyMs.toFixed(0)} ms without`);
    expect(bigMs / emptyMs).toBeLessThan(3);

    // The archive is still fully there: oldest and newest records read back, listing pages through it.
    const [oldest, newest] = [records[0]!, records[ARCHIVED - 1]!];
    expect(await big.getJob(oldest.id)).toEqual(oldest);
    expect(await big.getJob(newest.id)).toEqual(newest);
    const page = await big.listJobs({ owner: 'archived-owner', limit: 3 });
    expect(page.map((j) => j.id)).toEqual(records.slice(-3).reverse().map((j) => j.id));
    await Promise.all([big.close(), empty.close()]);
  });
});
