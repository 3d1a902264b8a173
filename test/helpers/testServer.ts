// The real app (real store, real worker pool, real files) on a loopback port and a temp data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { LowdbJobStore } from '../../server/jobs/lowdbStore.ts';
import { Runner } from '../../server/jobs/runner.ts';
import { loadProviderPlan } from '../../server/engines/providerConfig.ts';
import { Providers } from '../../server/engines/providers.ts';
import { hashKey, newApiKey } from '../../server/keys.ts';
import { createPool, type WorkerPool } from '../../workers/pool.ts';

export interface TestServer {
  url: string;
  key: string;
  userId: string;
  config: Config;
  store: LowdbJobStore;
  runner: Runner;
  pool: WorkerPool;
  /** Adds another user with its own key. */
  addUser(credits?: number): { key: string; userId: string };
  close(): Promise<void>;
}

export interface TestServerOptions {
  credits?: number;
  env?: Record<string, string>;
  /** Keep jobs queued (never run) to test the queue and progress. */
  concurrency?: number;
  /** Reuse a data folder (a restart): its users and keys are kept, its Pending jobs recovered. */
  dataDir?: string;
  /** Listen on this port (a restart at the same address); default: any free port. */
  port?: number;
  /** close() leaves the data folder in place (for a restart). */
  keepData?: boolean;
  /** How long close() lets running jobs finish before abandoning them (still Pending); default 10 s. */
  stopGraceMs?: number;
  /** Receives every log line (start-up, provider failures). */
  log?: (message: string) => void;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'spritekiln-test-')));
  // Suites send hundreds of requests a minute with one key: the rate limit is off unless a test sets it.
  const env: Record<string, string> = { SPRITEKILN_DATA: dataDir, SPRITEKILN_WORKERS: '2', SPRITEKILN_RATE_LIMIT: '0', ...options.env };
  const config = loadConfig(env);
  // Providers only when the test names a config: a spritekiln.config.json in the working folder is ignored.
  const plan = env.SPRITEKILN_CONFIG ? loadProviderPlan(env) : undefined;
  const store = new LowdbJobStore(dataDir);
  await store.open();
  const addUser = (credits = options.credits ?? 10_000) => {
    const user = store.createUser('test', credits);
    const key = newApiKey();
    store.addKey(user.id, hashKey(key), 'test');
    return { key, userId: user.id };
  };
  const first = addUser();
  await store.flush();
  const pool = createPool({ threads: config.workers });
  const log = options.log ?? (() => {});
  const providers = new Providers(pool, plan);
  const runner = new Runner(store, pool, { dataDir, concurrency: options.concurrency ?? 1, queueLimit: config.queueLimit, timeoutMs: config.jobTimeoutMs, log, providers });
  if (options.dataDir) runner.recover();
  const server: Server = createApp({ config, store, pool, runner, log }).listen(options.port ?? 0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ...first,
    config,
    store,
    runner,
    pool,
    addUser,
    async close() {
      await new Promise((r) => server.close(r));
      await runner.stop(options.stopGraceMs ?? 10_000);
      await store.close();
      await pool.close();
      if (!options.keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type FormValue = string | { bytes: Uint8Array; name?: string; type?: string };

/** A multipart body: repeat a field by giving a list. */
export function form(fields: Record<string, FormValue | FormValue[] | undefined>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      if (typeof v === 'string') data.append(name, v);
      else data.append(name, new Blob([v.bytes], { type: v.type ?? 'application/octet-stream' }), v.name ?? 'file.bin');
    }
  }
  return data;
}

export async function post(server: TestServer, path: string, body: FormData, key: string = server.key) {
  const res = await fetch(`${server.url}/public/v1${path}`, { method: 'POST', body, headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

export async function getJob(server: TestServer, id: string, query = '', key: string = server.key) {
  const res = await fetch(`${server.url}/public/v1/job/${id}${query}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Polls with ?wait= until the job leaves Pending. */
export async function waitForJob(server: TestServer, id: string, key: string = server.key) {
  for (;;) {
    const res = await getJob(server, id, '?wait=10', key);
    if (res.body.status !== 'Pending') return res.body as { job_id: string; status: string; image_urls: string[]; metadata_url?: string; error?: string };
  }
}
