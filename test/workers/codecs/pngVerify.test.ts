// verifyPng decides "decodes completely" without decoding: this holds it to libvips' own verdict
// (a full decode, failOn: 'error', as the job will do) over PNGs of every colour type, depth and
// interlace, and thousands of seeded damages to them. It must never accept what libvips rejects
// (the job would fail after a 200), must answer libvips' size when both accept, and may reject what
// libvips accepts only for the damage libpng decodes with a warning (see workers/codecs/png.ts).
import { deflateSync, inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyPng, verifyPngFile } from '../../../workers/codecs/png.ts';
import { MAX_IMAGE_SIDE } from '../../../workers/limits.ts';
import { pngChunks, pngOf, type PngChunk } from '../../fixtures/pngChunks.ts';

/** mulberry32: the same damages on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rng = ReturnType<typeof random>;
const int = (rng: Rng, n: number) => Math.floor(rng() * n);

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];

interface Shape {
  width: number;
  height: number;
  depth: number;
  colourType: number;
  interlace: 0 | 1;
}

/** Random scanlines (any bytes under filters 0-4 decode) of the shape, deflated; a palette when it needs one. */
function crafted(rng: Rng, shape: Shape, chunkSize = 0): Buffer {
  const { width, height, depth, colourType, interlace } = shape;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([depth, colourType, 0, 0, interlace], 8);
  const passes = interlace ? ADAM7.map(([x0, y0, dx, dy]) => [Math.ceil(Math.max(0, width - x0!) / dx!), Math.ceil(Math.max(0, height - y0!) / dy!)]) : [[width, height]];
  const rows: number[] = [];
  for (const [w, h] of passes) {
    if (!w || !h) continue;
    for (let y = 0; y < h; y++) {
      rows.push(int(rng, 5));
      for (let i = Math.ceil((w * depth * CHANNELS[colourType]!) / 8); i > 0; i--) rows.push(int(rng, 256));
    }
  }
  const zdata = deflateSync(Buffer.from(rows));
  const idat: PngChunk[] = [];
  const step = chunkSize || zdata.length;
  for (let at = 0; at < zdata.length; at += step) idat.push({ type: 'IDAT', data: zdata.subarray(at, at + step) });
  const palette = colourType === 3 ? [{ type: 'PLTE', data: Buffer.from(Array.from({ length: 3 << depth }, () => int(rng, 256))) }] : [];
  return pngOf([{ type: 'IHDR', data: ihdr }, ...palette, ...idat, { type: 'IEND', data: Buffer.alloc(0) }]);
}

const SHAPES: Shape[] = [];
for (const [colourType, depths] of [[0, [1, 2, 4, 8, 16]], [2, [8, 16]], [3, [1, 2, 4, 8]], [4, [8, 16]], [6, [8, 16]]] as const) {
  for (const depth of depths) for (const interlace of [0, 1] as const) SHAPES.push({ width: 3 + ((depth * 7) % 13), height: 2 + colourType, depth, colourType, interlace });
}

/** What a decoder shows: libvips with the options the job decodes with. */
async function libvips(bytes: Buffer): Promise<{ width: number; height: number } | Error> {
  try {
    const { info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, autoOrient: true }).raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height };
  } catch (err) {
    return err as Error;
  }
}

async function ours(bytes: Buffer): Promise<{ width: number; height: number } | Error> {
  try {
    return await verifyPng(bytes);
  } catch (err) {
    return err as Error;
  }
}

const folder = mkdtempSync(join(tmpdir(), 'spritekiln-png-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** verifyPngFile on `bytes` written to a file, read `piece` bytes at a time (chunks then span pieces). */
async function oursFromFile(bytes: Buffer, piece: number): Promise<{ width: number; height: number } | Error> {
  const path = join(folder, 'a.png');
  writeFileSync(path, bytes);
  const fd = openSync(path, 'r');
  try {
    return await verifyPngFile(fd, bytes.length, piece);
  } catch (err) {
    return err as Error;
  } finally {
    closeSync(fd);
  }
}

/** The same verdict: both refuse, or both accept at the same size. */
const verdict = (r: { width: number; height: number } | Error) => (r instanceof Error ? 'refused' : `${r.width}x${r.height}`);

/** The damage libpng decodes past with a warning and verifyPng refuses; anything else must agree. */
const STRICTER = [/no IEND/, /bad CRC in IEND/, /IEND chunk runs past/, /inflates past/, /image data is damaged/, /image data holds/];

async function compare(bytes: Buffer, label: string, disagreements: string[]) {
  label += ' ' + pngChunks(bytes).map((c) => c.type).join(',');
  const [mine, theirs] = await Promise.all([ours(bytes), libvips(bytes)]);
  // Read from its file a few bytes at a time, the same verdict as from memory.
  const fromFile = await oursFromFile(bytes, 13);
  if (verdict(fromFile) !== verdict(mine)) disagreements.push(`${label}: from its file ${verdict(fromFile)} (${(fromFile as Error).message ?? ''}), from memory ${verdict(mine)}`);
  if (mine instanceof Error && theirs instanceof Error) return;
  if (!(mine instanceof Error) && !(theirs instanceof Error)) {
    if (mine.width !== theirs.width || mine.height !== theirs.height) disagreements.push(`${label}: size ${mine.width}x${mine.height}, libvips ${theirs.width}x${theirs.height}`);
    return;
  }
  if (mine instanceof Error) {
    if (!STRICTER.some((re) => re.test(mine.message))) disagreements.push(`${label}: refused (${mine.message}), libvips decodes it`);
    return;
  }
  disagreements.push(`${label}: accepted, libvips refuses (${(theirs as Error).message.split('\n')[0]})`);
}

/** Seeded damages: each takes a sound PNG and returns a damaged copy. */
/** The PNG with its image data inflated, edited and deflated again into one IDAT before IEND. */
function withImageData(png: Buffer, edit: (raw: Buffer) => Buffer): Buffer {
  const chunks = pngChunks(png);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const rest = chunks.filter((c) => c.type !== 'IDAT');
  return pngOf([...rest.slice(0, -1), { type: 'IDAT', data: deflateSync(edit(raw)) }, rest.at(-1)!]);
}

const DAMAGES: Record<string, (rng: Rng, bytes: Buffer) => Buffer> = {
  truncate: (rng, b) => b.subarray(0, 8 + int(rng, b.length - 8)),
  'flip a byte (CRCs left as they are)': (rng, b) => {
    const out = Buffer.from(b);
    const at = 8 + int(rng, out.length - 8);
    out[at] = out[at]! ^ (1 + int(rng, 255));
    return out;
  },
  'change a byte of one chunk, CRC fixed': (rng, b) => {
    const chunks = pngChunks(b);
    const withData = chunks.filter((c) => c.data.length > 0);
    const chunk = withData[int(rng, withData.length)]!;
    const at = int(rng, chunk.data.length);
    chunk.data[at] = chunk.data[at]! ^ (1 + int(rng, 255));
    return pngOf(chunks);
  },
  'change a row filter byte': (rng, b) =>
    withImageData(b, (raw) => {
      raw[int(rng, raw.length)] = 5 + int(rng, 251);
      return raw;
    }),
  'drop a chunk': (rng, b) => {
    const chunks = pngChunks(b);
    chunks.splice(int(rng, chunks.length), 1);
    return pngOf(chunks);
  },
  'repeat a chunk': (rng, b) => {
    const chunks = pngChunks(b);
    const i = int(rng, chunks.length);
    chunks.splice(int(rng, chunks.length + 1), 0, chunks[i]!);
    return pngOf(chunks);
  },
  'move a chunk': (rng, b) => {
    const chunks = pngChunks(b);
    const [chunk] = chunks.splice(int(rng, chunks.length), 1);
    chunks.splice(int(rng, chunks.length + 1), 0, chunk!);
    return pngOf(chunks);
  },
  'insert a chunk': (rng, b) => {
    const chunks = pngChunks(b);
    const names = ['tEXt', 'zzZz', 'ZZZZ', 'zZZZ', 'tRNS', 'gAMA', 'bKGD', 'eXIf', 'PLTE', 'IHDR', 'IDAT', 'IEND', 'a1b2', 'sBIT', 'pHYs'];
    const data = Buffer.from(Array.from({ length: int(rng, 12) }, () => int(rng, 256)));
    chunks.splice(1 + int(rng, chunks.length), 0, { type: names[int(rng, names.length)]!, data });
    return pngOf(chunks);
  },
  'extra bytes in the image data': (rng, b) => withImageData(b, (raw) => Buffer.concat([raw, Buffer.alloc(1 + int(rng, 40))])),
  'garbage after IEND': (rng, b) => Buffer.concat([b, Buffer.from(Array.from({ length: 1 + int(rng, 30) }, () => int(rng, 256)))]),
  'change an EXIF byte, CRC fixed': (rng, b) => {
    const chunks = pngChunks(b);
    const exif = chunks.find((c) => c.type === 'eXIf');
    if (exif) exif.data[int(rng, Math.min(exif.data.length, 40))] = int(rng, 256);
    return pngOf(chunks);
  },
  'change IHDR field, CRC fixed': (rng, b) => {
    const chunks = pngChunks(b);
    const ihdr = chunks.find((c) => c.type === 'IHDR');
    if (ihdr) ihdr.data[8 + int(rng, 5)] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 255][int(rng, 12)]!;
    return pngOf(chunks);
  },
};

describe('verifyPng agrees with a full libvips decode', () => {
  test('sound PNGs of every colour type, bit depth and interlace are accepted at their size', async () => {
    const rng = random(1);
    const disagreements: string[] = [];
    for (const shape of SHAPES) {
      const bytes = crafted(rng, shape, shape.depth === 8 ? 7 : 0);
      expect(await ours(bytes), JSON.stringify(shape)).toEqual({ width: shape.width, height: shape.height });
      await compare(bytes, JSON.stringify(shape), disagreements);
    }
    expect(disagreements).toEqual([]);
  });

  test('PNGs sharp writes (ICC profile, palette, 16-bit, interlaced, EXIF orientation) agree, size included', async () => {
    const base = sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 200, g: 30, b: 90, alpha: 0.5 } } });
    const variants = await Promise.all([
      base.clone().png().toBuffer(),
      base.clone().png({ palette: true }).toBuffer(),
      base.clone().png({ progressive: true }).toBuffer(),
      base.clone().png().withMetadata().toBuffer(),
      base.clone().toColourspace('rgb16').png().toBuffer(),
      ...[1, 3, 5, 6, 7, 8].map((orientation) => base.clone().png().withMetadata({ orientation }).toBuffer()),
    ]);
    const disagreements: string[] = [];
    for (const [i, bytes] of variants.entries()) await compare(bytes, `variant ${i}`, disagreements);
    expect(disagreements).toEqual([]);
    expect(await ours(variants[8]!)).toEqual({ width: 20, height: 40 }); // orientation 6
  });

  test('thousands of seeded damages: never accepted when libvips refuses, refused only for decoded-with-warning damage', async () => {
    const withExif = await sharp({ create: { width: 9, height: 5, channels: 3, background: '#345' } }).png().withMetadata({ orientation: 6 }).toBuffer();
    const sound = [...SHAPES.map((shape, i) => crafted(random(100 + i), shape, 5)), withExif, withExif, withExif];
    const rng = random(Number(process.env.PNG_SEED ?? 7));
    const disagreements: string[] = [];
    let cases = 0;
    for (const [name, damage] of Object.entries(DAMAGES)) {
      for (let i = 0; i < Number(process.env.PNG_DAMAGES ?? 150); i++) {
        const bytes = damage(rng, sound[int(rng, sound.length)]!);
        await compare(bytes, `${name} #${i}`, disagreements);
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(1500);
    expect(disagreements).toEqual([]);
  });

  test('images over 8 MiB of pixel data are checked through a stream, rows across its chunks', async () => {
    const shape: Shape = { width: 2000, height: 1100, depth: 8, colourType: 6, interlace: 0 }; // 8.8 MB of scanlines
    const sound = crafted(random(3), shape, 1 << 16);
    expect(await ours(sound)).toEqual({ width: 2000, height: 1100 });
    const rowBytes = 1 + 2000 * 4;
    const cases: [string, Buffer, RegExp][] = [
      ['a bad filter byte on the last row', withImageData(sound, (raw) => ((raw[rowBytes * 1099] = 9), raw)), /filter type 9/],
      ['a row too many', withImageData(sound, (raw) => Buffer.concat([raw, raw.subarray(0, rowBytes)])), /inflates past/],
      ['a row short', withImageData(sound, (raw) => raw.subarray(0, raw.length - rowBytes)), /holds \d+ of the/],
    ];
    // Read from its file a MiB at a time (as the probe reads a large upload), the same.
    expect(await oursFromFile(sound, 1 << 20)).toEqual({ width: 2000, height: 1100 });
    for (const [name, bytes, reason] of cases) {
      const [mine, theirs, fromFile] = await Promise.all([ours(bytes), libvips(bytes), oursFromFile(bytes, 1 << 20)]);
      expect(mine, name).toBeInstanceOf(Error);
      expect((mine as Error).message, name).toMatch(reason);
      expect((fromFile as Error).message, name).toMatch(reason);
      if (name.includes('filter')) expect(theirs, name).toBeInstanceOf(Error);
    }
    const chunks = pngChunks(sound);
    const cut = pngOf([chunks[0]!, { type: 'IDAT', data: Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)).subarray(0, 40_000) }, chunks.at(-1)!]);
    expect(((await ours(cut)) as Error).message).toMatch(/damaged|holds/);
  });
});
