// The running server's admin channel: HTTP over a Unix socket, so the CLI never writes the store
// behind the server's back. Only the user who runs the server may use it: the socket is 0600 in the
// private data folder, and every command carries a token the server writes there readable by its
// owner alone (Node cannot ask a Unix socket who its peer is). A data folder too deep for a socket
// path (about 100 bytes) has its socket in a private folder of the user's under the system's
// temporary folder, named for the data folder.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import { chmodSync, lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runAdmin, type AdminCommand } from './admin.ts';
import type { JobStore } from './jobs/types.ts';
import { privateFolder } from './lock.ts';

// sun_path holds 108 bytes on Linux and 104 on macOS, the terminating zero included.
const MAX_SOCKET_PATH = 100;
const TOKEN_HEADER = 'x-spritekiln-token';

export function controlSocket(dataDir: string): string {
  const inside = join(dataDir, 'control.sock');
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const folder = join(tmpdir(), `spritekiln-${process.getuid?.() ?? 'user'}`);
  return join(folder, `${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 24)}.sock`);
}

const tokenFile = (dataDir: string) => join(dataDir, 'control.token');

/** The folder a socket outside the data folder lives in, made private, and refused if it is a link or another user's. */
function socketFolder(path: string): void {
  const folder = join(path, '..');
  const info = lstatSync(folder, { throwIfNoEntry: false });
  if (info && (!info.isDirectory() || (process.getuid && info.uid !== process.getuid()))) throw new Error(`${folder} is not a private folder of this user's`);
  privateFolder(folder);
}

export function startControl(store: JobStore, dataDir: string): Promise<Server> {
  const path = controlSocket(dataDir);
  socketFolder(path);
  rmSync(path, { force: true }); // left by a process that died
  const token = randomBytes(32);
  writeFileSync(tokenFile(dataDir), token.toString('hex'), { mode: 0o600 });
  chmodSync(tokenFile(dataDir), 0o600);
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const sent = Buffer.from(String(req.headers[TOKEN_HEADER] ?? ''), 'hex');
    if (sent.length !== token.length || !timingSafeEqual(sent, token)) {
      res.writeHead(403, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'not the owner of this data folder' }));
      return;
    }
    try {
      const result = await runAdmin(store, dataDir, JSON.parse(body) as AdminCommand);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ result }));
    } catch (err) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
    }
  });
  server.on('close', () => rmSync(tokenFile(dataDir), { force: true }));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      // 0600 whatever the umask: the folder keeps others out too, this keeps the socket so on its own.
      chmodSync(path, 0o600);
      resolve(server);
    });
  });
}

/** Sends a command to the server on this data folder; undefined when no server listens. */
export function sendControl(dataDir: string, cmd: AdminCommand): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let token = '';
    try {
      token = readFileSync(tokenFile(dataDir), 'utf8').trim();
    } catch {
      // No token: no server has run here (or it is another user's folder); the socket decides.
    }
    const req = request({ socketPath: controlSocket(dataDir), method: 'POST', path: '/', headers: { [TOKEN_HEADER]: token } }, async (res) => {
      let body = '';
      for await (const chunk of res) body += chunk;
      const answer = JSON.parse(body) as { result?: unknown; error?: string };
      if (answer.error !== undefined) reject(new Error(answer.error));
      else resolve(answer.result);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(undefined);
      else reject(err);
    });
    req.end(JSON.stringify(cmd));
  });
}
