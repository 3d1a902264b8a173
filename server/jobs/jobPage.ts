// One page of the job list, newest first, kept sorted while summaries stream past: the store scans
// its index once and never holds more than `limit` entries, however many jobs it has.
import type { JobRecord, JobSummary } from './types.ts';

type Sortable = Pick<JobRecord, 'owner' | 'kind' | 'status' | 'cost' | 'createdAt'>;
type Cursor = { createdAt: string; id: string };

/** > 0 when job a is newer than job b: later createdAt, then larger id. ISO times sort as strings. */
export function compareNewest(aCreated: string, aId: string, bCreated: string, bId: string): number {
  if (aCreated !== bCreated) return aCreated > bCreated ? 1 : -1;
  return aId === bId ? 0 : aId > bId ? 1 : -1;
}

export class JobPage {
  readonly jobs: JobSummary[] = [];
  #cursor: Cursor | undefined;

  constructor(
    private readonly limit: number,
    private readonly owner?: string,
  ) {}

  /** Only jobs older than this one belong on the page. */
  after(cursor: Cursor): void {
    this.#cursor = cursor;
  }

  consider(id: string, job: Sortable): void {
    const { jobs, limit } = this;
    if (this.owner !== undefined && job.owner !== this.owner) return;
    if (this.#cursor && compareNewest(job.createdAt, id, this.#cursor.createdAt, this.#cursor.id) >= 0) return;
    const last = jobs[jobs.length - 1];
    if (jobs.length === limit && (!last || compareNewest(job.createdAt, id, last.createdAt, last.id) <= 0)) return;
    let at = jobs.length;
    while (at > 0 && compareNewest(job.createdAt, id, jobs[at - 1]!.createdAt, jobs[at - 1]!.id) > 0) at--;
    jobs.splice(at, 0, { id, owner: job.owner, kind: job.kind, status: job.status, cost: job.cost, createdAt: job.createdAt });
    if (jobs.length > limit) jobs.pop();
  }
}
