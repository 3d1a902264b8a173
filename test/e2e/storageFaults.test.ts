// Store writes that fail while the server runs, against the started server process. A write fails
// here because db.json has been replaced by a folder (the new file cannot be renamed over it): that
// works for any user, root included, where a read-only folder would not stop root. Where the machine
// lets us mount a small tmpfs, a real full disk is tried too. Either way: creation either fully
// succeeds or leaves nothing (503, no charge, no job); a job whose end cannot be saved stays Pending to
// clients until it is, and is not run again; the server never exits.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { form } from '../helpers/testServer.ts';
import { startServerProcess, type ServerProcess, stopServerProcess } from '../helpers/serverProcess.ts';
import { pngBytes } from '../fixtures/images.ts';

const folders: string[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null) await stopServerProcess(s);
  }
  for (const f of folders) {
    try {
      execFileSync('umount', [f], { stdio: 'ignore' });
    } catch {
      // not a mount
    }
    await rm(f, { recursive: true, force: true });
  }
});

async function started(dataDir: string): Promise<{ server: ServerProcess; key: string }> {
  const server = await startServerProcess(dataDir);
  servers.push(server);
  return { server, key: (await readFile(join(dataDir, 'api-key.txt'), 'utf8')).trim() };
}

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

async function balance(server: ServerProcess, key: string): Promise<number> {
  return ((await (await fetch(`${server.url}/public/v1/account`, { headers: auth(key) })).json()) as { credits: number }).credits;
}

async function submit(server: ServerProcess, key: string, frames = '36', image?: Uint8Array) {
  const body = form({ mode: 'image_to_video', images: { bytes: image ?? (await pngBytes(96, 96)), name: 'hero.png', type: 'image/png' }, text: 'jump', frame: frames });
  const res = await fetch(`${server.url}/public/v1/sprite/zenith`, { method: 'POST', headers: auth(key), body });
  return { status: res.status, body: (await res.json()) as { job_id?: string; detail?: string } };
}

const status = async (server: ServerProcess, key: string, id: string) => ((await (await fetch(`${server.url}/public/v1/job/${id}`, { headers: auth(key) })).json()) as { status: string }).status;

/** Makes db.json a folder, so every store write fails; returns the undo. */
async function breakStore(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, 'db.json');
  const text = await readFile(file, 'utf8');
  // The server may write db.json again between the two steps (a job starting): then try again.
  for (let attempt = 0; ; attempt++) {
    await rm(file, { force: true });
    try {
      await mkdir(file);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 50) throw err;
    }
  }
  await writeFile(join(file, 'in-the-way'), '');
  return async () => {
    await rm(file, { recursive: true });
    await writeFile(file, text);
  };
}

describe('store writes that fail while the server runs', () => {
  it('a job created while writes fail is refused with 503 and costs nothing; once writes work it is accepted', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-faults-'));
    folders.push(dataDir);
    const { server, key } = await started(dataDir);
    const before = await balance(server, key);
    const fix = await breakStore(dataDir);
    const refused = await submit(server, key);
    expect(refused).toEqual({ status: 503, body: { detail: 'Storage unavailable, retry later' } });
    expect(await balance(server, key)).toBe(before);
    const listed = (await (await fetch(`${server.url}/public/v1/jobs`, { headers: auth(key) })).json()) as { jobs?: unknown[] };
    expect(listed.jobs ?? []).toEqual([]);
    await fix();
    const accepted = await submit(server, key);
    expect(accepted.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 90_000);

  it('a job whose end cannot be saved stays Pending to clients until it is, then ends once, charged once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-faults-'));
    folders.push(dataDir);
    let { server, key } = await started(dataDir);
    const before = await balance(server, key);
    // A figure to rig and move over 100 frames of 512 px: seconds of work, so the store is broken
    // long before the job ends (a flat square ends in a tenth of a second, sometimes first).
    const figure = await pngBytes(512, 512, (x, y) => (((x - 256) / 90) ** 2 + ((y - 300) / 180) ** 2 <= 1 || Math.hypot(x - 256, y - 90) < 70 ? [60, 120, 200, 255] : [0, 0, 0, 0]));
    const accepted = await submit(server, key, '100', figure);
    expect(accepted.status).toBe(200);
    const id = accepted.body.job_id!;
    const fix = await breakStore(dataDir);
    // Until the job has ended and its first saves have failed.
    for (let i = 0; i < 300 && !server.output().includes(`job ${id}: its end could not be saved`); i++) await new Promise((r) => setTimeout(r, 100));
    expect(server.output()).toContain(`job ${id}: its end could not be saved`);
    expect(await status(server, key, id)).toBe('Pending');
    const listed = (await (await fetch(`${server.url}/public/v1/jobs`, { headers: auth(key) })).json()) as { jobs: { job_id?: string; id?: string; status: string }[] };
    expect(listed.jobs.map((j) => j.status)).toEqual(['Pending']);
    await fix();
    let end = 'Pending';
    for (let i = 0; i < 100 && end === 'Pending'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      end = await status(server, key, id);
    }
    expect(end).toBe('Succeed');
    const charged = before - (await balance(server, key));
    expect(charged).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    // After a restart the job is as clients were told: Succeed, not run again, charged once.
    await stopServerProcess(server);
    ({ server, key } = await started(dataDir));
    expect(await status(server, key, id)).toBe('Succeed');
    expect(server.output()).not.toContain('recovered');
    expect(before - (await balance(server, key))).toBe(charged);
  }, 120_000);

  it('on a real full disk (a 24 MiB tmpfs, where the machine lets us mount one) creation answers "Storage full" and charges nothing', async (ctx) => {
    const mountPoint = await mkdtemp(join(tmpdir(), 'spritekiln-tmpfs-'));
    folders.push(mountPoint);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    } catch {
      console.warn('storageFaults: cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN); the real full-disk case is skipped');
      ctx.skip();
      return;
    }
    const dataDir = join(mountPoint, 'data');
    const { server, key } = await started(dataDir);
    const before = await balance(server, key);
    // Fill what is left, to the last block.
    const filler = join(mountPoint, 'filler');
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k'], { stdio: 'ignore' });
    } catch {
      // dd stops with "No space left on device", as meant
    }
    const refused = await submit(server, key);
    expect(refused.status, server.output().slice(-1500)).toBe(503);
    expect(refused.body.detail).toBe('Storage full, retry later');
    expect(await balance(server, key)).toBe(before);
    await rm(filler);
    expect((await submit(server, key)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
