// `upstream` to a remote that answers like the hosted original: a job id, then Succeed with
// image_urls only — a sheet PNG and a GIF (zenith, pulsar, plus), a GIF and frame PNGs (make-sprite
// v2), result images (effects) — under its own file names, with no metadata_url and no sheet.json.
// Through spritekiln the job must still end with the local engine's whole file set (docs/contract.md §3):
// the same names in the same image_urls order as a local job, a valid sheet.json (frames "0".."N-1",
// 12 fps durations), sprite_frames.tres and pack.json, the spec's frame count, and with is_pixel
// every pixel of every frame in the start image's palette with binary alpha.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, post, startTestServer, waitForJob, type FormValue, type TestServer } from '../../helpers/testServer.ts';
import { gifBytes, pngBytes } from '../../fixtures/images.ts';
import { decodeGif } from '../../../workers/codecs/gif.ts';
import { decodeStill } from '../../../workers/codecs/decode.ts';
import { encodeGif, encodePng } from '../../../workers/codecs/encode.ts';
import { assembleSheet, cutFrames } from '../../../workers/output/sheet.ts';
import { frameDurationsMs } from '../../../workers/kernels/timing.ts';
import { extractPalette, usesOnlyPalette } from '../../../workers/kernels/palette.ts';
import type { AsepriteSheet } from '../../../workers/output/aseprite.ts';
import type { RawImage } from '../../../workers/types.ts';
import { json, startFake, type FakeRemote } from './fakeRemote.ts';

type Job = Awaited<ReturnType<typeof waitForJob>>;

let fake: FakeRemote;
let proxy: TestServer; // every kind -> the fake hosted original
let local: TestServer; // the built-in engine, for the file set to match
let dir: string;

/** What the fake answers for the next job: file name -> bytes, in image_urls order. */
let answer: [string, Uint8Array][] = [];
const served = new Map<string, Uint8Array>();
/** Remote job id -> its image_urls. */
const jobs = new Map<string, string[]>();

/** A 16x16 pixel-art start image: four colours on transparency. */
const PIXEL_COLORS: [number, number, number, number][] = [[20, 20, 30, 255], [200, 40, 40, 255], [240, 200, 60, 255], [60, 120, 220, 255]];
const pixelStart = (x: number, y: number): [number, number, number, number] =>
  x < 3 || y < 3 || x > 12 || y > 12 ? [0, 0, 0, 0] : PIXEL_COLORS[(x + 2 * y) % 4]!;

/**
 * Remote frames unlike anything local: soft gradients in colours outside any input palette, and a
 * soft-alpha edge, so the palette lock and binary alpha have work to do.
 */
function remoteFrame(i: number, size = 40): RawImage {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = (y * size + x) * 4;
      const d = Math.hypot(x - size / 2 - (i % 7), y - size / 2);
      const alpha = d < 12 ? 255 : d < 16 ? Math.round(255 * (16 - d) / 4) : 0;
      data.set([(x * 6 + i * 9) & 255, (y * 5 + i * 3) & 255, (x * y + i) & 255, alpha], o);
    }
  }
  return { data, width: size, height: size };
}

const frames = (n: number) => Array.from({ length: n }, (_, i) => remoteFrame(i));
const gifOf = (f: RawImage[]) => encodeGif(f, f.map(() => 8));
const sheetOf = (f: RawImage[]) => encodePng(assembleSheet(f).image);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spritekiln-hosted-'));
  fake = await startFake((req, res: ServerResponse) => {
    if (req.method === 'POST' && req.path.startsWith('/public/v1/')) {
      const id = randomUUID();
      const names = answer.map(([name, bytes]) => {
        served.set(`/files/${id}/${name}`, bytes);
        return `${fake.url}/files/${id}/${name}`;
      });
      jobs.set(id, names);
      return json(res, 200, { job_id: id });
    }
    const job = /^\/public\/v1\/job\/([^?]+)/.exec(req.path);
    if (job) {
      const urls = jobs.get(job[1]!);
      if (!urls) return json(res, 404, { detail: 'Not Found' });
      return json(res, 200, { job_id: job[1], status: 'Succeed', image_urls: urls });
    }
    const file = served.get(req.path);
    if (!file) return json(res, 404, { detail: 'Not Found' });
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    res.end(file);
  });
  const config = join(dir, 'hosted.json');
  await writeFile(config, JSON.stringify({
    providers: { hosted: { type: 'upstream', baseUrl: fake.url, keyEnv: 'HOSTED_KEY', pollIntervalMs: 50, pollSeconds: 0, backoffMs: 20, retries: 2, timeoutMs: 5000 } },
    kinds: { '*': 'hosted' },
  }));
  proxy = await startTestServer({ env: { SPRITEKILN_CONFIG: config, HOSTED_KEY: 'sk_hosted' } });
  local = await startTestServer();
});
afterAll(async () => {
  await proxy?.close();
  await local?.close();
  await fake?.close();
});

async function bytesOf(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Runs `fields` through the proxy (the fake answering `files`) and locally; both must succeed. */
async function both(path: string, fields: Record<string, FormValue | FormValue[]>, files: [string, Uint8Array][]) {
  answer = files;
  const viaProxy = await post(proxy, path, form(fields));
  expect(viaProxy.status).toBe(200);
  const proxied = await waitForJob(proxy, viaProxy.body.job_id as string);
  expect(proxied.status, proxied.error).toBe('Succeed');
  const direct = await post(local, path, form(fields));
  const localJob = await waitForJob(local, direct.body.job_id as string);
  expect(localJob.status, localJob.error).toBe('Succeed');
  return { proxied, localJob };
}

/** The local engine's file set and order: same image_urls names, same files in the result folder. */
async function expectLocalFileSet(proxied: Job, localJob: Job) {
  for (const url of [...proxied.image_urls, proxied.metadata_url ?? '']) expect(url.startsWith(`${proxy.url}/`)).toBe(true);
  expect(proxied.image_urls.map(nameOf)).toEqual(localJob.image_urls.map(nameOf));
  expect(proxied.metadata_url && nameOf(proxied.metadata_url)).toBe('sheet.json');
  const mine = (await readdir(join(proxy.config.dataDir, 'results', proxied.job_id))).sort();
  const theirs = (await readdir(join(local.config.dataDir, 'results', localJob.job_id))).sort();
  expect(mine).toEqual(theirs); // no remote names, no staging folder left behind
}

/** sheet.json is valid for `n` frames, and its exports are served beside it. */
async function expectSheetJson(job: Job, n: number): Promise<AsepriteSheet> {
  const sheet = JSON.parse((await bytesOf(job.metadata_url!)).toString('utf8')) as AsepriteSheet;
  expect(Object.keys(sheet.frames)).toEqual(Array.from({ length: n }, (_, i) => String(i)));
  expect(Object.values(sheet.frames).map((f) => f.duration)).toEqual(frameDurationsMs(n));
  expect(sheet.meta.image).toBe('sheet.png');
  expect(sheet.meta.frameTags).toHaveLength(1);
  expect(sheet.meta.frameTags[0]).toMatchObject({ from: 0, to: n - 1 });
  expect(sheet.meta.exports).toEqual({ godot: 'sprite_frames.tres', phaser: 'pack.json' });
  const base = job.metadata_url!.slice(0, job.metadata_url!.lastIndexOf('/') + 1);
  const tres = (await bytesOf(`${base}sprite_frames.tres`)).toString('utf8');
  expect(tres).toContain('[gd_resource type="SpriteFrames"');
  expect(tres).toMatch(/\[ext_resource type="Texture2D" path="[^"]*sheet\.png"/);
  const pack = JSON.parse((await bytesOf(`${base}pack.json`)).toString('utf8')) as Record<string, { files: { url?: string; atlasURL?: string; textureURL?: string }[] }>;
  expect(JSON.stringify(pack)).toContain('sheet.json');
  return sheet;
}

/** The frames of sheet.png as sheet.json places them. */
async function sheetFrames(job: Job, sheet: AsepriteSheet): Promise<RawImage[]> {
  // make-sprite's sheet.png is not in image_urls: sheet.json names it.
  const png = await bytesOf(job.metadata_url!.slice(0, job.metadata_url!.lastIndexOf('/') + 1) + sheet.meta.image);
  const image = await decodeStill(png, 'png');
  expect([image.width, image.height]).toEqual([sheet.meta.size.w, sheet.meta.size.h]);
  return cutFrames(image, Object.values(sheet.frames).map((f) => f.frame));
}

describe('upstream: a hosted original answering without sheet.json', () => {
  it('zenith, is_pixel: sheet PNG + GIF of another frame count -> the local file set, 36 frames, palette-locked', async () => {
    const start = await pngBytes(16, 16, pixelStart);
    const remote = frames(25); // the remote made 25, the spec asks 36: resampled in time
    const { proxied, localJob } = await both(
      '/sprite/zenith',
      { mode: 'image_to_video', images: { bytes: start, name: 's.png', type: 'image/png' }, text: 'walk', frame: '36', is_pixel: 'true' },
      [['c0ffee-sheet.png', await sheetOf(remote)], ['c0ffee-anim.gif', gifOf(remote)]],
    );
    await expectLocalFileSet(proxied, localJob);
    expect(proxied.image_urls.map(nameOf)).toEqual(['sheet.png', 'anim.gif']);
    const sheet = await expectSheetJson(proxied, 36);
    expect(sheet.meta.source).toMatchObject({ provider: 'hosted', from: 'gif', frames: 25, paletteLock: true });

    const palette = extractPalette([await decodeStill(start, 'png')])!;
    expect(palette).toContain(0);
    const gif = decodeGif(await bytesOf(proxied.image_urls[1]!));
    expect(gif.frames).toHaveLength(36);
    for (const [i, frame] of [...(await sheetFrames(proxied, sheet)), ...gif.frames].entries()) {
      expect(frame.width).toBe(40);
      expect(usesOnlyPalette(frame, palette), `frame ${i}`).toBe(true);
      for (let p = 3; p < frame.data.length; p += 4) if (frame.data[p] !== 0 && frame.data[p] !== 255) throw new Error(`frame ${i}: alpha ${frame.data[p]}`);
    }
    // Not blank: the remote's shape is kept, in the start's colours.
    expect(extractPalette(gif.frames)!.length).toBeGreaterThan(2);
  });

  it('make-sprite v2: GIF + frame PNGs -> anim.gif, frame_000..048.png in order, sheet.json and exports', async () => {
    const remote = frames(49);
    const files: [string, Uint8Array][] = [['out.gif', gifOf(remote)]];
    for (const [i, f] of remote.entries()) files.push([`frame-${i + 1}.png`, await encodePng(f)]);
    const start = await pngBytes(16, 16, (x, y) => [x * 16, y * 16, 128, 255]);
    const { proxied, localJob } = await both(
      '/sprite/make-sprite/v2',
      { start_frame_image: { bytes: start, name: 'a.png', type: 'image/png' }, text: 'jump', frame: '49', is_pixel: 'false' },
      files,
    );
    await expectLocalFileSet(proxied, localJob);
    expect(proxied.image_urls.map(nameOf)).toEqual(['anim.gif', ...Array.from({ length: 49 }, (_, i) => `frame_${String(i).padStart(3, '0')}.png`)]);
    const sheet = await expectSheetJson(proxied, 49);
    expect(sheet.meta.source).toMatchObject({ from: 'frames', frames: 49 });
    // Frame PNGs are the remote's frames exactly (lossless, same count), and so are the sheet's cells.
    const cells = await sheetFrames(proxied, sheet);
    for (const i of [0, 1, 24, 48]) {
      const png = await decodeStill(await bytesOf(proxied.image_urls[i + 1]!), 'png');
      expect(Buffer.from(png.data).equals(Buffer.from(remote[i]!.data)), `frame ${i}`).toBe(true);
      expect(Buffer.from(cells[i]!.data).equals(Buffer.from(remote[i]!.data)), `cell ${i}`).toBe(true);
    }
    expect(decodeGif(await bytesOf(proxied.image_urls[0]!)).frames).toHaveLength(49);
  });

  it('plus: only a sheet PNG -> cut with the ceil(sqrt(N)) grid, GIF made, sheet.json and exports', async () => {
    const remote = frames(49);
    const start = await pngBytes(16, 16, [200, 100, 50, 255]);
    const { proxied, localJob } = await both(
      '/sprite/plus',
      { start_image: { bytes: start, name: 'a.png', type: 'image/png' }, text: 'wave', frame: '49' },
      [['result.png', await sheetOf(remote)]],
    );
    await expectLocalFileSet(proxied, localJob);
    const sheet = await expectSheetJson(proxied, 49);
    expect(sheet.meta.source).toMatchObject({ from: 'sheet', frames: 49 });
    const cells = await sheetFrames(proxied, sheet);
    expect(Buffer.from(cells[30]!.data).equals(Buffer.from(remote[30]!.data))).toBe(true);
    expect(decodeGif(await bytesOf(proxied.image_urls[1]!)).frames).toHaveLength(49);
  });

  it('pulsar video_restyle: sheet + GIF of another length -> the spec frame count (as a local job makes)', async () => {
    const remote = frames(12);
    const source = gifBytes({ width: 16, height: 16, frames: 4, delaysCs: 10 });
    const { proxied, localJob } = await both(
      '/sprite/pulsar',
      { mode: 'video_restyle', images: { bytes: source, name: 'a.gif', type: 'image/gif' }, text: 'made of ice' },
      [['s.png', await sheetOf(remote)], ['a.gif', gifOf(remote)]],
    );
    await expectLocalFileSet(proxied, localJob);
    const localSheet = JSON.parse((await bytesOf(localJob.metadata_url!)).toString('utf8')) as AsepriteSheet;
    const n = Object.keys(localSheet.frames).length;
    expect(n).not.toBe(12);
    const sheet = await expectSheetJson(proxied, n);
    expect(sheet.meta.frameTags[0]?.name).toBe('restyle');
    expect(decodeGif(await bytesOf(proxied.image_urls[1]!)).frames).toHaveLength(n);
  });

  it('effect v2: one result image -> sheet.png kept byte for byte, sheet.json over the spec grid, exports', async () => {
    const remoteSheet = await pngBytes(300, 300, (x, y) => [x % 256, y % 256, 90, 255]);
    const { proxied, localJob } = await both('/generate/effect/v2', { description: 'fire burst', frame: '9', background_color: 'white' }, [['fx.png', remoteSheet]]);
    expect(proxied.image_urls.map(nameOf)).toEqual(['sheet.png']);
    expect(localJob.image_urls.map(nameOf)[0]).toBe('sheet.png');
    expect((await bytesOf(proxied.image_urls[0]!)).equals(Buffer.from(remoteSheet))).toBe(true);
    const sheet = await expectSheetJson(proxied, 9);
    expect(sheet.meta.size).toEqual({ w: 300, h: 300 });
    expect(Object.values(sheet.frames).map((f) => f.frame)).toEqual(
      Array.from({ length: 9 }, (_, i) => ({ x: (i % 3) * 100, y: Math.floor(i / 3) * 100, w: 100, h: 100 })),
    );
    const mine = (await readdir(join(proxy.config.dataDir, 'results', proxied.job_id))).sort();
    expect(mine).toEqual(['pack.json', 'sheet.json', 'sheet.png', 'sprite_frames.tres']);
  });

  it('pictures that are not images end the job Failed with a refund', async () => {
    answer = [['x.png', new TextEncoder().encode('not an image')]];
    const user = proxy.addUser(20);
    const res = await post(proxy, '/sprite/plus', form({ start_image: { bytes: await pngBytes(16, 16), name: 'a.png', type: 'image/png' }, text: 'wave', frame: '49' }), user.key);
    const job = await waitForJob(proxy, res.body.job_id as string, user.key);
    expect(job.status).toBe('Failed');
    expect(job.error).toMatch(/^upstream: the returned pictures could not be used \(/);
    const account = await (await fetch(`${proxy.url}/public/v1/account`, { headers: { Authorization: `Bearer ${user.key}` } })).json() as { credits: number };
    expect(account.credits).toBe(20);
  });
});
