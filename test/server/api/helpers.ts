// Shared helpers for the HTTP contract suites in this folder: raw requests with any Authorization
// header, the image fixtures as form parts, 422 entry builders in FastAPI/pydantic v2 wording, and
// the "nothing written, queued or charged" check every rejected request goes through.
//
// Messages are typed here and in the suites as the hosted API and docs/contract.md write them (never imported from
// schemas/messages.ts), so the suites check the code against the spec, not against itself.
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { expect } from 'vitest';
import { inputPaths } from '../../../server/jobs/paths.ts';
import { form, type FormValue, type TestServer } from '../../helpers/testServer.ts';
import {
  gifBombBytes,
  gifBytes,
  jpegBytes,
  manyFramesGif,
  pngBytes,
  pngHeaderClaiming,
  sheetPngBytes,
  truncated,
  webpBytes,
} from '../../fixtures/images.ts';

export type Fields = Record<string, FormValue | FormValue[] | undefined>;

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** Any request; `auth` is the whole Authorization header (null = none), default `Bearer <server.key>`. */
export async function call(
  server: TestServer,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: FormData; auth?: string | null; key?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  const auth = options.auth === undefined ? `Bearer ${options.key ?? server.key}` : options.auth;
  if (auth !== null) headers.Authorization = auth;
  const res = await fetch(`${server.url}${path}`, { method, headers, body: options.body });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text, the assertion on body will show it
  }
  return { status: res.status, headers: res.headers, body, text };
}

export const submit = (server: TestServer, endpoint: string, fields: Fields, key = server.key) =>
  call(server, 'POST', `/public/v1${endpoint}`, { body: form(fields), key });

/** The versioned job-creation endpoints, relative to /public/v1. */
export const ENDPOINTS = [
  '/generate/image',
  '/generate/effect/v1',
  '/generate/effect/v2',
  '/sprite/character-overlay/v1',
  '/sprite/character-overlay/v2',
  '/sprite/make-sprite/v1',
  '/sprite/make-sprite/v2',
  '/sprite/plus',
  '/sprite/zenith',
  '/sprite/pulsar',
  '/image-tune/upscale',
  '/image-tune/split-layer',
  '/sprite/reskin/v1',
  '/sprite/reskin/v2',
  '/image-tune/inpaint/v2',
] as const;

export type Endpoint = (typeof ENDPOINTS)[number];

/** A valid request for every endpoint (the smallest each accepts). */
export function validForms(img: Images): Record<Endpoint, Fields> {
  const rows = JSON.stringify([{ row: 1, title: 'Walk', description: 'walking' }]);
  return {
    '/generate/image': { prompt: 'a potion', ai_model: 'Gamma Pro' },
    '/generate/effect/v1': { description: 'fire', resolution: '1K', background_color: 'white' },
    '/generate/effect/v2': { description: 'fire', frame: '4', background_color: 'white' },
    '/sprite/character-overlay/v1': { sprite_sheet: img.sheet, character_images: img.png, rows, resolution: '1K' },
    '/sprite/character-overlay/v2': { sprite_sheet: img.sheet, character_images: img.png, rows, quality: 'standard' },
    '/sprite/make-sprite/v1': { image: img.png, text: 'jump', frame: '25', is_pixel: 'false' },
    '/sprite/make-sprite/v2': { start_frame_image: img.png, text: 'jump', frame: '49', is_pixel: 'false' },
    '/sprite/plus': { start_image: img.png, text: 'jump', frame: '49' },
    '/sprite/zenith': { mode: 'image_to_video', images: img.png, text: 'jump', frame: '36' },
    '/sprite/pulsar': { mode: 'image_to_video', images: img.png, text: 'jump' },
    '/image-tune/upscale': { image: img.png, scale: '1K' },
    '/image-tune/split-layer': { image: img.png, keyword: 'character' },
    '/sprite/reskin/v1': { image: img.png, description: 'golden', resolution: '1K' },
    '/sprite/reskin/v2': { image: img.png, description: 'golden', quality: 'standard' },
    '/image-tune/inpaint/v2': { image: img.png, prompt: 'background to blue sky', quality: 'standard' },
  };
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// ---------------------------------------------------------------------------------------------
// Image fixtures as form parts (small: 16x16 unless a rule needs more).

export interface Images {
  png: FormValue;
  png2: FormValue;
  jpeg: FormValue;
  webp: FormValue;
  gif: FormValue;
  /** 64x64 PNG: fine enough for any grid up to 32x32. */
  sheet: FormValue;
  text: FormValue;
  empty: FormValue;
  truncatedPng: FormValue;
  hugePng: FormValue;
  bomb: FormValue;
  gif120: FormValue;
  gif121: FormValue;
  /** 2 frames x 500 cs = exactly 10 s. */
  gif10s: FormValue;
  /** 2 frames, 500 + 510 cs = 10.1 s. */
  gifOver10s: FormValue;
  /** 10 frames x 50 cs = 5000 ms (36-frame tier). */
  gif5000: FormValue;
  /** 9 x 50 cs + 51 cs = 5010 ms (100-frame tier). */
  gif5010: FormValue;
  /** A GIF named sheet.png, sent as image/png. */
  gifAsPng: FormValue;
  /** A PNG named anim.gif, sent as image/gif. */
  pngAsGif: FormValue;
}

export const part = (bytes: Uint8Array, name: string, type = 'application/octet-stream'): FormValue => ({ bytes, name, type });

export async function makeImages(): Promise<Images> {
  const png = await pngBytes(16, 16, (x, y) => [x * 16, y * 16, 128, 255]);
  const gif = gifBytes({ width: 16, height: 16, frames: 4, delaysCs: 10 });
  // Noise makes the IDAT big enough that cutting the file cuts image data, not just IEND.
  const noisy = await pngBytes(32, 32, (x, y) => [(x * 73 + y * 151) & 0xff, (x * 31 + y * 7) & 0xff, (x ^ y) & 0xff, 255]);
  return {
    png: part(png, 'a.png', 'image/png'),
    png2: part(await pngBytes(16, 16, [0, 0, 255, 255]), 'b.png', 'image/png'),
    jpeg: part(await jpegBytes(16, 16), 'a.jpg', 'image/jpeg'),
    webp: part(await webpBytes(16, 16), 'a.webp', 'image/webp'),
    gif: part(gif, 'a.gif', 'image/gif'),
    sheet: part(await sheetPngBytes(8, 8, 8, 8), 'sheet.png', 'image/png'),
    text: part(new TextEncoder().encode('this is not an image, just some text\n'), 'notes.png', 'image/png'),
    empty: part(new Uint8Array(0), 'empty.png', 'image/png'),
    truncatedPng: part(truncated(noisy, 0.6), 'cut.png', 'image/png'),
    hugePng: part(pngHeaderClaiming(60000, 60000), 'huge.png', 'image/png'),
    bomb: part(gifBombBytes(), 'bomb.gif', 'image/gif'),
    gif120: part(manyFramesGif(120), 'f120.gif', 'image/gif'),
    gif121: part(manyFramesGif(121), 'f121.gif', 'image/gif'),
    gif10s: part(gifBytes({ width: 8, height: 8, frames: 2, delaysCs: 500 }), 'ten.gif', 'image/gif'),
    gifOver10s: part(gifBytes({ width: 8, height: 8, frames: 2, delaysCs: [500, 510] }), 'long.gif', 'image/gif'),
    gif5000: part(gifBytes({ width: 8, height: 8, frames: 10, delaysCs: 50 }), 'five.gif', 'image/gif'),
    gif5010: part(gifBytes({ width: 8, height: 8, frames: 10, delaysCs: [50, 50, 50, 50, 50, 50, 50, 50, 50, 51] }), 'five1.gif', 'image/gif'),
    gifAsPng: part(gif, 'sheet.png', 'image/png'),
    pngAsGif: part(png, 'anim.gif', 'image/gif'),
  };
}

export const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

// ---------------------------------------------------------------------------------------------
// 422 entries, as FastAPI / pydantic v2 write them (docs/contract.md §1).

export interface Entry {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

export const missing = (field: string): Entry => ({ type: 'missing', loc: ['body', field], msg: 'Field required', input: null });

/** pydantic's wording: Input should be 'a', 'b' or 'c'. */
export function enumEntry(field: string, input: string, values: readonly string[]): Entry {
  const quoted = values.map((s) => `'${s}'`);
  const expected = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : (quoted[0] ?? '');
  return { type: 'enum', loc: ['body', field], msg: `Input should be ${expected}`, input, ctx: { expected } };
}

export const intEntry = (field: string, input: string): Entry => ({
  type: 'int_parsing',
  loc: ['body', field],
  msg: 'Input should be a valid integer, unable to parse string as an integer',
  input,
});

export const boolEntry = (field: string, input: string): Entry => ({
  type: 'bool_parsing',
  loc: ['body', field],
  msg: 'Input should be a valid boolean, unable to interpret input',
  input,
});

export const MODES = ['image_to_video', 'first_last_frame', 'video_restyle'] as const;
export const INVALID = 'Invalid image file';
export type Bad = keyof Pick<Images, 'text' | 'truncatedPng' | 'hugePng' | 'empty' | 'gif' | 'bomb'>;
/** Files that are not a valid image anywhere outside a video_restyle source. */
export const NOT_IMAGES: [string, Bad][] = [
  ['a text file', 'text'],
  ['a truncated PNG', 'truncatedPng'],
  ['a PNG header claiming 60000x60000', 'hugePng'],
  ['a zero-length file', 'empty'],
  ['a GIF (only a video_restyle source may be a GIF)', 'gif'],
  ['the 62-byte GIF bomb', 'bomb'],
];

export const RESOLUTIONS = ['1K', '2K', '4K'] as const;
export const QUALITIES = ['standard', 'pro'] as const;
export const STYLES = ['pixel', 'cartoon', 'sd', 'quater_view'] as const;
export const BACKGROUNDS = ['white', 'chroma_green', 'magenta', 'light_gray', 'light_purple', 'dark_gray'] as const;
export const AI_MODELS = [
  'Alpha Image 1.5',
  'Alpha Image 2',
  'Alpha Image 2.5 High',
  'Alpha Image 2.5 XHigh',
  'Beta Imagine',
  'Beta Imagine Pro',
  'Gamma',
  'Gamma 2',
  'Gamma Pro',
] as const;
/** The hosted service's names of the same models, in the same order (its real clients send these). */
export const VENDOR_MODELS = [
  'GPT Image 1.5',
  'GPT Image 2',
  'GPT Image 2.5 High',
  'GPT Image 2.5 XHigh',
  'Grok Imagine',
  'Grok Imagine Pro',
  'Nano Banana',
  'Nano Banana 2',
  'Nano Banana Pro',
] as const;
/** Every value ai_model accepts, in the order a 422 lists them. */
export const ACCEPTED_MODELS = [...AI_MODELS, ...VENDOR_MODELS];

const locKey = (e: { loc?: unknown }) => JSON.stringify(e.loc);

/** A 422 body: exactly these entries, one per problem (order of fields is not part of the spec). */
export function expect422Body(body: unknown, entries: Entry[]) {
  expect(body).toBeTypeOf('object');
  const detail = (body as { detail?: unknown }).detail;
  expect(Array.isArray(detail), `detail should be a list, got ${JSON.stringify(body)}`).toBe(true);
  expect(Object.keys(body as object)).toEqual(['detail']);
  const got = [...(detail as Entry[])].sort((a, b) => locKey(a).localeCompare(locKey(b)));
  const want = [...entries].sort((a, b) => locKey(a).localeCompare(locKey(b)));
  expect(got).toEqual(want);
}

// ---------------------------------------------------------------------------------------------
// "Nothing written, queued or charged" (docs/contract.md §1).

export interface Snapshot {
  credits: number;
  jobs: number;
  /** Files in inputs/: uploads being received and the inputs of Pending jobs. */
  inputs: string[];
}

const list = (dir: string) => readdir(dir).catch(() => [] as string[]);

export async function credits(server: TestServer, key = server.key): Promise<number> {
  const res = await call(server, 'GET', '/public/v1/account', { key });
  expect(res.status).toBe(200);
  return (res.body as { credits: number }).credits;
}

export async function snapshot(server: TestServer, key = server.key): Promise<Snapshot> {
  const stats = server.store.stats();
  return {
    credits: await credits(server, key),
    jobs: stats.pending + stats.finished,
    inputs: await list(join(server.config.dataDir, 'inputs')),
  };
}

/** After a rejected request: same balance, no new job, no upload left in inputs/. */
export async function expectNothingKept(server: TestServer, before: Snapshot, key = server.key) {
  const after = await snapshot(server, key);
  expect(after.credits, 'balance changed by a rejected request').toBe(before.credits);
  expect(after.jobs, 'a job was created by a rejected request').toBe(before.jobs);
  expect(after.inputs.filter((d) => !before.inputs.includes(d)), 'inputs/ kept an upload of a rejected request').toEqual([]);
}

/** POSTs a request that must be refused with `{"detail": message}` (or a 422 list) and leave nothing behind. */
export async function expectRejected(
  server: TestServer,
  endpoint: string,
  fields: Fields,
  status: number,
  detail: string | Entry[],
  key = server.key,
): Promise<Reply> {
  const before = await snapshot(server, key);
  const res = await submit(server, endpoint, fields, key);
  expect(res.status, `body: ${res.text}`).toBe(status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  if (typeof detail === 'string') expect(res.body).toEqual({ detail });
  else expect422Body(res.body, detail);
  await expectNothingKept(server, before, key);
  return res;
}

/** POSTs a request that must be accepted: 200 `{"job_id": "<uuid v4>"}`. */
export async function expectAccepted(server: TestServer, endpoint: string, fields: Fields, key = server.key): Promise<string> {
  const inputs = join(server.config.dataDir, 'inputs');
  const before = new Set(await list(inputs));
  const res = await submit(server, endpoint, fields, key);
  expect(res.status, `body: ${res.text}`).toBe(200);
  expect(Object.keys(res.body as object)).toEqual(['job_id']);
  const id = (res.body as { job_id: string }).job_id;
  expect(id).toMatch(UUID_V4);
  // The job's inputs are the uploads as received; any other upload of the request is gone. (The
  // job may already have run and removed its own.)
  const job = await server.store.getJob(id);
  const own = new Set(inputPaths(job!).map((path) => basename(path)));
  const left = (await list(inputs)).filter((name) => !before.has(name) && !own.has(name));
  expect(left, 'inputs/ holds uploads that are not the job\'s after a 200').toEqual([]);
  return id;
}
