// The hosted docs' error tables for image-tune/upscale, against the real app: exact status and
// body, and nothing written, queued or charged for a refused request.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/testServer.ts';
import { enumEntry, expectAccepted, expectRejected, makeImages, missing, RESOLUTIONS, type Fields, type Images, INVALID, NOT_IMAGES } from './helpers.ts';

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
