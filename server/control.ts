// The running server's admin channel: HTTP over a Unix socket inside the data folder, so only
// local users with access to the folder can reach it, and the CLI never writes the store behind the
// server's back.
import { createServer, request, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { runAdmin, type AdminCommand } from './admin.ts';
import type { JobStore } from './jobs/types.ts';

export const controlSocket = (dataDir: string) => join(dataDir, 'control.sock');

export function startControl(store: JobStore, dataDir: string): Promise<Server> {
  const path = controlSocket(dataDir);
  rmSync(path, { force: true }); // left by a process that died
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      const result = await runAdmin(store, dataDir, JSON.parse(body) as AdminCommand);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ result }));
    } catch (err) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve(server));
  });
}

/** Sends a command to the server on this data folder; undefined when no server listens. */
export function sendControl(dataDir: string, cmd: AdminCommand): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: controlSocket(dataDir), method: 'POST', path: '/' }, async (res) => {
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
