// The data folder on a shared machine, against the started server process: private to its owner
// whatever the umask it was started with, an admin socket that takes commands only from the owner,
// a socket that works for data folders too deep for a socket path, and a writer lock that a stale
// pid file naming some unrelated live process does not hold.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, startServerProcess, type ServerProcess, stopServerProcess } from '../helpers/serverProcess.ts';
import { controlSocket } from '../../server/control.ts';

const started: ServerProcess[] = [];
const folders: string[] = [];

async function folder(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `spritekiln-${name}-`));
  folders.push(dir);
  return dir;
}

/** The server started under `umask`, as a user's shell with that umask would start it. */
async function start(dataDir: string, umask = 0o022): Promise<ServerProcess> {
  const was = process.umask(umask);
  try {
    const server = await startServerProcess(dataDir);
    started.push(server);
    return server;
  } finally {
    process.umask(was);
  }
}

/** What the admin socket answers a raw request with the given token header (or none). */
function ask(socket: string, token?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(socket);
    let got = '';
    s.on('data', (d) => (got += d));
    s.on('error', reject);
    s.on('close', () => resolve(got));
    const body = JSON.stringify({ command: 'keys.create', name: 'intruder', credits: 99_999 });
    s.end(`POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${token === undefined ? '' : `x-spritekiln-token: ${token}\r\n`}Content-Length: ${body.length}\r\n\r\n${body}`);
  });
}

const mode = async (path: string) => (await stat(path)).mode & 0o777;

afterAll(async () => {
  for (const s of started) {
    if (s.child.exitCode === null) await stopServerProcess(s);
  }
  for (const f of folders) await rm(f, { recursive: true, force: true });
});

describe('a data folder on a shared machine', () => {
  it('is private under a permissive umask, and its admin socket takes commands only with the owner\'s token', async () => {
    const dataDir = join(await folder('umask'), 'data');
    const server = await start(dataDir, 0o000);
    await cli(dataDir, 'keys', 'create', '--name', 'owner', '--credits', '5');
    expect(await mode(dataDir)).toBe(0o700);
    for (const file of ['db.json', 'api-key.txt', 'control.token']) expect(await mode(join(dataDir, file)), file).toBe(0o600);
    expect(await mode(controlSocket(dataDir))).toBe(0o600);
    // Whoever reaches the socket without the token (here: this process, without reading it) is refused.
    const users = async () => (JSON.parse(await readFile(join(dataDir, 'db.json'), 'utf8')) as { users: unknown[] }).users.length;
    const before = await users();
    expect(await ask(controlSocket(dataDir))).toMatch(/^HTTP\/1\.1 403/);
    expect(await ask(controlSocket(dataDir), 'ab'.repeat(32))).toMatch(/^HTTP\/1\.1 403/);
    expect(await users()).toBe(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 90_000);

  it('an existing world-readable data folder is made private at start', async () => {
    const dataDir = join(await folder('open'), 'data');
    await mkdir(dataDir, { mode: 0o755 });
    await start(dataDir);
    expect(await mode(dataDir)).toBe(0o700);
  }, 90_000);

  it('a data folder too deep for a socket path still takes CLI commands through the server, its socket not cut short', async () => {
    const parent = await folder('deep');
    const dataDir = join(parent, 'a-rather-long-folder-name-for-a-game-project'.repeat(3), 'data');
    expect(Buffer.byteLength(join(dataDir, 'control.sock'))).toBeGreaterThan(108);
    const server = await start(dataDir);
    const key = await cli(dataDir, 'keys', 'create', '--name', 'deep', '--credits', '7');
    // Made by the server (the CLI could not lock the folder it holds), and seen by it at once.
    const account = await fetch(`${server.url}/public/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
    expect(await account.json()).toMatchObject({ credits: 7 });
    expect((await readdir(parent)).filter((f) => f.includes('sock'))).toEqual([]);
    expect(await mode(controlSocket(dataDir))).toBe(0o600);
  }, 90_000);

  it.each([
    ['with a start time that is not its own', (pid: number) => `${pid} 1`],
    ['as older versions wrote it (a pid alone)', (pid: number) => String(pid)],
  ])('a stale writer.pid naming an unrelated live process, %s, does not block the start', async (_how, content) => {
    const dataDir = await folder('stale');
    const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' });
    await writeFile(join(dataDir, 'writer.pid'), content(unrelated.pid!));
    const server = await start(dataDir).finally(() => unrelated.kill());
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // While the server runs, its lock holds: a CLI command that must write goes through it, and a
    // second server is refused.
    const second = await startServerProcess(dataDir).then(() => 'started', (err: Error) => err.message);
    expect(second).toContain('another spritekiln process');
  }, 90_000);

  // A server killed together with its launcher stays a zombie until something reaps it: it still
  // answers signals with its own start time, but holds nothing.
  it('a writer.pid naming a zombie with its own start time does not block the start', async () => {
    const dataDir = await folder('zombie');
    // `sleep 0` exits at once and `sleep 60`, which replaced its parent shell, never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const zombie = Number((await once(parent.stdout!, 'data'))[0]);
    try {
      for (let i = 0; i < 50 && !(await readFile(`/proc/${zombie}/stat`, 'utf8')).includes(') Z '); i++) await new Promise((r) => setTimeout(r, 20));
      const stat = await readFile(`/proc/${zombie}/stat`, 'utf8');
      expect(stat).toContain(') Z ');
      await writeFile(join(dataDir, 'writer.pid'), `${zombie} ${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`);
      const server = await start(dataDir);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      parent.kill();
    }
  }, 90_000);
});
