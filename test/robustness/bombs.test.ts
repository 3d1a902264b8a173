// Crafted images against the real server process: every bomb gets its spec answer within a second,
// and the server's memory stays bounded (peak RSS of the process, VmHWM in /proc/<pid>/status,
// measured around each request). The key has 0 credits, so a file that passes validation answers 402
// instead of starting a job: what is measured is the validation of the upload alone.
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, type FormValue } from '../helpers/testServer.ts';
import { cli, startServerProcess, type ServerProcess, stopServerProcess } from '../helpers/serverProcess.ts';
import { gifBombBytes, gifBytes, hugeLogicalScreenGif, jpegBytes, manyFramesGif, pngHeaderClaiming, truncated, webpBytes } from '../fixtures/images.ts';
import { pngChunk, pngWith } from '../fixtures/pngChunks.ts';
import { jpegClaiming, rebuildPng, smallPng, webpVp8lClaiming, webpVp8xClaiming, zerosZlib } from './bombs.ts';
import { junkInsteadOfTrailer, paddedBeforeTrailer, withoutTrailer } from '../fixtures/lenientGifs.ts';

const MiB = 1024 * 1024;
/** Peak RSS may grow this much over the warmed-up server's peak while one bomb is checked. */
const RSS_BUDGET_MIB = 200;

let server: ServerProcess;
let dataDir: string;
let key: string;
let warmPeakKiB = 0;

function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

async function send(endpoint: string, fields: Record<string, FormValue | FormValue[] | string>) {
  const started = performance.now();
  const res = await fetch(`${server.url}/public/v1${endpoint}`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form(fields) });
  const body = (await res.json()) as { detail?: unknown };
  return { status: res.status, body, ms: performance.now() - started };
}

const file = (bytes: Uint8Array, name: string): FormValue => ({ bytes, name, type: 'application/octet-stream' });
const still = (bytes: Uint8Array) => ['/sprite/zenith', { mode: 'image_to_video', images: file(bytes, 'a.png'), text: 'jump', frame: '36' }] as const;
const webp = (bytes: Uint8Array) => ['/generate/image', { prompt: 'a gem', ai_model: 'Alpha Image 2', ref_images: file(bytes, 'a.webp') }] as const;
const source = (bytes: Uint8Array) => ['/sprite/zenith', { mode: 'video_restyle', images: file(bytes, 'a.gif'), text: 'golden' }] as const;

const INVALID = { detail: 'Invalid image file' };
const VALID_BUT_NO_CREDIT = { detail: 'Insufficient credits' };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-bombs-'));
  server = await startServerProcess(dataDir);
  key = await cli(dataDir, 'keys', 'create', '--name', 'bombs', '--credits', '0');
  // Warm up every decoder in both workers, so the budget measures the bomb and not first use.
  const png = await smallPng();
  for (let i = 0; i < 4; i++) {
    await send(...still(png));
    await send(...still(await jpegBytes(16, 16)));
    await send(...webp(await webpBytes(16, 16)));
    await send(...source(gifBytes({ width: 16, height: 16, frames: 4, delaysCs: 10 })));
  }
  warmPeakKiB = memory(server.pid).peak;
}, 90_000);

afterAll(async () => {
  if (server) {
    await stopServerProcess(server);
  }
  await rm(dataDir, { recursive: true, force: true });
});

interface Case {
  name: string;
  make: () => Promise<readonly [string, Record<string, FormValue | string>]> | readonly [string, Record<string, FormValue | string>];
  status: number;
  body: unknown;
}

const CASES: Case[] = [
  // PNG
  { name: 'PNG zip bomb: 20000x20000 declared, IDAT inflates to 1 GiB', make: () => still(pngWith(20000, 20000, zerosZlib(1024))), status: 400, body: INVALID },
  { name: 'PNG header claiming 60000x60000', make: () => still(pngHeaderClaiming(60000, 60000)), status: 400, body: INVALID },
  { name: 'PNG header claiming 2^31-1 x 2^31-1', make: () => still(pngHeaderClaiming(0x7fffffff, 0x7fffffff)), status: 400, body: INVALID },
  { name: 'PNG header claiming 0x0', make: () => still(pngHeaderClaiming(0, 0)), status: 400, body: INVALID },
  { name: 'PNG 4097x1 (one over the side limit)', make: () => still(pngWith(4097, 1, deflateSync(Buffer.alloc(4097 * 4 + 1)))), status: 400, body: INVALID },
  { name: 'PNG zip bomb within limits: 4096x4096 of zeros (a valid image)', make: () => still(pngWith(4096, 4096, deflateSync(Buffer.alloc(4096 * (4096 * 4 + 1)), { level: 9 }))), status: 402, body: VALID_BUT_NO_CREDIT },
  { name: 'PNG 4096x4096 whose IDAT inflates to 1 GiB (15x more than the image holds)', make: () => still(pngWith(4096, 4096, zerosZlib(1024))), status: 400, body: INVALID },
  { name: 'PNG 4096x4096 with a 64 MiB IDAT cut short', make: () => still(pngWith(4096, 4096, truncated(zerosZlib(64), 0.5))), status: 400, body: INVALID },
  { name: 'PNG with a bad IHDR CRC', make: async () => still(rebuildPng(await smallPng(), (c) => pngChunk(c.type, c.data, c.type === 'IHDR'))), status: 400, body: INVALID },
  { name: 'PNG with a bad IDAT CRC', make: async () => still(rebuildPng(await smallPng(), (c) => pngChunk(c.type, c.data, c.type === 'IDAT'))), status: 400, body: INVALID },
  { name: 'PNG without IEND', make: async () => still(rebuildPng(await smallPng(), (c) => (c.type === 'IEND' ? undefined : pngChunk(c.type, c.data)))), status: 400, body: INVALID },
  { name: 'PNG without IDAT', make: async () => still(rebuildPng(await smallPng(), (c) => (c.type === 'IDAT' ? undefined : pngChunk(c.type, c.data)))), status: 400, body: INVALID },
  { name: 'PNG signature alone', make: () => still(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), status: 400, body: INVALID },
  { name: 'zero-length file', make: () => still(new Uint8Array(0)), status: 400, body: INVALID },
  // JPEG
  { name: 'JPEG claiming 60000x60000', make: async () => still(await jpegClaiming(60000, 60000)), status: 400, body: INVALID },
  { name: 'JPEG claiming 65535x65535', make: async () => still(await jpegClaiming(65535, 65535)), status: 400, body: INVALID },
  // Within the side limit, markers intact, entropy data short: libjpeg pads it grey (a warning, as
  // browsers show it), so it is an image; what matters here is that it costs no more than its size.
  { name: 'JPEG claiming 4096x4096 with 16x16 of data (in limits: an image)', make: async () => still(await jpegClaiming(4096, 4096)), status: 402, body: VALID_BUT_NO_CREDIT },
  { name: 'JPEG SOI alone', make: () => still(Uint8Array.from([0xff, 0xd8, 0xff])), status: 400, body: INVALID },
  { name: 'JPEG cut in half', make: async () => still(truncated(await jpegBytes(256, 256), 0.5)), status: 400, body: INVALID },
  // WebP
  { name: 'WebP VP8X canvas claiming 60000x60000', make: async () => webp(await webpVp8xClaiming(60000, 60000)), status: 400, body: INVALID },
  { name: 'WebP VP8L claiming 16384x16384', make: async () => webp(await webpVp8lClaiming(16384, 16384)), status: 400, body: INVALID },
  { name: 'WebP RIFF header alone', make: () => webp(Uint8Array.from(Buffer.from('RIFF\x04\x00\x00\x00WEBP', 'latin1'))), status: 400, body: INVALID },
  { name: 'WebP cut in half', make: async () => webp(truncated(await webpBytes(256, 256), 0.5)), status: 400, body: INVALID },
  // GIF
  { name: 'GIF of 20,000 frames (restyle source)', make: () => source(manyFramesGif(20000)), status: 400, body: { detail: 'GIF must have at most 120 frames' } },
  { name: 'GIF of 20,000 frames (as a still)', make: () => still(manyFramesGif(20000)), status: 400, body: INVALID },
  { name: 'GIF frame claiming 20000x20000 (62 bytes)', make: () => source(gifBombBytes()), status: 400, body: INVALID },
  { name: 'GIF logical screen of 60000x60000', make: () => source(hugeLogicalScreenGif()), status: 400, body: INVALID },
  { name: 'GIF without trailer, cut mid-frame', make: () => source(truncated(gifBytes({ width: 64, height: 64, frames: 8, delaysCs: 10 }), 0.7)), status: 400, body: INVALID },
  { name: 'GIF header alone', make: () => source(Uint8Array.from(Buffer.from('GIF89a'))), status: 400, body: INVALID },
  // GIFs browsers play although they bend the block structure are valid; the same endings on a bomb change nothing.
  { name: 'GIF with two zero bytes before its trailer (a valid GIF)', make: () => source(paddedBeforeTrailer(gifBytes({ width: 64, height: 64, frames: 8, delaysCs: 10 }))), status: 402, body: VALID_BUT_NO_CREDIT },
  { name: 'GIF without trailer (a valid GIF)', make: () => source(withoutTrailer(gifBytes({ width: 64, height: 64, frames: 8, delaysCs: 10 }))), status: 402, body: VALID_BUT_NO_CREDIT },
  { name: 'GIF frame claiming 20000x20000, padded before its trailer', make: () => source(paddedBeforeTrailer(gifBombBytes())), status: 400, body: INVALID },
  { name: 'GIF logical screen of 60000x60000 without trailer', make: () => source(withoutTrailer(hugeLogicalScreenGif())), status: 400, body: INVALID },
  { name: 'GIF of 20,000 frames, zero padding for a trailer', make: () => source(junkInsteadOfTrailer(manyFramesGif(20000), new Uint8Array(1024))), status: 400, body: { detail: 'GIF must have at most 120 frames' } },
  { name: 'GIF cut mid-frame, then 4 KiB of zeros', make: () => source(Uint8Array.from([...truncated(gifBytes({ width: 64, height: 64, frames: 8, delaysCs: 10 }), 0.7), ...new Uint8Array(4096)])), status: 400, body: INVALID },
];

describe('crafted images: the spec error within a second, bounded memory', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const [endpoint, fields] = await c.make();
      const res = await send(endpoint, fields);
      const { peak } = memory(server.pid);
      expect([res.status, res.body]).toEqual([c.status, c.body]);
      expect(res.ms, `answered in ${Math.round(res.ms)} ms`).toBeLessThan(1000);
      const grewMiB = (peak - warmPeakKiB) / 1024;
      expect(grewMiB, `peak RSS grew ${grewMiB.toFixed(0)} MiB over the warm server's peak`).toBeLessThan(RSS_BUDGET_MIB);
      // Still alive, nothing left behind.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(await readdir(join(dataDir, 'inputs')).catch(() => [])).toEqual([]);
    });
  }

  it('reports the measurements', () => {
    const { rss, peak } = memory(server.pid);
    console.log(`server RSS ${Math.round(rss / 1024)} MiB, peak ${Math.round(peak / 1024)} MiB (warm peak ${Math.round(warmPeakKiB / 1024)} MiB)`);
    expect(peak).toBeGreaterThan(0);
  });
});
