// A job that ends Failed is refunded in full (docs/contract.md §4). Every job on this server times out
// (SPRITEKILN_JOB_TIMEOUT_MS=1), so every job ends Failed with a short error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForJob, type TestServer } from '../../helpers/testServer.ts';
import { call, credits, expectAccepted, makeImages, type Fields, type Images } from './helpers.ts';

let server: TestServer;
let img: Images;

beforeAll(async () => {
  server = await startTestServer({ env: { SPRITEKILN_JOB_TIMEOUT_MS: '1' } });
  img = await makeImages();
});
afterAll(async () => {
  await server?.close();
});

const CASES: [string, string, () => Fields, number][] = [
  ['pulsar image_to_video', '/sprite/pulsar', () => ({ mode: 'image_to_video', images: img.png, text: 'x' }), 3],
  ['zenith image_to_video 100', '/sprite/zenith', () => ({ mode: 'image_to_video', images: img.png, text: 'x', frame: '100' }), 25],
  ['effect v1 4K', '/generate/effect/v1', () => ({ description: 'fire', resolution: '4K', background_color: 'magenta' }), 10],
  ['make-sprite v2 121', '/sprite/make-sprite/v2', () => ({ start_frame_image: img.png, text: 'x', frame: '121', is_pixel: 'no' }), 25],
];

describe('a Failed job gives its credits back', () => {
  it.each(CASES)('%s', async (_n, path, fields, cost) => {
    const user = server.addUser(100);
    const id = await expectAccepted(server, path, fields(), user.key);
    const job = await waitForJob(server, id, user.key);
    expect(job.status).toBe('Failed');
    expect(job.image_urls).toEqual([]);
    expect(job.error).toBeTypeOf('string');
    expect(job.error!.length).toBeGreaterThan(0);
    expect(job).not.toHaveProperty('progress');
    expect(job).not.toHaveProperty('metadata_url');
    expect(await credits(server, user.key)).toBe(100);
    const record = await server.store.getJob(id);
    expect(record).toMatchObject({ status: 'Failed', cost, refunded: true });
  });

  it('the Failed body is {job_id, status, image_urls: [], error, error_message} (error_message: the hosted service\'s name, same text)', async () => {
    const user = server.addUser(10);
    const id = await expectAccepted(server, '/sprite/pulsar', CASES[0]![2](), user.key);
    await waitForJob(server, id, user.key);
    const res = await call(server, 'GET', `/public/v1/job/${id}`, { key: user.key });
    expect(res.body).toEqual({ job_id: id, status: 'Failed', image_urls: [], error: expect.any(String), error_message: expect.any(String) });
    const body = res.body as { error: string; error_message: string };
    expect(body.error).not.toBe('');
    expect(body.error_message).toBe(body.error);
  });

  it('a refunded balance can be spent again', async () => {
    const user = server.addUser(3);
    const first = await expectAccepted(server, '/sprite/pulsar', CASES[0]![2](), user.key);
    await waitForJob(server, first, user.key);
    expect(await credits(server, user.key)).toBe(3);
    await expectAccepted(server, '/sprite/pulsar', CASES[0]![2](), user.key);
  });
});
