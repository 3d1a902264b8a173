// JSON answers (server/json.ts): the bytes and type Koa would send for the object, and nothing of
// node's fetch loaded to send them (Koa's object path looks at the global Response, which loads it).
// Run in a process of its own: this one has fetch loaded already.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const script = `
import http from 'node:http';
import Koa from 'koa';
import { sendJson } from './server/json.ts';
const app = new Koa();
app.use((ctx) => (ctx.path === '/object' ? (ctx.body = { a: 'é', n: [1, 2] }) : sendJson(ctx, { a: 'é', n: [1, 2] })));
const server = app.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const get = (path) => new Promise((resolve) => http.get({ port: server.address().port, path }, (res) => {
  const chunks = [];
  res.on('data', (c) => chunks.push(c));
  res.on('end', () => resolve({ type: res.headers['content-type'], length: res.headers['content-length'], body: Buffer.concat(chunks).toString() }));
}));
const sent = await get('/json');
const loaded = process.moduleLoadList.some((m) => m.includes('undici'));
const koa = await get('/object');
server.close();
console.log(JSON.stringify({ sent, koa, loaded, loadedAfterObject: process.moduleLoadList.some((m) => m.includes('undici')) }));
`;

describe('sendJson', () => {
  it('sends what Koa sends for the object, without loading node\'s fetch', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    const { sent, koa, loaded, loadedAfterObject } = JSON.parse(out.trim().split('\n').pop()!);
    expect(sent).toEqual(koa);
    expect(sent.type).toBe('application/json; charset=utf-8');
    expect(loaded).toBe(false);
    // The check itself can fail: Koa's own object path loads it.
    expect(loadedAfterObject).toBe(true);
  });
});
