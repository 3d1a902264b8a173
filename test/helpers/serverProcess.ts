// `npm start` as a user runs it: a child process on a free port with its own data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { lockHolder } from '../../server/lock.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/spritekiln.js', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /**
   * The process that serves (its memory is the server's): on Linux the launcher runs the server
   * as its child (bin/spritekiln.js), elsewhere it is `child` itself. Read from the writer's lock.
   */
  pid: number;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** `npm: true` starts it exactly as the README says; otherwise the node process npm start runs, so signals reach it directly. */
export async function startServerProcess(dataDir: string, options: { env?: Record<string, string>; npm?: boolean } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const [command, args] = options.npm ? ['npm', ['start', '--silent']] : ['node', [BIN, 'serve']];
  const child = spawn(command as string, args as string[], {
    cwd: ROOT,
    // (The rate limit is off unless a test sets it: suites send hundreds of requests with one key.)
    env: { ...process.env, PORT: String(port), SPRITEKILN_DATA: dataDir, SPRITEKILN_WORKERS: '2', SPRITEKILN_RATE_LIMIT: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so a kill reaches node and not just npm
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const { pid } = lockHolder(join(dataDir, 'writer.pid'));
  return { url, child, pid, output: () => out, exited };
}

/** Signals the whole process group (npm and the node it started, or node alone). */
export function signal(server: ServerProcess, sig: NodeJS.Signals) {
  process.kill(-server.child.pid!, sig);
}

/** Stops the server as SIGTERM does (finishing its work) and waits for it to exit; resolves with the exit code. */
export function stopServerProcess(server: ServerProcess): Promise<number | null> {
  signal(server, 'SIGTERM');
  return server.exited;
}

export async function cli(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('node', [BIN, ...args], { cwd: ROOT, env: { ...process.env, SPRITEKILN_DATA: dataDir } });
  return stdout.trim();
}
