// The provider interface: what the runner asks of a generation backend. One job in (its spec with
// absolute input paths, and the original form fields for providers that forward the request), files
// out in ctx.outDir, named in image_urls order. Providers report progress, honour the signal, and
// persist what they must not lose across a restart (a remote job id) through ctx.saveState, which
// resolves only once the state is on disk.
import type { RenderOutput } from '../../workers/specs.ts';
import type { JobSpec } from '../../workers/specs.ts';
import type { TaskResult } from '../../workers/types.ts';
import type { JobKind, JobRequest } from '../jobs/types.ts';

export interface ProviderJob {
  id: string;
  kind: JobKind;
  /** Input paths are absolute. */
  spec: JobSpec;
  seed: string;
  /** The validated form as received (fields, and persisted file paths, absolute); absent on jobs made before providers. */
  request?: JobRequest;
}

/** What a provider may keep on the job record: plain JSON, never a secret. */
export type ProviderState = Record<string, string | number | boolean>;

export interface ProviderContext {
  dataDir: string;
  /** Created empty by the runner; result files go here under their final names. */
  outDir: string;
  /** Aborted on shutdown (the job stays Pending and resumes next start) or on the job timeout. */
  signal: AbortSignal;
  /** The shared progress cell (thousandths), for providers that hand it to a worker. */
  progressCell: Int32Array;
  /** 0..1 of the job. */
  progress(fraction: number): void;
  /** What an earlier run of this job saved (a restart resumes from it). */
  state: ProviderState | undefined;
  /** Stores state on the job record and resolves once it is on disk. */
  saveState(state: ProviderState): Promise<void>;
  log(message: string): void;
}

/** A result, or a readable reason the job failed (shown to the API user as the job's `error`). */
export type ProviderResult = TaskResult<RenderOutput>;

export interface Provider {
  /** The name it has in the config ("local", "hosted", ...). */
  readonly name: string;
  run(job: ProviderJob, ctx: ProviderContext): Promise<ProviderResult>;
}

/** Thrown inside providers for an end that is the remote's or the config's, not a bug: its message is the job's error. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

export const failed = (message: string): ProviderResult => ({ ok: false, code: 'provider_failed', message: bounded(message) });

/** Errors are shown to API users: one line, bounded. */
export function bounded(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line || 'failed';
}
