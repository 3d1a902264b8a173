// Order of checks (docs/contract.md §1): authentication (401, then 404) -> schema (422) -> the endpoint's 400
// rules -> credits (402). Within the 400 rules: counts and mode rules, then frame, then fields allowed only
// in some modes, then text, then decoding each file, then source rules. Each request below breaks two
// rules at once; the earlier one must answer, and nothing may be kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, startTestServer, type TestServer } from '../../helpers/testServer.ts';
import { gifBytes, truncated } from '../../fixtures/images.ts';
import { hashKey } from '../../../server/keys.ts';
import {
  call,
  expectNothingKept,
  expectRejected,
  intEntry,
  makeImages,
  missing,
  part,
  snapshot,
  times,
  type Entry,
  type Fields,
  type Images,
} from './helpers.ts';

let server: TestServer;
let img: Images;
let truncatedGif: Fields[string];
let disabledKey: string;
let revokedKey: string;

beforeAll(async () => {
  server = await startTestServer();
  img = await makeImages();
  truncatedGif = part(truncated(gifBytes({ width: 16, height: 16, frames: 6, delaysCs: 10 }), 0.7), 'cut.gif', 'image/gif');
  const disabled = server.addUser(100);
  server.store.setUserDisabled(disabled.userId, true);
  disabledKey = disabled.key;
  const revoked = server.addUser(100);
  server.store.revokeKey(hashKey(revoked.key));
  revokedKey = revoked.key;
});
afterAll(async () => {
  await server?.close();
});

const INVALID = 'Invalid image file';

describe('authentication before everything else', () => {
  it('a bad key with an invalid body -> 401, not 422', async () => {
    const before = await snapshot(server);
    const res = await call(server, 'POST', '/public/v1/sprite/zenith', { auth: 'Bearer nope', body: form({ images: img.text }) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid API key' });
    await expectNothingKept(server, before);
  });

  it('no header with a body that breaks a 400 rule -> 401', async () => {
    const before = await snapshot(server);
    const res = await call(server, 'POST', '/public/v1/sprite/plus', { auth: null, body: form({ start_image: img.text, text: 'x', frame: '50' }) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid API key' });
    await expectNothingKept(server, before);
  });

  it('a revoked key with more than 16 files -> 401, not 413', async () => {
    const before = await snapshot(server);
    const res = await call(server, 'POST', '/public/v1/generate/image', { key: revokedKey, body: form({ prompt: 'x', ai_model: 'Gamma', ref_images: times(17, img.png) }) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid API key' });
    await expectNothingKept(server, before);
  });

  it('a bad key with a malformed job id -> 401, not 422', async () => {
    const res = await call(server, 'GET', '/public/v1/job/not-a-uuid', { auth: 'Bearer nope' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid API key' });
  });

  it('a disabled user with an invalid body -> 404 Not Found User, not 422', async () => {
    const before = await snapshot(server);
    const res = await call(server, 'POST', '/public/v1/generate/image', { key: disabledKey, body: form({}) });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not Found User' });
    await expectNothingKept(server, before);
  });

  it('a disabled user with a malformed job id -> 404 Not Found User', async () => {
    const res = await call(server, 'GET', '/public/v1/job/not-a-uuid', { key: disabledKey });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not Found User' });
  });
});

describe('schema (422) before the 400 rules', () => {
  const cases: [string, string, () => Fields, Entry[]][] = [
    ['zenith: missing mode + images that are not images', '/sprite/zenith', () => ({ images: [img.text, img.empty], text: 'x' }), [missing('mode')]],
    ['zenith: frame=abc + two images in image_to_video', '/sprite/zenith', () => ({ mode: 'image_to_video', images: [img.png, img.png], text: 'x', frame: 'abc' }), [intEntry('frame', 'abc')]],
    ['pulsar: missing images + reference_image outside restyle', '/sprite/pulsar', () => ({ mode: 'image_to_video', reference_image: img.png, text: 'x' }), [missing('images')]],
    ['plus: empty text (missing) + frame 50', '/sprite/plus', () => ({ start_image: img.png, text: '', frame: '50' }), [missing('text')]],
    ['plus: missing start_image + frame 50', '/sprite/plus', () => ({ text: 'x', frame: '50' }), [missing('start_image')]],
    ['generate/image: missing prompt + 6 ref_images with Beta Imagine', '/generate/image', () => ({ ai_model: 'Beta Imagine', ref_images: times(6, img.text) }), [missing('prompt')]],
    ['overlay v2: missing quality + 5 character_images', '/sprite/character-overlay/v2', () => ({ sprite_sheet: img.sheet, character_images: times(5, img.png), rows: 'not json' }), [missing('quality')]],
    ['make-sprite v2: missing is_pixel + frame 50', '/sprite/make-sprite/v2', () => ({ start_frame_image: img.text, text: 'x', frame: '50' }), [missing('is_pixel')]],
    ['effect v2: missing description + frame 5 + a GIF image', '/generate/effect/v2', () => ({ frame: '5', background_color: 'white', image: img.gif }), [missing('description')]],
  ];
  it.each(cases)('%s', async (_n, path, fields, entries) => {
    await expectRejected(server, path, fields(), 422, entries);
  });
});

describe('within the 400 rules, the earlier rule answers', () => {
  const cases: [string, string, () => Fields, string][] = [
    // counts and mode rules first
    ['zenith: image count before frame', '/sprite/zenith', () => ({ mode: 'image_to_video', images: [img.png, img.png], text: 'x', frame: '49' }), 'image_to_video requires exactly one image'],
    ['zenith: image count before mode-only fields', '/sprite/zenith', () => ({ mode: 'first_last_frame', images: img.png, text: 'x', frame: '36', reference_image: img.png }), 'first_last_frame requires exactly two images (start, end)'],
    ['pulsar: image count before text', '/sprite/pulsar', () => ({ mode: 'image_to_video', images: [img.png, img.png] }), 'image_to_video requires exactly one image'],
    ['pulsar: image count before decoding', '/sprite/pulsar', () => ({ mode: 'video_restyle', images: [img.text, img.bomb], text: 'x' }), 'video_restyle requires exactly one source image (PNG sprite sheet or GIF)'],
    ['zenith: restyle image count before frame', '/sprite/zenith', () => ({ mode: 'video_restyle', images: [img.gif, img.gif], frame: '36' }), 'video_restyle requires exactly one source image (PNG sprite sheet or GIF)'],
    ['generate/image: ref count before decoding', '/generate/image', () => ({ prompt: 'x', ai_model: 'Beta Imagine', ref_images: times(6, img.text) }), 'The Beta Imagine model supports up to 5 ref_images.'],
    ['overlay v1: character count before rows and decoding', '/sprite/character-overlay/v1', () => ({ sprite_sheet: img.text, character_images: times(5, img.text), rows: '{}', resolution: '1K' }), 'character_images must contain between 1 and 4 files'],
    // then frame
    ['zenith: frame before mode-only fields', '/sprite/zenith', () => ({ mode: 'image_to_video', images: img.png, text: 'x', reference_image: img.png }), 'frame should be one of 36, 100'],
    ['zenith: frame before sprite_grid outside restyle', '/sprite/zenith', () => ({ mode: 'first_last_frame', images: [img.png, img.png], text: 'x', frame: '49', sprite_grid: '{"columns": 2, "rows": 2}' }), 'frame should be one of 36, 100'],
    ['zenith: frame with restyle before text', '/sprite/zenith', () => ({ mode: 'video_restyle', images: img.gif, frame: '36' }), 'frame is derived from the source for video_restyle; do not send it'],
    ['zenith: frame before text', '/sprite/zenith', () => ({ mode: 'image_to_video', images: img.png, frame: '1' }), 'frame should be one of 36, 100'],
    ['zenith: frame before decoding', '/sprite/zenith', () => ({ mode: 'image_to_video', images: img.text, text: 'x' }), 'frame should be one of 36, 100'],
    ['zenith: frame with restyle before source rules', '/sprite/zenith', () => ({ mode: 'video_restyle', images: img.gif121, text: 'x', frame: '100' }), 'frame is derived from the source for video_restyle; do not send it'],
    ['plus: frame before text', '/sprite/plus', () => ({ start_image: img.png, text: '   ', frame: '121' }), 'frame should be one of 49, 81'],
    ['plus: frame before decoding', '/sprite/plus', () => ({ start_image: img.gif, text: 'x', frame: '121' }), 'frame should be one of 49, 81'],
    ['make-sprite v2: frame before decoding', '/sprite/make-sprite/v2', () => ({ start_frame_image: img.text, text: 'x', frame: '36', is_pixel: 'f' }), 'frame should be one of 49, 81, 121'],
    ['effect v2: frame before decoding', '/generate/effect/v2', () => ({ description: 'x', frame: '8', background_color: 'white', image: img.bomb }), 'frame should be one of 4, 9, 16'],
    // then fields allowed only in some modes
    ['pulsar: reference_image outside restyle before text', '/sprite/pulsar', () => ({ mode: 'image_to_video', images: img.png, reference_image: img.png }), 'reference_image is only supported for video_restyle'],
    ['pulsar: sprite_grid outside restyle before text', '/sprite/pulsar', () => ({ mode: 'first_last_frame', images: [img.png, img.png], text: '  ', sprite_grid: '{"columns": 2, "rows": 2}' }), 'sprite_grid is only supported for video_restyle'],
    ['zenith: reference_image outside restyle before decoding', '/sprite/zenith', () => ({ mode: 'image_to_video', images: img.text, text: 'x', frame: '36', reference_image: img.jpeg }), 'reference_image is only supported for video_restyle'],
    ['zenith: sprite_grid outside restyle before decoding', '/sprite/zenith', () => ({ mode: 'image_to_video', images: img.gif, text: 'x', frame: '36', sprite_grid: 'not json' }), 'sprite_grid is only supported for video_restyle'],
    // then text
    ['pulsar: text before decoding', '/sprite/pulsar', () => ({ mode: 'image_to_video', images: img.text, text: '   ' }), 'text must not be empty'],
    ['zenith: text before decoding', '/sprite/zenith', () => ({ mode: 'first_last_frame', images: [img.png, img.empty], frame: '100' }), 'text must not be empty'],
    ['pulsar: restyle text rule before decoding', '/sprite/pulsar', () => ({ mode: 'video_restyle', images: img.bomb }), 'video_restyle requires text when no reference_image is given'],
    ['zenith: restyle text rule before source rules', '/sprite/zenith', () => ({ mode: 'video_restyle', images: img.sheet }), 'video_restyle requires text when no reference_image is given'],
    ['plus: text before decoding', '/sprite/plus', () => ({ start_image: img.truncatedPng, text: ' ', frame: '81' }), 'text must not be empty'],
    // then decoding, before the source rules
    ['pulsar: a bad reference_image before "sprite_grid is required"', '/sprite/pulsar', () => ({ mode: 'video_restyle', images: img.sheet, reference_image: img.jpeg }), INVALID],
    ['zenith: a bad reference_image before "sprite_grid is not allowed"', '/sprite/zenith', () => ({ mode: 'video_restyle', images: img.gif, sprite_grid: '{"columns": 2, "rows": 2}', reference_image: img.text }), INVALID],
    ['zenith: a bad reference_image before a malformed sprite_grid', '/sprite/zenith', () => ({ mode: 'video_restyle', images: img.sheet, sprite_grid: '{"columns": 0}', reference_image: img.truncatedPng }), INVALID],
    ['pulsar: a bad reference_image before GIF limits', '/sprite/pulsar', () => ({ mode: 'video_restyle', images: img.gif121, reference_image: img.gif }), INVALID],
    ['zenith: a truncated GIF source with sprite_grid is an invalid image', '/sprite/zenith', () => ({ mode: 'video_restyle', images: truncatedGif, text: 'x', sprite_grid: '{"columns": 2, "rows": 2}' }), INVALID],
    ['pulsar: a truncated GIF source is an invalid image', '/sprite/pulsar', () => ({ mode: 'video_restyle', images: truncatedGif, text: 'x' }), INVALID],
    // source rules: PNG sheet vs GIF and sprite_grid before the GIF limits
    ['zenith: sprite_grid with a GIF before the frame limit', '/sprite/zenith', () => ({ mode: 'video_restyle', images: img.gif121, text: 'x', sprite_grid: '{"columns": 2, "rows": 2}' }), 'sprite_grid is not allowed for a GIF source'],
    ['pulsar: sprite_grid with a GIF before the length limit', '/sprite/pulsar', () => ({ mode: 'video_restyle', images: img.gifOver10s, text: 'x', sprite_grid: '{"columns": 2, "rows": 2}' }), 'sprite_grid is not allowed for a GIF source'],
  ];
  it.each(cases)('%s', async (_n, path, fields, message) => {
    await expectRejected(server, path, fields(), 400, message);
  });
});

describe('400 before 402', () => {
  it('a user with no credits gets the 400, then 402 for a valid request', async () => {
    const user = server.addUser(0);
    await expectRejected(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.gif, text: 'x' }, 400, INVALID, user.key);
    await expectRejected(server, '/sprite/zenith', { mode: 'video_restyle', images: img.gif, text: 'x', sprite_grid: '{"columns": 2, "rows": 2}' }, 400, 'sprite_grid is not allowed for a GIF source', user.key);
    await expectRejected(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.png, text: 'x' }, 402, 'Insufficient credits', user.key);
  });
});
