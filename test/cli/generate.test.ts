// `spritekiln generate` as a user runs it, against `npm start`'s server: the key from api-key.txt,
// one job of several kinds to files on disk, and every error saying what to fix.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, freePort, startServerProcess, type ServerProcess, stopServerProcess } from '../helpers/serverProcess.ts';
import { runGenerate } from '../../server/cli/generate.ts';
import { kindOf } from '../../plugins/client/index.ts';
import { runCli, userEnv, writeInputs } from './helpers.ts';

let dataDir: string;
let work: string;
let server: ServerProcess;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-cli-gen-'));
  work = await mkdtemp(join(tmpdir(), 'spritekiln-cli-gen-work-'));
  [server] = await Promise.all([startServerProcess(dataDir), writeInputs(work)]);
  env = userEnv(server, dataDir);
});

afterAll(async () => {
  await stopServerProcess(server);
  await rm(dataDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

const generate = (args: string[], e = env) => runCli(['generate', ...args], { env: e, cwd: work });

// Concurrent: each case is mostly the CLI starting up, and the server queues the jobs anyway.
describe.concurrent('spritekiln generate', () => {
  const cases: { kind: string; args: string[]; files: string[] }[] = [
    { kind: 'zenith', args: ['--image', 'hero.png', '--text', 'jump', '--frame', '36'], files: ['anim.gif', 'sheet.json', 'sheet.png'] },
    { kind: 'zenith', args: ['--mode', 'video_restyle', '--image', 'walk-sheet.png', '--grid', '4x2', '--text', 'on fire'], files: ['anim.gif', 'sheet.json', 'sheet.png'] },
    { kind: 'pulsar', args: ['--image', 'hero.png', '--end', 'hero.png', '--text', 'walk'], files: ['anim.gif', 'sheet.json', 'sheet.png'] },
    { kind: 'make-sprite/v2', args: ['--image', 'knight.png', '--text', 'walk', '--frame', '49', '--pixel'], files: ['anim.gif', 'sheet.json'] },
    { kind: 'make-sprite-v1', args: ['--image', 'knight.png', '--text', 'jump', '--frame', '25', '--pixel'], files: ['anim.gif', 'sheet.json'] },
    { kind: 'effect/v2', args: ['--description', 'fire burst', '--frame', '4', '--background', 'magenta'], files: ['sheet.json', 'sheet.png'] },
    { kind: 'image-tune/upscale', args: ['--image', 'knight.png', '--scale', '1K'], files: ['image.png'] },
    { kind: 'reskin-v2', args: ['--image', 'knight.png', '--description', 'golden', '--quality', 'standard', '--style', 'cartoon'], files: ['image.png'] },
    { kind: 'image-tune/inpaint/v2', args: ['--image', 'hero.png', '--prompt', 'background to blue sky', '--quality', 'standard'], files: ['image.png'] },
    { kind: 'split-layer', args: ['--image', 'hero.png', '--keyword', 'head'], files: ['layer.png', 'rest.png'] },
    { kind: 'image', args: ['--prompt', 'a sword', '--model', 'Alpha Image 2', '--image', 'hero.png'], files: [] },
  ];

  it.for(cases)('$kind $args.0 $args.1 … writes its files and lists them', async ({ kind, args, files }, { expect }) => {
    const out = join(work, `out-${kind}-${args.length}`);
    const res = await generate([kind, ...args, '--out', out]);
    expect(res.code, res.stderr).toBe(0);
    const written = (await readdir(out)).sort();
    expect(written).toEqual(expect.arrayContaining(files));
    expect(written.length).toBeGreaterThan(0);
    expect(res.stdout.trim().split('\n').sort()).toEqual(written.map((f) => join(out, f)));
    // Former names (make-sprite-v1, split-layer, image) still work; the job is named as the server names it.
    expect(res.stderr).toMatch(new RegExp(`submitted ${kindOf(kind)} job [0-9a-f-]{36}`));
    if (files.includes('sheet.json')) {
      const meta = JSON.parse(await readFile(join(out, 'sheet.json'), 'utf8')) as { frames: Record<string, unknown> };
      expect(Object.keys(meta.frames)[0]).toBe('0');
    }
  });

  it('reads --rows from a file and sends --end as the end frame', async ({ expect }) => {
    await writeFile(join(work, 'rows.json'), JSON.stringify([{ row: 1, title: 'idle', description: 'standing' }]));
    const [overlay, plus] = await Promise.all([
      generate(['overlay-v1', '--sheet', 'poses.png', '--image', 'hero.png', '--image', 'knight.png', '--rows', 'rows.json', '--resolution', '1K', '--out', join(work, 'ov1')]),
      generate(['plus', '--image', 'hero.png', '--end', 'knight.png', '--text', 'turn', '--frame', '49', '--no-enhance', '--out', join(work, 'plus')]),
    ]);
    expect(overlay.code, overlay.stderr).toBe(0);
    expect(plus.code, plus.stderr).toBe(0);
    expect(await readdir(join(work, 'plus'))).toEqual(expect.arrayContaining(['anim.gif', 'sheet.json', 'sheet.png']));
  });

  it("says what to fix: a 400's detail", async ({ expect }) => {
    const bad = await generate(['zenith', '--image', 'hero.png', '--text', 'jump', '--frame', '50']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('zenith: frame should be one of 36, 100');
  });

  // Problems found before any request: run in this process (no server is involved), to spare a
  // child process each.
  it('says what to fix before sending: a flag the kind does not take, a missing file, no key', async ({ expect }) => {
    const local = async (args: string[], extraEnv: Record<string, string> = {}) => {
      let stderr = '';
      const io = { stderr: { write: (s: string) => ((stderr += s), true), isTTY: false } as unknown as NodeJS.WriteStream, cwd: work, env: { ...env, ...extraEnv } };
      return { code: await runGenerate(args, io), stderr };
    };
    const fire = ['effect-v2', '--text', 'fire', '--frame', '4', '--background', 'white'];
    const stray = await local(['pulsar', '--image', 'hero.png', '--text', 'walk', '--frame', '36']);
    expect(stray).toMatchObject({ code: 2, stderr: expect.stringContaining('--frame does not apply to pulsar; it takes --mode, --image, --end, --text') });
    const missing = await local(['zenith', '--image', 'nope.png', '--text', 'jump', '--frame', '36']);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining(`images: cannot read ${join(work, 'nope.png')} (ENOENT)`) });
    const kind = await local(['zenit']);
    expect(kind.stderr).toContain('unknown kind "zenit": one of generate/image, effect/v1, effect/v2, character-overlay/v1, character-overlay/v2, make-sprite/v1, make-sprite/v2, plus, zenith, pulsar, reskin/v1, reskin/v2, image-tune/upscale, image-tune/split-layer, image-tune/inpaint/v2, reskin, image-tune/inpaint');
    const remote = await local([...fire, '--server', 'http://sprites.example:8787']);
    expect(remote).toMatchObject({ code: 2, stderr: expect.stringContaining('no API key for http://sprites.example:8787: pass --key or set SPRITEKILN_KEY') });
    const noKeyFile = await local(fire, { SPRITEKILN_DATA: join(work, 'no-data') });
    expect(noKeyFile).toMatchObject({ code: 2, stderr: expect.stringContaining(`start the server once (npm start) so it writes ${join(work, 'no-data', 'api-key.txt')}`) });
  });

  it('a refused key, too few credits, no server: each says so', async ({ expect }) => {
    const fire = ['effect-v2', '--text', 'fire', '--frame', '4', '--background', 'white'];
    const [poor, port] = await Promise.all([cli(dataDir, 'keys', 'create', '--name', 'poor', '--credits', '3'), freePort()]);
    const [refused, broke, down] = await Promise.all([
      generate([...fire, '--key', 'sk_not_a_key']),
      generate(['plus', '--image', 'hero.png', '--text', 'walk', '--frame', '49'], { ...env, SPRITEKILN_KEY: poor }),
      generate([...fire, '--server', `http://127.0.0.1:${port}`]),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the key was refused: check --key / api-key.txt');
    expect(broke.code).toBe(1);
    expect(broke.stderr).toContain('plus: not enough credits: balance 3, this job costs 9');
    expect(down.code).toBe(1);
    expect(down.stderr).toContain(`cannot reach http://127.0.0.1:${port}: is \`npm start\` running?`);
  });
});
