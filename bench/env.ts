// The bench runs under the server's malloc settings (bench/run.ts). What is started as a user starts
// it (the server through its launcher, ImageMagick as shipped) gets the environment the bench itself
// was started with instead.

import { withServerMalloc } from '../bin/malloc.js';

/** Names of the malloc settings the bench added, with the values they had before (null: unset). */
const ADDED = 'SPRITEKILN_BENCH_MALLOC_WAS';

/** `env` for running the bench again under the server's malloc settings, remembering what they were. */
export function benchEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const was = Object.fromEntries(['MALLOC_MMAP_THRESHOLD_', 'GLIBC_TUNABLES'].map((k) => [k, env[k] ?? null]));
  return { ...withServerMalloc(env), [ADDED]: JSON.stringify(was) };
}

/** Whether this process already runs under the settings benchEnv gave. */
export const underServerMalloc = (): boolean => process.env[ADDED] !== undefined;

/** The environment the bench was started with. */
export function userEnv(): NodeJS.ProcessEnv {
  const added = process.env[ADDED];
  const env = { ...process.env };
  delete env[ADDED];
  if (added === undefined) return env;
  for (const [k, v] of Object.entries(JSON.parse(added) as Record<string, string | null>)) {
    if (v === null) delete env[k];
    else env[k] = v;
  }
  return env;
}
