// The configured providers, built once at start-up, and the choice for each job: for generate/image
// its ai_model's provider when one is mapped, else its kind's, else "local".
import type { WorkerPool } from '../../workers/pool.ts';
import type { JobSpec } from '../../workers/specs.ts';
import type { JobKind } from '../jobs/types.ts';
import { neutralModel } from '../../schemas/generateImage.ts';
import { GenerateContentProvider } from './generateContent.ts';
import { ImagesApiProvider } from './imagesApi.ts';
import { LocalProvider } from './local.ts';
import type { ProviderPlan, ProviderSettings } from './providerConfig.ts';
import type { Provider } from './provider.ts';
import { UpstreamProvider } from './upstream.ts';

export class Providers {
  readonly #byName = new Map<string, Provider>();
  readonly #plan: ProviderPlan | undefined;

  /** No plan: every job on the built-in engine (today's behaviour). */
  constructor(pool: WorkerPool, plan?: ProviderPlan) {
    this.#plan = plan;
    this.#byName.set('local', new LocalProvider(pool));
    for (const settings of plan?.providers.values() ?? []) {
      if (settings.type !== 'local') this.#byName.set(settings.name, build(settings, pool));
    }
  }

  get(name: string): Provider | undefined {
    return this.#byName.get(name);
  }

  select(kind: JobKind, spec: JobSpec): Provider {
    const plan = this.#plan;
    if (!plan) return this.#byName.get('local')!;
    const byModel = spec.kind === 'image' ? plan.models.get(neutralModel(spec.model) ?? spec.model) : undefined;
    return this.#byName.get(byModel ?? plan.kinds.get(kind) ?? 'local')!;
  }

  /** One line for the start-up log: what runs where (never a key). */
  describe(): string {
    const plan = this.#plan;
    if (!plan || this.#byName.size === 1) return 'providers: every job kind on the built-in engine';
    const kinds = [...plan.kinds].filter(([, n]) => n !== 'local').map(([k, n]) => `${k} -> ${n}`);
    const models = [...plan.models].map(([m, n]) => `"${m}" -> ${n}`);
    return `providers (${plan.source ?? 'environment'}): ${[...kinds, ...models].join(', ') || 'all local'}`;
  }
}

function build(settings: ProviderSettings, pool: WorkerPool): Provider {
  switch (settings.type) {
    case 'upstream': return new UpstreamProvider(settings, pool);
    case 'images-api': return new ImagesApiProvider(settings, pool);
    case 'generate-content': return new GenerateContentProvider(settings, pool);
    case 'local': return new LocalProvider(pool);
  }
}
