// Peak memory of the server under 40 concurrent uploads of 20 MB files while its jobs render: the
// real app in its own process (bench/appServer.ts with its real runner), each request a zenith
// image_to_video with a ~19.7 MB noise PNG (2560x2560, valid, under the 20 MiB file limit), then
// RENDER_SECONDS more of rendering the queue they made. The server's RSS is read from
// /proc/<pid>/status: VmHWM (the kernel's high-water mark, worker threads included) and VmRSS sampled
// every 10 ms. Run alone: node --import tsx bench/memory.ts
import { openAsBlob } from 'node:fs';
import { readFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { startServer, stopServer } from './creation.ts';

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
}

const APP = fileURLToPath(new URL('./appServer.ts', import.meta.url));
/** How long the queue is left rendering after the uploads, sampled (each 2560 px job takes seconds). */
const RENDER_SECONDS = 45;

async function status(pid: number): Promise<{ rss: number; hwm: number }> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** `env` adds to the server's environment (glibc's malloc settings are read at its start). */
export async function benchMemory(uploads = 40, env: Record<string, string> = {}): Promise<MemoryResult> {
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
    const { child, ready } = await startServer(APP, [data], [], { BENCH_RENDER: '1', SPRITEKILN_QUEUE_LIMIT: '1000', ...env });
    const pid = child.pid!;
    try {
      const url = `${ready.url}/public/v1/sprite/zenith`;
      const post = async () => {
        const form = new FormData();
        form.set('mode', 'image_to_video');
        form.set('images', await openAsBlob(file, { type: 'image/png' }), 'big.png');
        form.set('text', 'jump');
        form.set('frame', '36');
        const res = await fetch(url, { method: 'POST', body: form, headers: { Authorization: `Bearer ${ready.key}` } });
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
        const res = await fetch(`${ready.url}/public/v1/jobs?limit=100`, { headers: { Authorization: `Bearer ${ready.key}` } });
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
      };
    } finally {
      await stopServer(child);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await benchMemory());
}
