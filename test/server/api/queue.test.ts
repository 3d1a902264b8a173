// A full queue answers 503 {"detail": "Server busy, retry later"} with Retry-After (docs/contract.md §1), and
// nothing is written or charged; so does a user's job past half the queue, so one user cannot fill it.
// Jobs never run here (concurrency 0) and the queue holds 4. Then, with jobs running: users take turns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForJob, type TestServer } from '../../helpers/testServer.ts';
import { credits, expectAccepted, expectRejected, makeImages, submit, type Images } from './helpers.ts';

let server: TestServer;
let img: Images;

beforeAll(async () => {
  server = await startTestServer({ concurrency: 0, env: { SPRITEKILN_QUEUE_LIMIT: '4' } });
  img = await makeImages();
});
afterAll(async () => {
  await server?.close();
});

describe('503 when the queue is full', () => {
  it("a user's third job (past half the queue) and then anyone's fifth are refused with Retry-After and not charged", async () => {
    const fields = () => ({ mode: 'image_to_video', images: img.png, text: 'x' });
    for (let i = 0; i < 2; i++) await expectAccepted(server, '/sprite/pulsar', fields());
    const balance = await credits(server);
    const own = await expectRejected(server, '/sprite/pulsar', fields(), 503, 'Server busy, retry later');
    expect(own.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await credits(server)).toBe(balance);
    // Another user still gets in, up to the queue's bound.
    const other = server.addUser();
    for (let i = 0; i < 2; i++) await expectAccepted(server, '/sprite/pulsar', fields(), other.key);
    const third = server.addUser();
    await expectRejected(server, '/sprite/pulsar', fields(), 503, 'Server busy, retry later', third.key);
  });

  it('validation still answers first: 400 and 422 are not turned into 503', async () => {
    await expectRejected(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.gif, text: 'x' }, 400, 'Invalid image file');
    const res = await submit(server, '/sprite/pulsar', {});
    expect(res.status).toBe(422);
  });
});

describe('users take turns', () => {
  it("one user's job waits behind at most one of another's queued ten, not all of them", async () => {
    const busy = await startTestServer({ concurrency: 1 });
    try {
      // 100-frame walks: long enough that all ten are queued before the first ends, however loaded
      // the machine is (a 36-frame one can end before the next request is answered).
      const fields = () => ({ mode: 'image_to_video', images: img.png, text: 'walk', frame: '100' });
      const many = [];
      for (let i = 0; i < 10; i++) many.push(await expectAccepted(busy, '/sprite/zenith', fields()));
      const other = busy.addUser();
      const one = await expectAccepted(busy, '/sprite/zenith', fields(), other.key);
      const finished = async (id: string, key: string) => (await waitForJob(busy, id, key)) && (await busy.store.getJob(id))!.finishedAt!;
      const at = await finished(one, other.key);
      const before = (await Promise.all(many.map((id) => finished(id, busy.key)))).filter((t) => t < at);
      // The first user's running job and at most one queued before the other's turn came.
      expect(before.length).toBeLessThanOrEqual(3);
    } finally {
      await busy.close();
    }
  }, 60_000);
});
