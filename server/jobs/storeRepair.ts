// `spritekiln store restore|reset`: the ways back when the hot file (db.json) is lost or damaged,
// which the server then refuses to start with (lowdbStore.ts says why). Each sets the damaged file
// aside rather than deleting it, and runs only while no server holds the folder.
import { access, copyFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { acquireWriterLock } from '../lock.ts';
import { BACKUP } from './lowdbStore.ts';

const exists = (path: string) => access(path).then(() => true, () => false);

/** Moves `name` in `dir` to `<name>.broken-<time>`, if it is there; returns the new name. */
async function setAside(dir: string, name: string): Promise<string | undefined> {
  if (!(await exists(join(dir, name)))) return undefined;
  const aside = `${name}.broken-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(join(dir, name), join(dir, aside));
  return aside;
}

async function locked<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const release = acquireWriterLock(dataDir);
  try {
    return await fn();
  } finally {
    release();
  }
}

/** Puts back the copy of db.json taken at the last start. Jobs charged since then are not charged in it. */
export function restoreStore(dataDir: string): Promise<string> {
  return locked(dataDir, async () => {
    if (!(await exists(join(dataDir, BACKUP)))) throw new Error(`there is no ${BACKUP} in ${dataDir} to restore (it is written at each start)`);
    const aside = await setAside(dataDir, 'db.json');
    await copyFile(join(dataDir, BACKUP), join(dataDir, 'db.json'));
    return `db.json restored from ${BACKUP}${aside ? ` (the damaged one is ${aside})` : ''}; balances are as they were at that start`;
  });
}

/** An empty db.json: the next start makes a new local user and key. Finished jobs stay in jobs.jsonl. */
export function resetStore(dataDir: string): Promise<string> {
  return locked(dataDir, async () => {
    const aside = [await setAside(dataDir, 'db.json'), await setAside(dataDir, 'api-key.txt')].filter(Boolean);
    await writeFile(join(dataDir, 'db.json'), '{}', { mode: 0o600 });
    return `db.json reset${aside.length ? ` (set aside: ${aside.join(', ')})` : ''}; the next start makes a new local user and key`;
  });
}
