// What a (re-)run does with each entry, from what the state file recorded: skip it (done, files on
// disk), wait on the job an earlier run submitted (never submit it again), or run it. An entry edited
// since, one that failed, and one whose submission was cut off are run.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { BatchState, EntryState } from './batchState.ts';
import type { Entry } from './jobsFile.ts';

export type Plan =
  | { action: 'skip'; entry: Entry; previous: EntryState }
  | { action: 'resume'; entry: Entry; jobId: string; cost?: number }
  | { action: 'run'; entry: Entry; warning?: string };

export async function planEntries(entries: Entry[], state: BatchState, outDir: string): Promise<Plan[]> {
  return Promise.all(entries.map((entry) => planEntry(entry, state.get(entry.name), outDir)));
}

async function planEntry(entry: Entry, previous: EntryState | undefined, outDir: string): Promise<Plan> {
  if (!previous) return { action: 'run', entry };
  if (previous.fingerprint !== entry.fingerprint) return { action: 'run', entry, warning: `${entry.name}: changed in the jobs file since the last run: running it again` };
  switch (previous.status) {
    case 'done':
      if (await allExist(join(outDir, entry.name), previous.files ?? [])) return { action: 'skip', entry, previous };
      // Files removed by hand: fetch them again from the job that made them.
      return previous.jobId ? { action: 'resume', entry, jobId: previous.jobId, cost: previous.cost } : { action: 'run', entry };
    case 'submitted':
      return previous.jobId ? { action: 'resume', entry, jobId: previous.jobId, cost: previous.cost } : { action: 'run', entry };
    case 'submitting':
      // Killed between sending the request and recording the answer: the server may or may not have
      // taken it, and the API has no way to ask. Say so rather than hide it.
      return { action: 'run', entry, warning: `${entry.name}: the last run was stopped while submitting it; if the server had accepted that request, this entry runs a second time` };
    case 'failed':
      return { action: 'run', entry };
  }
}

async function allExist(dir: string, files: string[]): Promise<boolean> {
  if (!files.length) return false;
  const found = await Promise.all(files.map((f) => access(join(dir, f)).then(() => true, () => false)));
  return found.every(Boolean);
}
