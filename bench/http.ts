// HTTP throughput of job creation: accepted zenith jobs/s (validation, probe, persist, charge,
// durable write) and rejected requests/s, on a small PNG, against the real app on loopback.
// Jobs are accepted into a runner that runs none, so only creation is measured.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { LowdbJobStore } from '../server/jobs/lowdbStore.ts';
import { Runner } from '../server/jobs/runner.ts';
import { hashKey, newApiKey } from '../server/keys.ts';
import { createPool } from '../workers/pool.ts';

export interface HttpBench {
  label: string;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export async function benchHttp(requests = 600, concurrency = 16): Promise<HttpBench[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-bench-'));
  const config = loadConfig({ SPRITEKILN_DATA: dataDir, SPRITEKILN_QUEUE_LIMIT: String(requests * 4) });
  const store = new LowdbJobStore(dataDir);
  await store.open();
  const user = store.createUser('bench', 1e9);
  const key = newApiKey();
  store.addKey(user.id, hashKey(key), 'bench');
  await store.flush();
  const pool = createPool({ threads: config.workers });
  const runner = new Runner(store, pool, { dataDir, concurrency: 0, queueLimit: config.queueLimit, timeoutMs: config.jobTimeoutMs, log: () => {} });
  const server = createApp({ config, store, pool, runner, log: () => {} }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/public/v1/sprite/zenith`;
  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#c04080' } }).png().toBuffer();

  const body = (frame: string) => {
    const data = new FormData();
    data.append('mode', 'image_to_video');
    data.append('images', new Blob([png], { type: 'image/png' }), 'hero.png');
    data.append('text', 'jump');
    data.append('frame', frame);
    return data;
  };
  const results: HttpBench[] = [];
  for (const [label, frame, status] of [['accepted zenith (64x64 PNG)', '36', 200], ['rejected zenith (frame 37)', '37', 400]] as const) {
    results.push(await load(label, requests, concurrency, async () => {
      const res = await fetch(url, { method: 'POST', body: body(frame), headers: { Authorization: `Bearer ${key}` } });
      await res.arrayBuffer();
      if (res.status !== status) throw new Error(`${label}: expected ${status}, got ${res.status}`);
    }));
  }
  server.close();
  await store.close();
  await pool.close();
  await rm(dataDir, { recursive: true, force: true });
  return results;
}

export async function load(label: string, requests: number, concurrency: number, once: () => Promise<void>): Promise<HttpBench> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) {
        const t = performance.now();
        await once();
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { label, requests, perSecond: requests / seconds, p50Ms: q(0.5), p99Ms: q(0.99) };
}
