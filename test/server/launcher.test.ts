// `spritekiln serve` on Linux: the command starts the server as its child with glibc's mmap
// threshold fixed (read only as a process starts), passes signals on, ends as the server ends, and
// the server does not outlive it. With the setting already in the environment, the command serves
// in its own process.
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/serverProcess.ts';

const linux = process.platform === 'linux';
const started: { server: ServerProcess; dir: string }[] = [];

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'spritekiln-launcher-'));
  const server = await startServerProcess(dir, { env });
  started.push({ server, dir });
  return server;
}

const environ = async (pid: number) => (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');

/** Whether process `pid` still runs (a zombie does not). */
async function running(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat !== '' && !/\) [ZX] /.test(stat);
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await check()) return true;
  return false;
}

afterEach(async () => {
  for (const { server, dir } of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) await stopServerProcess(server);
    await rm(dir, { recursive: true, force: true });
  }
});

describe.runIf(linux)('the serve command on Linux', () => {
  it('runs the server as its child with the mmap threshold fixed at 4 MiB and huge pages asked for', async () => {
    const server = await start();
    expect(server.pid).not.toBe(server.child.pid);
    expect(await environ(server.pid)).toContain('MALLOC_MMAP_THRESHOLD_=4194304');
    expect(await environ(server.pid)).toContain('GLIBC_TUNABLES=glibc.malloc.hugetlb=1');
    expect(await environ(server.child.pid!)).not.toContain('MALLOC_MMAP_THRESHOLD_=4194304');
  }, 60_000);

  it("keeps the user's own glibc tunables", async () => {
    const server = await start({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' });
    expect(await environ(server.pid)).toContain('GLIBC_TUNABLES=glibc.malloc.arena_max=2');
    expect(await environ(server.pid)).not.toContain('hugetlb');
  }, 60_000);

  it('passes SIGTERM on: the server finishes and flushes, and the command exits 0', async () => {
    const server = await start();
    process.kill(server.child.pid!, 'SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM: finishing running work');
    expect(await running(server.pid)).toBe(false);
  }, 60_000);

  it('the server stops when the command is killed outright', async () => {
    const server = await start();
    process.kill(server.child.pid!, 'SIGKILL');
    await server.exited;
    expect(await until(async () => !(await running(server.pid)))).toBe(true);
    expect(server.output()).toContain('launcher gone: finishing running work');
  }, 60_000);

  it('the command ends as the server does, killed by the same signal', async () => {
    const server = await start();
    process.kill(server.pid, 'SIGKILL');
    await server.exited;
    expect(server.child.signalCode).toBe('SIGKILL');
  }, 60_000);

  it('with the setting already given, serves in its own process', async () => {
    const server = await start({ MALLOC_MMAP_THRESHOLD_: '1048576' });
    expect(server.pid).toBe(server.child.pid);
  }, 60_000);

  it('started to be debugged, serves in its own process, where the debugger is', async () => {
    const server = await start({ NODE_OPTIONS: '--inspect=127.0.0.1:0' });
    expect(server.pid).toBe(server.child.pid);
  }, 60_000);
});
