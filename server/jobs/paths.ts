// Where a job's files live. Paths are built here from the job id alone: a request path never
// reaches the file system unchecked.
import { join } from 'node:path';
import type { InputFile, JobSpec } from '../../workers/specs.ts';

/**
 * Uploads are received here and an accepted job's inputs stay where they were received (one flat
 * folder: no folder per job, no move at acceptance, released at the job's end). Data folders from
 * before hold a folder per job here instead (inputs/<job id>/...); their paths are in the jobs'
 * specs all the same.
 */
export const inputsRoot = (dataDir: string) => join(dataDir, 'inputs');
/** Files kept to be written over by the next uploads (inputFiles.ts); emptied at each start. */
export const spareRoot = (dataDir: string) => join(dataDir, 'spare');
export const resultsDir = (dataDir: string, jobId: string) => join(dataDir, 'results', jobId);

/** Every input file of a job, as stored (relative to the data folder); its forwarded request names the same files. */
export function inputPaths(job: { spec: JobSpec }): string[] {
  const paths: string[] = [];
  mapInputFiles(job.spec, (path) => (paths.push(path), path));
  return paths;
}

/** The same spec with every input file path passed through `fn` (relative on disk, absolute at run time). */
export function mapInputFiles<T extends JobSpec>(spec: T, fn: (path: string) => string): T {
  const file = (f: InputFile): InputFile => ({ ...f, path: fn(f.path) });
  const opt = (f: InputFile | undefined) => (f ? file(f) : undefined);
  switch (spec.kind) {
    case 'animate':
      return { ...spec, start: file(spec.start), end: opt(spec.end) };
    case 'restyle':
      return { ...spec, source: file(spec.source), reference: opt(spec.reference) };
    case 'effect':
      return { ...spec, reference: opt(spec.reference) };
    case 'overlay':
      return { ...spec, sheet: file(spec.sheet), characters: spec.characters.map(file) };
    case 'image':
      return { ...spec, refs: spec.refs.map(file) };
    case 'upscale':
    case 'split-layer':
    case 'reskin':
    case 'inpaint':
      return { ...spec, image: file(spec.image) };
  }
}
