// Serves the example page for a local spritekiln server:
//   npm start                                         (the server, in one terminal)
//   node --import tsx plugins/phaser/example/serve.ts (this, in another; open the URL it prints)
//
// One origin for everything the page needs: the example files at /, the plugin build at /dist/,
// Phaser at /phaser/, /config.json with the server URL and the local key (read from
// data/api-key.txt), and /public/v1, /cdn, /openapi.json (which the plugin reads for the fields
// that hold files) and /healthz passed through to the spritekiln server, so the page has one origin.
// It listens on 127.0.0.1 only: /config.json hands out the key.
//
// The Phaser tests start the same server (startExampleServer) with Phaser 4 or 3.90 and their
// own pages mounted beside the example.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(HERE, '../../..');

export interface ExampleServerOptions {
  /** The spritekiln server, e.g. http://127.0.0.1:8787. */
  apiUrl: string;
  apiKey: string;
  port?: number;
  /** Folder served at /phaser/ (default: Phaser 4's dist). */
  phaserDir?: string;
  /** More folders by URL prefix ("/harness/": dir). */
  mounts?: Record<string, string>;
  /** Stands in for a proxied GET the spritekiln server answers 404 (tests: files the server does not write yet). */
  onNotFound?: (path: string) => Promise<{ type: string; body: string } | undefined>;
}

export interface ExampleServer {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.css': 'text/css',
};
const PROXIED = /^\/(public\/|cdn\/|openapi\.json$|healthz$)/;

export async function startExampleServer(options: ExampleServerOptions): Promise<ExampleServer> {
  const mounts: [string, string][] = Object.entries({
    ...options.mounts,
    '/dist/': join(ROOT, 'plugins/phaser/dist'),
    '/phaser/': options.phaserDir ?? join(ROOT, 'node_modules/phaser/dist'),
    '/': HERE,
  });
  let url = '';
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const handled = PROXIED.test(path)
      ? proxy(req, res, options)
      : path === '/config.json'
        ? send(res, 200, 'application/json', JSON.stringify({ serverUrl: url, apiKey: options.apiKey }))
        : serveFile(res, path, mounts);
    handled.catch((err: Error) => send(res, 500, 'text/plain', err.message));
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((r, j) => server.once('listening', r).once('error', j));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

async function serveFile(res: ServerResponse, path: string, mounts: [string, string][]): Promise<void> {
  const mount = mounts.find(([prefix]) => path.startsWith(prefix));
  if (!mount) return send(res, 404, 'text/plain', 'not found');
  const dir = resolve(mount[1]);
  let file = resolve(dir, `.${sep}${path.slice(mount[0].length)}`);
  // Never outside the mounted folder, whatever the path says.
  if (file !== dir && !file.startsWith(dir + sep)) return send(res, 404, 'text/plain', 'not found');
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) file = join(file, 'index.html');
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) return send(res, 404, 'text/plain', 'not found');
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': found.size, 'Cache-Control': 'no-store' });
  createReadStream(file).pipe(res);
}

function proxy(req: IncomingMessage, res: ServerResponse, options: ExampleServerOptions): Promise<void> {
  const target = new URL(req.url ?? '/', options.apiUrl);
  const headers = { ...req.headers };
  delete headers.host; // the server then names result URLs after itself (cross-origin, and /cdn allows that)
  return new Promise((done, fail) => {
    const upstream = httpRequest(target, { method: req.method, headers }, async (answer) => {
      if (answer.statusCode === 404 && req.method === 'GET' && options.onNotFound) {
        answer.resume();
        const standIn = await options.onNotFound(target.pathname);
        if (standIn) return done(send(res, 200, standIn.type, standIn.body));
        return done(send(res, 404, 'application/json', JSON.stringify({ detail: 'Not Found' })));
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res).on('finish', done).on('error', fail);
    });
    upstream.on('error', (err) => done(send(res, 502, 'text/plain', `spritekiln server at ${options.apiUrl}: ${err.message}`)));
    req.pipe(upstream);
  });
}

async function send(res: ServerResponse, status: number, type: string, body: string): Promise<void> {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
}

async function main() {
  const { buildPhaserPlugin } = await import('../build.ts');
  await buildPhaserPlugin();
  const env = process.env;
  const apiUrl = env.SPRITEKILN_URL ?? `http://127.0.0.1:${env.PORT ?? 8787}`;
  const keyFile = join(env.SPRITEKILN_DATA ?? 'data', 'api-key.txt');
  const apiKey = env.SPRITEKILN_API_KEY ?? (await readFile(keyFile, 'utf8').catch(() => '')).trim();
  if (!apiKey) {
    console.error(`No key: ${keyFile} is missing. Start the server first (npm start writes it), or set SPRITEKILN_API_KEY.`);
    process.exit(1);
  }
  if (!(await fetch(`${apiUrl}/healthz`).then((r) => r.ok, () => false))) {
    console.warn(`The spritekiln server does not answer at ${apiUrl}; start it with npm start (or set SPRITEKILN_URL).`);
  }
  const { url } = await startExampleServer({ apiUrl, apiKey, port: Number(env.EXAMPLE_PORT ?? 8080) });
  console.log(`spritekiln Phaser example: ${url}/  (API ${apiUrl}; Ctrl-C stops)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
