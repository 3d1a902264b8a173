// HTTP throughput of job creation: accepted zenith jobs/s (validation, probe in the pool, persist,
// charge, durable write) and rejected requests/s, against the real app in its own process, loaded
// by autocannon (which builds the multipart body once, so the client costs little).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';

export interface HttpBench {
  label: string;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

const SERVER = fileURLToPath(new URL('./appServer.ts', import.meta.url));

export async function benchHttp(seconds = 5, connections = 16): Promise<HttpBench[]> {
  const dir = await mkdtemp(join(tmpdir(), 'spritekiln-bench-http-'));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, join(dir, 'data')], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
    const { url, key } = JSON.parse(String(first.value)) as { url: string; key: string };
    const png = join(dir, 'hero.png');
    await writeFile(png, await sharp({ create: { width: 64, height: 64, channels: 4, background: '#c04080' } }).png().toBuffer());

    const results: HttpBench[] = [];
    for (const [label, frame, status] of [['accepted zenith (64x64 PNG)', '36', 200], ['rejected zenith (frame 37)', '37', 400]] as const) {
      const options: autocannon.Options & { warmup: { connections: number; duration: number } } = {
        url: `${url}/public/v1/sprite/zenith`,
        method: 'POST',
        connections,
        duration: seconds,
        headers: { Authorization: `Bearer ${key}` },
        form: { mode: { type: 'text', value: 'image_to_video' }, images: { type: 'file', path: png }, text: { type: 'text', value: 'jump' }, frame: { type: 'text', value: frame } },
        // Worker threads load their code on first use: leave that out of the figures.
        warmup: { connections, duration: 1 },
      };
      const run = await autocannon(options);
      const matched = status === 200 ? run['2xx'] : run['4xx'];
      results.push({ label, requests: matched, perSecond: matched / seconds, p50Ms: run.latency.p50, p99Ms: run.latency.p99, errors: run.errors + run.non2xx - (status === 200 ? 0 : run['4xx']) });
    }
    return results;
  } finally {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}
