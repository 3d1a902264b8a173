// The baseline for job creation: a bare Koa + koa-body handler that parses the same multipart upload
// to disk (formidable, as the app does), removes the file and answers 200. No auth, validation, probe
// or store. Own process, like bench/appServer.ts; prints one JSON line {url} when ready.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { koaBody } from 'koa-body';

const dir = process.argv[2] ?? (await mkdtemp(join(tmpdir(), 'spritekiln-bench-bare-')));
const app = new Koa();
app.use(koaBody({ multipart: true, formidable: { uploadDir: dir, maxFileSize: 20 * 1024 * 1024 } }));
app.use(async (ctx) => {
  const files = Object.values(ctx.request.files ?? {}).flat();
  await Promise.all(files.map((f) => rm(f.filepath, { force: true })));
  ctx.body = { ok: true, fields: Object.keys(ctx.request.body ?? {}).length, files: files.length };
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
});
process.on('SIGINT', () => process.exit(0));
