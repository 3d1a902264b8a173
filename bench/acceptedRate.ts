// The accepted rate at which the queue stays bounded, with the real runner rendering real jobs: the
// app in its own process (bench/appServer.ts, BENCH_RENDER=1), one user submitting a small zenith
// job (the 32 px side knight of the real sprites, jump, 36 frames) at a fixed rate, open loop (a request goes out on schedule
// whatever the answers do). First the service rate: a burst of jobs, timed until the last one ends.
// Then each offered rate (fractions of it) for RATE_SECONDS: the backlog (accepted, not yet ended) is
// sampled every second; a rate holds when the backlog at the end is no larger than at a third of the
// way (it is not growing). Run alone: node --import tsx bench/acceptedRate.ts
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { still } from '../test/fixtures/realSprites.ts';
import { startServer, stopServer } from './creation.ts';

export interface RateRow {
  offeredPerSecond: number;
  accepted: number;
  refused: number;
  /** Backlog sampled once a second. */
  backlog: number[];
  bounded: boolean;
}

export interface AcceptedRate {
  serviceRate: number;
  rows: RateRow[];
}

const APP = fileURLToPath(new URL('./appServer.ts', import.meta.url));
const BURST = 40;
const RATE_SECONDS = 15;
const FRACTIONS = [0.5, 1, 1.5, 2, 3];

export async function benchAcceptedRate(): Promise<AcceptedRate> {
  const { child, ready } = await startServer(APP, [], [], { BENCH_RENDER: '1' });
  try {
    const { data, width, height } = still('knight-side').image;
    const sprite = new Blob([await sharp(data, { raw: { width, height, channels: 4 } }).png().toBuffer()], { type: 'image/png' });
    const auth = { Authorization: `Bearer ${ready.key}` };
    const submit = async (): Promise<string | undefined> => {
      const form = new FormData();
      form.set('mode', 'image_to_video');
      form.set('images', sprite, 'knight.png');
      form.set('text', 'jump');
      form.set('frame', '36');
      const res = await fetch(`${ready.url}/public/v1/sprite/zenith`, { method: 'POST', body: form, headers: auth });
      const body = (await res.json()) as { job_id?: string };
      return res.status === 200 ? body.job_id : undefined;
    };
    const ended = async (id: string) => {
      const res = await fetch(`${ready.url}/public/v1/job/${id}`, { headers: auth });
      return ((await res.json()) as { status: string }).status !== 'Pending';
    };
    // One user's jobs run in the order they came: the backlog is what follows the oldest unfinished one.
    const tracker = (ids: string[]) => {
      let done = 0;
      return async () => {
        while (done < ids.length && (await ended(ids[done]!))) done++;
        return ids.length - done;
      };
    };

    await ended((await submit())!); // warm the workers' code
    const burst = (await Promise.all(Array.from({ length: BURST }, submit))).filter((id): id is string => id !== undefined);
    const t0 = performance.now();
    const left = tracker(burst);
    while ((await left()) > 0) await sleep(50);
    const serviceRate = burst.length / ((performance.now() - t0) / 1000);

    const rows: RateRow[] = [];
    for (const fraction of FRACTIONS) {
      const offered = fraction * serviceRate;
      const ids: string[] = [];
      let refused = 0;
      const backlogOf = tracker(ids);
      const backlog: number[] = [];
      const start = performance.now();
      const sending: Promise<void>[] = [];
      let sent = 0;
      let nextSample = start + 1000;
      while (performance.now() - start < RATE_SECONDS * 1000) {
        const due = Math.floor(((performance.now() - start) / 1000) * offered);
        for (; sent < due; sent++) sending.push(submit().then((id) => void (id ? ids.push(id) : refused++)));
        if (performance.now() >= nextSample) {
          backlog.push(await backlogOf());
          nextSample += 1000;
        }
        await sleep(5);
      }
      await Promise.all(sending);
      backlog.push(await backlogOf());
      const third = backlog[Math.floor(backlog.length / 3)] ?? 0;
      rows.push({ offeredPerSecond: offered, accepted: ids.length, refused, backlog, bounded: backlog.at(-1)! <= Math.max(third, 2) });
      // Drain before the next rate, so each starts from an empty queue.
      while ((await backlogOf()) > 0) await sleep(100);
    }
    return { serviceRate, rows };
  } finally {
    await stopServer(child);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchAcceptedRate(), null, 1));
}
