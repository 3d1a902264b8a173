// Credits (docs/contract.md §4, the hosted API's Limits): every endpoint and tier charges exactly its cost when the job
// is created; 402 {"detail":"Insufficient credits"} below the cost with nothing charged; a balance never
// goes below zero under concurrent requests. Also 413 {"detail":"File too large"} with nothing kept.
// Jobs never run on this server (concurrency 0), so no refund can move a balance while it is measured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/testServer.ts';
import { credits, ENDPOINTS, expectAccepted, expectRejected, makeImages, missing, part, submit, times, type Fields, type Images } from './helpers.ts';

let server: TestServer;
let img: Images;

beforeAll(async () => {
  server = await startTestServer({ concurrency: 0 });
  img = await makeImages();
});
afterAll(async () => {
  await server?.close();
});

const ROWS = JSON.stringify([{ row: 1, title: 'Walk', description: 'walking' }]);
const GRID_60 = '{"columns": 6, "rows": 10}'; // 60 frames = 5000 ms: the 36-frame tier
const GRID_62 = '{"columns": 31, "rows": 2}'; // 62 frames = 5167 ms: the 100-frame tier

interface CostCase {
  name: string;
  path: string;
  fields: () => Fields;
  cost: number;
}

const COSTS: CostCase[] = [
  { name: 'generate/image', path: '/generate/image', fields: () => ({ prompt: 'x', ai_model: 'Gamma Pro' }), cost: 2 },
  { name: 'generate/image with ref_images', path: '/generate/image', fields: () => ({ prompt: 'x', ai_model: 'Alpha Image 2', ref_images: times(3, img.png) }), cost: 2 },
  { name: 'effect v1 1K', path: '/generate/effect/v1', fields: () => ({ description: 'fire', resolution: '1K', background_color: 'white' }), cost: 5 },
  { name: 'effect v1 2K', path: '/generate/effect/v1', fields: () => ({ description: 'fire', resolution: '2K', background_color: 'white' }), cost: 7 },
  { name: 'effect v1 4K', path: '/generate/effect/v1', fields: () => ({ description: 'fire', resolution: '4K', background_color: 'white' }), cost: 10 },
  { name: 'effect v2 frame 4', path: '/generate/effect/v2', fields: () => ({ description: 'fire', frame: '4', background_color: 'white' }), cost: 3 },
  { name: 'effect v2 frame 16', path: '/generate/effect/v2', fields: () => ({ description: 'fire', frame: '16', background_color: 'white', image: img.png }), cost: 3 },
  { name: 'character-overlay v1 1K', path: '/sprite/character-overlay/v1', fields: () => ({ sprite_sheet: img.sheet, character_images: img.png, rows: ROWS, resolution: '1K' }), cost: 5 },
  { name: 'character-overlay v1 2K', path: '/sprite/character-overlay/v1', fields: () => ({ sprite_sheet: img.sheet, character_images: img.png, rows: ROWS, resolution: '2K' }), cost: 7 },
  { name: 'character-overlay v1 4K', path: '/sprite/character-overlay/v1', fields: () => ({ sprite_sheet: img.sheet, character_images: img.png, rows: ROWS, resolution: '4K' }), cost: 10 },
  // The unversioned routes cost what their versioned twins cost (no background_color, as their clients send).
  { name: 'effect (unversioned) 2K', path: '/generate/effect', fields: () => ({ description: 'fire', resolution: '2K' }), cost: 7 },
  { name: 'image (unversioned, as the docs\' model examples post it)', path: '/generate', fields: () => ({ prompt: 'a sword', ai_model: 'GPT Image 1.5' }), cost: 2 },
  { name: 'character-overlay (unversioned) 4K', path: '/sprite/character-overlay', fields: () => ({ sprite_sheet: img.sheet, character_images: img.png, rows: ROWS, resolution: '4K' }), cost: 10 },
  { name: 'character-overlay v2 standard', path: '/sprite/character-overlay/v2', fields: () => ({ sprite_sheet: img.sheet, character_images: img.png, rows: ROWS, quality: 'standard' }), cost: 5 },
  { name: 'character-overlay v2 pro', path: '/sprite/character-overlay/v2', fields: () => ({ sprite_sheet: img.sheet, character_images: times(4, img.png), rows: ROWS, quality: 'pro' }), cost: 10 },
  ...([[25, 5], [36, 7], [49, 9], [64, 11], [81, 13], [100, 17], [121, 25], [144, 29], [169, 33]] as const).map(([frame, cost]) => (
    { name: `make-sprite v1 ${frame}`, path: '/sprite/make-sprite/v1', fields: () => ({ image: img.png, text: 'x', frame: String(frame), is_pixel: 'false' }), cost })),
  { name: 'make-sprite (unversioned) 64', path: '/sprite/make-sprite', fields: () => ({ image: img.png, text: 'x', frame: '64', is_pixel: 'true' }), cost: 11 },
  { name: 'upscale 1K', path: '/image-tune/upscale', fields: () => ({ image: img.png, scale: '1K' }), cost: 1 },
  { name: 'upscale 2K', path: '/image-tune/upscale', fields: () => ({ image: img.png, scale: '2K' }), cost: 2 },
  { name: 'upscale 4K', path: '/image-tune/upscale', fields: () => ({ image: img.jpeg, scale: '4K' }), cost: 4 },
  { name: 'reskin v1 1K', path: '/sprite/reskin/v1', fields: () => ({ image: img.png, description: 'gold', resolution: '1K' }), cost: 3 },
  { name: 'reskin v1 2K', path: '/sprite/reskin/v1', fields: () => ({ image: img.png, description: 'gold', resolution: '2K', style: 'pixel' }), cost: 5 },
  { name: 'reskin v1 4K', path: '/sprite/reskin/v1', fields: () => ({ image: img.png, description: 'gold', resolution: '4K' }), cost: 7 },
  { name: 'reskin v2 standard', path: '/sprite/reskin/v2', fields: () => ({ image: img.png, description: 'gold', quality: 'standard' }), cost: 3 },
  { name: 'reskin v2 pro', path: '/sprite/reskin/v2', fields: () => ({ image: img.png, description: 'gold', quality: 'pro' }), cost: 6 },
  { name: 'reskin (unversioned) 4K', path: '/sprite/reskin', fields: () => ({ image: img.png, change_description: 'gold', resolution: '4K' }), cost: 7 },
  { name: 'inpaint v2 standard', path: '/image-tune/inpaint/v2', fields: () => ({ image: img.png, prompt: 'background red', quality: 'standard' }), cost: 2 },
  { name: 'inpaint v2 pro', path: '/image-tune/inpaint/v2', fields: () => ({ image: img.png, prompt: 'background red', quality: 'pro' }), cost: 4 },
  { name: 'inpaint (unversioned)', path: '/image-tune/inpaint', fields: () => ({ image: img.png, prompt: 'background red' }), cost: 2 },
  { name: 'split-layer', path: '/image-tune/split-layer', fields: () => ({ image: img.png, keyword: 'head' }), cost: 2 },
  { name: 'make-sprite v2 49', path: '/sprite/make-sprite/v2', fields: () => ({ start_frame_image: img.png, text: 'x', frame: '49', is_pixel: 'false' }), cost: 9 },
  { name: 'make-sprite v2 81', path: '/sprite/make-sprite/v2', fields: () => ({ start_frame_image: img.png, text: 'x', frame: '81', is_pixel: 'false' }), cost: 13 },
  { name: 'make-sprite v2 121', path: '/sprite/make-sprite/v2', fields: () => ({ start_frame_image: img.png, end_frame_image: img.png2, text: 'x', frame: '121', is_pixel: 'true' }), cost: 25 },
  { name: 'plus 49', path: '/sprite/plus', fields: () => ({ start_image: img.png, text: 'x', frame: '49' }), cost: 9 },
  { name: 'plus 81', path: '/sprite/plus', fields: () => ({ start_image: img.png, end_image: img.jpeg, text: 'x', frame: '81' }), cost: 13 },
  { name: 'zenith image_to_video 36', path: '/sprite/zenith', fields: () => ({ mode: 'image_to_video', images: img.png, text: 'x', frame: '36' }), cost: 9 },
  { name: 'zenith image_to_video 100', path: '/sprite/zenith', fields: () => ({ mode: 'image_to_video', images: img.png, text: 'x', frame: '100' }), cost: 25 },
  { name: 'zenith first_last_frame 36', path: '/sprite/zenith', fields: () => ({ mode: 'first_last_frame', images: [img.png, img.png2], text: 'x', frame: '36' }), cost: 9 },
  { name: 'zenith first_last_frame 100', path: '/sprite/zenith', fields: () => ({ mode: 'first_last_frame', images: [img.png, img.png2], text: 'x', frame: '100' }), cost: 25 },
  { name: 'zenith restyle GIF of 400 ms', path: '/sprite/zenith', fields: () => ({ mode: 'video_restyle', images: img.gif, text: 'x' }), cost: 9 },
  { name: 'zenith restyle GIF of exactly 5000 ms (not longer than 5 s)', path: '/sprite/zenith', fields: () => ({ mode: 'video_restyle', images: img.gif5000, text: 'x' }), cost: 9 },
  { name: 'zenith restyle GIF of 5010 ms', path: '/sprite/zenith', fields: () => ({ mode: 'video_restyle', images: img.gif5010, text: 'x' }), cost: 25 },
  { name: 'zenith restyle GIF of 10 s', path: '/sprite/zenith', fields: () => ({ mode: 'video_restyle', images: img.gif10s, reference_image: img.png }), cost: 25 },
  { name: 'zenith restyle GIF of 120 frames (2.4 s)', path: '/sprite/zenith', fields: () => ({ mode: 'video_restyle', images: img.gif120, text: 'x' }), cost: 9 },
  { name: 'zenith restyle PNG sheet of 60 frames (5000 ms)', path: '/sprite/zenith', fields: () => ({ mode: 'video_restyle', images: img.sheet, sprite_grid: GRID_60, text: 'x' }), cost: 9 },
  { name: 'zenith restyle PNG sheet of 62 frames', path: '/sprite/zenith', fields: () => ({ mode: 'video_restyle', images: img.sheet, sprite_grid: GRID_62, text: 'x' }), cost: 25 },
  { name: 'zenith restyle PNG sheet of 1 frame', path: '/sprite/zenith', fields: () => ({ mode: 'video_restyle', images: img.sheet, sprite_grid: '{"columns": 1, "rows": 1}', text: 'x' }), cost: 9 },
  { name: 'pulsar image_to_video', path: '/sprite/pulsar', fields: () => ({ mode: 'image_to_video', images: img.png, text: 'x' }), cost: 3 },
  { name: 'pulsar first_last_frame', path: '/sprite/pulsar', fields: () => ({ mode: 'first_last_frame', images: [img.png, img.jpeg], text: 'x' }), cost: 3 },
  { name: 'pulsar restyle GIF', path: '/sprite/pulsar', fields: () => ({ mode: 'video_restyle', images: img.gif, text: 'x' }), cost: 4 },
  { name: 'pulsar restyle GIF of 10 s', path: '/sprite/pulsar', fields: () => ({ mode: 'video_restyle', images: img.gif10s, text: 'x' }), cost: 4 },
  { name: 'pulsar restyle PNG sheet of 62 frames', path: '/sprite/pulsar', fields: () => ({ mode: 'video_restyle', images: img.sheet, sprite_grid: GRID_62, text: 'x' }), cost: 4 },
];

describe('each endpoint and tier charges exactly its cost', () => {
  it.each(COSTS.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
    const user = server.addUser(100);
    const id = await expectAccepted(server, c.path, c.fields(), user.key);
    expect(await credits(server, user.key)).toBe(100 - c.cost);
    expect((await server.store.getJob(id))?.cost).toBe(c.cost);
  });

  it.each(COSTS.map((c) => [c.name, c] as const))('%s: a balance of exactly the cost is enough, and ends at 0', async (_n, c) => {
    const user = server.addUser(c.cost);
    await expectAccepted(server, c.path, c.fields(), user.key);
    expect(await credits(server, user.key)).toBe(0);
  });

  it.each(COSTS.map((c) => [c.name, c] as const))('%s: one credit short -> 402 Insufficient credits, nothing charged', async (_n, c) => {
    const user = server.addUser(c.cost - 1);
    await expectRejected(server, c.path, c.fields(), 402, 'Insufficient credits', user.key);
  });
});

describe('402 comes after 422 and 400', () => {
  it.each(ENDPOINTS.map((e) => [e]))('POST %s with 1 credit and an empty body -> 422, not 402', async (endpoint) => {
    const user = server.addUser(1);
    const res = await submit(server, endpoint, {}, user.key);
    expect(res.status, res.text).toBe(422);
    expect(await credits(server, user.key)).toBe(1);
  });

  it('a 400 rule beats 402', async () => {
    const user = server.addUser(1);
    await expectRejected(server, '/sprite/plus', { start_image: img.png, text: 'x', frame: '50' }, 400, 'frame should be one of 49, 81', user.key);
    await expectRejected(server, '/sprite/plus', { start_image: img.text, text: 'x', frame: '49' }, 400, 'Invalid image file', user.key);
  });

  it('a user with 0 credits gets 402 from every endpoint for a valid request', async () => {
    const user = server.addUser(0);
    for (const c of COSTS) await expectRejected(server, c.path, c.fields(), 402, 'Insufficient credits', user.key);
  });
});

describe('a balance never goes below zero', () => {
  it('balance for 5 jobs, 20 concurrent requests -> exactly 5 x 200 and 15 x 402, balance 0', async () => {
    const user = server.addUser(5 * 3); // pulsar image_to_video costs 3
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => submit(server, '/sprite/pulsar', { mode: 'image_to_video', images: img.png, text: 'run' }, user.key)),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([...times(5, 200), ...times(15, 402)]);
    for (const r of replies) if (r.status === 402) expect(r.body).toEqual({ detail: 'Insufficient credits' });
    const ids = replies.filter((r) => r.status === 200).map((r) => (r.body as { job_id: string }).job_id);
    expect(new Set(ids).size).toBe(5);
    expect(await credits(server, user.key)).toBe(0);
    expect(server.store.getUser(user.userId)?.credits).toBe(0);
  });

  it('mixed costs, 30 concurrent requests: the balance ends at >= 0 and charges add up', async () => {
    const start = 50;
    const user = server.addUser(start);
    const cases = Array.from({ length: 30 }, (_, i) => COSTS[i % COSTS.length]!);
    const replies = await Promise.all(cases.map((c) => submit(server, c.path, c.fields(), user.key)));
    let charged = 0;
    replies.forEach((r, i) => {
      expect([200, 402]).toContain(r.status);
      if (r.status === 200) charged += cases[i]!.cost;
    });
    const left = await credits(server, user.key);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBe(start - charged);
  });
});

describe('413 File too large, with nothing kept', () => {
  const MiB = 1024 * 1024;

  it('a file over 20 MiB', async () => {
    const big = new Uint8Array(20 * MiB + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expectRejected(server, '/generate/image', { prompt: 'x', ai_model: 'Gamma', ref_images: part(big, 'big.png', 'image/png') }, 413, 'File too large');
  });

  it('more than 16 files', async () => {
    await expectRejected(server, '/generate/image', { prompt: 'x', ai_model: 'Gamma', ref_images: times(17, img.png) }, 413, 'File too large');
  });

  it('more than 16 files spread over several fields', async () => {
    await expectRejected(
      server,
      '/sprite/character-overlay/v2',
      { sprite_sheet: times(9, img.sheet), character_images: times(8, img.png), rows: ROWS, quality: 'pro' },
      413,
      'File too large',
    );
  });

  it('a request over 100 MiB', async () => {
    const chunk = new Uint8Array(17 * MiB);
    await expectRejected(server, '/generate/image', { prompt: 'x', ai_model: 'Gamma', ref_images: times(6, part(chunk, 'c.png', 'image/png')) }, 413, 'File too large');
  });

  it('16 files are not too many (the ref_images rule answers)', async () => {
    await expectRejected(server, '/generate/image', { prompt: 'x', ai_model: 'Gamma', ref_images: times(16, img.png) }, 400, 'ref_images supports up to 10 images only');
  });

  it('the server still works after a 413', async () => {
    await expectAccepted(server, '/generate/image', { prompt: 'x', ai_model: 'Gamma' });
  });

  it('413 is not charged even for a user who could pay', async () => {
    const user = server.addUser(10);
    await expectRejected(server, '/generate/image', { prompt: 'x', ai_model: 'Gamma', ref_images: times(17, img.png) }, 413, 'File too large', user.key);
    await expectRejected(server, '/generate/image', { ai_model: 'Gamma' }, 422, [missing('prompt')], user.key);
  });
});
