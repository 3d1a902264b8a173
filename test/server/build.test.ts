// The compiled build `npm install` makes (tools/build.mjs): the CLI and server, and the worker tasks,
// run as plain JavaScript with nothing transpiled at start, and it records the sources it read so
// bin/spritekiln.js can tell when it is out of date.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let out: string;

beforeAll(async () => {
  // Inside the project, as dist/ is: the bundle finds package.json and web/ above it.
  out = await mkdtemp(join(ROOT, 'test/.tmp-build-'));
  await run('node', [join(ROOT, 'tools/build.mjs'), out]);
}, 60_000);
afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

describe('the compiled build', () => {
  it('answers --help as plain JavaScript', async () => {
    const { stdout } = await run('node', [join(out, 'spritekiln.js'), '--help']);
    expect(stdout).toMatch(/^usage: spritekiln <command>/);
  });

  it('a worker thread loads its tasks from it', async () => {
    const tasks = (await import(pathToFileURL(join(out, 'tasks.js')).href)) as Record<string, unknown>;
    for (const name of ['probe', 'render', 'normalize', 'finish']) expect(typeof tasks[name]).toBe('function');
  });

  it('lists every source it read, so an edit after the build is noticed', async () => {
    const inputs = JSON.parse(await readFile(join(out, 'inputs.json'), 'utf8')) as string[];
    for (const path of ['server/main.ts', 'server/service.ts', 'workers/tasks.ts', 'schemas/messages.ts']) expect(inputs).toContain(path);
    expect(inputs.some((p) => p.startsWith('node_modules/'))).toBe(false);
  });
});
