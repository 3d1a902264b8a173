// The server the MCP tools talk to: the one that answers at the URL, or, for an address on this
// machine with nobody answering, one started here in the background (its output in the data
// folder's mcp-server.log, so stdout stays the protocol's), which then outlives the MCP session.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectFile } from '../projectFile.ts';

export async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Starts a server for `url` (a loopback address) unless one answers; resolves once it does. */
export async function ensureServer(url: string, env: NodeJS.ProcessEnv = process.env, timeoutMs = 30_000): Promise<'running' | 'started'> {
  if (await answers(url)) return 'running';
  const data = resolve(env.SPRITEKILN_DATA || './data');
  mkdirSync(data, { recursive: true, mode: 0o700 });
  const log = openSync(join(data, 'mcp-server.log'), 'a');
  const port = new URL(url).port || '80';
  const child = spawn(process.execPath, [fileURLToPath(projectFile('bin/spritekiln.js')), 'serve'], { env: { ...env, PORT: port, SPRITEKILN_DATA: data }, detached: true, stdio: ['ignore', log, log] });
  child.unref();
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server started for ${url} exited (${child.exitCode}); see ${join(data, 'mcp-server.log')}`);
    if (await answers(url)) return 'started';
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no server answered at ${url} within ${timeoutMs / 1000} s; see ${join(data, 'mcp-server.log')}`);
}
