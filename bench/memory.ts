// Peak memory of the server under 40 concurrent uploads of 20 MB files while its jobs render: the
// server as a user runs it (`node bin/spritekiln.js serve` from the build `npm install` made, on a
// fresh data folder, with the key it writes), each request a zenith image_to_video with a ~19.7 MB
// noise PNG (2560x2560, valid, under the 20 MiB file limit), then RENDER_SECONDS more of rendering
// the queue they made. The serving process's RSS (on Linux the launcher's child: the pid in the
// data folder's writer.pid) is read from /proc/<pid>/status: VmHWM (the kernel's high-water mark,
// worker threads included) and VmRSS sampled every 10 ms; the launcher's own RSS beside it.
// Run alone: node --import tsx bench/memory.ts
import { execFile, spawn } from 'node:child_process';
import { userEnv } from './env.ts';
import { openAsBlob } from 'node:fs';
import { readFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { lockHolder } from '../server/lock.ts';

export interface MemoryResult {
  uploads: number;
  fileBytes: number;
  accepted: number;
  seconds: number;
  /** Jobs that had finished rendering when sampling stopped. */
  rendered: number;
  idleRssMb: number;
  peakSampledRssMb: number;
  vmHwmMb: number;
  /** The launcher's own peak (VmHWM), when it started the server as its child; 0 otherwise. */
  launcherHwmMb: number;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** How the server is started: as a user does (the launcher), or the build's server itself. */
export type Start = 'launcher' | 'server';
/** How long the queue is left rendering after the uploads, sampled (each 2560 px job takes seconds). */
const RENDER_SECONDS = 45;

async function status(pid: number): Promise<{ rss: number; hwm: number }> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/**
 * The server on `data` started as `start` says with `env` added (glibc's malloc settings are read
 * as a process starts), once it listens: its URL, the key it wrote, and the pid that serves.
 */
async function startShipped(start: Start, data: string, env: Record<string, string>) {
  const entry = start === 'launcher' ? 'bin/spritekiln.js' : 'dist/spritekiln.js';
  const child = spawn(process.execPath, [join(ROOT, entry), 'serve'], {
    stdio: ['ignore', 'pipe', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore'],
    env: { ...userEnv(), PORT: '0', SPRITEKILN_DATA: data, SPRITEKILN_QUEUE_LIMIT: '1000', SPRITEKILN_RATE_LIMIT: '0', ...env },
  });
  let url: string | undefined;
  for await (const line of createInterface({ input: child.stdout! })) if ((url = /listening on (\S+)/.exec(line)?.[1])) break;
  if (!url) throw new Error(`${entry} exited before it listened`);
  const key = (await readFile(join(data, 'api-key.txt'), 'utf8')).trim();
  const { pid } = lockHolder(join(data, 'writer.pid'));
  return { child, url, key, pid };
}

/** `env` adds to the server's environment. The build is brought up to date first, as `npm install` leaves it. */
export async function benchMemory(uploads = 40, env: Record<string, string> = {}, start: Start = 'launcher'): Promise<MemoryResult> {
  await promisify(execFile)(process.execPath, [join(ROOT, 'tools/build.mjs')]);
  const dir = await mkdtemp(join(tmpdir(), 'spritekiln-bench-mem-'));
  try {
    const file = join(dir, 'big.png');
    const side = 2560;
    const pixels = Buffer.alloc(side * side * 3);
    let s = 99;
    for (let i = 0; i < pixels.length; i++) pixels[i] = (s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 24;
    await writeFile(file, await sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer());
    const fileBytes = (await stat(file)).size;
    const data = join(dir, 'data');
    await mkdir(data);
    const { child, url: base, key, pid } = await startShipped(start, data, env);
    try {
      const url = `${base}/public/v1/sprite/zenith`;
      const post = async () => {
        const form = new FormData();
        form.set('mode', 'image_to_video');
        form.set('images', await openAsBlob(file, { type: 'image/png' }), 'big.png');
        form.set('text', 'jump');
        form.set('frame', '36');
        const res = await fetch(url, { method: 'POST', body: form, headers: { Authorization: `Bearer ${key}` } });
        await res.arrayBuffer();
        return res.status;
      };
      await post(); // warm up the workers' code
      const idle = await status(pid);
      let peak = idle.rss;
      const sampler = setInterval(() => void status(pid).then((m) => (peak = Math.max(peak, m.rss)), () => {}), 10);
      const t = performance.now();
      const codes = await Promise.all(Array.from({ length: uploads }, post));
      const seconds = (performance.now() - t) / 1000;
      // The queue renders on; the peak is whichever comes higher, the uploads or the rendering.
      const finished = async () => {
        const res = await fetch(`${base}/public/v1/jobs?limit=100`, { headers: { Authorization: `Bearer ${key}` } });
        const { jobs } = (await res.json()) as { jobs: { status: string }[] };
        return jobs.filter((j) => j.status !== 'Pending').length;
      };
      const until = performance.now() + RENDER_SECONDS * 1000;
      let rendered = await finished();
      while (performance.now() < until && rendered < uploads + 1) {
        await new Promise((r) => setTimeout(r, 1000));
        rendered = await finished();
      }
      clearInterval(sampler);
      const end = await status(pid);
      return {
        uploads, fileBytes, accepted: codes.filter((c) => c === 200).length, seconds, rendered,
        idleRssMb: idle.rss, peakSampledRssMb: Math.max(peak, end.rss), vmHwmMb: end.hwm,
        launcherHwmMb: pid === child.pid ? 0 : (await status(child.pid!)).hwm,
      };
    } finally {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await benchMemory());
}
