// The commands of `spritekiln keys|users|credits|jobs`, over a JobStore. The running server executes
// them (through control.ts) so the store keeps one writer; with no server, the CLI runs them itself.
import { rm } from 'node:fs/promises';
import type { JobStore, JobSummary } from './jobs/types.ts';
import { hashKey, newApiKey } from './keys.ts';
import { resultsDir } from './jobs/paths.ts';

export type AdminCommand =
  | { command: 'keys.create'; name?: string; credits?: number }
  | { command: 'keys.revoke'; key: string }
  | { command: 'users.disable'; key: string }
  | { command: 'credits.add'; key: string; amount: number }
  | { command: 'jobs.list'; limit?: number }
  | { command: 'jobs.prune'; olderThanDays: number };

/** New users made with `keys create` start with this many credits, as the first local user does. */
export const DEFAULT_CREDITS = 10_000;

export async function runAdmin(store: JobStore, dataDir: string, cmd: AdminCommand): Promise<unknown> {
  switch (cmd.command) {
    case 'keys.create': {
      // (A number the CLI could not send arrives as null: refused, not taken as "the default".)
      if (cmd.credits !== undefined && !(Number.isSafeInteger(cmd.credits) && cmd.credits >= 0)) throw new Error('credits must be a whole number of at least 0');
      const user = store.createUser(cmd.name ?? 'user', cmd.credits ?? DEFAULT_CREDITS);
      const key = newApiKey();
      store.addKey(user.id, hashKey(key), cmd.name ?? 'cli');
      await store.flush();
      return { key, user_id: user.id, credits: user.credits };
    }
    case 'keys.revoke': {
      if (!store.revokeKey(hashKey(cmd.key))) throw new Error('no such key');
      await store.flush();
      return { revoked: true };
    }
    case 'users.disable': {
      const userId = userIdOf(store, cmd.key);
      store.setUserDisabled(userId, true);
      await store.flush();
      return { user_id: userId, disabled: true };
    }
    case 'credits.add': {
      if (!Number.isSafeInteger(cmd.amount)) throw new Error('credits must be a whole number');
      const credits = store.addCredits(userIdOf(store, cmd.key), cmd.amount, 'cli');
      await store.flush();
      return { credits };
    }
    case 'jobs.list':
      return (await store.listJobs({ limit: cmd.limit ?? 1000 })) satisfies JobSummary[];
    case 'jobs.prune': {
      if (typeof cmd.olderThanDays !== 'number' || !(cmd.olderThanDays >= 0)) throw new Error('--older-than takes a number of days');
      const removed = await store.pruneJobs(new Date(Date.now() - cmd.olderThanDays * 86_400_000));
      await store.flush();
      // A finished job's inputs went at its end (runner.ts).
      for (const id of removed) await rm(resultsDir(dataDir, id), { recursive: true, force: true });
      return { removed: removed.length };
    }
  }
}

function userIdOf(store: JobStore, key: string) {
  const found = store.findKey(hashKey(key));
  if (!found) throw new Error('no such key');
  return found.userId;
}
