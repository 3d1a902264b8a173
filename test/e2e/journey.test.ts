// As a user: `npm start` on a free port with a fresh data folder, a key made with the CLI, one job of
// every kind run to Succeed, every URL downloaded and its frames, sizes and colours checked.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decompressFrames, parseGIF } from 'gifuct-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, type FormValue } from '../helpers/testServer.ts';
import { cli, startServerProcess, type ServerProcess, stopServerProcess } from '../helpers/serverProcess.ts';
import { gifBytes, pngBytes, sheetPngBytes } from '../fixtures/images.ts';

let dataDir: string;
let server: ServerProcess;
let key: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-e2e-'));
  server = await startServerProcess(dataDir, { npm: true });
  key = await cli(dataDir, 'keys', 'create', '--name', 'e2e', '--credits', '1000');
});

afterAll(async () => {
  await stopServerProcess(server);
  await rm(dataDir, { recursive: true, force: true });
});

const file = (bytes: Uint8Array, name = 'in.png', type = 'image/png'): FormValue => ({ bytes, name, type });

async function run(path: string, fields: Record<string, FormValue | FormValue[]>) {
  const res = await fetch(`${server.url}/public/v1${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form(fields) });
  const created = (await res.json()) as { job_id: string };
  expect(res.status, JSON.stringify(created)).toBe(200);
  for (;;) {
    const poll = await fetch(`${server.url}/public/v1/job/${created.job_id}?wait=10`, { headers: { Authorization: `Bearer ${key}` } });
    const job = (await poll.json()) as { status: string; image_urls: string[]; metadata_url?: string; error?: string };
    if (job.status === 'Pending') continue;
    expect(job.status, job.error).toBe('Succeed');
    return job;
  }
}

async function download(url: string) {
  expect(url.startsWith(`${server.url}/cdn/`)).toBe(true);
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

async function png(url: string) {
  const { data, info } = await sharp(await download(url)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

async function gif(url: string) {
  const parsed = parseGIF((await download(url)).buffer as ArrayBuffer);
  const frames = decompressFrames(parsed, true);
  return { frames: frames.length, totalCs: frames.reduce((s, f) => s + f.delay / 10, 0), width: parsed.lsd.width, height: parsed.lsd.height };
}

async function sheetJson(url: string) {
  return JSON.parse(new TextDecoder().decode(await download(url))) as { frames: Record<string, { frame: { w: number; h: number }; duration: number }>; meta: { size: { w: number; h: number } } };
}

const pixel = (img: { data: Uint8Array; width: number }, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

/** A sheet of `n` frames of w x h in ceil(sqrt(n)) columns, its GIF at 12 fps, and its sheet.json. */
async function expectAnimation(job: { image_urls: string[]; metadata_url?: string }, n: number, w: number, h: number, opts: { grows?: boolean; at12fps?: boolean } = {}) {
  const [sheetUrl, gifUrl] = job.image_urls;
  const columns = Math.ceil(Math.sqrt(n));
  const sheet = await png(sheetUrl!);
  const meta = await sheetJson(job.metadata_url!);
  // Animations grow their canvas for the motion (at least the start's size); restyle keeps the source's.
  const cell = meta.frames['0']!.frame;
  if (opts.grows) { expect(cell.w).toBeGreaterThanOrEqual(w); expect(cell.h).toBeGreaterThanOrEqual(h); }
  else expect(cell).toMatchObject({ w, h });
  expect([sheet.width, sheet.height]).toEqual([columns * cell.w, Math.ceil(n / columns) * cell.h]);
  const anim = await gif(gifUrl!);
  expect(anim.frames).toBe(n);
  if (opts.at12fps !== false) expect(anim.totalCs).toBe(Math.floor((n * 100) / 12));
  expect(Object.keys(meta.frames)).toEqual(Array.from({ length: n }, (_, i) => String(i)));
  return sheet;
}

describe('a user drives every endpoint with the first-start server', () => {
  it('prints a key on first start and keeps it in api-key.txt (0600)', async () => {
    const saved = (await readFile(join(dataDir, 'api-key.txt'), 'utf8')).trim();
    expect(saved).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(server.output()).toContain(saved);
    expect((await stat(join(dataDir, 'api-key.txt'))).mode & 0o777).toBe(0o600);
    expect(key).toMatch(/^sk_/);
    const account = await fetch(`${server.url}/public/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
    expect(await account.json()).toMatchObject({ name: 'e2e', credits: 1000 });
  });

  it('zenith image_to_video: 36 frames, the first is the start image', async () => {
    const start = await pngBytes(40, 30, (x, y) => [x * 6, y * 8, 128, 255]);
    const job = await run('/sprite/zenith', { mode: 'image_to_video', images: file(start), text: 'idle breathing', frame: '36' });
    const sheet = await expectAnimation(job, 36, 40, 30, { grows: true });
    expect(sheet.width).toBeGreaterThanOrEqual(6 * 40);
  });

  it('zenith first_last_frame: 100 frames ending on the end image', async () => {
    const start = await pngBytes(24, 24, [255, 0, 0, 255]);
    const end = await pngBytes(24, 24, [0, 0, 255, 255]);
    const job = await run('/sprite/zenith', { mode: 'first_last_frame', images: [file(start), file(end)], text: 'turn blue', frame: '100' });
    const sheet = await expectAnimation(job, 100, 24, 24);
    expect(pixel(sheet, 12, 12)).toEqual([255, 0, 0, 255]);
    expect(pixel(sheet, 9 * 24 + 12, 9 * 24 + 12)).toEqual([0, 0, 255, 255]);
  });

  it('zenith video_restyle of a 6 s GIF gives 100 frames of the source size', async () => {
    const source = gifBytes({ width: 20, height: 16, frames: 12, delaysCs: 50 });
    const job = await run('/sprite/zenith', { mode: 'video_restyle', images: file(source, 'walk.gif', 'image/gif'), text: 'golden' });
    await expectAnimation(job, 100, 20, 16, { at12fps: false });
  });

  it('pulsar video_restyle of a PNG sheet gives 36 frames of the cell size', async () => {
    const source = await sheetPngBytes(4, 3, 16, 20);
    const job = await run('/sprite/pulsar', { mode: 'video_restyle', images: file(source), sprite_grid: '{"columns": 4, "rows": 3}', text: 'ice' });
    await expectAnimation(job, 36, 16, 20);
  });

  it('pulsar image_to_video: 36 frames', async () => {
    const job = await run('/sprite/pulsar', { mode: 'image_to_video', images: file(await pngBytes(32, 32)), text: 'jump' });
    await expectAnimation(job, 36, 32, 32);
  });

  it('plus: 49 frames in a 7x7 sheet', async () => {
    const job = await run('/sprite/plus', { start_image: file(await pngBytes(16, 16)), text: 'walk', frame: '49', is_pixel: 'true' });
    await expectAnimation(job, 49, 16, 16);
  });

  it('make-sprite v2: the GIF then every frame, first frame the start image; large starts fit 512x512', async () => {
    const start = await pngBytes(1024, 768, [10, 200, 30, 255]);
    const job = await run('/sprite/make-sprite/v2', { start_frame_image: file(start), text: 'wave', frame: '49', is_pixel: 'false' });
    expect(job.image_urls).toHaveLength(50);
    const anim = await gif(job.image_urls[0]!);
    expect([anim.frames, anim.width, anim.height]).toEqual([49, 512, 384]);
    const first = await png(job.image_urls[1]!);
    expect([first.width, first.height]).toEqual([512, 384]);
    expect(pixel(first, 256, 192)).toEqual([10, 200, 30, 255]);
    expect(job.metadata_url).toBeDefined();
  });

  it('effect v1 4K and v2 4 frames: square sheets opaque on their background colour', async () => {
    const v1 = await run('/generate/effect/v1', { description: 'green fire', resolution: '4K', background_color: 'magenta' });
    const big = await png(v1.image_urls[0]!);
    expect([big.width, big.height]).toEqual([4096, 4096]);
    expect(pixel(big, 0, 0)).toEqual([0xff, 0x4c, 0xff, 255]);
    const v2 = await run('/generate/effect/v2', { description: 'explosion', frame: '4', background_color: 'chroma_green' });
    const sheet = await png(v2.image_urls[0]!);
    expect([sheet.width, sheet.height]).toEqual([1024, 1024]);
    expect(pixel(sheet, 0, 0)).toEqual([0x52, 0xff, 0x60, 255]);
    for (let i = 3; i < sheet.data.length; i += 4 * 997) expect(sheet.data[i]).toBe(255);
  });

  it('character overlay v1 and v2: result sized by resolution and quality', async () => {
    const sheet = await sheetPngBytes(4, 2, 32, 32);
    const character = await pngBytes(20, 28, [250, 200, 0, 255]);
    const rows = JSON.stringify([{ row: 1, title: 'walk', description: 'walking' }]);
    const v1 = await run('/sprite/character-overlay/v1', { sprite_sheet: file(sheet), character_images: file(character), rows, resolution: '1K' });
    const a = await png(v1.image_urls[0]!);
    expect(Math.max(a.width, a.height)).toBe(1024);
    const v2 = await run('/sprite/character-overlay/v2', { sprite_sheet: file(sheet), character_images: [file(character), file(character)], rows, quality: 'pro', style: 'pixel' });
    const b = await png(v2.image_urls[0]!);
    expect([b.width, b.height]).toEqual([256, 128]);
  });

  it('generate/image: a 1024x1024 PNG', async () => {
    const job = await run('/generate/image', { prompt: 'a red potion', ai_model: 'Alpha Image 2' });
    const img = await png(job.image_urls[0]!);
    expect([img.width, img.height]).toEqual([1024, 1024]);
  });

  it('charged every job once', async () => {
    const res = await fetch(`${server.url}/public/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
    // zenith 9 + 25 + 25, pulsar 4 + 3, plus 9, make-sprite 9, effect 10 + 3, overlay 5 + 10, image 2
    expect(((await res.json()) as { credits: number }).credits).toBe(1000 - 114);
  });
});
