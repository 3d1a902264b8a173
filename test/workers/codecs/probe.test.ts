import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { probeFile } from '../../../workers/codecs/probe.ts';
import type { ImageFormat, ProbeInfo } from '../../../workers/types.ts';
import {
  customGifBytes,
  gifBombBytes,
  gifBytes,
  hugeLogicalScreenGif,
  jpegBytes,
  manyFramesGif,
  pngBytes,
  pngHeaderClaiming,
  truncated,
  webpBytes,
} from '../../fixtures/images.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spritekiln-probe-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const STILLS: ImageFormat[] = ['png', 'jpeg', 'webp'];
const PNG_OR_JPEG: ImageFormat[] = ['png', 'jpeg'];
const GIF: ImageFormat[] = ['gif'];
const SOURCE: ImageFormat[] = ['png', 'gif']; // a video_restyle source

type Expected = Omit<ProbeInfo, 'digest'> | RegExp;
interface Case {
  name: string;
  file: string;
  make: () => Promise<Uint8Array> | Uint8Array;
  accept: ImageFormat[];
  expected: Expected;
}

const gif = (frames: number, delaysCs: number | number[], width = 3, height = 2) => () => gifBytes({ width, height, frames, delaysCs });
/** A GIF whose frames' LZW data is corrupt: only a full decode can tell. */
const corruptGif = (delaysCs: number[]) => () =>
  customGifBytes({
    width: 2,
    height: 2,
    palette: [[0, 0, 0], [255, 255, 255]],
    frames: delaysCs.map((delayCs) => ({ width: 2, height: 2, delayCs, indices: [1, 1, 1] })), // 3 of 4 pixels
  });

/** A noise PNG of about 5 MB: over the 4 MiB a worker reads whole, so it is read a piece at a time. */
async function largePng(): Promise<Uint8Array> {
  const bytes = await pngBytes(1200, 1200, (x, y) => {
    const h = Math.imul(x * 7919 + y * 104729, 2654435761) >>> 0;
    return [h & 255, (h >>> 8) & 255, (h >>> 16) & 255, 255];
  });
  if (bytes.length <= 4 * 1024 * 1024) throw new Error(`the large PNG is only ${bytes.length} bytes`);
  return bytes;
}

const cases: Case[] = [
  // Each format, accepted where allowed.
  { name: 'a PNG', file: 'a.png', make: () => pngBytes(64, 48), accept: PNG_OR_JPEG, expected: { format: 'png', width: 64, height: 48, frames: 1, durationMs: 0 } },
  { name: 'a JPEG', file: 'a.jpg', make: () => jpegBytes(30, 20), accept: PNG_OR_JPEG, expected: { format: 'jpeg', width: 30, height: 20, frames: 1, durationMs: 0 } },
  { name: 'a WebP', file: 'a.webp', make: () => webpBytes(9, 7), accept: STILLS, expected: { format: 'webp', width: 9, height: 7, frames: 1, durationMs: 0 } },
  { name: 'a GIF', file: 'a.gif', make: gif(3, [10, 20, 30], 5, 4), accept: GIF, expected: { format: 'gif', width: 5, height: 4, frames: 3, durationMs: 600 } },
  { name: 'a 4096x1 PNG (the limit)', file: 'wide.png', make: () => pngBytes(4096, 1), accept: PNG_OR_JPEG, expected: { format: 'png', width: 4096, height: 1, frames: 1, durationMs: 0 } },
  // Content decides, not the name.
  { name: 'a GIF named .png', file: 'liar.png', make: gif(2, 10), accept: SOURCE, expected: { format: 'gif', width: 3, height: 2, frames: 2, durationMs: 200 } },
  { name: 'a PNG named .gif', file: 'liar.gif', make: () => pngBytes(4, 4), accept: SOURCE, expected: { format: 'png', width: 4, height: 4, frames: 1, durationMs: 0 } },
  { name: 'a GIF named .png where only PNG is accepted', file: 'liar2.png', make: gif(2, 10), accept: ['png'], expected: /gif is not accepted/ },
  { name: 'a PNG over 4 MiB (read a piece at a time)', file: 'large.png', make: largePng, accept: PNG_OR_JPEG, expected: { format: 'png', width: 1200, height: 1200, frames: 1, durationMs: 0 } },
  { name: 'a PNG over 4 MiB cut short', file: 'large-cut.png', make: async () => truncated(await largePng(), 0.9), accept: PNG_OR_JPEG, expected: /runs past the end of the file/ },
  { name: 'a PNG over 4 MiB where only GIF is asked', file: 'large.gif', make: largePng, accept: GIF, expected: /png is not accepted/ },
  // Accept lists.
  { name: 'a WebP where PNG or JPEG is asked', file: 'b.webp', make: () => webpBytes(4, 4), accept: PNG_OR_JPEG, expected: /webp is not accepted/ },
  { name: 'a GIF where stills are asked', file: 'b.gif', make: gif(1, 10), accept: STILLS, expected: /gif is not accepted/ },
  { name: 'a JPEG where only GIF is asked', file: 'b.jpg', make: () => jpegBytes(4, 4), accept: GIF, expected: /jpeg is not accepted/ },
  // Not images, or not whole ones.
  { name: 'zero bytes', file: 'empty.png', make: () => new Uint8Array(0), accept: STILLS, expected: /empty/ },
  { name: 'text', file: 'text.png', make: () => new TextEncoder().encode('not an image'), accept: STILLS, expected: /not a PNG/ },
  { name: 'half a PNG', file: 'half.png', make: async () => truncated(await pngBytes(64, 64, (x, y) => [x, y, x ^ y, 255]), 0.5), accept: PNG_OR_JPEG, expected: /runs past the end of the file/ },
  { name: 'half a JPEG', file: 'half.jpg', make: async () => truncated(await jpegBytes(64, 64), 0.5), accept: PNG_OR_JPEG, expected: /premature end/i },
  { name: 'half a WebP', file: 'half.webp', make: async () => truncated(await webpBytes(64, 64), 0.5), accept: STILLS, expected: /webp/i },
  { name: 'half a GIF', file: 'half.gif', make: () => truncated(gifBytes({ width: 40, height: 40, frames: 3, delaysCs: 10 }), 0.5), accept: GIF, expected: /truncated/ },
  { name: 'a GIF whose frames decode short', file: 'short.gif', make: corruptGif([10, 10]), accept: GIF, expected: /frame 1 holds 3 of 4 pixels/ },
  // Size bombs, refused from their headers.
  { name: 'a PNG header claiming 60000x60000', file: 'claim.png', make: () => pngHeaderClaiming(60000, 60000), accept: PNG_OR_JPEG, expected: /60000x60000/ },
  { name: 'a real 4097x1 PNG', file: 'wider.png', make: () => pngBytes(4097, 1), accept: PNG_OR_JPEG, expected: /4097x1/ },
  { name: 'the 62-byte GIF bomb (20000x20000 frame)', file: 'bomb.gif', make: gifBombBytes, accept: GIF, expected: /20000x20000/ },
  { name: 'a 60000x60000 logical screen', file: 'screen.gif', make: hugeLogicalScreenGif, accept: GIF, expected: /60000x60000/ },
  // GIF counts and lengths (browser delay rule).
  { name: 'delays of 0 and 1 cs count as 10 cs', file: 'fast.gif', make: gif(4, [0, 1, 0, 1]), accept: GIF, expected: { format: 'gif', width: 3, height: 2, frames: 4, durationMs: 400 } },
  { name: 'exactly 5.0 s', file: 'five.gif', make: gif(3, [0, 1, 480]), accept: GIF, expected: { format: 'gif', width: 3, height: 2, frames: 3, durationMs: 5000 } },
  { name: '120 frames', file: '120.gif', make: gif(120, 2), accept: GIF, expected: { format: 'gif', width: 3, height: 2, frames: 120, durationMs: 2400 } },
  { name: '121 frames', file: '121.gif', make: gif(121, 2), accept: GIF, expected: { format: 'gif', width: 3, height: 2, frames: 121, durationMs: 2420 } },
  { name: 'a looping GIF (NETSCAPE extension is no frame)', file: 'loop.gif', make: gif(2, 10), accept: GIF, expected: { format: 'gif', width: 3, height: 2, frames: 2, durationMs: 200 } },
  // Over the limits: counts come back, no full decode (the corrupt data is never looked at).
  { name: '20,000 frames, reported as over 120', file: 'flood.gif', make: () => manyFramesGif(20_000), accept: GIF, expected: { format: 'gif', width: 1, height: 1, frames: 121, durationMs: 2420 } },
  { name: 'over 10 s with corrupt data', file: 'long.gif', make: corruptGif([500, 501]), accept: GIF, expected: { format: 'gif', width: 2, height: 2, frames: 2, durationMs: 10010 } },
];

describe('probeFile', () => {
  test.each(cases)('$name', async ({ file, make, accept, expected }) => {
    const bytes = await make();
    const path = join(dir, file);
    await writeFile(path, bytes);
    const started = performance.now();
    const result = await probeFile({ path, accept });
    expect(performance.now() - started).toBeLessThan(1000); // generous guard: bombs are refused from headers
    if (expected instanceof RegExp) {
      expect(result).toMatchObject({ ok: false, code: 'invalid' });
      if (!result.ok) expect(result.message).toMatch(expected);
    } else {
      expect(result).toEqual({ ok: true, value: { ...expected, digest: createHash('sha256').update(bytes).digest('hex') } });
    }
  });

  test('a missing file is invalid, not a throw', async () => {
    await expect(probeFile({ path: join(dir, 'nope.png'), accept: STILLS })).resolves.toMatchObject({ ok: false, code: 'invalid' });
  });
});
