// The job commands of the CLI (`generate`, `batch`): clients of a running server over HTTP, unlike
// the admin commands in main.ts, which work on the data folder. main.ts hands them their arguments.
export { BATCH_USAGE, runBatch } from './batch.ts';
export { GENERATE_USAGE, runGenerate } from './generate.ts';
export type { CliIo } from './cliIo.ts';
