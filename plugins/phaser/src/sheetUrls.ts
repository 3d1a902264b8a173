// Where a finished sheet job's files are: sheet.json is the job's metadata_url, and sheet.png sits
// beside it (it is also in image_urls for zenith, pulsar, plus and effects; make-sprite lists the
// GIF and the frames instead, but writes the sheet all the same).
import type { Job } from '../../client/index.ts';

export function sheetUrls(job: Job): { sheet: string; json: string } {
  const json = job.metadata_url;
  if (!json) {
    throw new Error(`spritekiln: job ${job.job_id} has no sheet.json; only sheet jobs (zenith, pulsar, plus, make-sprite, effects) make animations`);
  }
  const sheet = job.image_urls.find((u) => new URL(u, json).pathname.endsWith('/sheet.png')) ?? new URL('sheet.png', json).href;
  return { sheet, json };
}
