// GET /public/v1/job/{job_id}: 422 uuid_parsing, 404 Job not found (unknown or another user's), ?wait=N,
// and Succeed with absolute URLs under <server>/cdn/<job_id>/ that download with the right content types.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resultsDir } from '../../../server/jobs/paths.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForJob, type TestServer } from '../../helpers/testServer.ts';
import { call, expectAccepted, makeImages, part, type Fields, type Images } from './helpers.ts';
import { pngBytes } from '../../fixtures/images.ts';

let server: TestServer;
let img: Images;

beforeAll(async () => {
  server = await startTestServer();
  img = await makeImages();
});
afterAll(async () => {
  await server?.close();
});

const getJob = (id: string, query = '', key = server.key) => call(server, 'GET', `/public/v1/job/${id}${query}`, { key });

describe('malformed job_id -> 422 uuid_parsing at path.job_id', () => {
  it.each([
    ['not-a-uuid'],
    ['123'],
    ['zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'],
    ['3fa85f64-5717-4562-b3fc-2c963f66afa'], // one character short
    ['3fa85f64-5717-4562-b3fc-2c963f66afa6-1'], // a sixth group
    ['3fa85f6457174562b3fc2c963f66afa'], // 31 hex digits
    ['3fa85f64_5717_4562_b3fc_2c963f66afa6'],
  ])('%s', async (raw) => {
    const res = await getJob(raw);
    expect(res.status, res.text).toBe(422);
    const body = res.body as { detail: { type: string; loc: unknown[]; msg: string; input: unknown }[] };
    expect(Object.keys(body)).toEqual(['detail']);
    expect(body.detail).toHaveLength(1);
    expect(body.detail[0]).toMatchObject({ type: 'uuid_parsing', loc: ['path', 'job_id'], input: raw });
    expect(body.detail[0]!.msg).toMatch(/^Input should be a valid UUID, /);
  });
});

describe('404 Job not found', () => {
  it('an unknown UUID', async () => {
    const res = await getJob(randomUUID());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Job not found' });
  });

  it('the nil UUID', async () => {
    const res = await getJob('00000000-0000-0000-0000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Job not found' });
  });

  it("another user's job, Pending or finished, is indistinguishable from no job", async () => {
    const other = server.addUser(100);
    const id = await expectAccepted(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.png, text: 'walk' }, other.key);
    const early = await getJob(id);
    expect(early.status).toBe(404);
    expect(early.body).toEqual({ detail: 'Job not found' });
    const done = await waitForJob(server, id, other.key);
    expect(done.status).toBe('Succeed');
    const late = await getJob(id, '?wait=1');
    expect(late.status).toBe(404);
    expect(late.body).toEqual({ detail: 'Job not found' });
  });
});

describe('job ids in other UUID spellings (FastAPI parses the path parameter as a UUID)', () => {
  it('upper case and the 32-digit form find the same job', async () => {
    const id = await expectAccepted(server, '/generate/image', { prompt: 'x', ai_model: 'Gamma' });
    for (const spelling of [id.toUpperCase(), id.replaceAll('-', '')]) {
      const res = await getJob(spelling);
      expect(res.status, res.text).toBe(200);
      expect((res.body as { job_id: string }).job_id).toBe(id);
    }
  });
});

describe('?wait=N', () => {
  it('returns as soon as the job finishes, not after N seconds', async () => {
    const id = await expectAccepted(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.png, text: 'walk' });
    const started = Date.now();
    const res = await getJob(id, '?wait=30');
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect((res.body as { status: string }).status).toBe('Succeed');
    expect(elapsed).toBeLessThan(15_000);
  });

  it('on a finished job answers at once', async () => {
    const id = await expectAccepted(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.png, text: 'walk' });
    await waitForJob(server, id);
    const started = Date.now();
    const res = await getJob(id, '?wait=30');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((res.body as { status: string }).status).toBe('Succeed');
  });
});

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', gif: 'image/gif', json: 'application/json' };
const MAGIC: Record<string, number[]> = { png: [0x89, 0x50, 0x4e, 0x47], gif: [0x47, 0x49, 0x46, 0x38] };

async function download(url: string, ext: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type') ?? '', url).toContain(CONTENT_TYPES[ext]!);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (MAGIC[ext]) expect([...bytes.subarray(0, 4)], url).toEqual(MAGIC[ext]);
  return bytes;
}

const extOf = (url: string) => /\.([a-z]+)$/.exec(url)?.[1] ?? '';

interface SucceedCase {
  name: string;
  path: string;
  fields: () => Fields;
  /** Extensions of image_urls in order (docs/contract.md §3). */
  layout: string[];
  metadata: boolean;
}

const CASES: SucceedCase[] = [
  { name: 'pulsar image_to_video', path: '/sprite/pulsar', fields: () => ({ mode: 'image_to_video', images: img.png, text: 'walk' }), layout: ['png', 'gif'], metadata: true },
  { name: 'zenith first_last_frame', path: '/sprite/zenith', fields: () => ({ mode: 'first_last_frame', images: [img.png, img.png2], text: 'turn', frame: '36' }), layout: ['png', 'gif'], metadata: true },
  { name: 'zenith video_restyle (GIF)', path: '/sprite/zenith', fields: () => ({ mode: 'video_restyle', images: img.gif, text: 'ice' }), layout: ['png', 'gif'], metadata: true },
  { name: 'pulsar video_restyle (PNG sheet)', path: '/sprite/pulsar', fields: () => ({ mode: 'video_restyle', images: img.sheet, sprite_grid: '{"columns": 4, "rows": 4}', reference_image: img.png }), layout: ['png', 'gif'], metadata: true },
  { name: 'plus', path: '/sprite/plus', fields: () => ({ start_image: img.png, end_image: img.jpeg, text: 'wave', frame: '49' }), layout: ['png', 'gif'], metadata: true },
  { name: 'make-sprite v1 (25 frames)', path: '/sprite/make-sprite/v1', fields: () => ({ image: img.png, text: 'wave', frame: '25', is_pixel: 'true' }), layout: ['gif', ...Array<string>(25).fill('png')], metadata: false },
  { name: 'make-sprite, unversioned (36 frames)', path: '/sprite/make-sprite', fields: () => ({ image: img.jpeg, text: 'walk', frame: '36', is_pixel: 'false' }), layout: ['gif', ...Array<string>(36).fill('png')], metadata: false },
  { name: 'make-sprite v2 (49 frames)', path: '/sprite/make-sprite/v2', fields: () => ({ start_frame_image: img.png, text: 'jump', frame: '49', is_pixel: 'true' }), layout: ['gif', ...Array<string>(49).fill('png')], metadata: false },
  { name: 'effect v2 (4 frames)', path: '/generate/effect/v2', fields: () => ({ description: 'spark', frame: '4', background_color: 'dark_gray' }), layout: ['png'], metadata: true },
  { name: 'reskin v2 (standard)', path: '/sprite/reskin/v2', fields: () => ({ image: img.png, description: 'golden', quality: 'standard', style: 'cartoon' }), layout: ['png'], metadata: false },
  { name: 'upscale (1K)', path: '/image-tune/upscale', fields: () => ({ image: img.png, scale: '1K' }), layout: ['png'], metadata: false },
  { name: 'generate/image', path: '/generate/image', fields: () => ({ prompt: 'a potion', ai_model: 'Alpha Image 2', ref_images: img.png }), layout: ['png'], metadata: false },
  { name: 'character-overlay v2', path: '/sprite/character-overlay/v2', fields: () => ({ sprite_sheet: img.sheet, character_images: img.png, rows: '[{"row": 1, "title": "Walk", "description": "walk"}]', quality: 'standard' }), layout: ['png'], metadata: false },
];

describe('Succeed: absolute URLs under <server>/cdn/<job_id>/ that download', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
    const id = await expectAccepted(server, c.path, c.fields());
    const job = await waitForJob(server, id);
    expect(job.status, JSON.stringify(job)).toBe('Succeed');
    const res = await getJob(id);
    const body = res.body as Record<string, unknown>;
    expect(body.job_id).toBe(id);
    expect(body.status).toBe('Succeed');
    expect(body).not.toHaveProperty('progress');
    expect(body).not.toHaveProperty('error');
    const urls = body.image_urls as string[];
    const prefix = `${server.url}/cdn/${id}/`;
    // Soft: a wrong base is reported, and the files are still checked under the right one.
    expect.soft(urls.filter((url) => !url.startsWith(prefix)), `image_urls should start with ${prefix}`).toEqual([]);
    const at = (url: string) => `${prefix}${url.split('/').at(-1)}`;
    if (c.layout.length === 1) {
      // Result images: at least one, all of the one type.
      expect(urls.length).toBeGreaterThanOrEqual(1);
      expect(urls.map(extOf)).toEqual(urls.map(() => c.layout[0]));
    } else {
      expect(urls.map(extOf)).toEqual(c.layout);
    }
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) await download(at(url), extOf(url));
    if (c.metadata) {
      const meta = body.metadata_url as string;
      expect(meta, 'metadata_url').toBeTypeOf('string');
      expect.soft(meta.startsWith(prefix), `${meta} should start with ${prefix}`).toBe(true);
      expect(extOf(meta)).toBe('json');
      const json = JSON.parse(new TextDecoder().decode(await download(at(meta), 'json'))) as { frames?: unknown; meta?: { size?: unknown } };
      expect(json.frames).toBeDefined();
      expect(json.meta?.size).toBeDefined();
    }
  });
});

describe('result files', () => {
  it('an unknown file of a finished job is 404', async () => {
    const id = await expectAccepted(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.png, text: 'walk' });
    await waitForJob(server, id);
    const res = await fetch(`${server.url}/cdn/${id}/nope.png`);
    expect(res.status).toBe(404);
  });

  it('a symlink planted in a results folder is not followed, nor a results folder that is one', async () => {
    const id = await expectAccepted(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.png, text: 'walk' });
    await waitForJob(server, id);
    const folder = resultsDir(server.config.dataDir, id);
    await symlink('/etc/passwd', join(folder, 'passwd.png'));
    expect((await fetch(`${server.url}/cdn/${id}/passwd.png`)).status).toBe(404);
    // The whole folder swapped for a link to another one (that holds a sheet.png of its own).
    const elsewhere = await mkdtemp(join(tmpdir(), 'spritekiln-elsewhere-'));
    await writeFile(join(elsewhere, 'sheet.png'), 'not a result');
    await rm(folder, { recursive: true });
    await symlink(elsewhere, folder);
    expect((await fetch(`${server.url}/cdn/${id}/sheet.png`)).status).toBe(404);
    await rm(elsewhere, { recursive: true });
  });

  it("another user's key does not fetch a result file", async () => {
    const id = await expectAccepted(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.png, text: 'walk' });
    const job = await waitForJob(server, id);
    const other = server.addUser(1);
    const file = job.image_urls[0]!.split('/').at(-1)!;
    const url = `${server.url}/cdn/${id}/${file}`;
    expect((await fetch(url)).status).toBe(200);
    const res = await fetch(url, { headers: { Authorization: `Bearer ${other.key}` } });
    expect(res.status).toBe(404);
  });
});

describe('first_last_frame keeps the images in the order sent: start, end', () => {
  /** RGBA of the pixel at (x, y) of a downloaded PNG. */
  async function pixel(png: Uint8Array, x: number, y: number) {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * 4;
    return { rgba: [...data.subarray(at, at + 4)], width: info.width, height: info.height };
  }

  it.each([
    ['zenith', '/sprite/zenith', { frame: '36' }],
    ['pulsar', '/sprite/pulsar', {}],
  ] as const)('%s: the first sheet cell is the start image, the last cell the end image', async (_n, path, extra) => {
    const red = part(await pngBytes(16, 16, [255, 0, 0, 255]), 'start.png', 'image/png');
    const blue = part(await pngBytes(16, 16, [0, 0, 255, 255]), 'end.png', 'image/png');
    const id = await expectAccepted(server, path, { mode: 'first_last_frame', images: [red, blue], text: 'turn', ...extra });
    const job = await waitForJob(server, id);
    expect(job.status).toBe('Succeed');
    const sheetUrl = `${server.url}/cdn/${id}/${job.image_urls[0]!.split('/').at(-1)}`;
    const sheet = await download(sheetUrl, 'png');
    // 36 frames of 16x16 in a 6x6 grid (docs/contract.md §3).
    const first = await pixel(sheet, 8, 8);
    expect([first.width, first.height]).toEqual([96, 96]);
    expect(first.rgba).toEqual([255, 0, 0, 255]);
    expect((await pixel(sheet, 5 * 16 + 8, 5 * 16 + 8)).rgba).toEqual([0, 0, 255, 255]);
  });
});
