// Job time: a zenith image_to_video job rendered on the worker pool at 36 and 100 frames of 256x256
// (decode, motion, sheet assembly, PNG and GIF encode, sheet.json), end to end in the pool.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createPool } from '../workers/pool.ts';

export async function benchJobs(runs = 3): Promise<{ frames: number; medianMs: number }[]> {
  const dir = await mkdtemp(join(tmpdir(), 'spritekiln-bench-jobs-'));
  const start = join(dir, 'start.png');
  // A subject with real colour variation, on transparency, like a character sprite.
  const pixels = Buffer.alloc(256 * 256 * 4);
  for (let y = 0; y < 256; y++)
    for (let x = 0; x < 256; x++) {
      const inside = (x - 128) ** 2 + (y - 140) ** 2 < 90 ** 2;
      pixels.set(inside ? [x, y, (x * y) % 256, 255] : [0, 0, 0, 0], (y * 256 + x) * 4);
    }
  await writeFile(start, await sharp(pixels, { raw: { width: 256, height: 256, channels: 4 } }).png().toBuffer());
  const info = { format: 'png' as const, width: 256, height: 256, frames: 1, durationMs: 0, digest: 'bench' };
  const pool = createPool({ threads: 1 });
  const results = [];
  for (const frames of [36, 100]) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const outDir = join(dir, `out-${frames}-${i}`);
      await mkdir(outDir);
      const t = performance.now();
      const result = await pool.render({ spec: { kind: 'animate', text: 'jump', frames, isPixel: false, promptEnhancement: true, start: { path: start, info }, layout: 'sheet+gif' }, outDir, seed: `bench${i}` });
      if (!result.ok) throw new Error(result.message);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    results.push({ frames, medianMs: times[Math.floor(times.length / 2)]! });
  }
  await pool.close();
  await rm(dir, { recursive: true, force: true });
  return results;
}
