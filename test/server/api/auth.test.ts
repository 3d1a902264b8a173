// Authentication (docs/contract.md §5) on every endpoint: 401 {"detail":"Invalid API key"}
// with WWW-Authenticate: Bearer for anything but a live key, 404 {"detail":"Not Found User"} for a live key
// of a disabled user, `Bearer` matched case-insensitively, /healthz open.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, startTestServer, type TestServer } from '../../helpers/testServer.ts';
import { hashKey } from '../../../server/keys.ts';
import { call, ENDPOINTS, expectNothingKept, makeImages, snapshot, type Fields, type Images, type Reply, validForms, type Endpoint } from './helpers.ts';

let server: TestServer;
let img: Images;
let revokedKey: string;
let disabledKey: string;
let jobId: string;

/** A valid body per endpoint, so a 401/404 can only come from the header. */
let VALID: Record<Endpoint, Fields>;

beforeAll(async () => {
  server = await startTestServer();
  img = await makeImages();
  const revoked = server.addUser(100);
  expect(server.store.revokeKey(hashKey(revoked.key))).toBe(true);
  revokedKey = revoked.key;
  const disabled = server.addUser(100);
  server.store.setUserDisabled(disabled.userId, true);
  disabledKey = disabled.key;
  VALID = validForms(img);
  const res = await call(server, 'POST', '/public/v1/generate/image', { body: form(VALID['/generate/image']) });
  expect(res.status).toBe(200);
  jobId = (res.body as { job_id: string }).job_id;
});
afterAll(async () => {
  await server?.close();
});

/** Resolved inside each test: the ids and bodies are made in beforeAll. */
type Target = { name: string; method: 'GET' | 'POST'; path: () => string; fields?: () => Fields };

const TARGETS: Target[] = [
  ...ENDPOINTS.map((e): Target => ({ name: `POST ${e}`, method: 'POST', path: () => `/public/v1${e}`, fields: () => VALID[e] })),
  { name: 'GET /job/{own job id}', method: 'GET', path: () => `/public/v1/job/${jobId}` },
  { name: 'GET /job/{unknown id}', method: 'GET', path: () => `/public/v1/job/${randomUUID()}` },
  { name: 'GET /job/{malformed id}', method: 'GET', path: () => '/public/v1/job/not-a-uuid' },
  { name: 'GET /account', method: 'GET', path: () => '/public/v1/account' },
];
const targets = () => TARGETS.map((t) => [t.name, t] as const);

const send = (t: Target, auth: string | null) => call(server, t.method, t.path(), { auth, body: t.fields ? form(t.fields()) : undefined });

function expect401(res: Reply) {
  expect(res.status, res.text).toBe(401);
  expect(res.body).toEqual({ detail: 'Invalid API key' });
  expect(res.headers.get('www-authenticate')).toBe('Bearer');
}

const BAD_HEADERS: [string, () => string | null][] = [
  ['no Authorization header', () => null],
  ['an empty Authorization header', () => ''],
  ['the wrong scheme (Token <key>)', () => `Token ${server.key}`],
  ['Basic credentials', () => `Basic ${Buffer.from(`user:${server.key}`).toString('base64')}`],
  ['the key without the Bearer prefix', () => server.key],
  ['Bearer and no key', () => 'Bearer '],
  ['Bearer alone', () => 'Bearer'],
  ['a wrong key', () => `Bearer sk_${'A'.repeat(43)}`],
  ['the right key with one character changed', () => `Bearer ${server.key.slice(0, -1)}${server.key.endsWith('A') ? 'B' : 'A'}`],
  ['the right key with a suffix', () => `Bearer ${server.key}x`],
  ['a revoked key', () => `Bearer ${revokedKey}`],
];

describe.each(BAD_HEADERS)('401 Invalid API key: %s', (_name, header) => {
  it.each(targets())('%s', async (_n, target) => {
    const before = await snapshot(server);
    expect401(await send(target, header()));
    await expectNothingKept(server, before);
  });
});

describe('404 Not Found User: a live key of a disabled user', () => {
  it.each(targets())('%s', async (_n, target) => {
    const before = await snapshot(server);
    const res = await send(target, `Bearer ${disabledKey}`);
    expect(res.status, res.text).toBe(404);
    expect(res.body).toEqual({ detail: 'Not Found User' });
    await expectNothingKept(server, before);
  });

  it('re-enabling the user lets the key in again', async () => {
    const user = server.addUser(10);
    server.store.setUserDisabled(user.userId, true);
    expect((await call(server, 'GET', '/public/v1/account', { key: user.key })).status).toBe(404);
    server.store.setUserDisabled(user.userId, false);
    expect((await call(server, 'GET', '/public/v1/account', { key: user.key })).status).toBe(200);
  });
});

describe('the scheme word is case-insensitive', () => {
  it.each([['bearer'], ['BEARER'], ['Bearer'], ['bEaReR']])('%s <key> is accepted on GET /account and GET /job', async (scheme) => {
    const account = await call(server, 'GET', '/public/v1/account', { auth: `${scheme} ${server.key}` });
    expect(account.status).toBe(200);
    expect((account.body as { user_id: string }).user_id).toBe(server.userId);
    const job = await call(server, 'GET', `/public/v1/job/${jobId}`, { auth: `${scheme} ${server.key}` });
    expect(job.status).toBe(200);
  });

  it('bearer <key> (lower case) creates a job', async () => {
    const res = await call(server, 'POST', '/public/v1/sprite/pulsar', { auth: `bearer ${server.key}`, body: form(VALID['/sprite/pulsar']) });
    expect(res.status, res.text).toBe(200);
  });
});

describe('a valid key passes', () => {
  it.each(ENDPOINTS.map((e) => [e]))('POST %s with a valid body and key -> 200', async (endpoint) => {
    const res = await call(server, 'POST', `/public/v1${endpoint}`, { body: form(VALID[endpoint]) });
    expect(res.status, res.text).toBe(200);
  });

  it('GET /account answers the user record', async () => {
    const res = await call(server, 'GET', '/public/v1/account');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user_id: server.userId, name: 'test', credits: expect.any(Number) });
  });
});

describe('/healthz needs no authentication', () => {
  it('200 {"status":"ok"} without a header', async () => {
    const res = await call(server, 'GET', '/healthz', { auth: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('200 even with a wrong key', async () => {
    const res = await call(server, 'GET', '/healthz', { auth: 'Bearer nope' });
    expect(res.status).toBe(200);
  });
});

describe('CORS, for games served from another origin', () => {
  it('answers a preflight without a key, and allows the Authorization header', async () => {
    const res = await fetch(`${server.url}/public/v1/sprite/zenith`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:8080', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  it('marks API answers, errors included, as readable cross-origin', async () => {
    const res = await fetch(`${server.url}/public/v1/account`, { headers: { Origin: 'http://localhost:8080' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
