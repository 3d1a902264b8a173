// video_restyle sources through the real app (docs/contract.md §3): GIFs that browsers play although they
// bend the block structure are accepted and the job succeeds; the result plays at the source's
// speed (sheet.json durations and meta.timing); a sheet's empty trailing cells are not frames;
// a bomb with the same lenient ending is still refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForJob, type TestServer } from '../../helpers/testServer.ts';
import { expectAccepted, expectRejected, INVALID, part, type Fields } from './helpers.ts';
import { gifBombBytes } from '../../fixtures/images.ts';
import { gridSheet } from '../../fixtures/gridSheet.ts';
import { junkAfterTrailer, paddedBeforeTrailer, withoutTrailer } from '../../fixtures/lenientGifs.ts';
import { heroWalkFrames, heroWalkGif, png } from '../../fixtures/sprites.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface SheetJson {
  frames: Record<string, { duration: number }>;
  meta: { timing: { sourceFrames: number; sourcePeriodMs: number; repeats: number; durationMs: number } };
}

async function runToSheetJson(fields: Fields): Promise<SheetJson> {
  const id = await expectAccepted(server, '/sprite/zenith', fields);
  const job = await waitForJob(server, id);
  expect(job.status, JSON.stringify(job)).toBe('Succeed');
  expect(job.image_urls).toHaveLength(2);
  const res = await fetch(job.metadata_url!);
  expect(res.status).toBe(200);
  return (await res.json()) as SheetJson;
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
// 4 frames of 150 ms, as the real mage and skeleton walks: a 0.6 s loop.
const walk = heroWalkGif(4, 32, 15);
const restyle = (bytes: Uint8Array, extra: Fields = {}): Fields => ({ mode: 'video_restyle', images: part(bytes, 'walk.gif', 'image/gif'), text: 'golden', ...extra });

describe('zenith video_restyle with a GIF browsers play', () => {
  it.each([
    ['two zero bytes before the trailer', paddedBeforeTrailer(walk)],
    ['junk after the trailer', junkAfterTrailer(walk)],
    ['no trailer', withoutTrailer(walk)],
  ])('%s: 200, Succeed, and the 0.6 s loop kept', async (_name, bytes) => {
    const json = await runToSheetJson(restyle(bytes));
    const durations = Object.values(json.frames).map((f) => f.duration);
    expect(durations).toHaveLength(36);
    expect(json.meta.timing).toEqual({ sourceFrames: 4, sourcePeriodMs: 600, repeats: 5, durationMs: 3000 });
    expect(Math.abs(sum(durations) / json.meta.timing.repeats - 600) / 600).toBeLessThan(0.15);
  });

  it('a 6 s GIF (100 output frames, the tier rule): one loop of 60 ms frames, 6 s as the source', async () => {
    const json = await runToSheetJson(restyle(paddedBeforeTrailer(heroWalkGif(8, 32, 75))));
    expect(Object.keys(json.frames)).toHaveLength(100);
    expect(json.meta.timing).toEqual({ sourceFrames: 8, sourcePeriodMs: 6000, repeats: 1, durationMs: 6000 });
  });

  it.each([
    ['the 62-byte bomb, padded', paddedBeforeTrailer(gifBombBytes())],
    ['the 62-byte bomb, without trailer', withoutTrailer(gifBombBytes())],
  ])('%s is still refused', async (_name, bytes) => {
    await expectRejected(server, '/sprite/zenith', restyle(bytes), 400, INVALID);
  });
});

describe('zenith video_restyle with a sheet whose last cells are empty', () => {
  it('4 poses in a 3x2 grid: 4 source frames, 36 output frames at the poses\' 12 fps', async () => {
    const sheet = await png(gridSheet(heroWalkFrames(4, 32), 3, 2));
    const json = await runToSheetJson({ mode: 'video_restyle', images: part(sheet, 'sheet.png', 'image/png'), sprite_grid: '{"columns": 3, "rows": 2}', text: 'ice' });
    // 4 cells at 12 fps loop in 333 ms; 9 loops over 36 frames is exactly 12 fps.
    expect(json.meta.timing).toEqual({ sourceFrames: 4, sourcePeriodMs: 333, repeats: 9, durationMs: 3000 });
  });
});
