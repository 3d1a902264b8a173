// A real HTTP server on loopback whose answers each test scripts: the request/response shapes of the
// model APIs (and of a misbehaving upstream), slow answers and dropped connections included.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Handler = (req: Seen, res: ServerResponse) => unknown;

export interface FakeRemote {
  url: string;
  seen: Seen[];
  /** Answers requests with `handler` from now on. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startFake(initial: Handler = (_q, res) => json(res, 404, { detail: 'Not Found' })): Promise<FakeRemote> {
  let handler = initial;
  const seen: Seen[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const entry: Seen = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
    seen.push(entry);
    try {
      await handler(entry, res);
    } catch {
      if (!res.headersSent) json(res, 500, { detail: 'fake crashed' });
    }
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    handle: (h) => void (handler = h),
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Cuts the connection without an answer. */
export function drop(res: ServerResponse) {
  res.socket?.destroy();
}

/** Answers after `ms` (or never, if the client gives up first). */
export function slow(ms: number, then: Handler): Handler {
  return (req, res) => new Promise<void>((r) => setTimeout(() => r(void then(req, res)), ms));
}

/** Every file of a data folder that could hold a secret: the store and the archive. */
export async function storeText(dataDir: string): Promise<string> {
  const parts = await Promise.all(['db.json', 'jobs.jsonl'].map((f) => readFile(join(dataDir, f), 'utf8').catch(() => '')));
  return parts.join('\n');
}

/** A log function that keeps its lines (and a file, when given). */
export function logTo(lines: string[], file?: string) {
  return (message: string) => {
    lines.push(message);
    if (file) void appendFile(file, `${message}\n`);
  };
}

/** Minimal multipart reading for assertions: the parts' names, filenames and content types, in order. */
export function multipartParts(req: Seen): { name: string; filename?: string; type?: string; data: Buffer }[] {
  const type = String(req.headers['content-type'] ?? '');
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (!boundary) return [];
  const sep = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: { name: string; filename?: string; type?: string; data: Buffer }[] = [];
  let at = req.body.indexOf(sep);
  while (at >= 0) {
    const next = req.body.indexOf(sep, at + sep.length);
    if (next < 0) break;
    const chunk = req.body.subarray(at + sep.length + 2, next - 2);
    const split = chunk.indexOf('\r\n\r\n');
    const head = chunk.subarray(0, split).toString();
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const ctype = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    parts.push({ name, filename, type: ctype, data: chunk.subarray(split + 4) });
    at = next;
  }
  return parts;
}
