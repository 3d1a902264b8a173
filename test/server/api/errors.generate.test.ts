// Error tables of the hosted API for generate/image, generate/effect/v1 and generate/effect/v2, against the real
// app: exact status and body, and nothing written, queued or charged for a refused request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/testServer.ts';
import { jpegBytes, pngBytes } from '../../fixtures/images.ts';
import {
  ACCEPTED_MODELS,
  AI_MODELS,
  BACKGROUNDS,
  enumEntry,
  expectAccepted,
  expectRejected,
  intEntry,
  makeImages,
  missing,
  part,
  QUALITIES,
  RESOLUTIONS,
  times,
  type Images,
  VENDOR_MODELS,
  INVALID,
  NOT_IMAGES,
} from './helpers.ts';

let server: TestServer;
let img: Images;
/** Accepted requests are charged to this user, so the main user's balance only moves if a refusal charges it. */
let okKey: string;

beforeAll(async () => {
  server = await startTestServer();
  img = await makeImages();
  okKey = server.addUser(1_000_000).key;
});
afterAll(async () => {
  await server?.close();
});


// /generate is the path the hosted docs' model-values examples post to: the same endpoint.
describe.each(['/generate/image', '/generate'])('POST %s', (path) => {

  it('accepts a prompt and a model without ref_images', async () => {
    await expectAccepted(server, path, { prompt: 'a red potion', ai_model: 'Alpha Image 2' }, okKey);
  });

  it.each(AI_MODELS.map((m) => [m]))('accepts ai_model %s (deprecated values included)', async (model) => {
    await expectAccepted(server, path, { prompt: 'a red potion', ai_model: model, ref_images: img.png }, okKey);
  });

  it('422: missing prompt and unknown ai_model are reported together', async () => {
    await expectRejected(server, path, { ai_model: 'Alpha Image 3' }, 422, [missing('prompt'), enumEntry('ai_model', 'Alpha Image 3', ACCEPTED_MODELS)]);
  });

  it('422: both fields missing', async () => {
    await expectRejected(server, path, {}, 422, [missing('prompt'), missing('ai_model')]);
  });

  it('422: an empty prompt counts as missing', async () => {
    await expectRejected(server, path, { prompt: '', ai_model: 'Gamma' }, 422, [missing('prompt')]);
  });

  it('422: an empty ai_model counts as missing', async () => {
    await expectRejected(server, path, { prompt: 'x', ai_model: '' }, 422, [missing('ai_model')]);
  });

  it('422: ai_model is case-sensitive', async () => {
    await expectRejected(server, path, { prompt: 'x', ai_model: 'gamma' }, 422, [enumEntry('ai_model', 'gamma', ACCEPTED_MODELS)]);
  });

  it('Beta Imagine: 5 ref_images accepted', async () => {
    await expectAccepted(server, path, { prompt: 'x', ai_model: 'Beta Imagine', ref_images: times(5, img.png) }, okKey);
  });

  it('Beta Imagine: 6 ref_images -> its message', async () => {
    await expectRejected(server, path, { prompt: 'x', ai_model: 'Beta Imagine', ref_images: times(6, img.png) }, 400, 'The Beta Imagine model supports up to 5 ref_images.');
  });

  it('Beta Imagine: 11 ref_images -> still its own message', async () => {
    await expectRejected(server, path, { prompt: 'x', ai_model: 'Beta Imagine', ref_images: times(11, img.png) }, 400, 'The Beta Imagine model supports up to 5 ref_images.');
  });

  it('Beta Imagine Pro: 1 ref_image accepted', async () => {
    await expectAccepted(server, path, { prompt: 'x', ai_model: 'Beta Imagine Pro', ref_images: img.png }, okKey);
  });

  it('Beta Imagine Pro: 2 ref_images -> its message', async () => {
    await expectRejected(server, path, { prompt: 'x', ai_model: 'Beta Imagine Pro', ref_images: times(2, img.png) }, 400, 'The Beta Imagine Pro model supports up to 1 ref_images.');
  });

  it.each(VENDOR_MODELS.map((m) => [m]))('accepts the hosted service\'s name %s', async (model) => {
    await expectAccepted(server, path, { prompt: 'a red potion', ai_model: model, ref_images: img.png }, okKey);
  });

  it('Grok Imagine (= Beta Imagine): 5 ref_images accepted, 6 -> the message under the name sent', async () => {
    await expectAccepted(server, path, { prompt: 'x', ai_model: 'Grok Imagine', ref_images: times(5, img.png) }, okKey);
    await expectRejected(server, path, { prompt: 'x', ai_model: 'Grok Imagine', ref_images: times(6, img.png) }, 400, 'The Grok Imagine model supports up to 5 ref_images.');
  });

  it('Grok Imagine Pro (= Beta Imagine Pro): 2 ref_images -> the message under the name sent', async () => {
    await expectAccepted(server, path, { prompt: 'x', ai_model: 'Grok Imagine Pro', ref_images: img.png }, okKey);
    await expectRejected(server, path, { prompt: 'x', ai_model: 'Grok Imagine Pro', ref_images: times(2, img.png) }, 400, 'The Grok Imagine Pro model supports up to 1 ref_images.');
  });

  const others = [...AI_MODELS, ...VENDOR_MODELS].filter((m) => !m.includes(' Imagine'));

  it.each(others.map((m) => [m]))('%s: 10 ref_images accepted', async (model) => {
    await expectAccepted(server, path, { prompt: 'x', ai_model: model, ref_images: times(10, img.png) }, okKey);
  });

  it.each(others.map((m) => [m]))('%s: 11 ref_images -> the 10 message', async (model) => {
    await expectRejected(server, path, { prompt: 'x', ai_model: model, ref_images: times(11, img.png) }, 400, 'ref_images supports up to 10 images only');
  });

  it('16 ref_images (the most files a request may carry) -> the 10 message, not 413', async () => {
    await expectRejected(server, path, { prompt: 'x', ai_model: 'Gamma Pro', ref_images: times(16, img.png) }, 400, 'ref_images supports up to 10 images only');
  });

  it('accepts PNG, JPEG and WebP ref_images (formats the hosted API does not name, docs/contract.md §2)', async () => {
    await expectAccepted(server, path, { prompt: 'x', ai_model: 'Gamma 2', ref_images: [img.png, img.jpeg, img.webp] }, okKey);
  });

  it.each(NOT_IMAGES)('400 Invalid image file: %s as a ref_image', async (_name, bad) => {
    await expectRejected(server, path, { prompt: 'x', ai_model: 'Alpha Image 2', ref_images: img[bad] }, 400, INVALID);
  });

  it('a 4096 px wide PNG is accepted, a 4097 px wide one is an Invalid image file (docs/contract.md §2)', async () => {
    const edge = part(await pngBytes(4096, 2), 'edge.png', 'image/png');
    const over = part(await pngBytes(4097, 2), 'over.png', 'image/png');
    const overJpeg = part(await jpegBytes(2, 4097), 'over.jpg', 'image/jpeg');
    await expectAccepted(server, path, { prompt: 'x', ai_model: 'Alpha Image 2', ref_images: edge }, okKey);
    await expectRejected(server, path, { prompt: 'x', ai_model: 'Alpha Image 2', ref_images: over }, 400, INVALID);
    await expectRejected(server, path, { prompt: 'x', ai_model: 'Alpha Image 2', ref_images: overJpeg }, 400, INVALID);
  });

  it('400 Invalid image file: one bad file among good ones', async () => {
    await expectRejected(server, path, { prompt: 'x', ai_model: 'Alpha Image 2', ref_images: [img.png, img.jpeg, img.text] }, 400, INVALID);
  });

  it('ignores unknown extra fields', async () => {
    await expectAccepted(server, path, { prompt: 'x', ai_model: 'Gamma', colour: 'blue', n: '4', extra_file: img.text }, okKey);
  });
});

// The unversioned /generate/effect (older clients of the hosted service) takes v1's fields, rules and cost.
describe.each(['/generate/effect/v1', '/generate/effect'])('POST %s', (path) => {
  const valid = { description: 'a blue fire burst', resolution: '1K', background_color: 'magenta' };

  it.each(RESOLUTIONS.map((r) => [r]))('accepts resolution %s', async (resolution) => {
    await expectAccepted(server, path, { ...valid, resolution }, okKey);
  });

  it.each(BACKGROUNDS.map((b) => [b]))('accepts background_color %s', async (background_color) => {
    await expectAccepted(server, path, { ...valid, background_color }, okKey);
  });

  it('accepts a PNG and a JPEG reference image', async () => {
    await expectAccepted(server, path, { ...valid, image: img.png }, okKey);
    await expectAccepted(server, path, { ...valid, image: img.jpeg }, okKey);
  });

  it('422: every field missing at once (background_color is optional)', async () => {
    await expectRejected(server, path, {}, 422, [missing('description'), missing('resolution')]);
  });

  it('without background_color (as the hosted service\'s clients send it) the background is white', async () => {
    const id = await expectAccepted(server, path, { description: 'a blue fire burst', resolution: '1K' }, okKey);
    expect((await server.store.getJob(id))!.spec).toMatchObject({ kind: 'effect', background: '#FFFFFF' });
  });

  it('422: unknown resolution', async () => {
    await expectRejected(server, path, { ...valid, resolution: '8K' }, 422, [enumEntry('resolution', '8K', RESOLUTIONS)]);
  });

  it('422: unknown background_color and missing description together', async () => {
    await expectRejected(server, path, { resolution: '2K', background_color: 'blue' }, 422, [missing('description'), enumEntry('background_color', 'blue', BACKGROUNDS)]);
  });

  it('422: empty strings count as missing', async () => {
    await expectRejected(server, path, { description: '', resolution: '', background_color: 'white' }, 422, [missing('description'), missing('resolution')]);
  });

  it.each([...NOT_IMAGES, ['a WebP (PNG or JPEG only)', 'webp'] as [string, 'webp']])('400 Invalid image file: %s as image', async (_name, bad) => {
    await expectRejected(server, path, { ...valid, image: img[bad] }, 400, INVALID);
  });
});

describe('POST /generate/effect/v2', () => {
  const path = '/generate/effect/v2';
  const valid = { description: 'a blue fire burst', frame: '9', background_color: 'chroma_green' };

  it.each([['4'], ['9'], ['16']])('accepts frame %s', async (frame) => {
    await expectAccepted(server, path, { ...valid, frame }, okKey);
  });

  it('accepts a PNG and a JPEG reference image', async () => {
    await expectAccepted(server, path, { ...valid, image: img.png }, okKey);
    await expectAccepted(server, path, { ...valid, image: img.jpeg }, okKey);
  });

  it.each([['5'], ['0'], ['-4'], ['36'], ['1000000']])('400: frame %s not allowed', async (frame) => {
    await expectRejected(server, path, { ...valid, frame }, 400, 'frame should be one of 4, 9, 16');
  });

  it('422: frame=abc is int_parsing', async () => {
    await expectRejected(server, path, { ...valid, frame: 'abc' }, 422, [intEntry('frame', 'abc')]);
  });

  it('422: frame=4.5 is int_parsing', async () => {
    await expectRejected(server, path, { ...valid, frame: '4.5' }, 422, [intEntry('frame', '4.5')]);
  });

  it('422: every field missing at once (background_color and quality are optional)', async () => {
    await expectRejected(server, path, {}, 422, [missing('description'), missing('frame')]);
  });

  it('accepts what the hosted service\'s clients send: description, quality and frame only (white background)', async () => {
    for (const quality of QUALITIES) {
      const id = await expectAccepted(server, path, { description: 'a blue fire burst', quality, frame: '16' }, okKey);
      expect((await server.store.getJob(id))!.spec).toMatchObject({ kind: 'effect', frames: 16, background: '#FFFFFF' });
    }
  });

  it('422: a quality other than standard or pro', async () => {
    await expectRejected(server, path, { ...valid, quality: 'ultra' }, 422, [enumEntry('quality', 'ultra', QUALITIES)]);
  });

  it('422: unknown background_color, bad frame and empty description together', async () => {
    await expectRejected(server, path, { description: '', frame: 'x', background_color: 'red' }, 422, [
      missing('description'),
      intEntry('frame', 'x'),
      enumEntry('background_color', 'red', BACKGROUNDS),
    ]);
  });

  it.each([...NOT_IMAGES, ['a WebP (PNG or JPEG only)', 'webp'] as [string, 'webp']])('400 Invalid image file: %s as image', async (_name, bad) => {
    await expectRejected(server, path, { ...valid, image: img[bad] }, 400, INVALID);
  });

  it('frame is checked before the image is decoded', async () => {
    await expectRejected(server, path, { ...valid, frame: '5', image: img.text }, 400, 'frame should be one of 4, 9, 16');
  });
});
