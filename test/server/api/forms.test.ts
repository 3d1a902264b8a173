// FastAPI form semantics (docs/contract.md §1): an empty string is a missing field; booleans accept
// true/false, 1/0, yes/no, on/off, t/f, y/n in any case and nothing else (bool_parsing); integers that do
// not parse are int_parsing; unknown enum values are `enum` with pydantic's wording; unknown fields are
// ignored. Jobs never run on this server (concurrency 0): only what the request parses to matters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/testServer.ts';
import type { AnimateSpec } from '../../../workers/specs.ts';
import {
  boolEntry,
  call,
  ENDPOINTS,
  expect422Body,
  expectNothingKept,
  snapshot,
  submit,
  UUID_V4,
  type Entry,
  enumEntry,
  expectAccepted,
  expectRejected,
  intEntry,
  makeImages,
  missing,
  MODES,
  type Fields,
  type Images,
  validForms,
  type Endpoint,
} from './helpers.ts';

let server: TestServer;
let img: Images;
let okKey: string;
let VALID: Record<Endpoint, Fields>;

beforeAll(async () => {
  server = await startTestServer({ concurrency: 0 });
  img = await makeImages();
  okKey = server.addUser(1_000_000).key;
  VALID = validForms(img);
});
afterAll(async () => {
  await server?.close();
});

/** Required text fields per endpoint (the hosted API's field tables). */
const REQUIRED_TEXT: [string, (typeof ENDPOINTS)[number], string][] = [
  ['prompt', '/generate/image', 'prompt'],
  ['ai_model', '/generate/image', 'ai_model'],
  ['description', '/generate/effect/v1', 'description'],
  ['resolution', '/generate/effect/v1', 'resolution'],
  ['description', '/generate/effect/v2', 'description'],
  ['frame', '/generate/effect/v2', 'frame'],
  ['rows', '/sprite/character-overlay/v1', 'rows'],
  ['resolution', '/sprite/character-overlay/v1', 'resolution'],
  ['rows', '/sprite/character-overlay/v2', 'rows'],
  ['quality', '/sprite/character-overlay/v2', 'quality'],
  ['text', '/sprite/make-sprite/v2', 'text'],
  ['frame', '/sprite/make-sprite/v2', 'frame'],
  ['is_pixel', '/sprite/make-sprite/v2', 'is_pixel'],
  ['text', '/sprite/make-sprite/v1', 'text'],
  ['is_pixel', '/sprite/make-sprite/v1', 'is_pixel'],
  ['text', '/sprite/plus', 'text'],
  ['frame', '/sprite/plus', 'frame'],
  ['mode', '/sprite/zenith', 'mode'],
  ['mode', '/sprite/pulsar', 'mode'],
];

describe('an empty string is a missing field', () => {
  it.each(REQUIRED_TEXT)('%s="" on POST %s -> 422 missing', async (_n, endpoint, field) => {
    await expectRejected(server, endpoint, { ...VALID[endpoint], [field]: '' }, 422, [missing(field)]);
  });

  it.each(REQUIRED_TEXT)('%s left out of POST %s -> 422 missing', async (_n, endpoint, field) => {
    await expectRejected(server, endpoint, { ...VALID[endpoint], [field]: undefined }, 422, [missing(field)]);
  });

  it('optional fields sent empty take their defaults', async () => {
    const plus = await expectAccepted(server, '/sprite/plus', { ...VALID['/sprite/plus'], is_pixel: '', is_prompt_enhancement: '' }, okKey);
    expect(await animateSpec(plus)).toMatchObject({ isPixel: false, promptEnhancement: true });
    await expectAccepted(server, '/sprite/character-overlay/v1', { ...VALID['/sprite/character-overlay/v1'], style: '' }, okKey);
    // background_color is optional on effects (the hosted service's clients send none): white.
    for (const endpoint of ['/generate/effect/v1', '/generate/effect/v2'] as const) {
      const id = await expectAccepted(server, endpoint, { ...VALID[endpoint], background_color: '' }, okKey);
      expect((await server.store.getJob(id))!.spec).toMatchObject({ kind: 'effect', background: '#FFFFFF' });
    }
  });
});

async function animateSpec(id: string): Promise<AnimateSpec> {
  const job = await server.store.getJob(id);
  expect(job?.spec.kind).toBe('animate');
  return job!.spec as AnimateSpec;
}

const TRUE = ['true', '1', 'yes', 'on', 't', 'y'];
const FALSE = ['false', '0', 'no', 'off', 'f', 'n'];
const spellings = (words: string[]) => words.flatMap((w) => [...new Set([w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1)])]);

describe('boolean spellings', () => {
  it.each(spellings(TRUE))('is_pixel=%s is true (make-sprite v2)', async (value) => {
    const id = await expectAccepted(server, '/sprite/make-sprite/v2', { ...VALID['/sprite/make-sprite/v2'], is_pixel: value }, okKey);
    expect((await animateSpec(id)).isPixel).toBe(true);
  });

  it.each(spellings(FALSE))('is_pixel=%s is false (make-sprite v2)', async (value) => {
    const id = await expectAccepted(server, '/sprite/make-sprite/v2', { ...VALID['/sprite/make-sprite/v2'], is_pixel: value }, okKey);
    expect((await animateSpec(id)).isPixel).toBe(false);
  });

  it.each(spellings(TRUE).map((t, i) => [t, spellings(FALSE)[i]!]))('plus: is_pixel=%s, is_prompt_enhancement=%s', async (yes, no) => {
    const id = await expectAccepted(server, '/sprite/plus', { ...VALID['/sprite/plus'], is_pixel: yes, is_prompt_enhancement: no }, okKey);
    expect(await animateSpec(id)).toMatchObject({ isPixel: true, promptEnhancement: false });
  });

  it.each([['yEs', 'oFF'], ['On', 'nO']])('zenith: is_pixel=%s, is_prompt_enhancement=%s', async (yes, no) => {
    const id = await expectAccepted(server, '/sprite/zenith', { ...VALID['/sprite/zenith'], is_pixel: yes, is_prompt_enhancement: no }, okKey);
    expect(await animateSpec(id)).toMatchObject({ isPixel: true, promptEnhancement: false });
  });

  it('pulsar: is_pixel=Y is true', async () => {
    const id = await expectAccepted(server, '/sprite/pulsar', { ...VALID['/sprite/pulsar'], is_pixel: 'Y' }, okKey);
    expect((await animateSpec(id)).isPixel).toBe(true);
  });

  it('defaults: plus is_pixel false, is_prompt_enhancement true', async () => {
    const id = await expectAccepted(server, '/sprite/plus', VALID['/sprite/plus'], okKey);
    expect(await animateSpec(id)).toMatchObject({ isPixel: false, promptEnhancement: true });
  });

  const NOT_BOOLEANS = ['maybe', '2', '-1', 'truee', 'ja', 'yess', 'nope', 'tru', 'none', 'null'];

  it.each(NOT_BOOLEANS)('is_pixel=%s -> 422 bool_parsing (make-sprite v2)', async (value) => {
    await expectRejected(server, '/sprite/make-sprite/v2', { ...VALID['/sprite/make-sprite/v2'], is_pixel: value }, 422, [boolEntry('is_pixel', value)]);
  });

  it.each([
    ['/sprite/plus', 'is_pixel'],
    ['/sprite/plus', 'is_prompt_enhancement'],
    ['/sprite/zenith', 'is_pixel'],
    ['/sprite/zenith', 'is_prompt_enhancement'],
    ['/sprite/pulsar', 'is_pixel'],
  ] as const)('POST %s %s=maybe -> 422 bool_parsing', async (endpoint, field) => {
    await expectRejected(server, endpoint, { ...VALID[endpoint], [field]: 'maybe' }, 422, [boolEntry(field, 'maybe')]);
  });
});

describe('integers', () => {
  it.each([
    ['/generate/effect/v2', 'abc'],
    ['/sprite/make-sprite/v2', 'abc'],
    ['/sprite/plus', 'abc'],
    ['/sprite/zenith', 'abc'],
    ['/sprite/plus', '49.5'],
    ['/sprite/make-sprite/v2', 'forty-nine'],
    ['/sprite/zenith', '0x24'],
    // pydantic drops only an all-zero fraction, and takes underscores only singly between digits.
    ['/sprite/plus', '49.50'],
    ['/sprite/plus', '.0'],
    ['/sprite/plus', '4_9.0'],
    ['/sprite/plus', '_49'],
    ['/sprite/plus', '49_'],
    ['/sprite/plus', '4__9'],
    ['/sprite/plus', '4 9'],
  ] as const)('POST %s frame=%s -> 422 int_parsing', async (endpoint, value) => {
    await expectRejected(server, endpoint, { ...VALID[endpoint], frame: value }, 422, [intEntry('frame', value)]);
  });

  // What pydantic's lax int takes from a string besides plain digits (pydantic-core's str_as_int).
  it.each(['49', '+49', ' 49 ', '49.0', '49.', '49.000', '4_9', '+4_9'])('frame=%j is read as 49', async (value) => {
    const id = await expectAccepted(server, '/sprite/plus', { ...VALID['/sprite/plus'], frame: value }, okKey);
    expect((await animateSpec(id)).frames).toBe(49);
  });
});

describe('enums', () => {
  it('unknown mode: pydantic wording', async () => {
    const res = await expectRejected(server, '/sprite/zenith', { ...VALID['/sprite/zenith'], mode: 'restyle' }, 422, [enumEntry('mode', 'restyle', MODES)]);
    expect(res.body).toEqual({
      detail: [
        {
          type: 'enum',
          loc: ['body', 'mode'],
          msg: "Input should be 'image_to_video', 'first_last_frame' or 'video_restyle'",
          input: 'restyle',
          ctx: { expected: "'image_to_video', 'first_last_frame' or 'video_restyle'" },
        },
      ],
    });
  });

  it('enum values are case-sensitive', async () => {
    await expectRejected(server, '/sprite/pulsar', { ...VALID['/sprite/pulsar'], mode: 'IMAGE_TO_VIDEO' }, 422, [enumEntry('mode', 'IMAGE_TO_VIDEO', MODES)]);
    await expectRejected(server, '/generate/effect/v1', { ...VALID['/generate/effect/v1'], resolution: '1k' }, 422, [enumEntry('resolution', '1k', ['1K', '2K', '4K'])]);
  });

  it('quality: two values are joined with "or"', async () => {
    const res = await expectRejected(server, '/sprite/character-overlay/v2', { ...VALID['/sprite/character-overlay/v2'], quality: 'best' }, 422, [
      enumEntry('quality', 'best', ['standard', 'pro']),
    ]);
    expect((res.body as { detail: { msg: string }[] }).detail[0]!.msg).toBe("Input should be 'standard' or 'pro'");
  });
});

describe('unknown fields are ignored', () => {
  it.each(ENDPOINTS.map((e) => [e]))('POST %s with extra text and file fields', async (endpoint) => {
    await expectAccepted(server, endpoint, { ...VALID[endpoint], seed: '42', webhook_url: 'http://example.invalid/', thumbnail: img.text }, okKey);
  });
});

describe('bodies that are not multipart', () => {
  it('a text value where a file is expected -> 422 value_error (FastAPI: Expected UploadFile)', async () => {
    const res = await submit(server, '/sprite/plus', { ...VALID['/sprite/plus'], start_image: 'abc' });
    expect(res.status, res.text).toBe(422);
    const detail = (res.body as { detail: Entry[] }).detail;
    expect(detail).toHaveLength(1);
    expect(detail[0]).toMatchObject({ type: 'value_error', loc: ['body', 'start_image'], msg: "Value error, Expected UploadFile, received: <class 'str'>", input: 'abc' });
  });

  it('a JSON body -> 422 with every required field missing', async () => {
    const before = await snapshot(server);
    const res = await fetch(`${server.url}/public/v1/generate/image`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt: 'x', ai_model: 'Gamma' }),
    });
    expect(res.status).toBe(422);
    expect422Body(await res.json(), [missing('prompt'), missing('ai_model')]);
    await expectNothingKept(server, before);
  });

  it('no body at all -> 422 with every required field missing', async () => {
    const before = await snapshot(server);
    const res = await call(server, 'POST', '/public/v1/sprite/zenith');
    expect(res.status).toBe(422);
    expect422Body(res.body, [missing('mode'), missing('images')]);
    await expectNothingKept(server, before);
  });

  it('an application/x-www-form-urlencoded body is a form too (FastAPI Form)', async () => {
    const res = await fetch(`${server.url}/public/v1/generate/effect/v2`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.key}` },
      body: new URLSearchParams({ description: 'fire', frame: '9', background_color: 'white' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { job_id: string }).job_id).toMatch(UUID_V4);
  });
});
