// The typed client against the real app: create, wait (long-poll, progress), download, errors with
// the spec's status and detail, abort.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobFailedError, SpritekilnClient, SpritekilnError } from '../../plugins/client/index.ts';
import { download } from '../../plugins/client/download.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { hero, png } from '../fixtures/sprites.ts';

let server: TestServer;
let client: SpritekilnClient;
let start: Uint8Array;

beforeAll(async () => {
  server = await startTestServer();
  client = new SpritekilnClient({ baseUrl: server.url, apiKey: server.key });
  start = await png(hero(48));
});
afterAll(async () => {
  await server.close();
});

describe('SpritekilnClient', () => {
  it('runs a zenith job to Succeed and downloads its files', async () => {
    const id = await client.zenith({ mode: 'image_to_video', images: [{ data: start, name: 'hero.png', type: 'image/png' }], text: 'jump', frame: 36 });
    const seen: number[] = [];
    const job = await client.wait(id, { onProgress: (j) => seen.push(j.progress ?? 0), pollSeconds: 1 });
    expect(job.status).toBe('Succeed');
    expect(job.image_urls).toHaveLength(2);
    const dir = await mkdtemp(join(tmpdir(), 'client-dl-'));
    try {
      await download(job, dir);
      expect((await readdir(dir)).sort()).toEqual(expect.arrayContaining(['anim.gif', 'sheet.json', 'sheet.png']));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends lists as repeated fields and objects as JSON (first_last_frame, overlay rows)', async () => {
    const file = { data: start, name: 'a.png', type: 'image/png' };
    const job = await client.run('zenith', { mode: 'first_last_frame', images: [file, file], text: 'walk', frame: 36 });
    expect(job.status).toBe('Succeed');
    const overlay = await client.run('overlay-v2', { sprite_sheet: file, character_images: [file], rows: [{ row: 1, title: 'walk', description: 'walking' }], quality: 'standard' });
    expect(overlay.image_urls).toHaveLength(1);
  });

  it('rejects with the status and the spec detail', async () => {
    const bad = client.plus({ start_image: { data: start, name: 'a.png' }, text: 'walk', frame: 50 as 49 });
    await expect(bad).rejects.toMatchObject({ status: 400, detail: 'frame should be one of 49, 81' });
    const stranger = new SpritekilnClient({ baseUrl: server.url, apiKey: 'sk_nope' });
    await expect(stranger.account()).rejects.toBeInstanceOf(SpritekilnError);
    await expect(stranger.account()).rejects.toMatchObject({ status: 401, detail: 'Invalid API key' });
    await expect(client.create('zenith', { mode: 'image_to_video', images: [] })).rejects.toMatchObject({ status: 422 });
    await expect(client.job('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404, detail: 'Job not found' });
  });

  it('stops waiting when the signal aborts', async () => {
    const id = await client.zenith({ mode: 'image_to_video', images: [{ data: start, name: 'a.png' }], text: 'spin', frame: 100 });
    const abort = new AbortController();
    setTimeout(() => abort.abort(new Error('cancelled')), 5);
    await expect(client.wait(id, { signal: abort.signal })).rejects.toThrow('cancelled');
    expect((await client.wait(id)).status).toBe('Succeed');
  });

  it('reports a Failed job as JobFailedError', async () => {
    const failing = await startTestServer({ env: { SPRITEKILN_JOB_TIMEOUT_MS: '1' } });
    try {
      const c = new SpritekilnClient({ baseUrl: failing.url, apiKey: failing.key });
      await expect(c.run('effect-v2', { description: 'fire', frame: 4, background_color: 'white' })).rejects.toBeInstanceOf(JobFailedError);
    } finally {
      await failing.close();
    }
  });
});
