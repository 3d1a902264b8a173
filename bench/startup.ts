// Start-up: the compiled build (dist/, made by `npm install`) vs the TypeScript sources through tsx
// (SPRITEKILN_FROM_SOURCE=1), interleaved, `runs` times each: a CLI command (`--help`, and `jobs
// list` on a fresh data folder), the server ready (spawned until /healthz answers), and the first
// job on a fresh server (a 36-frame zenith walk of a 64 px hero, sent as soon as a key is made)
// against the second and a warm one: V8 compiles and optimises a worker's code over its first few
// jobs (the render took 296, 187, 178 and 77 ms for the first four in one check), so a warm job is
// the median of the third to fifth.
import { execFile, spawn } from 'node:child_process';
import { userEnv } from './env.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../test/helpers/serverProcess.ts';
import { hero, png } from '../test/fixtures/sprites.ts';
import { SpritekilnClient } from '../plugins/client/index.ts';
import { spread } from './timing.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin/spritekiln.js');

export interface StartupRow {
  build: 'dist' | 'source';
  helpMs: number[];
  listMs: number[];
  readyMs: number[];
  firstJobMs: number[];
  secondJobMs: number[];
  /** Each run's median of its third, fourth and fifth jobs. */
  warmJobMs: number[];
}

const envFor = (build: StartupRow['build'], data: string) => ({ ...userEnv(), SPRITEKILN_DATA: data, SPRITEKILN_FROM_SOURCE: build === 'source' ? '1' : '0', SPRITEKILN_RATE_LIMIT: '0' });

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** A zenith walk made and waited for through the project's own client, as a script would. */
async function job(url: string, key: string, image: Uint8Array): Promise<void> {
  const client = new SpritekilnClient({ baseUrl: url, apiKey: key });
  await client.wait(await client.zenith({ mode: 'image_to_video', images: [{ data: image, name: 'hero.png', type: 'image/png' }], text: 'walk', frame: 36 }));
}

async function serverRound(build: StartupRow['build'], row: StartupRow, image: Uint8Array): Promise<void> {
  const data = await mkdtemp(join(tmpdir(), 'spritekiln-startup-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = performance.now();
  const child = spawn('node', [BIN, 'serve'], { cwd: ROOT, env: { ...envFor(build, data), PORT: String(port), SPRITEKILN_WORKERS: '1' }, stdio: 'ignore' });
  try {
    while (!(await fetch(`${url}/healthz`).then((r) => r.ok, () => false))) await new Promise((r) => setTimeout(r, 5));
    row.readyMs.push(performance.now() - t);
    const key = (await promisify(execFile)('node', [BIN, 'keys', 'create', '--credits', '100'], { cwd: ROOT, env: envFor(build, data) })).stdout.trim();
    row.firstJobMs.push(await timed(() => job(url, key, image)));
    row.secondJobMs.push(await timed(() => job(url, key, image)));
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) warm.push(await timed(() => job(url, key, image)));
    row.warmJobMs.push(spread(warm).med);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(data, { recursive: true, force: true });
  }
}

export async function benchStartup(runs = 3): Promise<StartupRow[]> {
  // The build of the sources as they are now (bin/spritekiln.js would run the sources past a stale one).
  await promisify(execFile)('node', [join(ROOT, 'tools/build.mjs')]);
  const image = await png(hero(64));
  const rows: StartupRow[] = (['dist', 'source'] as const).map((build) => ({ build, helpMs: [], listMs: [], readyMs: [], firstJobMs: [], secondJobMs: [], warmJobMs: [] }));
  const data = await mkdtemp(join(tmpdir(), 'spritekiln-startup-cli-'));
  try {
    for (let r = 0; r < runs; r++) {
      // Alternating which build goes first.
      for (const row of r % 2 ? [...rows].reverse() : rows) {
        const run = (...args: string[]) => promisify(execFile)('node', [BIN, ...args], { cwd: ROOT, env: envFor(row.build, data) });
        row.helpMs.push(await timed(() => run('--help')));
        row.listMs.push(await timed(() => run('jobs', 'list')));
        await serverRound(row.build, row, image);
      }
    }
  } finally {
    await rm(data, { recursive: true, force: true });
  }
  return rows;
}
