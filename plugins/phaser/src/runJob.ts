// The part both paths share (this.spritekiln.animate and this.load.spritekiln): upload the request,
// wait for the job with progress, and check it made a sheet to animate.
import { KINDS, kindOf, type Job, type KindName } from '../../client/index.ts';
import { clientFor, type SpritekilnConfig } from './config.ts';
import { SpritekilnEvents } from './events.ts';
import { fileFields, resolveFields, type SpritekilnRequest } from './request.ts';
import { sheetUrls } from './sheetUrls.ts';

export interface RunJobOptions<K extends KindName> {
  key: string;
  request: SpritekilnRequest<K>;
  config: Required<SpritekilnConfig>;
  scene: Phaser.Scenes.Systems;
  signal: AbortSignal;
  onProgress?: (progress: number) => void;
}

const SHEET_KINDS = Object.entries(KINDS).filter(([, k]) => k.result === 'sheet').map(([name]) => name);

export async function runJob<K extends KindName>(options: RunJobOptions<K>): Promise<Job> {
  const { key, request, config, scene, signal } = options;
  const kind = kindOf(request.kind);
  if (!kind) throw new Error(`spritekiln: no job kind is called "${request.kind}" (one of ${Object.keys(KINDS).join(', ')})`);
  // A kind whose job makes pictures, not a sheet.json, is refused before anything is uploaded or charged.
  if (KINDS[kind].result !== 'sheet') {
    throw new Error(`spritekiln: a ${request.kind} job makes no animation; use ${SHEET_KINDS.join(', ')} (or the client for pictures)`);
  }
  const client = clientFor(config);
  const files = await fileFields(config.serverUrl, KINDS[kind].path, signal);
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
