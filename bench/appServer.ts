// The real app in its own process for load benchmarks, so the load generator does not share its
// event loop. Jobs are accepted into a runner that renders none, so only creation is measured; with
// BENCH_RENDER=1 the real runner renders them as the server does (for memory while jobs render).
// Prints one JSON line {url, key} when ready.
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { LowdbJobStore } from '../server/jobs/lowdbStore.ts';
import { inputPaths } from '../server/jobs/paths.ts';
import { Runner } from '../server/jobs/runner.ts';
import { hashKey, newApiKey } from '../server/keys.ts';
import { createPool } from '../workers/pool.ts';

const dataDir = process.argv[2] ?? (await mkdtemp(join(tmpdir(), 'spritekiln-bench-')));
const config = loadConfig({ ...process.env, SPRITEKILN_DATA: dataDir, SPRITEKILN_QUEUE_LIMIT: '10000000', SPRITEKILN_RATE_LIMIT: '0' });
const store = new LowdbJobStore(dataDir);
await store.open();
const user = store.createUser('bench', 1e12);
const key = newApiKey();
store.addKey(user.id, hashKey(key), 'bench');
await store.flush();
const pool = createPool({ threads: config.workers });
const render = process.env.BENCH_RENDER === '1';
// As the server runs it: one worker is left for probing uploads.
const runner = new Runner(store, pool, { dataDir, concurrency: render ? Math.max(1, config.workers - 1) : 0, queueLimit: config.queueLimit, timeoutMs: config.jobTimeoutMs, log: () => {} });
// Without rendering, stand in for a runner that keeps up: finished jobs leave the hot file and their
// inputs are released, as the runner does at a job's end, so the figures are of creation with a
// bounded queue rather than of an ever-growing hot file and inputs folder (the kernel's write-back of
// gigabytes of kept uploads costs more CPU than anything else here: bench/RESULTS.md, job creation).
if (!render) setInterval(async () => {
  const done = store.pendingJobs();
  for (const job of done) store.finishJob(job.id, { status: 'Succeed', outputs: [] });
  await store.flush();
  await runner.inputs.release(done.flatMap((job) => inputPaths(job).map((path) => join(dataDir, path))));
}, 50);
const server = createApp({ config, store, pool, runner, log: console.error }).listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key }));
});
process.on('SIGINT', () => process.exit(0));
