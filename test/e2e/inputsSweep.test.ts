// inputs/ after a crash: uploads stay where they were received, so the start-up sweep decides what in
// inputs/ is still wanted. Kept: files a Pending job names, and the per-job folder a Pending job of an
// older data folder names (inputs/<job id>/...). Removed: everything else (uploads of requests that
// were never accepted, folders of jobs that ended, the tmp/ folder older versions received uploads in).
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form } from '../helpers/testServer.ts';
import { signal, startServerProcess, type ServerProcess } from '../helpers/serverProcess.ts';
import { pngBytes } from '../fixtures/images.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-sweep-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
const inputs = () => readdir(join(dataDir, 'inputs'));

async function ended(server: ServerProcess, key: string, id: string) {
  for (;;) {
    const job = (await (await fetch(`${server.url}/public/v1/job/${id}?wait=10`, { headers: auth(key) })).json()) as { status: string };
    if (job.status !== 'Pending') return job.status;
  }
}

describe('the start-up sweep of inputs/', () => {
  it('keeps what Pending jobs name (either layout), removes the rest, and jobs run from both layouts', async () => {
    let server = await startServerProcess(dataDir);
    const key = (await readFile(join(dataDir, 'api-key.txt'), 'utf8')).trim();
    const image = { bytes: await pngBytes(96, 96, (x, y) => [x * 2, y * 2, 90, 255]), name: 'a.png', type: 'image/png' };
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}/public/v1/sprite/zenith`, { method: 'POST', headers: auth(key), body: form({ mode: 'image_to_video', images: image, text: `jump ${i}`, frame: '100' }) });
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as { job_id: string }).job_id);
    }
    signal(server, 'SIGKILL');
    await server.exited;

    // The crash left both jobs Pending, each naming one upload in inputs/. Turn the second into a job
    // of an older data folder (its input in inputs/<job id>/images-0.png), and add what a crash and an
    // older version can leave behind.
    const db = join(dataDir, 'db.json');
    const hot = JSON.parse(await readFile(db, 'utf8')) as { jobs: { id: string; status: string; spec: { start: { path: string } } }[] };
    const pending = hot.jobs.filter((job) => ids.includes(job.id) && job.status === 'Pending');
    expect(pending.map((job) => job.id).sort()).toEqual([...ids].sort());
    const [fresh, legacy] = ids.map((id) => pending.find((job) => job.id === id)!);
    const legacyPath = `inputs/${legacy!.id}/images-0.png`;
    await mkdir(join(dataDir, 'inputs', legacy!.id));
    await rename(join(dataDir, legacy!.spec.start.path), join(dataDir, legacyPath));
    await writeFile(db, (await readFile(db, 'utf8')).replaceAll(legacy!.spec.start.path, legacyPath));
    await writeFile(join(dataDir, 'inputs', '0b6e7f0e-2f7b-4f0a-9d43-5a1f3c6f8e21'), 'an upload whose request was never answered');
    await mkdir(join(dataDir, 'inputs', '5f0c2a8e-9f51-4c3e-8a7d-2b6e1d4c9a30'));
    await writeFile(join(dataDir, 'inputs', '5f0c2a8e-9f51-4c3e-8a7d-2b6e1d4c9a30', 'images-0.png'), 'the input of a job that ended');
    await mkdir(join(dataDir, 'tmp'));
    await writeFile(join(dataDir, 'tmp', 'partial'), 'an upload older versions received');

    server = await startServerProcess(dataDir);
    // The sweep ran before the server listened; the jobs may already be running.
    const kept = await inputs();
    expect(kept).not.toContain('0b6e7f0e-2f7b-4f0a-9d43-5a1f3c6f8e21');
    expect(kept).not.toContain('5f0c2a8e-9f51-4c3e-8a7d-2b6e1d4c9a30');
    expect(await readdir(join(dataDir, 'tmp')).catch(() => 'gone')).toBe('gone');
    for (const id of ids) expect(await ended(server, key, id)).toBe('Succeed');
    // Each job's inputs went at its end; the older layout's empty folder goes at the next start.
    expect(await inputs()).not.toContain(fresh!.spec.start.path.slice('inputs/'.length));
    expect(await readdir(join(dataDir, 'inputs', legacy!.id))).toEqual([]);
    signal(server, 'SIGTERM');
    expect(await server.exited).toBe(0);
    server = await startServerProcess(dataDir);
    expect(await inputs()).toEqual([]);
    signal(server, 'SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
