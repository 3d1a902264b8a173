// GET /public/v1/job/{job_id}: {job_id, status, image_urls} plus the additive fields of docs/contract.md §4
// (progress while Pending, error when Failed, metadata_url once Succeed). ?wait=N long-polls.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { parseUuid } from '../../schemas/uuid.ts';
import { M } from '../../schemas/messages.ts';
import { ApiError, unprocessable } from '../errors.ts';
import type { Runner } from '../jobs/runner.ts';
import type { JobRecord, JobStore, User } from '../jobs/types.ts';
import { sendJson } from '../json.ts';

/** Long-polls are capped so a client cannot hold a connection open indefinitely. */
const MAX_WAIT_S = 30;

export interface JobRouteDeps {
  store: JobStore;
  runner: Runner;
  cdnBase: (ctx: Context) => string;
}

export function jobRoutes(router: Router, deps: JobRouteDeps) {
  router.get('/job/:job_id', async (ctx) => {
    const user = ctx.state.user as User;
    const parsed = parseUuid(ctx.params.job_id ?? '');
    if (!parsed.ok) throw unprocessable([parsed.entry]);
    const waitS = Math.min(MAX_WAIT_S, Math.max(0, Number.parseInt(String(ctx.query.wait ?? '0'), 10) || 0));

    let job = await ownJob(deps.store, parsed.value, user);
    if (job.status === 'Pending' && waitS > 0) {
      await deps.runner.waitFor(job.id, waitS * 1000);
      job = await ownJob(deps.store, job.id, user);
    }
    sendJson(ctx, present(job, deps.cdnBase(ctx), deps.runner));
  });
}

/** Someone else's job is indistinguishable from no job. */
export async function ownJob(store: JobStore, id: string, user: User): Promise<JobRecord> {
  const job = await store.getJob(id);
  if (!job || job.owner !== user.id) throw new ApiError(404, M.jobNotFound);
  return job;
}

/** A Succeed job's result files by URL: image_urls, and metadata_url when it has one. */
export function resultUrls(job: JobRecord, cdn: string) {
  const url = (file: string) => `${cdn}/${job.id}/${file}`;
  return { image_urls: job.outputs.map(url), ...(job.metadata ? { metadata_url: url(job.metadata) } : {}) };
}

function present(job: JobRecord, cdn: string, runner: Runner) {
  return {
    job_id: job.id,
    status: job.status,
    ...(job.status === 'Succeed' ? resultUrls(job, cdn) : { image_urls: [] }),
    ...(job.status === 'Pending' ? { progress: runner.progress(job.id) ?? 0 } : {}),
    // error_message too: the hosted service's docs and clients read that name for the same text.
    ...(job.status === 'Failed' ? { error: job.error ?? 'Failed', error_message: job.error ?? 'Failed' } : {}),
  };
}
