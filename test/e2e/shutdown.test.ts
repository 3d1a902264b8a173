// SIGTERM: stop accepting, answer long-polls, finish or keep running work, flush, exit 0. A job
// cut off by the stop is still Pending on disk and runs on the next start.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { form } from '../helpers/testServer.ts';
import { signal, startServerProcess } from '../helpers/serverProcess.ts';
import { pngBytes } from '../fixtures/images.ts';

let dataDir: string;
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('drains on SIGTERM while a client long-polls, and the job is done after a restart', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-stop-'));
  let server = await startServerProcess(dataDir);
  const key = (await readFile(join(dataDir, 'api-key.txt'), 'utf8')).trim();
  const auth = { Authorization: `Bearer ${key}` };
  const image = { bytes: await pngBytes(512, 512, (x, y) => [x % 256, y % 256, 60, 255]), name: 'big.png', type: 'image/png' };
  const created = await fetch(`${server.url}/public/v1/sprite/make-sprite/v2`, { method: 'POST', headers: auth, body: form({ start_frame_image: image, text: 'spin', frame: '121', is_pixel: 'false' }) });
  const { job_id } = (await created.json()) as { job_id: string };
  const poll = fetch(`${server.url}/public/v1/job/${job_id}?wait=30`, { headers: auth });
  // A second client that keeps polling over one keep-alive connection, as the batch CLI does.
  let polling = true;
  const poller = (async () => {
    while (polling) await fetch(`${server.url}/public/v1/job/${job_id}?wait=1`, { headers: auth }).then((r) => r.arrayBuffer(), () => undefined);
  })();
  await new Promise((r) => setTimeout(r, 100));

  const t = Date.now();
  signal(server, 'SIGTERM');
  const answer = await poll;
  expect(answer.status).toBe(200);
  expect(await server.exited).toBe(0);
  polling = false;
  await poller;
  expect(Date.now() - t).toBeLessThan(25_000);

  server = await startServerProcess(dataDir);
  const res = await fetch(`${server.url}/public/v1/job/${job_id}?wait=30`, { headers: auth });
  expect(((await res.json()) as { status: string }).status).toBe('Succeed');
  signal(server, 'SIGTERM');
  expect(await server.exited).toBe(0);
});
