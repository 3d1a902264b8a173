// What the two model-API providers share: the reference images as (mime type, bytes), and turning the
// picture a model returned into image.png exactly as the local engine leaves it — re-encoded on the
// worker pool (decode, fit into 1024x1024, encode), so it is always a valid PNG of the spec'd size —
// with image.json beside it saying what made it.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WorkerPool } from '../../workers/pool.ts';
import type { ImageSpec, RenderOutput } from '../../workers/specs.ts';
import { ProviderError, type ProviderContext } from './provider.ts';

export const IMAGE_SIZE = 1024;
const IMAGE_PNG = 'image.png';
const RECEIVED = '.received';

const MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;

export async function referenceImages(spec: ImageSpec): Promise<{ mime: string; bytes: Buffer; ext: string }[]> {
  return Promise.all(spec.refs.map(async (f) => ({ mime: MIME[f.info.format], ext: f.info.format, bytes: await readFile(f.path) })));
}

export async function writeModelImage(
  pool: WorkerPool,
  picture: Uint8Array,
  spec: ImageSpec,
  ctx: ProviderContext,
  about: Record<string, unknown>,
): Promise<RenderOutput> {
  const received = join(ctx.outDir, RECEIVED);
  await writeFile(received, picture);
  try {
    const result = await pool.normalize({ input: received, output: join(ctx.outDir, IMAGE_PNG), width: IMAGE_SIZE, height: IMAGE_SIZE }, ctx.signal);
    if (!result.ok) throw new ProviderError(`${String(about.provider ?? 'provider')}: ${result.message}`);
  } finally {
    await rm(received, { force: true });
  }
  await writeFile(join(ctx.outDir, 'image.json'), `${JSON.stringify({ prompt: spec.prompt, model: spec.model, refs: spec.refs.length, ...about }, null, 2)}\n`);
  ctx.progress(1);
  return { files: [IMAGE_PNG] };
}

/** Base64 as models send it (standard or URL alphabet, maybe with a data: prefix) -> bytes; undefined when it is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  const clean = text.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (clean.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(clean)) return undefined;
  return Buffer.from(clean, clean.includes('-') || clean.includes('_') ? 'base64url' : 'base64');
}
