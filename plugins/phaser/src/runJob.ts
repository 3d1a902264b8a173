// The part both paths share (this.spritekiln.animate and this.load.spritekiln): upload the request,
// wait for the job with progress, and check it made a sheet to animate.
import { ENDPOINTS, type Job, type JobKind } from '../../client/index.ts';
import { clientFor, type SpritekilnConfig } from './config.ts';
import { SpritekilnEvents } from './events.ts';
import { fileFields, resolveFields, type SpritekilnRequest } from './request.ts';
import { sheetUrls } from './sheetUrls.ts';

export interface RunJobOptions<K extends JobKind> {
  key: string;
  request: SpritekilnRequest<K>;
  config: Required<SpritekilnConfig>;
  scene: Phaser.Scenes.Systems;
  signal: AbortSignal;
  onProgress?: (progress: number) => void;
}

/** Kinds whose jobs make a picture, not a sheet.json: refused before anything is uploaded or charged. */
const NO_SHEET: ReadonlySet<JobKind> = new Set(['image', 'overlay-v1', 'overlay-v2', 'upscale', 'split-layer', 'reskin-v1', 'reskin-v2', 'inpaint-v2']);

export async function runJob<K extends JobKind>(options: RunJobOptions<K>): Promise<Job> {
  const { key, request, config, scene, signal } = options;
  if (NO_SHEET.has(request.kind)) {
    throw new Error(`spritekiln: a ${request.kind} job makes no animation; use zenith, pulsar, plus, make-sprite or effect-v1/v2 (or the client for pictures)`);
  }
  const client = clientFor(config);
  const files = await fileFields(config.serverUrl, ENDPOINTS[request.kind], signal);
  const fields = await resolveFields(scene.textures, { ...request, signal }, files);
  const id = await client.create(request.kind, fields, signal);
  scene.events.emit(SpritekilnEvents.START, key, id);
  const job = await client.wait(id, {
    signal,
    pollSeconds: config.pollSeconds,
    onProgress: (j) => {
      options.onProgress?.(j.progress ?? 0);
      scene.events.emit(SpritekilnEvents.PROGRESS, key, j.progress ?? 0, j);
    },
  });
  sheetUrls(job);
  return job;
}
