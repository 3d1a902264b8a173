// Result hosting under {cdn_url}/{job_id}/{file}. The job id (a random UUID v4) is the capability,
// so engines and browsers can load URLs without headers; a request that does carry a key for
// another user still gets 404. The path is rebuilt from the validated id and a plain file name,
// and only a regular file directly in the job's own folder is served: a symbolic link planted
// there (or put in the folder's place) is not followed.
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type Router from '@koa/router';
import { M } from '../../schemas/messages.ts';
import { parseUuid } from '../../schemas/uuid.ts';
import { userFor } from '../auth.ts';
import { ApiError } from '../errors.ts';
import { resultsDir } from '../jobs/paths.ts';
import type { JobStore } from '../jobs/types.ts';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.json': 'application/json',
  '.tres': 'text/plain; charset=utf-8',
};
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

export function cdnRoutes(router: Router, deps: { store: JobStore; dataDir: string }) {
  router.get('/:job_id/:file', async (ctx) => {
    const id = parseUuid(ctx.params.job_id ?? '');
    const file = ctx.params.file ?? '';
    const notFound = new ApiError(404, M.notFound);
    if (!id.ok || !FILE_NAME.test(file)) throw notFound;
    const job = await deps.store.getJob(id.value);
    if (!job || job.status !== 'Succeed') throw notFound;
    if (ctx.get('Authorization') && userFor(deps.store, ctx.get('Authorization')).id !== job.owner) throw notFound;
    const handle = await openResult(resultsDir(deps.dataDir, job.id), file);
    if (!handle) throw notFound;
    ctx.type = TYPES[extname(file)] ?? 'application/octet-stream';
    ctx.length = handle.size;
    // Results never change once a job has succeeded.
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = handle.file.createReadStream();
  });
}

/** The regular file `name` in `folder`, opened, when neither is a symbolic link; undefined otherwise. */
async function openResult(folder: string, name: string): Promise<{ file: FileHandle; size: number } | undefined> {
  const dir = await lstat(folder).catch(() => undefined);
  if (!dir?.isDirectory()) return undefined;
  // O_NOFOLLOW: the open fails on a link rather than opening what it points to.
  const file = await open(join(folder, name), constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => undefined);
  if (!file) return undefined;
  const info = await file.stat().catch(() => undefined);
  if (info?.isFile()) return { file, size: info.size };
  await file.close();
  return undefined;
}
