// The Phaser plugin in a real browser (Debian's Chromium via playwright-core) against a real server
// (startTestServer), on Phaser 4 and Phaser 3.90: animate(), the `spritekiln` loader file type in
// preload(), pack.json through this.load.pack (with the plugin and in plain Phaser), errors as
// Phaser events, and the example page, whose screenshot the README shows.
//
// The page is served by the example's own server (plugins/phaser/example/serve.ts) from 127.0.0.1,
// which passes /public/v1, /cdn and /openapi.json through to the API server, as one origin.
// Result files are loaded cross-origin from the API server itself (/cdn allows any origin).
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpritekilnClient, type Job } from '../../../plugins/client/index.ts';
import { startExampleServer, type ExampleServer } from '../../../plugins/phaser/example/serve.ts';
import { buildPhaserPlugin } from '../../../plugins/phaser/build.ts';
import { phaserPack } from '../../../workers/output/phaserPack.ts';
import { hero, png, poseSheet } from '../../fixtures/sprites.ts';
import { startTestServer, type TestServer } from '../../helpers/testServer.ts';
import { launchChromium, type Browser } from './browser.ts';

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const SCREENSHOT = path('../../../plugins/phaser/screenshot.png');
const TMP = path('../../.tmp/');

interface SheetJson {
  frames: Record<string, { frame: { w: number; h: number }; duration: number }>;
  meta: { frameTags: { name: string; from: number; to: number }[]; exports?: Record<string, string>; pivot?: { x: number; y: number } };
}
interface Played {
  phaser: string;
  key: string;
  repeat: number;
  texture: string;
  frames: { name: string; width: number; height: number; duration: number }[];
  isPlaying: boolean;
  indices: number[];
  origin: { x: number; y: number };
  missing?: string;
}

let server: TestServer;
let browser: Browser;
let client: SpritekilnClient;
let heroPng: Uint8Array;

beforeAll(async () => {
  await buildPhaserPlugin();
  [server, browser, heroPng] = await Promise.all([startTestServer(), launchChromium(), png(hero(48))]);
  client = new SpritekilnClient({ baseUrl: server.url, apiKey: server.key });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** sheet.json of a finished job, as the server wrote it. */
async function sheetJson(metadataUrl: string): Promise<SheetJson> {
  return (await (await fetch(metadataUrl)).json()) as SheetJson;
}

/** The animation Phaser made matches sheet.json frame for frame, and a sprite plays it. */
function expectPlays(played: Played, sheet: SheetJson, frameSide?: number) {
  const names = Object.keys(sheet.frames);
  expect(played.missing).toBeUndefined();
  expect(names.length).toBeGreaterThan(0); // other frame keys than "0".."N-1" give 0 frames, silently
  expect(played.frames.map((f) => f.name)).toEqual(names);
  expect(played.frames.map((f) => [f.width, f.height])).toEqual(names.map((n) => [sheet.frames[n]!.frame.w, sheet.frames[n]!.frame.h]));
  expect(played.frames.map((f) => f.duration)).toEqual(names.map((n) => sheet.frames[n]!.duration));
  // An animation's canvas holds the source (its side is the least) and grows for the motion.
  if (frameSide) {
    expect(played.frames[0]!.width).toBeGreaterThanOrEqual(frameSide);
    expect(played.frames[0]!.height).toBeGreaterThanOrEqual(frameSide);
  }
  expect(played.isPlaying).toBe(true);
  // Sampled every 100 ms for a second at ~80 ms a frame: it advances (and loops).
  expect(new Set(played.indices).size).toBeGreaterThanOrEqual(5);
  expect(played.indices.slice(0, 4)).toEqual([...played.indices.slice(0, 4)].sort((a, b) => a - b));
  // An animation stands on its ground point: a sprite placed at (x, y) has its feet there.
  const pivot = sheet.meta.pivot;
  expect(pivot).toBeDefined();
  expect(played.origin.x).toBeCloseTo(pivot!.x, 2);
  expect(played.origin.y).toBeCloseTo(pivot!.y, 2);
}

/** Runs window.harness[name](...args) in the page (test/plugins/phaser/harness/harness.js). */
async function call(page: Page, name: string, ...args: unknown[]): Promise<any> {
  return page.evaluate(([n, a]) => (globalThis as any).harness[n as string](...(a as unknown[])), [name, args] as const);
}

const VERSIONS = [
  { name: 'Phaser 4', dir: '../../../node_modules/phaser/dist', version: /^4\./ },
  { name: 'Phaser 3.90', dir: '../../../node_modules/phaser3/dist', version: /^3\.90\./ },
];

describe.each(VERSIONS)('$name', ({ dir, version }) => {
  let site: ExampleServer;
  let page: Page;
  const standIns = new Set<string>();

  beforeAll(async () => {
    site = await startExampleServer({
      apiUrl: server.url,
      apiKey: server.key,
      phaserDir: path(dir),
      mounts: { '/harness/': path('./harness') },
      // Until the server writes pack.json beside sheet.json, the builder it will call stands in.
      onNotFound: async (p) => {
        const job = /^\/cdn\/([0-9a-f-]{36})\/pack\.json$/.exec(p)?.[1];
        if (!job) return undefined;
        standIns.add(job);
        return { type: 'application/json', body: JSON.stringify(phaserPack({ key: job, sheet: 'sheet.png', json: 'sheet.json' })) };
      },
    });
  });
  afterAll(async () => {
    await page?.close();
    await site?.close();
    if (standIns.size) console.info(`pack.json: phaserPack() stood in for ${standIns.size} job(s); the server does not write it yet`);
  });

  /** A fresh page: the harness with the plugin, `plain` Phaser without it, or `esm` Phaser (no global). */
  async function harness(kind: 'plugin' | 'plain' | 'esm' = 'plugin'): Promise<Page> {
    await page?.close();
    page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/harness/${{ plugin: '', plain: '?plugin=0', esm: 'esm.html' }[kind]}`);
    await page.waitForFunction("document.body.dataset.ready === '1'", null, { timeout: 20_000 }).catch((err) => {
      throw new Error(`harness did not start: ${errors.join('; ') || err}`);
    });
    return page;
  }

  it('animate(): a zenith job becomes a looping animation with the frames and durations of sheet.json', async () => {
    const p = await harness();
    const request = { kind: 'zenith', fields: { mode: 'image_to_video', images: ['source'], text: 'jump', frame: 36 } };
    const result = await call(p, 'animate', 'hero-jump', request);
    expect(result.phaser).toMatch(version);
    expect(result.returned).toBe('hero-jump');
    expect(result).toMatchObject({ key: 'hero-jump', texture: 'hero-jump', repeat: -1 });
    expect(result.frames).toHaveLength(36);
    const sheet = await sheetJson(result.events.complete[0].metadata_url);
    expectPlays(result, sheet, 96); // the frame holds the source (hero.png, 96 px)
    expect(result.events.start).toEqual([{ key: 'hero-jump', id: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(result.events.complete).toEqual([{ key: 'hero-jump', anim: 'hero-jump', metadata_url: expect.stringContaining('/sheet.json') }]);
    expect(result.events.error).toEqual([]);
    expect(result.removed).toBe(true);
  });

  it('animate(): a character overlay plays each named row as its own animation (key:title)', async () => {
    const p = await harness();
    // The pose sheet goes up as a data URL (a string that is no texture key is a URL); the character is `source`.
    const poses = `data:image/png;base64,${Buffer.from(await png(poseSheet(4, 3, 40))).toString('base64')}`;
    const rows = JSON.stringify([{ row: 1, title: 'idle', description: '' }, { row: 3, title: 'run', description: '' }]);
    const request = { kind: 'character-overlay/v2', fields: { sprite_sheet: poses, character_images: ['source'], rows, quality: 'standard' } };
    const result = await call(p, 'animate', 'rows', request);
    expect(result.returned).toBe('rows:idle');
    const sheet = await sheetJson(result.events.complete[0].metadata_url);
    expect(sheet.meta.frameTags.map((t) => [t.name, t.from, t.to])).toEqual([['idle', 0, 3], ['run', 4, 7]]);
    // The row's four cells, as sheet.json cuts them, played by a sprite.
    expect(result.frames.map((f: { name: string }) => f.name)).toEqual(['0', '1', '2', '3']);
    expect(result.frames.map((f: { width: number; height: number; duration: number }) => [f.width, f.height, f.duration])).toEqual(['0', '1', '2', '3'].map((n) => [sheet.frames[n]!.frame.w, sheet.frames[n]!.frame.h, sheet.frames[n]!.duration]));
    expect(result.isPlaying).toBe(true);
    expect(result.removed).toBe(true);
  });

  it('load.spritekiln(): a generated sprite in preload(), with loader and plugin events', async () => {
    const p = await harness();
    // `source` is loaded by the same preload(): the job waits for that texture before it uploads it.
    const request = { kind: 'pulsar', fields: { mode: 'image_to_video', images: ['source'], text: 'walk' } };
    const result = await call(p, 'preload', 'walker', request);
    expect(result.phaser).toMatch(version);
    expect(result.frames).toHaveLength(36);
    const sheet = await sheetJson(result.events.complete[0].metadata_url);
    expectPlays(result, sheet, 96);
    expect(result.loader.filecomplete).toEqual([{ key: 'walker', type: 'spritekiln' }]);
    expect(result.loader.loaderror).toEqual([]);
    expect(result.loader.complete).toBe(1);
    expect(result.loader.progress.at(-1)).toBe(1);
    expect(result.events.start).toHaveLength(1);
    expect(result.events.error).toEqual([]);
  });

  it('errors: the server detail reaches the promise, `spritekiln-error` and `loaderror`; nothing is half made', async () => {
    const p = await harness();
    const bad = { kind: 'zenith', fields: { mode: 'image_to_video', images: ['/hero.png'], text: 'jump', frame: 50 } };
    const animated = await call(p, 'animateError', 'broken', bad);
    expect(animated.error).toMatchObject({ name: 'SpritekilnError', status: 400, detail: 'frame should be one of 36, 100' });
    expect(animated.events.error).toEqual([expect.objectContaining({ key: 'broken', status: 400, detail: 'frame should be one of 36, 100' })]);
    expect(animated.texture).toBe(false);
    // A taken key is refused before anything is uploaded (no credits spent).
    const taken = await call(p, 'animateError', 'source', { kind: 'zenith', fields: { mode: 'image_to_video', images: ['source'], text: 'jump', frame: 36 } });
    expect(taken.error.message).toMatch(/"source" exists/);
    expect(taken.events.start).toEqual([]);
    // So is a kind that makes no sheet.json.
    const picture = await call(p, 'animateError', 'picture', { kind: 'image', fields: { prompt: 'a castle', ai_model: 'Gamma Pro' } });
    expect(picture.error.message).toMatch(/image job makes no animation/);
    expect(picture.events.start).toEqual([]);

    const loaded = await call(p, 'preload', 'broken', bad);
    expect(loaded.missing).toBe('broken');
    expect(loaded.loader.loaderror).toEqual([{ type: 'spritekilnjob', key: 'broken', error: '400: frame should be one of 36, 100' }]);
    expect(loaded.events.error).toEqual([expect.objectContaining({ key: 'broken', status: 400 })]);
    expect(loaded.loader.complete).toBe(1);
  });

  describe('pack.json', () => {
    let job: Job;
    let sheet: SheetJson;
    beforeAll(async () => {
      job = await client.run('zenith', { mode: 'image_to_video', images: [{ data: heroPng, name: 'hero.png', type: 'image/png' }], text: 'wave', frame: 36 });
      sheet = await sheetJson(job.metadata_url!);
    });

    it('loads with this.load.pack from its /cdn/<job>/pack.json URL (the plugin makes its URLs pack-relative)', async () => {
      const p = await harness();
      const urls = [`${site.url}/cdn/${job.job_id}/pack.json`];
      // Once the server writes it (listed in sheet.json meta.exports), also straight from the server, cross-origin.
      if (sheet.meta.exports?.phaser) urls.push(new URL(sheet.meta.exports.phaser, job.metadata_url).href);
      for (const url of urls) {
        const result = await call(p, 'pack', url);
        expect(result.phaser).toMatch(version);
        expectPlays(result, sheet, 48);
        expect(result.key).toBe(sheet.meta.frameTags[0]!.name); // createFromAseprite names it after the tag
      }
    });

    it('loads in plain Phaser (no plugin) with the loader path set to the job folder', async () => {
      const p = await harness('plain');
      const folder = `${site.url}/cdn/${job.job_id}/`;
      const result = await call(p, 'pack', 'pack.json', folder);
      expect(result.phaser).toMatch(version);
      expectPlays(result, sheet, 48);
      // Plain Phaser resolves pack URLs against the loader path, not the pack's URL: without the path
      // (and without the plugin) sheet.png is looked for beside the page.
      expect(await call(p, 'pack', `${folder}pack.json`)).toMatchObject({ missing: expect.any(String) });
    });
  });

  it('works with Phaser imported as an ES module (no global Phaser) through usePhaser()', async () => {
    const p = await harness('esm');
    const request = { kind: 'zenith', fields: { mode: 'image_to_video', images: ['source'], text: 'jump', frame: 36 } };
    const result = await call(p, 'animate', 'esm-jump', request);
    expect(result).toMatchObject({ globalPhaser: false, key: 'esm-jump' });
    expect(result.phaser).toMatch(version);
    expectPlays(result, await sheetJson(result.events.complete[0].metadata_url), 96);
  });

  it('calls the API cross-origin, without the pass-through, once the API sends CORS headers', async ({ skip }) => {
    const preflight = await fetch(`${server.url}/public/v1/account`, {
      method: 'OPTIONS',
      headers: { Origin: site.url, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    if (!preflight.headers.get('access-control-allow-origin')) return skip('the API sends no CORS headers yet');
    const p = await harness();
    // A URL this time (fetched by the plugin, then uploaded).
    const request = { kind: 'zenith', fields: { mode: 'image_to_video', images: ['/hero.png'], text: 'jump', frame: 36 } };
    const result = await call(p, 'animate', 'direct', request, { serverUrl: server.url });
    expectPlays(result, await sheetJson(result.events.complete[0].metadata_url), 96);
  });

  it('the example page plays a generated jump (screenshot for the README)', async () => {
    await page?.close();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 632, height: 392 });
    await page.goto(`${site.url}/`);
    await page.waitForFunction('document.body.dataset.state', null, { timeout: 30_000 });
    expect(await page.evaluate('document.body.dataset.state')).toBe('playing');
    const state = (await page.evaluate(`({ version: Phaser.VERSION, frames: example.anim.frames.length, playing: example.sprite.anims.isPlaying })`)) as { version: string; frames: number; playing: boolean };
    expect(state.version).toMatch(version);
    expect(state).toMatchObject({ frames: 36, playing: true });
    await page.waitForTimeout(600); // mid-jump
    const shot = await page.screenshot();
    // Not blank: the page, the source hero and the generated one have many colours.
    const { data } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 3 * 7) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    expect(colours.size).toBeGreaterThan(50);
    await mkdir(TMP, { recursive: true });
    await writeFile(`${TMP}phaser-example-${state.version}.png`, shot);
    // The README's screenshot (Phaser 4): written when missing or with UPDATE=1, like golden files.
    const missing = !(await stat(SCREENSHOT).catch(() => undefined));
    if (/^4\./.test(state.version) && (missing || process.env.UPDATE === '1')) await writeFile(SCREENSHOT, shot);
  });
});
