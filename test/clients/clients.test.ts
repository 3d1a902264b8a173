// Scripts written the way users of the hosted sprite service write them, in Python (requests) and
// Node (fetch + FormData), run unchanged but for the base URL against a started spritekiln: the
// hosted service's endpoints, vendor model names, the unversioned routes, a failing job read through
// error_message, and a download of every URL. Python needs `requests` (.ci/run installs Debian's
// python3-requests); without it the Python half reports itself skipped.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodePng } from '../../workers/codecs/encode.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { SPRITES_DIR, still } from '../fixtures/realSprites.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const python = ['python3', '/usr/bin/python3'].find((p) => spawnSync(p, ['-c', 'import requests'], { stdio: 'ignore' }).status === 0);
if (!python) console.warn('\n*** Python client SKIPPED: no python3 with requests (apt-get install -y python3-requests) ***\n');

interface Line { name: string; path: string; status: string; files?: { name: string; kind: string; bytes: number }[]; error?: string }

let server: TestServer;
let sprite: string;
// Scripts close each connection as soon as they have read a response: the server must take that
// quietly (koa's default printed a stack for every one).
const printed = vi.spyOn(console, 'error');

beforeAll(async () => {
  server = await startTestServer({ concurrency: 2 });
  sprite = join(await mkdtemp(join(tmpdir(), 'spritekiln-clients-')), 'adventurer.png');
  await writeFile(sprite, await encodePng(still('adventurer-front').image));
});
afterAll(async () => {
  await server?.close();
  expect(printed.mock.calls.map((c) => String(c[0]))).toEqual([]);
  printed.mockRestore();
});

function runScript(command: string, args: string[]): Promise<{ code: number | null; lines: Line[]; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, BASE_URL: `${server.url}/public/v1`, API_KEY: server.key } });
    let out = '', err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, stderr: err, lines: out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line) }));
  });
}

/** Every job but the last succeeded with downloadable files; the last failed with a message that says why. */
function expectRun(lines: Line[], count: number): void {
  expect(lines).toHaveLength(count);
  for (const line of lines.slice(0, -1)) {
    expect(line.status, `${line.name}: ${line.error}`).toBe('Succeed');
    expect(line.files!.length, line.name).toBeGreaterThan(0);
    for (const f of line.files!) {
      expect(['png', 'gif'], `${line.name}: ${f.name}`).toContain(f.kind);
      expect(f.bytes).toBeGreaterThan(60);
    }
  }
  const failed = lines.at(-1)!;
  expect(failed.status).toBe('Failed');
  expect(failed.error).toMatch(/knows|understands/);
}

describe('clients written for the hosted service run unchanged against spritekiln', () => {
  it.skipIf(!python)('Python (requests)', async () => {
    const { code, lines, stderr } = await runScript(python!, [join(HERE, 'hosted_client.py'), sprite]);
    expect(code, stderr).toBe(0);
    expectRun(lines, 12);
    const byName = new Map(lines.map((l) => [l.name, l]));
    // make-sprite: the GIF, then every frame.
    expect(byName.get('make-sprite v1')!.files!.map((f) => f.kind)).toEqual(['gif', ...Array<string>(25).fill('png')]);
    expect(byName.get('make-sprite, unversioned')!.files).toHaveLength(37);
    expect(byName.get('split-layer')!.files!.map((f) => f.name)).toEqual(['layer.png', 'rest.png']);
  }, 240_000);

  it('Node (fetch + FormData)', async () => {
    const { code, lines, stderr } = await runScript(process.execPath, [join(HERE, 'hosted_client.mjs'), sprite, join(SPRITES_DIR, 'adventurer-cartoon-sheet-9x3-80x110.png')]);
    expect(code, stderr).toBe(0);
    expectRun(lines, 9);
    expect(lines.find((l) => l.name === 'make-sprite v1')!.files).toHaveLength(50);
  }, 240_000);
});
