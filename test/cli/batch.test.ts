// `spritekiln batch` against `npm start`'s server: a mixed batch with one invalid entry, killed
// (SIGKILL) once its first entries were submitted, then run again: every entry's files exist once,
// the server holds exactly one job per valid entry, and the summaries count right. Then a third run
// that has nothing left to do, and the jobs-file and key problems that stop a batch before it spends.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startServerProcess, type ServerProcess, stopServerProcess } from '../helpers/serverProcess.ts';
import { runBatch } from '../../server/cli/batch.ts';
import { apiKey, balance, runCli, startCli, userEnv, writeInputs } from './helpers.ts';

let dataDir: string;
let work: string;
let server: ServerProcess;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-cli-batch-'));
  work = await mkdtemp(join(tmpdir(), 'spritekiln-cli-batch-work-'));
  [server] = await Promise.all([startServerProcess(dataDir), writeInputs(join(work, 'art'))]);
  env = userEnv(server, dataDir);
});

afterAll(async () => {
  await stopServerProcess(server);
  await rm(dataDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

/** Jobs on the server, as `spritekiln jobs list` shows them. */
const jobCount = async () => (await cli(dataDir, 'jobs', 'list')).split('\n').filter(Boolean).length;

// Order matters for the kill: with 2 at a time, "fire" (quick) and "big-walk" (slow: 100 frames of
// 256 px, a second or more of work) go first; the server runs jobs one by one in that order, so when "fire" is
// done "hero-jump" is submitted while "big-walk" still runs, and a kill at that moment finds no
// submission in flight. Paths are relative to jobs.json (in work/).
const JOBS = [
  { name: 'fire', kind: 'effect-v2', fields: { description: 'fire burst', frame: 4, background_color: 'magenta' } },
  { name: 'big-walk', kind: 'zenith', fields: { mode: 'image_to_video', images: ['art/big.png'], text: 'walk', frame: 100 } },
  { name: 'hero-jump', kind: 'zenith', fields: { mode: 'image_to_video', images: ['art/hero.png'], text: 'jump', frame: 36 } },
  { name: 'bad-frame', kind: 'zenith', fields: { mode: 'image_to_video', images: ['art/hero.png'], text: 'jump', frame: 50 } },
  { name: 'knight-walk', kind: 'pulsar', fields: { mode: 'image_to_video', images: ['art/knight.png'], text: 'walk', is_pixel: true } },
  { name: 'restyle', kind: 'zenith', fields: { mode: 'video_restyle', images: ['art/walk.gif'], text: 'made of ice' } },
  { kind: 'make-sprite', fields: { start_frame_image: 'art/knight.png', end_frame_image: 'art/knight.png', text: 'idle', frame: 49, is_pixel: true } },
];
const VALID = JOBS.length - 1;
// effect-v2 3, zenith 100 frames 25, zenith 36 frames 9, pulsar 3, restyle of a 0.8 s GIF (the
// 36-frame tier) 9, make-sprite 49 frames 9.
const TOTAL_COST = 3 + 25 + 9 + 3 + 9 + 9;

const counts = (stdout: string) => {
  const m = /summary: done (\d+) · failed (\d+) · skipped (\d+)(?: · unfinished (\d+))? · credits spent (-?\d+)/.exec(stdout);
  if (!m) throw new Error(`no summary in:\n${stdout}`);
  return { done: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3]), spent: Number(m[5]) };
};

describe('spritekiln batch', () => {
  it('runs a mixed batch, killed mid-way and resumed, with every output once and no job run twice', async () => {
    const jobsFile = join(work, 'jobs.json');
    await writeFile(jobsFile, JSON.stringify(JOBS, null, 2));
    const out = join(work, 'out');
    const key = await apiKey(dataDir);
    const startBalance = await balance(server, key);
    const jobsBefore = await jobCount();

    // 1. Killed without warning once the third entry was submitted (its id recorded).
    const first = startCli(['batch', 'jobs.json', '--out', out], { env, cwd: work });
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (first.stderr().includes('submitted hero-jump')) {
          clearInterval(timer);
          first.child.kill('SIGKILL');
          resolve();
        }
      }, 5);
      first.done.then((r) => (clearInterval(timer), reject(new Error(`batch ended before the kill:\n${r.stderr}`))));
    });
    await first.done;
    const state = JSON.parse(await readFile(join(out, '.spritekiln-batch.json'), 'utf8')) as { entries: Record<string, { status: string; jobId?: string }> };
    expect(state.entries.fire?.status).toBe('done');
    expect(state.entries['big-walk']).toMatchObject({ status: 'submitted', jobId: expect.any(String) });
    expect(state.entries['hero-jump']).toMatchObject({ status: 'submitted', jobId: expect.any(String) });
    expect(await jobCount()).toBe(jobsBefore + 3);

    // 2. The same command again: "fire" skipped, the two submitted ones waited on by id, the rest run.
    const second = await runCli(['batch', 'jobs.json', '--out', out], { env, cwd: work });
    expect(second.code).toBe(1); // one entry failed
    expect(second.stderr).toContain(`waiting for big-walk (job ${state.entries['big-walk']!.jobId}, submitted by an earlier run)`);
    expect(second.stderr).toContain(`waiting for hero-jump (job ${state.entries['hero-jump']!.jobId}`);
    expect(second.stderr).toContain('failed bad-frame: frame should be one of 36, 100');
    expect(counts(second.stdout)).toMatchObject({ done: VALID - 1, failed: 1, skipped: 1 });
    expect(await jobCount()).toBe(jobsBefore + VALID);

    const folders = (await readdir(out)).filter((f) => !f.startsWith('.spritekiln-batch')).sort();
    expect(folders).toEqual(['7-make-sprite', 'big-walk', 'fire', 'hero-jump', 'knight-walk', 'restyle']);
    for (const name of folders) expect(await readdir(join(out, name)), name).toEqual(expect.arrayContaining(['sheet.json']));
    expect(await readdir(join(out, 'hero-jump'))).toEqual(expect.arrayContaining(['anim.gif', 'sheet.json', 'sheet.png']));
    const made = await readdir(join(out, '7-make-sprite')); // the GIF, every frame, sheet.json (and what it lists)
    expect(made).toEqual(expect.arrayContaining(['anim.gif', 'sheet.json']));
    expect(made.filter((f) => /^frame_\d+\.png$/.test(f))).toHaveLength(49);

    // Credits: every valid entry charged once, at the price the summary lists.
    expect(startBalance - (await balance(server, key))).toBe(TOTAL_COST);
    expect(second.stdout).toMatch(/done\s+big-walk\s+25 credits/);
    expect(second.stdout).toMatch(/skipped\s+fire\s+3 credits, earlier run/);

    // 3. Nothing left: all skipped, the invalid entry tried again (it never made a job), no credit spent.
    const third = await runCli(['batch', 'jobs.json', '--out', out], { env, cwd: work });
    expect(counts(third.stdout)).toEqual({ done: 0, failed: 1, skipped: VALID, spent: 0 });
    expect(await jobCount()).toBe(jobsBefore + VALID);
  });

  it('two runs of one jobs file at once: the second refuses while the first runs, and nothing is submitted twice', async () => {
    // Slow enough that the first is still running when the second starts, however loaded the
    // machine: six 100-frame walks one at a time (a walk renders in well under a second, and a
    // CLI under load can take as long to start).
    const jobs = [
      ...['slow', 'slower', 'slowest', 'slow-4', 'slow-5', 'slow-6'].map((name) => ({ name, kind: 'zenith', fields: { mode: 'image_to_video', images: ['art/big.png'], text: 'walk', frame: 100 } })),
      { name: 'quick', kind: 'effect-v2', fields: { description: 'spark', frame: 4, background_color: 'white' } },
    ];
    await writeFile(join(work, 'twice.json'), JSON.stringify(jobs));
    const out = join(work, 'twice-out');
    const before = await jobCount();
    const first = startCli(['batch', 'twice.json', '--out', out, '--concurrency', '1'], { env, cwd: work });
    // The second starts once the first is under way (its first submission recorded).
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => first.stderr().includes('submitted slow') && (clearInterval(timer), resolve()), 5);
      first.done.then((r) => (clearInterval(timer), reject(new Error(`batch ended first:\n${r.stderr}`))));
    });
    const second = await runCli(['batch', 'twice.json', '--out', out], { env, cwd: work });
    expect(second.code, second.stderr).toBe(1);
    expect(second.stderr).toMatch(/another spritekiln batch \(pid \d+\) is running on twice-out: wait for it to end/);
    expect((await first.done).code).toBe(0);
    expect(await jobCount()).toBe(before + jobs.length);
    // Once the first has ended, the same command runs and finds everything done.
    const third = await runCli(['batch', 'twice.json', '--out', out], { env, cwd: work });
    expect(counts(third.stdout)).toMatchObject({ done: 0, skipped: jobs.length, spent: 0 });
    expect(await jobCount()).toBe(before + jobs.length);
  });

  it('stops before sending anything when the jobs file or an input is wrong', async () => {
    const before = await jobCount();
    await writeFile(join(work, 'broken.json'), JSON.stringify([{ name: 'a', kind: 'zenth', fields: {} }, { name: 'a', kind: 'pulsar', fields: {} }, { name: '../x', kind: 'image', fields: {} }]));
    await writeFile(join(work, 'missing.json'), JSON.stringify([{ name: 'ok', kind: 'effect-v2', fields: { description: 'x', frame: 4, background_color: 'white' } }, { name: 'lost', kind: 'zenith', fields: { mode: 'image_to_video', images: ['art/nope.png'], text: 'x', frame: 36 } }]));
    // Found before any request: run in this process, sparing two child processes.
    const local = async (args: string[]) => {
      let stderr = '';
      const io = { stderr: { write: (s: string) => ((stderr += s), true), isTTY: false } as unknown as NodeJS.WriteStream, cwd: work, env };
      return { code: await runBatch(args, io), stderr };
    };
    const broken = await local(['broken.json']);
    const missing = await local(['missing.json']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('entry 1 (a): kind must be one of generate/image, effect/v1');
    expect(broken.stderr).toContain('entry 2 (a): the name "a" is already used by entry 1');
    expect(broken.stderr).toContain('entry 3 (../x): name must be letters, digits');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`lost: images: cannot read ${join(work, 'art', 'nope.png')} (ENOENT)`);
    expect(missing.stderr).toContain('nothing was sent');
    expect(await jobCount()).toBe(before);
  });

  it('a refused key stops the batch with what to fix', async () => {
    await writeFile(join(work, 'one.json'), JSON.stringify([{ kind: 'effect-v2', fields: { description: 'x', frame: 4, background_color: 'white' } }]));
    const refused = await runCli(['batch', 'one.json', '--key', 'sk_wrong'], { env, cwd: work });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the key was refused: check --key / api-key.txt (this key came from --key');
  });
});
