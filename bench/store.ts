// How fast the job store takes new jobs as finished jobs pile up. The claim under test: the durable
// write rate does not depend on the archive's size, because only the hot file (users, keys, grants,
// Pending jobs) is rewritten. Run alone: node --import tsx bench/store.ts
import { randomUUID } from 'node:crypto';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { archiveLine } from '../server/jobs/archive.ts';
import { LowdbJobStore } from '../server/jobs/lowdbStore.ts';
import type { JobRecord, NewJob } from '../server/jobs/types.ts';

const SIZES = [1_000, 10_000, 100_000];
const CONCURRENT_CREATORS = 50;
/** Jobs created per timed round; they are finished between rounds (untimed), as a server's runner would,
 *  so the hot file stays the size a busy server's queue keeps it instead of growing with the run. */
const ROUND = 200;
const MIN_TIMED_MS = 1_000;

export async function benchStore(): Promise<{ jobs: number; writesPerSecond: number; createPerSecond: number }[]> {
  const rows = [];
  for (const jobs of SIZES) {
    const dir = await mkdtemp(join(tmpdir(), 'spritekiln-bench-store-'));
    try {
      await writeArchive(dir, jobs);
      const store = new LowdbJobStore(dir);
      await store.open();
      const owner = store.createUser('bench', Number.MAX_SAFE_INTEGER).id;
      // Sequential: each request waits for its own durable write.
      const sequential = await timedRounds(store, async () => {
        for (let i = 0; i < ROUND; i++) {
          store.createJob(newJob(owner));
          await store.flush();
        }
      });
      // Concurrent: 50 requests in flight share each write.
      const concurrent = await timedRounds(store, async () => {
        const each = ROUND / CONCURRENT_CREATORS;
        await Promise.all(
          Array.from({ length: CONCURRENT_CREATORS }, async () => {
            for (let i = 0; i < each; i++) {
              store.createJob(newJob(owner));
              await store.flush();
            }
          }),
        );
      });
      await store.close();
      rows.push({ jobs, writesPerSecond: Math.round(sequential), createPerSecond: Math.round(concurrent) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

/** Runs rounds of ROUND creates until MIN_TIMED_MS of them were timed; returns creates per second. */
async function timedRounds(store: LowdbJobStore, round: () => Promise<void>): Promise<number> {
  let timed = 0;
  let created = 0;
  while (timed < MIN_TIMED_MS) {
    const start = performance.now();
    await round();
    timed += performance.now() - start;
    created += ROUND;
    for (const job of store.pendingJobs()) store.finishJob(job.id, { status: 'Succeed', outputs: ['sheet.png', 'anim.gif'] });
    await store.flush();
  }
  return (created * 1000) / timed;
}

function newJob(owner: string): NewJob {
  const input = { path: `inputs/${randomUUID()}/start.png`, info: { format: 'png' as const, width: 256, height: 256, frames: 1, durationMs: 0, digest: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' } };
  return {
    id: randomUUID(),
    owner,
    kind: 'zenith',
    spec: { kind: 'animate', text: 'a knight swings a sword', frames: 36, isPixel: true, promptEnhancement: false, start: input, layout: 'sheet+gif' },
    seed: randomUUID(),
    cost: 1,
  };
}

/** Writes `count` finished jobs straight into the archive file: far faster than going through the store. */
export async function writeArchive(dir: string, count: number): Promise<void> {
  // A store opens only with its db.json (a folder holding an archive without one is a damaged store).
  const made = new LowdbJobStore(dir);
  await made.open();
  made.createUser('bench-archive', 0);
  await made.close();
  const owner = randomUUID();
  const base = Date.UTC(2024, 0, 1);
  for (let done = 0; done < count; ) {
    const lines: string[] = [];
    for (const end = Math.min(count, done + 10_000); done < end; done++) {
      const at = new Date(base + done * 1000).toISOString();
      const record: JobRecord = {
        ...newJob(owner),
        status: 'Succeed',
        refunded: false,
        outputs: ['sheet.png', 'anim.gif', 'sheet.json'],
        metadata: 'sheet.json',
        createdAt: at,
        startedAt: at,
        finishedAt: at,
        attempts: 1,
      };
      lines.push(archiveLine(record));
    }
    await appendFile(join(dir, 'jobs.jsonl'), lines.join(''));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchStore();
  console.log('finished jobs   sequential create+flush/s   50 concurrent creates/s');
  for (const row of rows) {
    console.log(`${String(row.jobs).padStart(13)}   ${String(row.writesPerSecond).padStart(25)}   ${String(row.createPerSecond).padStart(23)}`);
  }
}
