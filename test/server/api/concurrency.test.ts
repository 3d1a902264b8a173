// Concurrent creations against the real app: every accepted request becomes exactly one job, all of them
// run to Succeed, and the balance moves by exactly the sum of their costs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForJob, type TestServer } from '../../helpers/testServer.ts';
import { credits, makeImages, submit, times, UUID_V4, type Images } from './helpers.ts';

let server: TestServer;
let img: Images;

beforeAll(async () => {
  server = await startTestServer();
  img = await makeImages();
});
afterAll(async () => {
  await server?.close();
});

describe('40 concurrent creations', () => {
  it('all land: 40 distinct job ids, all Succeed, balance reduced by exactly 40 x 3', async () => {
    const user = server.addUser(1_000);
    const jobsBefore = server.store.stats();
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => submit(server, '/sprite/pulsar', { mode: 'image_to_video', images: i % 2 ? img.png : img.jpeg, text: `run ${i}` }, user.key)),
    );
    expect(replies.map((r) => r.status)).toEqual(times(40, 200));
    const ids = replies.map((r) => (r.body as { job_id: string }).job_id);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(40);
    expect(await credits(server, user.key)).toBe(1_000 - 40 * 3);
    const jobsAfter = server.store.stats();
    expect(jobsAfter.pending + jobsAfter.finished).toBe(jobsBefore.pending + jobsBefore.finished + 40);

    const finished = await Promise.all(ids.map((id) => waitForJob(server, id, user.key)));
    expect(finished.map((j) => j.status)).toEqual(times(40, 'Succeed'));
    // Nothing refunded, nothing charged twice.
    expect(await credits(server, user.key)).toBe(1_000 - 40 * 3);
  }, 300_000);
});
