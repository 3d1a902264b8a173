// The named tasks the pool runs. Each answers data (TaskResult), never a thrown error class.
import { isMainThread } from 'node:worker_threads';
import sharp from 'sharp';
import { probeFile } from './codecs/probe.ts';
import { render as renderJob } from './render.ts';
import { normalize as normalizeImage, type NormalizeRequest } from './normalize.ts';
import { finish as finishResults, type FinishRequest } from './finish.ts';
import type { ProbeRequest, ProbeResult, TaskResult } from './types.ts';
import type { RenderOutput, RenderRequest } from './specs.ts';

// libvips has its own thread pool per process; one thread per worker keeps threads from multiplying.
if (!isMainThread) sharp.concurrency(1);

export const probe = (req: ProbeRequest): Promise<ProbeResult> => probeFile(req);
export const render = (req: RenderRequest): Promise<TaskResult<RenderOutput>> => renderJob(req);
export const normalize = (req: NormalizeRequest): Promise<TaskResult<{ width: number; height: number }>> => normalizeImage(req);
export const finish = (req: FinishRequest): Promise<TaskResult<RenderOutput>> => finishResults(req);
