// A full queue answers 503 {"detail": "Server busy, retry later"} with Retry-After (decisions.md §1), and
// nothing is written or charged. Jobs never run here (concurrency 0) and the queue holds 3.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/testServer.ts';
import { credits, expectAccepted, expectRejected, makeImages, submit, type Images } from './helpers.ts';

let server: TestServer;
let img: Images;

beforeAll(async () => {
  server = await startTestServer({ concurrency: 0, env: { SPRITEKILN_QUEUE_LIMIT: '3' } });
  img = await makeImages();
});
afterAll(async () => {
  await server?.close();
});

describe('503 when the queue is full', () => {
  it('the fourth job is refused with Retry-After and not charged', async () => {
    const fields = () => ({ mode: 'image_to_video', images: img.png, text: 'x' });
    for (let i = 0; i < 3; i++) await expectAccepted(server, '/sprite/pulsar', fields());
    const balance = await credits(server);
    const res = await expectRejected(server, '/sprite/pulsar', fields(), 503, 'Server busy, retry later');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await credits(server)).toBe(balance);
  });

  it('validation still answers first: 400 and 422 are not turned into 503', async () => {
    await expectRejected(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.gif, text: 'x' }, 400, 'Invalid image file');
    const res = await submit(server, '/sprite/pulsar', {});
    expect(res.status).toBe(422);
  });
});
