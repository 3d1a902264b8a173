// A Pending job as the status endpoint shows it (docs/contract.md §4): image_urls [] and progress 0..1, no
// error, no metadata_url; ?wait=N on a job that does not finish answers Pending after about N seconds.
// Jobs never run on this server (concurrency 0), so they stay Pending.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputPaths } from '../../../server/jobs/paths.ts';
import { startTestServer, type TestServer } from '../../helpers/testServer.ts';
import { call, ENDPOINTS, expectAccepted, makeImages, type Fields, type Images, validForms, type Endpoint } from './helpers.ts';

let server: TestServer;
let img: Images;
let VALID: Record<Endpoint, Fields>;

beforeAll(async () => {
  server = await startTestServer({ concurrency: 0 });
  img = await makeImages();
  VALID = { ...validForms(img), '/sprite/zenith': { mode: 'video_restyle', images: img.gif, text: 'ice' }, '/sprite/pulsar': { mode: 'first_last_frame', images: [img.png, img.png2], text: 'jump' } };
});
afterAll(async () => {
  await server?.close();
});

describe('Pending', () => {
  it.each(ENDPOINTS.map((e) => [e]))('a job from POST %s reads {job_id, status: Pending, image_urls: [], progress}', async (endpoint) => {
    const id = await expectAccepted(server, endpoint, VALID[endpoint]);
    const res = await call(server, 'GET', `/public/v1/job/${id}`);
    expect(res.status).toBe(200);
    const body = res.body as Record<string, unknown>;
    expect(body).toEqual({ job_id: id, status: 'Pending', image_urls: [], progress: expect.any(Number) });
    expect(body.progress).toBeGreaterThanOrEqual(0);
    expect(body.progress).toBeLessThanOrEqual(1);
  });

  it('?wait=1 on a job that does not finish answers Pending after about a second', async () => {
    const id = await expectAccepted(server, '/sprite/pulsar', VALID['/sprite/pulsar']);
    const started = Date.now();
    const res = await call(server, 'GET', `/public/v1/job/${id}?wait=1`);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect((res.body as { status: string }).status).toBe('Pending');
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('inputs are on disk and the job is in the store file before the 200 is sent (docs/contract.md §4)', async () => {
    const id = await expectAccepted(server, '/sprite/pulsar', VALID['/sprite/pulsar']);
    const paths = inputPaths((await server.store.getJob(id))!);
    expect(paths).toHaveLength(2);
    for (const path of paths) {
      expect(path).toMatch(/^inputs\/[0-9a-f-]{36}$/);
      expect((await stat(join(server.config.dataDir, path))).size).toBeGreaterThan(0);
    }
    expect(await readFile(join(server.config.dataDir, 'db.json'), 'utf8')).toContain(id);
  });

  it('the job is on record, Pending, with its owner and cost', async () => {
    const id = await expectAccepted(server, '/generate/effect/v2', VALID['/generate/effect/v2']);
    const job = await server.store.getJob(id);
    expect(job).toMatchObject({ id, owner: server.userId, status: 'Pending', cost: 3 });
  });
});
