// Job creation over HTTP side by side with a bare Koa + koa-body handler that only parses the same
// upload (bench/bareKoa.ts): a zenith image_to_video with a ~200 KB PNG (noise, 256x256), validation,
// probe in the pool, store write and charge included, with 0 and 100,000 finished jobs in the store.
// Both servers run at once, each in its own process, and are loaded in turn under autocannon: a warm-up
// each (V8 optimises the request path over the first thousands of requests; a server runs for hours),
// then ROUNDS rounds, the order alternating, reported as medians. This machine's speed drifts by up to 2x over
// minutes (shared host), so only rounds taken back to back compare.
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each app server run there.
// Run alone: node --import tsx bench/creation.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { writeArchive } from './store.ts';

export interface CreationRow {
  storeJobs: number;
  server: 'bare Koa + koa-body' | 'spritekiln';
  /** Medians over the rounds; `answered` is the 200s of the median round by rate. */
  answered: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  unexpected: number;
  cpuMsPerRequest: number;
}

const APP = fileURLToPath(new URL('./appServer.ts', import.meta.url));
const BARE = fileURLToPath(new URL('./bareKoa.ts', import.meta.url));

/** Starts a bench server script; resolves with its first stdout line, parsed, and the process. */
export async function startServer(script: string, args: string[], nodeArgs: string[] = [], env: Record<string, string> = {}): Promise<{ child: ChildProcess; ready: { url: string; key?: string } }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore'], env: { ...process.env, ...env } });
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  if (first.done) throw new Error(`${script} exited before it was ready`);
  return { child, ready: JSON.parse(String(first.value)) as { url: string; key?: string } };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGINT'); // exits normally, so --cpu-prof writes its profile
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** A noisy 256x256 RGB PNG of about 200 KB (noise does not compress). */
export async function noisyPng(path: string): Promise<number> {
  const pixels = Buffer.alloc(256 * 256 * 3);
  let s = 12345;
  for (let i = 0; i < pixels.length; i++) pixels[i] = (s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 24;
  await writeFile(path, await sharp(pixels, { raw: { width: 256, height: 256, channels: 3 } }).png().toBuffer());
  return (await stat(path)).size;
}

const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux

/** CPU time (user + system, every thread) the process has used so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const WARM_UP_S = 10;
const ROUNDS = 3;

type Measured = Omit<CreationRow, 'storeJobs' | 'server'>;

/** The same multipart POST to either server, for `duration` seconds. */
const post = (url: string, png: string, key: string | undefined, connections: number, duration: number) =>
  autocannon({
    url,
    method: 'POST',
    connections,
    duration,
    headers: key ? { Authorization: `Bearer ${key}` } : {},
    form: { mode: { type: 'text', value: 'image_to_video' }, images: { type: 'file', path: png }, text: { type: 'text', value: 'jump' }, frame: { type: 'text', value: '36' } },
  });

async function load(url: string, png: string, key: string | undefined, seconds: number, connections: number, pid: number): Promise<Measured> {
  const cpu = cpuMs(pid);
  const r = await post(url, png, key, connections, seconds);
  const answered = r['2xx'] + r.non2xx;
  return {
    answered: r['2xx'], perSecond: r['2xx'] / seconds, p50Ms: r.latency.p50, p99Ms: r.latency.p99, unexpected: r.errors + r.non2xx,
    // Server CPU per answered request: steadier than req/s on a shared machine (it does not count
    // the time the server waited for a core).
    cpuMsPerRequest: answered > 0 ? (cpuMs(pid) - cpu) / answered : NaN,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

function summary(rounds: Measured[]): Measured {
  const byRate = [...rounds].sort((a, b) => a.perSecond - b.perSecond)[rounds.length >> 1]!;
  return {
    answered: byRate.answered,
    perSecond: median(rounds.map((r) => r.perSecond)),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: median(rounds.map((r) => r.p99Ms)),
    unexpected: rounds.reduce((sum, r) => sum + r.unexpected, 0),
    cpuMsPerRequest: median(rounds.map((r) => r.cpuMsPerRequest)),
  };
}

export async function benchCreation(seconds = 5, connections = 16, sizes = [0, 100_000], rounds = ROUNDS): Promise<{ pngBytes: number; rows: CreationRow[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'spritekiln-bench-create-'));
  const profileDir = process.env.BENCH_CPU_PROF;
  try {
    const png = join(dir, 'noise.png');
    const pngBytes = await noisyPng(png);
    const rows: CreationRow[] = [];
    for (const storeJobs of sizes) {
      await mkdir(join(dir, `bare-${storeJobs}`), { recursive: true });
      const data = join(dir, `data-${storeJobs}`);
      await mkdir(data, { recursive: true });
      if (storeJobs > 0) await writeArchive(data, storeJobs);
      const bare = await startServer(BARE, [join(dir, `bare-${storeJobs}`)]);
      const app = await startServer(APP, [data], profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
      try {
        const targets = [
          { server: 'bare Koa + koa-body' as const, url: bare.ready.url, key: undefined, pid: bare.child.pid!, measured: [] as Measured[] },
          { server: 'spritekiln' as const, url: `${app.ready.url}/public/v1/sprite/zenith`, key: app.ready.key, pid: app.child.pid!, measured: [] as Measured[] },
        ];
        // Warm-up (also loads the worker threads' code), left out of the figures.
        for (const t of targets) await post(t.url, png, t.key, connections, WARM_UP_S);
        // The order alternates, so neither server always runs first in a round.
        for (let round = 0; round < rounds; round++) {
          for (const t of round % 2 ? [...targets].reverse() : targets) t.measured.push(await load(t.url, png, t.key, seconds, connections, t.pid));
        }
        for (const t of targets) rows.push({ storeJobs, server: t.server, ...summary(t.measured) });
      } finally {
        await stopServer(app.child);
        await stopServer(bare.child);
      }
    }
    return { pngBytes, rows };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { pngBytes, rows } = await benchCreation();
  console.log(`PNG ${pngBytes} bytes`);
  for (const r of rows) console.log(JSON.stringify(r));
}
