// The two model-API providers for generate/image, against small loopback servers speaking their
// request and response shapes: images-api (/v1/images/generations as JSON, /v1/images/edits as
// multipart with image[] parts; b64_json or url answers; {error: {message, type, code}}) and
// generate-content (/v1beta/models/{model}:generateContent with inline_data parts in and out;
// {error: {code, message, status}}). Whatever picture comes back, image.png is a 1024x1024 PNG.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, post, startTestServer, waitForJob, type TestServer } from '../../helpers/testServer.ts';
import { jpegBytes, pngBytes } from '../../fixtures/images.ts';
import { makeImages, type Images } from '../api/helpers.ts';
import { drop, json, logTo, multipartParts, slow, startFake, storeText, type FakeRemote } from './fakeRemote.ts';

const IMAGES_KEY = 'sk-images-secret-1234567890';
const GC_KEY = 'AIza-generate-content-secret-0987654321';

let images: FakeRemote;
let gc: FakeRemote;
let server: TestServer;
let img: Images;
let picture: Buffer; // 300x200 PNG the models "draw"
const lines: string[] = [];

beforeAll(async () => {
  img = await makeImages();
  picture = Buffer.from(await pngBytes(300, 200, (x, y) => [x % 256, y, 90, 255]));
  images = await startFake();
  gc = await startFake();
  const dir = await mkdtemp(join(tmpdir(), 'spritekiln-models-'));
  const config = join(dir, 'spritekiln.config.json');
  const fast = { retries: 2, backoffMs: 20, timeoutMs: 1500 };
  await writeFile(config, JSON.stringify({
    providers: {
      images: { type: 'images-api', baseUrl: images.url, model: 'image-model-1', keyEnv: 'IMAGES_KEY', ...fast },
      gc: { type: 'generate-content', baseUrl: gc.url, model: 'flash-image', keyEnv: 'GC_KEY', ...fast },
    },
    models: {
      'Alpha Image 2': 'images',
      'Alpha Image 2.5 High': { provider: 'images', model: 'image-model-hd' },
      'Gamma Pro': 'gc',
      // Under the hosted service's name: routes 'Gamma 2' too.
      'Nano Banana 2': { provider: 'gc', model: 'pro-image' },
    },
  }));
  server = await startTestServer({ env: { SPRITEKILN_CONFIG: config, IMAGES_KEY, GC_KEY }, log: logTo(lines) });
});
afterAll(async () => {
  await server?.close();
  await images?.close();
  await gc?.close();
});

async function run(fields: Record<string, Parameters<typeof form>[0][string]>) {
  const user = server.addUser(20);
  const res = await post(server, '/generate/image', form(fields), user.key);
  expect(res.status).toBe(200);
  const job = await waitForJob(server, res.body.job_id as string, user.key);
  const account = await fetch(`${server.url}/public/v1/account`, { headers: { Authorization: `Bearer ${user.key}` } });
  return { job, credits: ((await account.json()) as { credits: number }).credits };
}

async function expectImage(job: { status: string; image_urls: string[]; error?: string }) {
  expect(job.status, job.error).toBe('Succeed');
  expect(job.image_urls).toEqual([expect.stringMatching(/\/image\.png$/)]);
  const bytes = Buffer.from(await (await fetch(job.image_urls[0]!)).arrayBuffer());
  const meta = await sharp(bytes).metadata();
  expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
  return bytes;
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

describe('images-api', () => {
  it('generations: JSON request with model, prompt, size and b64_json; the answer becomes a 1024x1024 PNG', async () => {
    images.handle((_q, res) => json(res, 200, { created: 1, data: [{ b64_json: b64(picture) }] }));
    const seen = images.seen.length;
    const { job, credits } = await run({ prompt: 'a golden sword', ai_model: 'Alpha Image 2' });
    const bytes = await expectImage(job);
    expect(credits).toBe(18);
    const req = images.seen[seen]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/images/generations');
    expect(req.headers.authorization).toBe(`Bearer ${IMAGES_KEY}`);
    expect(JSON.parse(req.body.toString())).toEqual({ model: 'image-model-1', prompt: 'a golden sword', n: 1, size: '1024x1024', response_format: 'b64_json' });
    // Fitted, not stretched: 300x200 -> 1024x683, centred on transparency.
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0); // the top-left corner is padding
    expect(data[(512 * 1024 + 512) * 4 + 3]).toBe(255);
  });

  it('edits: multipart with one image[] part per reference; a url answer is downloaded; the per-model name is used', async () => {
    images.handle((req, res) => {
      if (req.path === '/files/out.jpg') {
        res.writeHead(200, { 'Content-Type': 'image/jpeg' });
        return void jpegBytes(64, 64).then((b) => res.end(b));
      }
      return json(res, 200, { data: [{ url: `${images.url}/files/out.jpg`, revised_prompt: 'a shield, detailed' }] });
    });
    const seen = images.seen.length;
    const { job } = await run({ prompt: 'a shield', ai_model: 'Alpha Image 2.5 High', ref_images: [img.png, img.webp] });
    await expectImage(job);
    const req = images.seen[seen]!;
    expect(req.path).toBe('/v1/images/edits');
    const parts = multipartParts(req);
    expect(parts.filter((p) => p.name === 'image[]').map((p) => p.type)).toEqual(['image/png', 'image/webp']);
    const field = (n: string) => parts.find((p) => p.name === n)?.data.toString();
    expect([field('model'), field('prompt'), field('size'), field('response_format')]).toEqual(['image-model-hd', 'a shield', '1024x1024', 'b64_json']);
    expect(images.seen[seen + 1]?.path).toBe('/files/out.jpg');
  });

  it('an error body ends the job Failed with its message, refunded', async () => {
    images.handle((_q, res) => json(res, 400, { error: { message: 'Your request was rejected by the safety system.', type: 'invalid_request_error', code: 'content_policy_violation' } }));
    const { job, credits } = await run({ prompt: 'x', ai_model: 'Alpha Image 2' });
    expect(job).toMatchObject({ status: 'Failed', error: 'images-api: 400 content_policy_violation: Your request was rejected by the safety system.' });
    expect(credits).toBe(20);
  });

  it('5xx and dropped connections are retried', async () => {
    let n = 0;
    images.handle((_q, res) => {
      n++;
      if (n === 1) return drop(res);
      if (n === 2) return json(res, 500, { error: { message: 'The server had an error', type: 'server_error' } });
      return json(res, 200, { data: [{ b64_json: b64(picture) }] });
    });
    const { job } = await run({ prompt: 'a gem', ai_model: 'Alpha Image 2' });
    await expectImage(job);
    expect(n).toBe(3);
  });

  it('a connection dropped every time ends Failed after the retries', async () => {
    images.handle((_q, res) => drop(res));
    const { job, credits } = await run({ prompt: 'a gem', ai_model: 'Alpha Image 2' });
    expect(job.status).toBe('Failed');
    expect(job.error).toMatch(/^images-api: the connection to 127\.0\.0\.1:\d+ was lost \(closed without an answer\), after 3 attempts$/);
    expect(credits).toBe(20);
  });

  it('a slow answer ends Failed with a timeout', async () => {
    images.handle(slow(4000, (_q, res) => json(res, 200, { data: [{ b64_json: b64(picture) }] })));
    const { job, credits } = await run({ prompt: 'a gem', ai_model: 'Alpha Image 2' });
    expect(job.status).toBe('Failed');
    expect(job.error).toMatch(/^images-api: no answer from 127\.0\.0\.1:\d+ within 1\.5 s$/); // not repeated: each attempt costs
    expect(credits).toBe(20);
  }, 20_000);

  it('a malformed answer, or bytes that are no image, end Failed', async () => {
    images.handle((_q, res) => json(res, 200, { data: [] }));
    expect((await run({ prompt: 'a', ai_model: 'Alpha Image 2' })).job.error).toBe('images-api: malformed answer (no b64_json or url in data[0])');
    images.handle((_q, res) => json(res, 200, { data: [{ b64_json: b64(new TextEncoder().encode('not a picture at all')) }] }));
    const { job, credits } = await run({ prompt: 'a', ai_model: 'Alpha Image 2' });
    expect(job.status).toBe('Failed');
    expect(job.error).toMatch(/^images-api: the picture is not a PNG, JPEG or WebP image/);
    expect(credits).toBe(20);
  });
});

describe('generate-content', () => {
  const answer = (parts: unknown[]) => ({ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP' }] });

  it('text and inline_data parts in, the first inline image part out; key in x-goog-api-key', async () => {
    gc.handle((_q, res) => json(res, 200, answer([{ text: 'Here is your potion.' }, { inline_data: { mime_type: 'image/png', data: b64(picture) } }])));
    const seen = gc.seen.length;
    const { job, credits } = await run({ prompt: 'a blue potion', ai_model: 'Gamma Pro', ref_images: img.png });
    await expectImage(job);
    expect(credits).toBe(18);
    const req = gc.seen[seen]!;
    expect(req.path).toBe('/v1beta/models/flash-image:generateContent');
    expect(req.headers['x-goog-api-key']).toBe(GC_KEY);
    const body = JSON.parse(req.body.toString()) as { contents: { parts: Record<string, unknown>[] }[] };
    expect(body.contents[0]!.parts[0]).toEqual({ text: 'a blue potion' });
    expect(body.contents[0]!.parts[1]).toEqual({ inline_data: { mime_type: 'image/png', data: b64((img.png as { bytes: Uint8Array }).bytes) } });
  });

  it('camelCase inlineData/mimeType answers are read too; the per-model name is in the path', async () => {
    gc.handle((_q, res) => json(res, 200, answer([{ inlineData: { mimeType: 'image/png', data: b64(picture) } }])));
    const seen = gc.seen.length;
    const { job } = await run({ prompt: 'a coin', ai_model: 'Gamma 2' });
    await expectImage(job);
    expect(gc.seen[seen]!.path).toBe('/v1beta/models/pro-image:generateContent');
  });

  it('a model mapped under either of its names routes both (Nano Banana 2 = Gamma 2, GPT Image 2 = Alpha Image 2)', async () => {
    gc.handle((_q, res) => json(res, 200, answer([{ inline_data: { mime_type: 'image/png', data: b64(picture) } }])));
    const seen = gc.seen.length;
    await expectImage((await run({ prompt: 'a coin', ai_model: 'Nano Banana 2' })).job);
    expect(gc.seen[seen]!.path).toBe('/v1beta/models/pro-image:generateContent');
    images.handle((_q, res) => json(res, 200, { data: [{ b64_json: b64(picture) }] }));
    const asked = images.seen.length;
    await expectImage((await run({ prompt: 'a coin', ai_model: 'GPT Image 2' })).job);
    expect(images.seen.length).toBe(asked + 1);
  });

  it('an error body ends Failed with its status and message, refunded', async () => {
    gc.handle((_q, res) => json(res, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } }));
    const { job, credits } = await run({ prompt: 'x', ai_model: 'Gamma Pro' });
    expect(job).toMatchObject({ status: 'Failed', error: 'generate-content: 400 INVALID_ARGUMENT: API key not valid. Please pass a valid API key.' });
    expect(credits).toBe(20);
  });

  it('503 UNAVAILABLE is retried, then succeeds', async () => {
    let n = 0;
    gc.handle((_q, res) => (n++ === 0 ? json(res, 503, { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }, { 'Retry-After': '0' }) : json(res, 200, answer([{ inline_data: { mime_type: 'image/png', data: b64(picture) } }]))));
    await expectImage((await run({ prompt: 'x', ai_model: 'Gamma Pro' })).job);
    expect(n).toBe(2);
  });

  it('an answer with no image ends Failed saying why', async () => {
    gc.handle((_q, res) => json(res, 200, { candidates: [{ content: { parts: [{ text: 'I cannot draw that.' }] }, finishReason: 'SAFETY' }] }));
    const { job, credits } = await run({ prompt: 'x', ai_model: 'Gamma Pro' });
    expect(job).toMatchObject({ status: 'Failed', error: 'generate-content: the answer holds no image (finishReason SAFETY; said: I cannot draw that.)' });
    expect(credits).toBe(20);
  });

  it('a dropped connection every time ends Failed', async () => {
    gc.handle((_q, res) => drop(res));
    const { job } = await run({ prompt: 'x', ai_model: 'Gamma Pro' });
    expect(job.status).toBe('Failed');
    expect(job.error).toMatch(/^generate-content: the connection to 127\.0\.0\.1:\d+ was lost/);
  });
});

describe('models not mapped stay on the built-in engine', () => {
  it('Beta Imagine is drawn locally (no remote is asked)', async () => {
    const before = images.seen.length + gc.seen.length;
    const { job } = await run({ prompt: 'a red potion', ai_model: 'Beta Imagine' });
    await expectImage(job);
    expect(images.seen.length + gc.seen.length).toBe(before);
  });

  it('no key in db.json, jobs.jsonl or the log', async () => {
    await server.store.flush();
    const text = await storeText(server.config.dataDir);
    for (const key of [IMAGES_KEY, GC_KEY]) {
      expect(text).not.toContain(key);
      expect(lines.join('\n')).not.toContain(key);
    }
    expect(lines.some((l) => l.includes('failed (images)'))).toBe(true);
  });
});
