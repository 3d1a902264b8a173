// The hosted docs' error tables for image-tune/upscale, split-layer, inpaint v2 and the unversioned
// inpaint, against the real app: exact status and
// body, and nothing written, queued or charged for a refused request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForJob, type TestServer } from '../../helpers/testServer.ts';
import { pngBytes } from '../../fixtures/images.ts';
import { credits, enumEntry, part, QUALITIES, expectAccepted, expectRejected, makeImages, missing, RESOLUTIONS, type Fields, type Images, INVALID, NOT_IMAGES } from './helpers.ts';

let server: TestServer;
let img: Images;
let okKey: string;

beforeAll(async () => {
  server = await startTestServer();
  img = await makeImages();
  okKey = server.addUser(1_000_000).key;
});
afterAll(async () => {
  await server?.close();
});

describe('POST /image-tune/upscale', () => {
  const path = '/image-tune/upscale';
  const valid = (): Fields => ({ image: img.png, scale: '1K' });

  it.each(RESOLUTIONS)('accepts scale %s', async (scale) => {
    await expectAccepted(server, path, { ...valid(), scale }, okKey);
  });

  it('accepts JPEG and WebP images', async () => {
    await expectAccepted(server, path, { ...valid(), image: img.jpeg }, okKey);
    await expectAccepted(server, path, { ...valid(), image: img.webp }, okKey);
  });

  it('422: every required field missing at once', async () => {
    await expectRejected(server, path, {}, 422, [missing('image'), missing('scale')]);
  });

  it.each(['8K', '1k', '1024'])('422: scale %s is not one of 1K, 2K, 4K', async (scale) => {
    await expectRejected(server, path, { ...valid(), scale }, 422, [enumEntry('scale', scale, RESOLUTIONS)]);
  });

  it.each(NOT_IMAGES)('400 Invalid image file: %s as image', async (_name, bad) => {
    await expectRejected(server, path, { ...valid(), image: img[bad] }, 400, INVALID);
  });
});

describe('POST /image-tune/split-layer', () => {
  const path = '/image-tune/split-layer';

  it('accepts any keyword (read by the job), and JPEG images', async () => {
    await expectAccepted(server, path, { image: img.png, keyword: 'character' }, okKey);
    await expectAccepted(server, path, { image: img.jpeg, keyword: 'left arm' }, okKey);
  });

  it('422: every required field missing at once', async () => {
    await expectRejected(server, path, {}, 422, [missing('image'), missing('keyword')]);
  });

  it('422: an empty keyword counts as missing', async () => {
    await expectRejected(server, path, { image: img.png, keyword: '' }, 422, [missing('keyword')]);
  });

  it.each(NOT_IMAGES)('400 Invalid image file: %s as image', async (_name, bad) => {
    await expectRejected(server, path, { image: img[bad], keyword: 'head' }, 400, INVALID);
  });

  it('a keyword it does not know: the job fails saying which it knows, and is refunded', async () => {
    const user = server.addUser(10);
    const id = await expectAccepted(server, path, { image: img.png, keyword: 'hat' }, user.key);
    const job = await waitForJob(server, id, user.key);
    expect(job).toMatchObject({ status: 'Failed', image_urls: [] });
    expect((job as { error_message?: string }).error_message).toContain('it knows: character, background, head, body, arm, leg, weapon, wing');
    expect(await credits(server, user.key)).toBe(10);
  });

  it('a picture on transparency split by "character": the figure, then what is left (nothing)', async () => {
    const user = server.addUser(10);
    const figure = part(await pngBytes(24, 40, (x, y) => (x > 6 && x < 18 && y > 4 ? [200, 60, 40, 255] : [0, 0, 0, 0])), 'figure.png', 'image/png');
    const id = await expectAccepted(server, path, { image: figure, keyword: 'character' }, user.key);
    const job = await waitForJob(server, id, user.key);
    expect(job.status).toBe('Succeed');
    expect(job.image_urls.map((u) => u.split('/').pop())).toEqual(['layer.png', 'rest.png']);
    expect(await credits(server, user.key)).toBe(8);
  });
});

describe.each([
  ['/image-tune/inpaint/v2', { quality: 'standard' }],
  ['/image-tune/inpaint', {}],
] as const)('POST %s', (path, tier) => {
  const valid = (): Fields => ({ image: img.png, prompt: 'change background to blue sky', ...tier });

  it('accepts a prompt (read by the job), PNG, JPEG and WebP', async () => {
    await expectAccepted(server, path, valid(), okKey);
    await expectAccepted(server, path, { ...valid(), image: img.jpeg }, okKey);
    await expectAccepted(server, path, { ...valid(), image: img.webp }, okKey);
  });

  it('422: every required field missing at once', async () => {
    await expectRejected(server, path, {}, 422, [missing('image'), missing('prompt'), ...('quality' in tier ? [missing('quality')] : [])]);
  });

  it.each(NOT_IMAGES)('400 Invalid image file: %s as image', async (_name, bad) => {
    await expectRejected(server, path, { ...valid(), image: img[bad] }, 400, INVALID);
  });

  it('a prompt outside its vocabulary: the job fails saying what it understands, and is refunded', async () => {
    const user = server.addUser(10);
    const id = await expectAccepted(server, path, { ...valid(), prompt: 'add a hat' }, user.key);
    const job = await waitForJob(server, id, user.key);
    expect(job.status).toBe('Failed');
    expect((job as { error_message?: string }).error_message).toMatch(/^inpaint understands: .*; not "add a hat"$/);
    expect(await credits(server, user.key)).toBe(10);
  });
});

describe('POST /image-tune/inpaint/v2 quality', () => {
  it.each(['high', 'Standard'])('422: quality %s is not standard or pro', async (quality) => {
    await expectRejected(server, '/image-tune/inpaint/v2', { image: img.png, prompt: 'background red', quality }, 422, [enumEntry('quality', quality, QUALITIES)]);
  });
});
