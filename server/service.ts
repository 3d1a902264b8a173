// Start and stop the whole server: lock, store, first-start bootstrap, worker pool, runner
// (with recovery), HTTP and the admin socket. main.ts calls it; end-to-end tests call it too.
import { once } from 'node:events';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { createPool } from '../workers/pool.ts';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { startControl } from './control.ts';
import { loadProviderPlan } from './engines/providerConfig.ts';
import { Providers } from './engines/providers.ts';
import { LowdbJobStore } from './jobs/lowdbStore.ts';
import { inputPaths, inputsRoot, spareRoot } from './jobs/paths.ts';
import { Runner } from './jobs/runner.ts';
import type { JobStore } from './jobs/types.ts';
import { hashKey, newApiKey } from './keys.ts';
import { acquireWriterLock } from './lock.ts';

export interface Service {
  url: string;
  store: JobStore;
  /** Stop accepting, let running jobs finish (or leave them Pending for the next start), flush. */
  stop(): Promise<void>;
}

/** docs/contract.md §5: the first start makes a local user and key so plugins and scripts can start at once. */
const FIRST_USER_CREDITS = 10_000;
const STOP_GRACE_MS = 20_000;

export async function startService(config: Config, log: (message: string) => void = console.log, env: NodeJS.ProcessEnv = process.env): Promise<Service> {
  // First: a bad provider config or a missing key stops the start before anything is opened.
  const plan = loadProviderPlan(env);
  const release = acquireWriterLock(config.dataDir);
  const store = new LowdbJobStore(config.dataDir);
  await store.open().catch((err: unknown) => {
    release();
    throw err;
  });
  for (const repair of store.repairs) log(repair);
  await bootstrap(store, config.dataDir, log);
  await sweep(store, config.dataDir);

  const pool = createPool({ threads: config.workers });
  // One worker is left for probing uploads while jobs run, so new requests are answered promptly.
  const concurrency = Math.max(1, config.workers - 1);
  const providers = new Providers(pool, plan);
  if (plan.source || plan.providers.size > 1) log(providers.describe());
  const runner = new Runner(store, pool, { dataDir: config.dataDir, concurrency, queueLimit: config.queueLimit, timeoutMs: config.jobTimeoutMs, log, providers });
  const recovered = runner.recover();
  if (recovered) log(`recovered ${recovered} pending job(s)`);

  const app = createApp({ config, store, pool, runner, log });
  const http: Server = app.listen(config.port, config.host);
  let stopping = false;
  http.on('request', (_req, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
  });
  await once(http, 'listening');
  const control = await startControl(store, config.dataDir);
  const { port } = http.address() as AddressInfo;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  return {
    url,
    store,
    async stop() {
      // Clients that keep polling over keep-alive never leave their socket idle: answer each of them
      // with Connection: close, and cut whatever is still open once the work is settled.
      stopping = true;
      const closed = new Promise((resolve) => http.close(resolve));
      http.closeIdleConnections();
      control.close();
      await runner.stop(STOP_GRACE_MS);
      const cut = setTimeout(() => http.closeAllConnections(), 2000);
      await closed;
      clearTimeout(cut);
      await store.close();
      await pool.close();
      release();
    },
  };
}

async function bootstrap(store: JobStore, dataDir: string, log: (message: string) => void) {
  if (store.listUsers().length > 0) return;
  const user = store.createUser('local', FIRST_USER_CREDITS);
  const key = newApiKey();
  store.addKey(user.id, hashKey(key), 'first start');
  await store.flush();
  const file = join(dataDir, 'api-key.txt');
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  log(`Created a local user with ${FIRST_USER_CREDITS} credits. Its API key (also in ${file}):\n\n  ${key}\n`);
}

/**
 * Removes what a crash can leave: uploads of requests that were never accepted, inputs of jobs that
 * are no longer Pending (a job's end is written before its inputs go), spares (the next uploads
 * start from new files), and the temp folder older versions received uploads in. A file in inputs/
 * stays only if a Pending job names it; a folder (older versions kept one per job) only if it is a
 * Pending job's.
 */
async function sweep(store: JobStore, dataDir: string) {
  await rm(join(dataDir, 'tmp'), { recursive: true, force: true });
  await rm(spareRoot(dataDir), { recursive: true, force: true });
  const root = inputsRoot(dataDir);
  await mkdir(root, { recursive: true });
  const pending = store.pendingJobs();
  const keep = new Set([...pending.map((job) => job.id), ...pending.flatMap((job) => inputPaths(job).map((path) => relative(root, join(dataDir, path))))]);
  for (const name of await readdir(root)) {
    if (!keep.has(name)) await rm(join(root, name), { recursive: true, force: true });
  }
}
