// One writer per data folder: the process that holds `<data>/writer.pid` (the server, or a CLI
// command when no server runs). A lock left by a dead process is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataFolderBusy extends Error {}

export function acquireWriterLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'writer.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && alive(pid)) throw new DataFolderBusy(`another spritekiln process (pid ${pid}) is using ${dataDir}`);
      rmSync(file, { force: true });
    }
  }
  throw new DataFolderBusy(`could not lock ${dataDir}`);
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
