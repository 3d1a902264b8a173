// The built-in engine as a provider: today's pool.render, unchanged.
import type { WorkerPool } from '../../workers/pool.ts';
import type { Provider, ProviderContext, ProviderJob, ProviderResult } from './provider.ts';

export class LocalProvider implements Provider {
  readonly name = 'local';
  constructor(private readonly pool: WorkerPool) {}

  run(job: ProviderJob, ctx: ProviderContext): Promise<ProviderResult> {
    return this.pool.render({ spec: job.spec, outDir: ctx.outDir, seed: job.seed, progress: ctx.progressCell }, ctx.signal);
  }
}
