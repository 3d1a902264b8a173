// GET /public/v1/jobs?limit=&before=: the caller's own jobs, newest first, paged by job id, with result
// URLs once Succeed; 422 in FastAPI's shape for a bad limit or cursor; 401 without a key.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForJob, type TestServer } from '../helpers/testServer.ts';
import { call, submit } from './api/helpers.ts';

let server: TestServer;
const ids: string[] = []; // oldest first

interface Page {
  jobs: { job_id: string; kind: string; status: string; cost: number; created_at: string; image_urls?: string[]; metadata_url?: string }[];
  next_before?: string;
}
const list = async (query = '', key = server.key) => {
  const res = await call(server, 'GET', `/public/v1/jobs${query}`, { key });
  return { ...res, page: res.body as Page };
};

beforeAll(async () => {
  server = await startTestServer();
  for (let i = 0; i < 3; i++) {
    const res = await submit(server, '/generate/image', { prompt: `a red slime ${i}`, ai_model: 'Gamma Pro' });
    expect(res.status, res.text).toBe(200);
    const id = (res.body as { job_id: string }).job_id;
    ids.push(id);
    await waitForJob(server, id);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('GET /public/v1/jobs', () => {
  it('lists the caller\'s jobs newest first, with results once Succeed', async () => {
    const { status, page } = await list();
    expect(status).toBe(200);
    expect(page.jobs.map((j) => j.job_id)).toEqual([...ids].reverse());
    expect(page.next_before).toBeUndefined();
    for (const job of page.jobs) {
      expect(job).toMatchObject({ kind: 'generate/image', status: 'Succeed', cost: 2 });
      expect(Number.isNaN(Date.parse(job.created_at))).toBe(false);
      expect(job.image_urls!.length).toBeGreaterThan(0);
      expect(job.image_urls![0]).toMatch(new RegExp(`^${server.url}/cdn/${job.job_id}/`));
    }
    const image = await fetch(page.jobs[0]!.image_urls![0]!);
    expect(image.status).toBe(200);
  });

  it('pages with limit and before', async () => {
    const first = await list('?limit=2');
    expect(first.page.jobs.map((j) => j.job_id)).toEqual([ids[2], ids[1]]);
    expect(first.page.next_before).toBe(ids[1]);
    const second = await list(`?limit=2&before=${first.page.next_before}`);
    expect(second.page.jobs.map((j) => j.job_id)).toEqual([ids[0]]);
    expect(second.page.next_before).toBeUndefined();
  });

  it('a Pending job has no result fields', async () => {
    const quiet = await startTestServer({ concurrency: 0 });
    try {
      const res = await submit(quiet, '/generate/image', { prompt: 'queued', ai_model: 'Gamma Pro' });
      const page = (await call(quiet, 'GET', '/public/v1/jobs')).body as Page;
      expect(page.jobs).toEqual([{ job_id: (res.body as { job_id: string }).job_id, kind: 'generate/image', status: 'Pending', cost: 2, created_at: expect.any(String) }]);
    } finally {
      await quiet.close();
    }
  });

  it('a second user sees none of the first user\'s jobs, even with one as the cursor', async () => {
    const other = server.addUser();
    expect((await list('', other.key)).page).toEqual({ jobs: [] });
    expect((await list(`?before=${ids[2]}`, other.key)).page).toEqual({ jobs: [] });
    const res = await submit(server, '/generate/image', { prompt: 'mine', ai_model: 'Gamma Pro' }, other.key);
    const mine = (res.body as { job_id: string }).job_id;
    expect((await list('', other.key)).page.jobs.map((j) => j.job_id)).toEqual([mine]);
    expect((await list()).page.jobs.map((j) => j.job_id)).not.toContain(mine);
    await waitForJob(server, mine, other.key);
  });

  it('an unknown cursor gives an empty page', async () => {
    expect((await list(`?before=${randomUUID()}`)).page).toEqual({ jobs: [] });
  });

  it('limit defaults to 20 and accepts 1..100', async () => {
    expect((await list('?limit=1')).page.jobs).toHaveLength(1);
    expect((await list('?limit=100')).status).toBe(200);
    expect((await list('?limit=')).status).toBe(200);
    // pydantic's lax int: an all-zero fraction and single underscores are still the number.
    expect((await list('?limit=1.0')).page.jobs).toHaveLength(1);
    expect((await list('?limit=1_0')).status).toBe(200);
  });

  it.each([
    ['abc', { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' }],
    ['1.5', { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' }],
    ['0', { type: 'greater_than_equal', msg: 'Input should be greater than or equal to 1', ctx: { ge: 1 } }],
    ['-3', { type: 'greater_than_equal', msg: 'Input should be greater than or equal to 1', ctx: { ge: 1 } }],
    ['101', { type: 'less_than_equal', msg: 'Input should be less than or equal to 100', ctx: { le: 100 } }],
  ])('limit=%s -> 422', async (raw, entry) => {
    const res = await list(`?limit=${raw}`);
    expect(res.status, res.text).toBe(422);
    expect(res.body).toEqual({ detail: [{ ...entry, loc: ['query', 'limit'], input: raw }] });
  });

  it('a malformed before -> 422 uuid_parsing at query.before', async () => {
    const res = await list('?before=nope');
    expect(res.status).toBe(422);
    const body = res.body as { detail: { type: string; loc: unknown[] }[] };
    expect(body.detail).toHaveLength(1);
    expect(body.detail[0]).toMatchObject({ type: 'uuid_parsing', loc: ['query', 'before'], input: 'nope' });
  });

  it('needs a key', async () => {
    const res = await call(server, 'GET', '/public/v1/jobs', { auth: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid API key' });
  });
});
