// A gallery preset: one named job the built-in engine runs, to look at. Each engine's presets live
// in gallery/presets/<engine>.ts; `npm run gallery` renders them all.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { probeFile } from '../workers/codecs/probe.ts';
import type { InputFile, JobSpec } from '../workers/specs.ts';
import type { ImageFormat } from '../workers/types.ts';

export interface Preset {
  /** Unique, file-name safe: it names the output folder. */
  name: string;
  /** What to look for, shown under the result. */
  note?: string;
  /** Writes its inputs into `dir` (use `input`) and returns the spec to render. */
  build(dir: string): Promise<JobSpec>;
}

/** Writes bytes as an input file and probes it, as the server would. */
export async function input(dir: string, name: string, bytes: Uint8Array, accept: ImageFormat[] = ['png', 'jpeg', 'webp', 'gif']): Promise<InputFile> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  const probed = await probeFile({ path, accept });
  if (!probed.ok) throw new Error(`${name}: ${probed.message}`);
  return { path, info: probed.value };
}

export const seedFor = (name: string) => createHash('sha256').update(name).digest('hex');
