// Locks held by a process, and the data folder's. The folder is private to the user who runs
// spritekiln (0700, whatever the umask: it holds every account, key hash, upload and result). One
// process writes it at a time, the one that holds `<data>/writer.pid` (the server, or a CLI command
// when no server runs); one batch runs on an output folder at a time. A lock file names the
// holder's pid and when that process started, so a lock left by a dead process is taken over even
// when its pid now belongs to an unrelated live process.
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataFolderBusy extends Error {}

/** Creates the data folder if need be and makes it private to its owner. */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

export function acquireWriterLock(dataDir: string): () => void {
  privateFolder(dataDir);
  return takeLock(join(dataDir, 'writer.pid'), (pid) => new DataFolderBusy(`another spritekiln process (pid ${pid}) is using ${dataDir}`));
}

/** Takes the lock `file` for this process (released by the function returned), or throws `busy(holder's pid)`. */
export function takeLock(file: string, busy: (pid: number) => Error): () => void {
  const mine = `${process.pid} ${startTime(process.pid) ?? ''}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const { pid, started } = lockHolder(file);
      if (pid && pid !== process.pid && holds(pid, started)) throw busy(pid);
      rmSync(file, { force: true });
    }
  }
  throw busy(0);
}

/** Who holds the lock `file`: its pid and, where the system gives one, its start time (a lock file is "pid started"). */
export function lockHolder(file: string): { pid: number; started: number | undefined } {
  const [pid, started] = readFileSync(file, 'utf8').trim().split(' ').map(Number);
  return { pid: pid ?? NaN, started };
}

/**
 * Whether process `pid` is alive and, where the system says, is the one that took the lock: it
 * started when the lock says, or (a lock that gives no start time) its command line is spritekiln's.
 */
function holds(pid: number, started: number | undefined): boolean {
  if (!alive(pid)) return false;
  if (started !== undefined && !Number.isNaN(started)) {
    const now = startTime(pid);
    return now === undefined || now === started;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('spritekiln');
  } catch {
    return true; // no /proc to ask: a live pid is taken at its word
  }
}

/** Fields 3 on of Linux's /proc/<pid>/stat (after the command name, which may hold spaces); undefined elsewhere. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** When process `pid` started, in clock ticks since boot (field 22); undefined where the system does not say. */
function startTime(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? Number(fields[19]) : undefined;
}

/**
 * Whether process `pid` runs. A process killed with its parent stays a zombie until it is reaped:
 * it answers signals but holds nothing (the server the launcher started, both killed at once).
 */
function alive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const state = statFields(pid)?.[0];
  return state !== 'Z' && state !== 'X';
}
