// Crash soak: a mixed load against the real server process (`node bin/spritekiln.js serve`), SIGKILLed
// at random moments and restarted on the same data folder, then checked:
//   - every job answered 200 ended Succeed, exactly once: one record (in jobs.jsonl once, not left in
//     db.json), every output file there, and nothing Pending, Failed or duplicated in the store;
//   - every credit is accounted for: balance = start - charges + refunds, over every job of the user
//     (including jobs whose 200 the kill swallowed);
//   - db.json and every line of jobs.jsonl parse;
//   - no orphan files: no inputs of finished jobs or unaccepted uploads, no result folder without a
//     Succeed job.
// Long form: `npm run soak` (SOAK_KILLS=30 by default; SOAK_SEED to replay), then the disk-full soak
// (diskFull.ts). Short form: soak.test.ts.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pngBytes } from '../fixtures/images.ts';
import { signal, startServerProcess, type ServerProcess } from '../helpers/serverProcess.ts';
import { form } from '../helpers/testServer.ts';
import { runDiskFullSoak } from './diskFull.ts';

export interface SoakOptions {
  kills: number;
  /** Load between kills: a random wait in [min, max] ms. */
  killEveryMs?: [number, number];
  clients?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface SoakReport {
  seed: number;
  kills: number;
  accepted: number;
  unknown: number;
  refused: number;
  jobsInStore: number;
  problems: string[];
  ms: number;
}

/** mulberry32: a small seeded PRNG, so a failing soak can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const random = rng(seed);
  const log = options.log ?? (() => {});
  const [minGap, maxGap] = options.killEveryMs ?? [500, 3000];
  const dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-soak-'));
  const problems: string[] = [];
  let server: ServerProcess = await startServerProcess(dataDir);
  const key = (await readFile(join(dataDir, 'api-key.txt'), 'utf8')).trim();
  const headers = { Authorization: `Bearer ${key}` };
  const account = async () => ((await (await fetch(`${server.url}/public/v1/account`, { headers })).json()) as { user_id: string; credits: number });
  const { user_id: userId, credits: startCredits } = await account();

  const png = { bytes: await pngBytes(24, 24, (x, y) => [x * 10, y * 10, 200, x > 4 && x < 20 ? 255 : 0]), name: 'a.png', type: 'image/png' };
  const notImage = { bytes: new TextEncoder().encode('not an image'), name: 'x.png', type: 'image/png' };
  const requests = [
    { weight: 4, path: '/sprite/pulsar', fields: () => ({ mode: 'image_to_video', images: png, text: 'jump' }) },
    { weight: 2, path: '/generate/effect/v2', fields: () => ({ description: 'green fire', frame: '4', background_color: 'white' }) },
    { weight: 1, path: '/sprite/zenith', fields: () => ({ mode: 'first_last_frame', images: [png, png], text: 'spin', frame: '36' }) },
    { weight: 2, path: '/sprite/pulsar', fields: () => ({ mode: 'image_to_video', images: notImage, text: 'jump' }) }, // 400
    { weight: 1, path: '/sprite/plus', fields: () => ({ text: 'walk' }) }, // 422
  ];
  const total = requests.reduce((s, r) => s + r.weight, 0);
  const pick = () => {
    let n = random() * total;
    for (const r of requests) if ((n -= r.weight) < 0) return r;
    return requests[0]!;
  };

  const accepted = new Set<string>();
  let unknown = 0;
  let refused = 0;
  let running = true;
  // While the server restarts, clients wait rather than count refused connections.
  let up: Promise<void> = Promise.resolve();
  // The load: each client submits, sometimes polls, and retries across restarts.
  const client = async () => {
    while (running) {
      await up;
      if (!running) break;
      const r = pick();
      try {
        const res = await fetch(`${server.url}/public/v1${r.path}`, { method: 'POST', headers, body: form(r.fields()) });
        const body = (await res.json()) as { job_id?: string; detail?: unknown };
        if (res.status === 200 && body.job_id) accepted.add(body.job_id);
        else if (res.status >= 500 && res.status !== 503) problems.push(`${r.path} answered ${res.status}: ${JSON.stringify(body)}`);
        else refused++;
        if (random() < 0.3 && accepted.size > 0) {
          const id = [...accepted][Math.floor(random() * accepted.size)]!;
          const job = await fetch(`${server.url}/public/v1/job/${id}`, { headers });
          if (job.status !== 200) problems.push(`GET job ${id} answered ${job.status} between kills`);
        }
      } catch {
        unknown++; // the kill cut this request: it may or may not have made a job
        await sleep(50);
      }
    }
  };
  const clients = Array.from({ length: options.clients ?? 3 }, client);

  for (let k = 0; k < options.kills; k++) {
    await sleep(minGap + random() * (maxGap - minGap));
    let restarted!: () => void;
    up = new Promise((r) => (restarted = r));
    signal(server, 'SIGKILL');
    await server.exited;
    log(`kill ${k + 1}/${options.kills}: ${accepted.size} accepted so far`);
    server = await startServerProcess(dataDir);
    restarted();
  }
  running = false;
  await Promise.all(clients);

  // Let everything finish, then stop cleanly.
  const deadline = Date.now() + 120_000;
  for (const id of accepted) {
    for (;;) {
      const res = await fetch(`${server.url}/public/v1/job/${id}?wait=10`, { headers });
      const job = (await res.json()) as { status?: string };
      if (res.status !== 200) {
        problems.push(`accepted job ${id}: GET answered ${res.status}`);
        break;
      }
      if (job.status !== 'Pending') break;
      if (Date.now() > deadline) {
        problems.push(`accepted job ${id} still Pending`);
        break;
      }
    }
  }
  // A request a kill cut may still have made its job (durably, before the answer was lost): the
  // client never heard of it, but it runs after the restart. Wait for those too before stopping.
  const anyPending = async (): Promise<boolean> => {
    for (let before = ''; ;) {
      const res = await fetch(`${server.url}/public/v1/jobs?limit=100${before && `&before=${before}`}`, { headers });
      const page = (await res.json()) as { jobs?: { status: string }[]; next_before?: string };
      if (page.jobs?.some((j) => j.status === 'Pending')) return true;
      if (!page.next_before) return false;
      before = page.next_before;
    }
  };
  while (await anyPending()) {
    if (Date.now() > deadline) {
      problems.push('jobs no client heard of still Pending');
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const finalCredits = (await account()).credits;
  signal(server, 'SIGTERM');
  const code = await server.exited;
  if (code !== 0) problems.push(`SIGTERM exit code ${code}`);

  // The store files.
  let hot: { users: { id: string; credits: number }[]; jobs: { id: string }[] } = { users: [], jobs: [] };
  try {
    hot = JSON.parse(await readFile(join(dataDir, 'db.json'), 'utf8'));
  } catch (err) {
    problems.push(`db.json does not parse: ${String(err)}`);
  }
  const archived: { id: string; owner: string; status: string; cost: number; refunded: boolean; outputs: string[]; metadata?: string }[] = [];
  const lines = (await readFile(join(dataDir, 'jobs.jsonl'), 'utf8').catch(() => '')).split('\n').filter((l) => l !== '');
  lines.forEach((line, i) => {
    try {
      archived.push(JSON.parse(line));
    } catch {
      problems.push(`jobs.jsonl line ${i + 1} does not parse`);
    }
  });
  if (hot.jobs.length > 0) problems.push(`${hot.jobs.length} job(s) still Pending in db.json`);
  const byId = new Map<string, (typeof archived)[number]>();
  for (const job of archived) {
    if (byId.has(job.id)) problems.push(`job ${job.id} archived twice`);
    byId.set(job.id, job);
  }
  for (const id of accepted) {
    const job = byId.get(id);
    if (!job) problems.push(`accepted job ${id} is not in the store`);
    else if (job.status !== 'Succeed') problems.push(`accepted job ${id} ended ${job.status}`);
  }
  const mine = archived.filter((j) => j.owner === userId);
  for (const job of mine) if (job.status !== 'Succeed') problems.push(`job ${job.id} ended ${job.status}`);

  // Credits: start - charges + refunds.
  const charges = mine.reduce((s, j) => s + j.cost, 0);
  const refunds = mine.filter((j) => j.refunded).reduce((s, j) => s + j.cost, 0);
  const stored = hot.users.find((u) => u.id === userId)?.credits;
  if (finalCredits !== startCredits - charges + refunds) problems.push(`balance ${finalCredits} != ${startCredits} - ${charges} + ${refunds}`);
  if (stored !== finalCredits) problems.push(`db.json balance ${stored} != served balance ${finalCredits}`);

  // Files.
  const list = (dir: string) => readdir(join(dataDir, dir)).catch(() => [] as string[]);
  const inputs = await list('inputs');
  if (inputs.length > 0) problems.push(`inputs/ holds ${inputs.length} upload(s) with no Pending job: ${inputs.slice(0, 3).join(', ')}`);
  const succeeded = new Set(mine.filter((j) => j.status === 'Succeed').map((j) => j.id));
  for (const dir of await list('results')) if (!succeeded.has(dir)) problems.push(`results/${dir} has no Succeed job`);
  for (const job of mine) {
    if (job.status !== 'Succeed') continue;
    const files = new Set(await list(join('results', job.id)));
    for (const f of [...job.outputs, ...(job.metadata ? [job.metadata] : [])]) if (!files.has(f)) problems.push(`results/${job.id}/${f} missing`);
  }

  await rm(dataDir, { recursive: true, force: true });
  return { seed, kills: options.kills, accepted: accepted.size, unknown, refused, jobsInStore: mine.length, problems, ms: Date.now() - started };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kills = Number(process.env.SOAK_KILLS ?? 30);
  const seed = process.env.SOAK_SEED ? Number(process.env.SOAK_SEED) : undefined;
  const report = await runSoak({ kills, seed, clients: 4, log: (l) => console.log(l) });
  console.log(JSON.stringify({ ...report, problems: report.problems.length }, null, 2));
  for (const p of report.problems) console.log(`PROBLEM: ${p}`);
  const disk = await runDiskFullSoak((l) => console.log(l));
  if (disk.skipped) console.log(`disk-full soak skipped: ${disk.skipped}`);
  else console.log(JSON.stringify({ diskFull: { ...disk, problems: disk.problems.length } }, null, 2));
  for (const p of disk.problems) console.log(`PROBLEM (disk full): ${p}`);
  process.exit(report.problems.length === 0 && disk.problems.length === 0 ? 0 : 1);
}
