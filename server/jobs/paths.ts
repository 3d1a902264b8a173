// Where a job's files live. Paths are built here from the job id alone: a request path never
// reaches the file system unchecked.
import { join } from 'node:path';
import type { InputFile, JobSpec } from '../../workers/specs.ts';

export const inputsDir = (dataDir: string, jobId: string) => join(dataDir, 'inputs', jobId);
export const resultsDir = (dataDir: string, jobId: string) => join(dataDir, 'results', jobId);

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
  }
}
