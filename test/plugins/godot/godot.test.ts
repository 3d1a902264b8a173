// The Godot 4 plugin in real Godot, headless, against real servers started here: every script
// passes --check-only; the runner (tests/run.gd, one process) drives SpritekilnClient through
// jobs, downloads and SpriteFrames; the editor boots with the plugin, the dock appears, builds its
// form from the server's /openapi.json, generates, imports and assigns with undo. The
// sprite_frames.tres of a real job (the server's, or until the server writes it,
// godotSpriteFrames' from that job's sheet.json) loads in both.
import { mkdtemp, readFile, readdir, rm, stat, writeFile, mkdir, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpritekilnClient } from '../../../plugins/client/index.ts';
import { download } from '../../../plugins/client/download.ts';
import { buildSheetJson, type AsepriteSheet } from '../../../workers/output/aseprite.ts';
import { godotSpriteFrames } from '../../../workers/output/godotSpriteFrames.ts';
import { startTestServer, type TestServer } from '../../helpers/testServer.ts';
import { freePort } from '../../helpers/serverProcess.ts';
import { hero, pixelKnight, png, poseSheet } from '../../fixtures/sprites.ts';
import { copyProject, GODOT_PROJECT, godotEnv, locateGodot, onPath, removeGodotHome, runGodot, type GodotRun } from './godot.ts';

const godot = await locateGodot();
if ('skip' in godot) {
  console.warn(`\n*** Godot plugin tests SKIPPED: ${godot.skip} ***\n`);
  await removeGodotHome();
}
const GODOT = 'path' in godot ? godot.path : '';
const XVFB = GODOT ? await onPath('xvfb-run') : undefined;
if (GODOT && !XVFB) console.warn('\n*** Godot dock screenshot SKIPPED: xvfb-run not found (apt-get install -y xvfb xauth) ***\n');

let server: TestServer;
let queued: TestServer;
let project: string;
let env: NodeJS.ProcessEnv;

describe.skipIf(!GODOT)(`Godot plugin (${'version' in godot ? godot.version : 'not installed'})`, () => {
  beforeAll(async () => {
    [server, queued] = await Promise.all([startTestServer(), startTestServer({ concurrency: 0 })]);
    const disabled = server.addUser();
    server.store.setUserDisabled(disabled.userId, true);
    project = await mkdtemp(join(tmpdir(), 'spritekiln-godot-'));
    await copyProject(project);
    await mkdir(join(project, 'tests/fixtures'), { recursive: true });
    await writeFile(join(project, 'tests/fixtures/hero.png'), await png(hero(48)));
    await writeFile(join(project, 'tests/fixtures/knight.png'), await png(pixelKnight()));
    await writeServerJob(join(project, 'builder_cases/server_job'));
    await writeOverlayJob(join(project, 'builder_cases/overlay_job'));
    await writeOddTiming(join(project, 'builder_cases/odd_timing'));
    env = await godotEnv({
      SPRITEKILN_URL: server.url,
      SPRITEKILN_KEY: server.key,
      SPRITEKILN_DISABLED_KEY: disabled.key,
      SPRITEKILN_QUEUED_URL: queued.url,
      SPRITEKILN_QUEUED_KEY: queued.key,
      SPRITEKILN_DOWN_URL: `http://127.0.0.1:${await freePort()}`,
    });
  });
  afterAll(async () => {
    await Promise.all([server?.close(), queued?.close()]);
    if (project) await rm(project, { recursive: true, force: true });
    await removeGodotHome();
  });

  it('every script passes --check-only', async () => {
    // A project opened once: the editor imports it and registers global classes (SpritekilnClient),
    // which a tool script using the class name needs before it can be checked.
    const imported = await runGodot(GODOT, ['--headless', '--import', '--path', project], env, 120);
    expect(imported.code, imported.output).toBe(0);
    const scripts = (await readdir(project, { recursive: true })).filter((f) => f.endsWith('.gd') && !f.startsWith('.godot'));
    expect(scripts.length).toBeGreaterThanOrEqual(8);
    const failures: string[] = [];
    for (const file of scripts.sort()) {
      const run = await runGodot(GODOT, ['--headless', '--path', project, '--check-only', '--script', `res://${file}`], env, 60);
      if (run.code !== 0) failures.push(`${file} (exit ${run.code}):\n${run.output}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  // The dock's kinds are the server's: the Godot tests submit make-sprite/v1, which no plugin file
  // names, and look for its deprecated unversioned twin, which the server must then really serve.
  it('the addon names no job kind or path: the kinds come from /openapi.json', async () => {
    type Doc = { paths: Record<string, { post?: { 'x-job-kind'?: string; deprecated?: boolean } }> };
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as Doc;
    expect(doc.paths['/public/v1/sprite/make-sprite/v1']?.post?.['x-job-kind']).toBe('make-sprite/v1');
    expect(doc.paths['/public/v1/sprite/make-sprite']?.post).toMatchObject({ 'x-job-kind': 'make-sprite/v1', deprecated: true });
    const addon = join(GODOT_PROJECT, 'addons/spritekiln');
    const sources = await Promise.all((await readdir(addon)).filter((f) => f.endsWith('.gd')).map((f) => readFile(join(addon, f), 'utf8')));
    // Code only: the comments may show a kind as an example.
    const code = sources.flatMap((text) => text.split('\n')).filter((line) => !line.trim().startsWith('#')).join('\n');
    const names = Object.entries(doc.paths).flatMap(([path, ops]) => {
      const kind = ops.post?.['x-job-kind'];
      return kind ? [kind, path, path.slice('/public/v1'.length)] : [];
    });
    expect(names).toContain('make-sprite/v1');
    expect(names.filter((name) => code.includes(`"${name}"`) || code.includes(`'${name}'`))).toEqual([]);
    expect(code).not.toContain('make-sprite/v1');
  });

  it('SpritekilnClient runs jobs on a real server: multipart, wait, download, SpriteFrames (tests/run.gd)', async () => {
    const run = await runGodot(GODOT, ['--headless', '--path', project, '--script', 'res://tests/run.gd'], env, 240);
    report('tests/run.gd', run);
    expect(run.failed, run.output).toBe(0);
    expect(run.passed).toBeGreaterThanOrEqual(60);
    expect(run.code, run.output).toBe(0);
  }, 300_000);

  it('the editor boots with the plugin; the dock checks, generates, imports and assigns with undo', async () => {
    const run = await runGodot(GODOT, ['--headless', '--editor', '--path', project], { ...env, SPRITEKILN_EDITOR_TEST: '1' }, 300);
    report('editor', run);
    expect(run.failed, run.output).toBe(0);
    expect(run.passed).toBeGreaterThanOrEqual(30);
    expect(run.code, run.output).toBe(0);
  }, 360_000);

  // --headless renders nothing (a dummy renderer), so the README's picture comes from an editor
  // that draws: on a virtual X display, OpenGL through Mesa's software rasterizer.
  it.skipIf(!XVFB)('screenshot: the dock after a job, in an editor rendering under Xvfb (plugins/godot/screenshot.png)', async () => {
    const shot = join(project, 'screenshot.png');
    const xvfb = [XVFB!, '-a', '-s', '-screen 0 1600x900x24'];
    const args = ['--editor', '--path', project, '--rendering-driver', 'opengl3', '--audio-driver', 'Dummy'];
    const run = await runGodot(GODOT, args, { ...env, SPRITEKILN_EDITOR_TEST: 'screenshot', SPRITEKILN_SCREENSHOT: shot }, 180, xvfb);
    report('editor screenshot', run);
    expect(run.failed, run.output).toBe(0);
    expect(run.code, run.output).toBe(0);
    expect((await stat(shot)).size).toBeGreaterThan(10_000);
    // The picture holds a port and job ids that change every run: it is kept once, and replaced
    // with UPDATE=1 (as golden files are), so test runs do not rewrite a committed file.
    const kept = join(GODOT_PROJECT, 'screenshot.png');
    if (process.env.UPDATE === '1' || !(await stat(kept).catch(() => undefined))) await copyFile(shot, kept);
  }, 360_000);
});

/** A real job's files as a Godot project gets them, plus the expectations the Godot side checks. */
async function writeServerJob(dir: string): Promise<void> {
  const client = new SpritekilnClient({ baseUrl: server.url, apiKey: server.key });
  const job = await client.run('pulsar', { mode: 'image_to_video', images: [{ data: await png(hero(40)), name: 'hero.png' }], text: 'walk' });
  const files = (await download(job, dir)).map((f) => relative(dir, f));
  const sheet = JSON.parse(await readFile(join(dir, 'sheet.json'), 'utf8')) as AsepriteSheet;
  const built = spriteFramesOf(sheet);
  // Until the server writes sprite_frames.tres (sheet.json meta.exports.godot), the builder's stands in.
  if (!files.includes('sprite_frames.tres')) await writeFile(join(dir, 'sprite_frames.tres'), built);
  await writeFile(join(dir, 'ts_sprite_frames.tres'), built);
  await writeExpect(dir, sheet, true);
}

/** A real character overlay: two named rows of a pose sheet, so sheet.json has two tags and Godot two animations. */
async function writeOverlayJob(dir: string): Promise<void> {
  const client = new SpritekilnClient({ baseUrl: server.url, apiKey: server.key });
  const job = await client.run('character-overlay/v2', {
    sprite_sheet: { data: await png(poseSheet(4, 3, 40)), name: 'poses.png' },
    character_images: [{ data: await png(pixelKnight()), name: 'knight.png' }],
    rows: JSON.stringify([{ row: 1, title: 'idle', description: '' }, { row: 3, title: 'run', description: '' }]),
    quality: 'standard',
  });
  await download(job, dir);
  const sheet = JSON.parse(await readFile(join(dir, 'sheet.json'), 'utf8')) as AsepriteSheet;
  expect(sheet.meta.frameTags.map((t) => t.name)).toEqual(['idle', 'run']);
  await writeFile(join(dir, 'ts_sprite_frames.tres'), spriteFramesOf(sheet));
  await writeExpect(dir, sheet, true);
}

/** Durations with no common step but 1 ms (speed 1000), uneven cells, a name that needs escaping, no loop. */
async function writeOddTiming(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const image = hero(40);
  await writeFile(join(dir, 'sheet.png'), await png(image));
  const rects = [{ x: 0, y: 0, w: 10, h: 40 }, { x: 10, y: 0, w: 12, h: 40 }, { x: 22, y: 5, w: 18, h: 20 }];
  const durationsMs = [83, 84, 250];
  const animation = 'say "hi" ✨';
  const sheet = buildSheetJson({ rects, durationsMs, sheetWidth: 40, sheetHeight: 40, tag: animation });
  await writeFile(join(dir, 'sheet.json'), JSON.stringify(sheet));
  await writeFile(join(dir, 'sprite_frames.tres'), godotSpriteFrames({ sheet: 'sheet.png', width: 40, height: 40, rects, durationsMs, animation, loop: false }));
  await writeExpect(dir, sheet, false);
}

function spriteFramesOf(sheet: AsepriteSheet): string {
  const frames = Object.keys(sheet.frames).sort((a, b) => Number(a) - Number(b)).map((k) => sheet.frames[k]!);
  return godotSpriteFrames({
    sheet: sheet.meta.image, width: sheet.meta.size.w, height: sheet.meta.size.h,
    rects: frames.map((f) => f.frame), durationsMs: frames.map((f) => f.duration),
    animation: sheet.meta.frameTags.length > 0 ? sheet.meta.frameTags : 'default', loop: true,
  });
}

/** The frames, and the first animation's name and frame count (the Godot side checks both). */
async function writeExpect(dir: string, sheet: AsepriteSheet, loop: boolean): Promise<void> {
  const frames = Object.keys(sheet.frames).length;
  const first = sheet.meta.frameTags[0];
  const expectation = { frames, animation: first?.name ?? 'default', animation_frames: first ? first.to - first.from + 1 : frames, loop };
  await writeFile(join(dir, 'expect.json'), JSON.stringify(expectation));
}

/** The counts on success (case lines too with SPRITEKILN_GODOT_VERBOSE=1); all of Godot's output on failure. */
function report(what: string, run: GodotRun): void {
  const all = run.output.split('\n');
  const ok = run.failed === 0 && run.code === 0;
  const cases = all.filter((l) => /^\s*(ok|FAIL|note)\s|^- |passed, \d+ failed/.test(l));
  const shown = !ok ? all : process.env.SPRITEKILN_GODOT_VERBOSE ? cases : cases.filter((l) => /passed, \d+ failed|^\s*note\s/.test(l));
  console.log(`[godot ${what}] exit ${run.code}: ${shown.join('\n')}`);
}
