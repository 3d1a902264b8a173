// The one worker pool. Image decoding and generation never run on the server's event loop.
// `inline` runs the same tasks on the calling thread, for unit tests that want no threads.
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ProbeRequest, ProbeResult, TaskResult } from './types.ts';
import type { RenderOutput, RenderRequest } from './specs.ts';
import type { NormalizeRequest } from './normalize.ts';
import type { FinishRequest } from './finish.ts';

export interface WorkerPool {
  probe(req: ProbeRequest): Promise<ProbeResult>;
  render(req: RenderRequest, signal?: AbortSignal): Promise<TaskResult<RenderOutput>>;
  /** A provider's picture -> a PNG of exactly width x height (fitted, centred on transparency). */
  normalize(req: NormalizeRequest, signal?: AbortSignal): Promise<TaskResult<{ width: number; height: number }>>;
  /** A provider's returned pictures -> the engine's full file set for the spec (sheet.json, exports, ...). */
  finish(req: FinishRequest, signal?: AbortSignal): Promise<TaskResult<RenderOutput>>;
  close(): Promise<void>;
}

// A JavaScript entry that registers tsx, then loads tasks.ts: worker threads do not inherit the
// loader of the main thread (node with tsx, or vitest).
const TASKS = fileURLToPath(new URL('./tasks.js', import.meta.url));

export function createPool(options: { threads: number } | 'inline'): WorkerPool {
  if (options === 'inline') {
    const tasks = import('./tasks.ts');
    return {
      probe: async (req) => (await tasks).probe(req),
      render: async (req) => (await tasks).render(req),
      normalize: async (req) => (await tasks).normalize(req),
      finish: async (req) => (await tasks).finish(req),
      close: async () => {},
    };
  }
  const piscina = new Piscina({
    filename: TASKS,
    minThreads: options.threads,
    maxThreads: options.threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    // A bug that makes a decode run away ends that worker, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 2048 },
  });
  return {
    // A held upload's bytes move to the worker rather than being copied (they own their ArrayBuffer).
    probe: (req) => piscina.run(req, { name: 'probe', transferList: req.held ? [req.held.buffer as ArrayBuffer] : undefined }) as Promise<ProbeResult>,
    render: (req, signal) => piscina.run(req, { name: 'render', signal }) as Promise<TaskResult<RenderOutput>>,
    normalize: (req, signal) => piscina.run(req, { name: 'normalize', signal }) as Promise<TaskResult<{ width: number; height: number }>>,
    finish: (req, signal) => piscina.run(req, { name: 'finish', signal }) as Promise<TaskResult<RenderOutput>>,
    close: () => piscina.destroy(),
  };
}
