// The baseline for job creation: the best bare Koa + koa-body handler we can write for the same
// multipart upload. It parses it as the app does (formidable, a random UUID per file rather than
// formidable's cuid2, and a small part held in memory through the app's own UploadSink, so it
// never touches the disk) and answers 200: no auth, validation, probe or store. Own process, like
// bench/appServer.ts; prints one JSON line {url} when ready.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { HeldBudget, UploadSink } from '../server/uploadSink.ts';

const dir = process.argv[2] ?? (await mkdtemp(join(tmpdir(), 'spritekiln-bench-bare-')));
const budget = new HeldBudget();
const app = new Koa();
app.use(async (ctx, next) => {
  const sinks: [UploadSink, string][] = [];
  const parse = koaBody({
    multipart: true,
    formidable: {
      uploadDir: dir,
      maxFileSize: 20 * 1024 * 1024,
      filename: () => randomUUID(),
      fileWriteStreamHandler: (file) => {
        const path = (file as unknown as { filepath: string }).filepath;
        const sink = new UploadSink(path, budget);
        sinks.push([sink, path]);
        return sink;
      },
    },
  });
  try {
    await parse(ctx, next);
  } finally {
    // Held parts go back to the budget; a part too big to hold was spilled to its file.
    await Promise.all(sinks.map(async ([sink, path]) => (sink.dispose(), sink.onDisk ? rm(path, { force: true }) : undefined)));
  }
});
app.use(async (ctx) => {
  const files = Object.values(ctx.request.files ?? {}).flat();
  ctx.body = { ok: true, fields: Object.keys(ctx.request.body ?? {}).length, files: files.length };
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
});
process.on('SIGINT', () => process.exit(0));
