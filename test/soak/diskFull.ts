// Disk-full soak (`npm run soak`, after the crash soak): the data folder on a small tmpfs, a steady
// load of job creations, and the disk filled to the last block twice, once while jobs are being
// created and once while they run, then freed. Checked: no answer is a 500 (a full disk is 503), the
// server never exits, every accepted job ends exactly once (Succeed, or Failed and refunded when its
// results could not be written), and every credit is accounted for. Mounting needs root with
// CAP_SYS_ADMIN: elsewhere the phase is skipped with a message.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pngBytes } from '../fixtures/images.ts';
import { signal, startServerProcess } from '../helpers/serverProcess.ts';
import { form } from '../helpers/testServer.ts';

export interface DiskFullReport {
  skipped?: string;
  accepted: number;
  full: number;
  problems: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runDiskFullSoak(log: (line: string) => void = () => {}): Promise<DiskFullReport> {
  const mountPoint = await mkdtemp(join(tmpdir(), 'spritekiln-diskfull-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', mountPoint], { stdio: 'ignore' });
  } catch {
    await rm(mountPoint, { recursive: true, force: true });
    return { skipped: 'cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN)', accepted: 0, full: 0, problems: [] };
  }
  const problems: string[] = [];
  const dataDir = join(mountPoint, 'data');
  const filler = join(mountPoint, 'filler');
  const fill = () => {
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k'], { stdio: 'ignore' });
    } catch {
      // "No space left on device": full, as meant
    }
  };
  const free = () => rm(filler, { force: true });
  try {
    const server = await startServerProcess(dataDir);
    const key = (await readFile(join(dataDir, 'api-key.txt'), 'utf8')).trim();
    const headers = { Authorization: `Bearer ${key}` };
    const balance = async () => ((await (await fetch(`${server.url}/public/v1/account`, { headers })).json()) as { credits: number }).credits;
    const start = await balance();
    const png = { bytes: await pngBytes(48, 48, (x, y) => [x * 5, y * 5, 200, x > 8 && x < 40 ? 255 : 0]), name: 'a.png', type: 'image/png' };
    const accepted: string[] = [];
    let full = 0;
    let running = true;
    const client = async () => {
      while (running) {
        const res = await fetch(`${server.url}/public/v1/sprite/pulsar`, { method: 'POST', headers, body: form({ mode: 'image_to_video', images: png, text: 'jump' }) }).catch(() => undefined);
        if (!res) {
          problems.push('a request failed outright (did the server exit?)');
          return;
        }
        const body = (await res.json()) as { job_id?: string; detail?: unknown };
        if (res.status === 200 && body.job_id) accepted.push(body.job_id);
        else if (res.status === 503 && /^Storage (full|unavailable)/.test(String(body.detail))) full++;
        else if (res.status >= 500 && res.status !== 503) problems.push(`answered ${res.status}: ${JSON.stringify(body)}`);
        await sleep(20);
      }
    };
    const clients = [client(), client()];
    await sleep(1500);
    log('disk-full soak: filling the disk during creation');
    fill();
    await sleep(2000);
    await free();
    await sleep(1500);
    log('disk-full soak: filling the disk while jobs run');
    fill();
    await sleep(3000);
    await free();
    await sleep(1000);
    running = false;
    await Promise.all(clients);
    if (server.child.exitCode !== null) problems.push(`the server exited (${server.child.exitCode})`);

    // Every accepted job ends once; the balance is start - charges + refunds.
    let charged = 0;
    const deadline = Date.now() + 120_000;
    for (const id of accepted) {
      for (;;) {
        const res = await fetch(`${server.url}/public/v1/job/${id}?wait=10`, { headers });
        const job = (await res.json()) as { status?: string };
        if (job.status === 'Succeed') charged += 3; // pulsar's price
        if (job.status !== 'Pending') break;
        if (Date.now() > deadline) {
          problems.push(`accepted job ${id} still Pending`);
          break;
        }
      }
    }
    const end = await balance();
    if (end !== start - charged) problems.push(`balance ${end} != ${start} - ${charged} (Succeed jobs at 3 credits)`);
    signal(server, 'SIGTERM');
    const code = await server.exited;
    if (code !== 0) problems.push(`SIGTERM exit code ${code}`);
    const lines = (await readFile(join(dataDir, 'jobs.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string });
    const seen = new Set<string>();
    for (const { id } of lines) {
      if (seen.has(id)) problems.push(`job ${id} archived twice`);
      seen.add(id);
    }
    for (const id of accepted) if (!seen.has(id)) problems.push(`accepted job ${id} is not in jobs.jsonl`);
    return { accepted: accepted.length, full, problems };
  } finally {
    try {
      execFileSync('umount', [mountPoint], { stdio: 'ignore' });
    } catch {
      // already gone
    }
    await rm(mountPoint, { recursive: true, force: true });
  }
}
