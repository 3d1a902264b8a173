// GET /public/v1/jobs?limit=&before= (an extension): the caller's own jobs, newest first, for the
// dashboard's gallery and for scripts. `before` is a job id to page from; `next_before` is set when
// more jobs follow. A bad limit or cursor is a FastAPI-shaped 422, like the job endpoint's uuid check.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { INT_PARSING, intFromText } from '../../schemas/fields.ts';
import type { ValidationEntry } from '../../schemas/formErrors.ts';
import { parseUuid } from '../../schemas/uuid.ts';
import { unprocessable } from '../errors.ts';
import type { JobStore, JobSummary, User } from '../jobs/types.ts';
import { resultUrls } from './job.ts';
import { sendJson } from '../json.ts';

export const DEFAULT_LIMIT = 20;
/** A page is capped so one request cannot make the server read every finished job's record. */
export const MAX_LIMIT = 100;

export interface JobsRouteDeps {
  store: JobStore;
  cdnBase: (ctx: Context) => string;
}

export interface JobListItem {
  job_id: string;
  kind: string;
  status: string;
  cost: number;
  created_at: string;
  image_urls?: string[];
  metadata_url?: string;
}

export function jobsRoutes(router: Router, deps: JobsRouteDeps) {
  router.get('/jobs', async (ctx) => {
    const user = ctx.state.user as User;
    const errors: ValidationEntry[] = [];
    const limit = parseLimit(ctx.query.limit, errors);
    const before = parseBefore(ctx.query.before, errors);
    if (errors.length > 0 || limit === undefined) throw unprocessable(errors);

    // Another user's job as the cursor is treated as an unknown one (the store answers an empty page).
    // One more than asked tells whether a next page exists.
    const page = await deps.store.listJobs({ owner: user.id, limit: limit + 1, before });
    const more = page.length > limit;
    const shown = page.slice(0, limit);
    const cdn = deps.cdnBase(ctx);
    const jobs = await Promise.all(shown.map((s) => item(deps.store, s, cdn)));
    const last = shown[shown.length - 1];
    sendJson(ctx, { jobs, ...(more && last ? { next_before: last.id } : {}) });
  });
}

async function item(store: JobStore, summary: JobSummary, cdn: string): Promise<JobListItem> {
  const base: JobListItem = { job_id: summary.id, kind: summary.kind, status: summary.status, cost: summary.cost, created_at: summary.createdAt };
  if (summary.status !== 'Succeed') return base;
  const job = await store.getJob(summary.id);
  return job ? { ...base, ...resultUrls(job, cdn) } : base;
}

const single = (raw: unknown): string | undefined => (Array.isArray(raw) ? raw[raw.length - 1] : typeof raw === 'string' ? raw : undefined);

/** pydantic's wording for `limit: int = Query(20, ge=1, le=100)`; an empty value is the default. */
function parseLimit(raw: unknown, errors: ValidationEntry[]): number | undefined {
  const value = single(raw);
  if (value === undefined || value === '') return DEFAULT_LIMIT;
  const loc = ['query', 'limit'];
  const n = intFromText(value);
  if (n === undefined) {
    errors.push({ type: INT_PARSING.type, loc, msg: INT_PARSING.msg, input: value });
    return undefined;
  }
  if (n < 1) errors.push({ type: 'greater_than_equal', loc, msg: 'Input should be greater than or equal to 1', input: value, ctx: { ge: 1 } });
  else if (n > MAX_LIMIT) errors.push({ type: 'less_than_equal', loc, msg: `Input should be less than or equal to ${MAX_LIMIT}`, input: value, ctx: { le: MAX_LIMIT } });
  else return n;
  return undefined;
}

function parseBefore(raw: unknown, errors: ValidationEntry[]): string | undefined {
  const value = single(raw);
  if (value === undefined || value === '') return undefined;
  const parsed = parseUuid(value);
  if (parsed.ok) return parsed.value;
  errors.push({ ...parsed.entry, loc: ['query', 'before'] });
  return undefined;
}
