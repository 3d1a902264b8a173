import { parseGIF } from 'gifuct-js';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { decodeAnimationFile } from '../../../workers/codecs/decode.ts';
import { browserDelayMs, decodeGif, readGifStructure, verifyGifData } from '../../../workers/codecs/gif.ts';
import { fitWithin } from '../../../workers/kernels/resize.ts';
import { lzwDecode } from '../../../workers/codecs/lzw.ts';
import type { RawImage } from '../../../workers/types.ts';
import {
  customGifBytes,
  gifBombBytes,
  gifBytes,
  gifFixtureColor,
  GIF_COLORS,
  hugeLogicalScreenGif,
  manyFramesGif,
  truncated,
  type Rgb,
} from '../../fixtures/images.ts';
import { junkAfterTrailer, junkInsteadOfTrailer, paddedBeforeTrailer, withoutTrailer } from '../../fixtures/lenientGifs.ts';
import { heroWalkGif } from '../../fixtures/sprites.ts';

const BLACK: Rgb = [0, 0, 0];
const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];
const PALETTE: Rgb[] = [BLACK, RED, GREEN, BLUE];

function pixel(image: RawImage, x: number, y: number): number[] {
  const at = (y * image.width + x) * 4;
  return Array.from(image.data.subarray(at, at + 4));
}

/** What libvips (sharp) makes of the same GIF: an independent decoder to compare pixels with. */
async function sharpFrames(bytes: Uint8Array): Promise<RawImage[]> {
  const { data, info } = await sharp(bytes, { animated: true }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pages = info.pages ?? 1;
  const height = info.pageHeight ?? info.height;
  const size = info.width * height * 4;
  return Array.from({ length: pages }, (_, i) => ({ data: data.subarray(i * size, (i + 1) * size), width: info.width, height }));
}

describe('readGifStructure: counts and delays', () => {
  const cases: Array<{ name: string; delaysCs: number[]; durationMs: number }> = [
    { name: 'delays of 0 and 1 cs play as 10 cs', delaysCs: [0, 1, 0, 1], durationMs: 400 },
    { name: '2 cs is the shortest delay played as written', delaysCs: [2, 2], durationMs: 40 },
    { name: 'exactly 5.0 s', delaysCs: [0, 1, 480], durationMs: 5000 },
    { name: 'exactly 5.0 s in 50 frames of 10 cs', delaysCs: Array(50).fill(10), durationMs: 5000 },
    { name: 'just over 10 s', delaysCs: [500, 501], durationMs: 10010 },
  ];
  test.each(cases)('$name', ({ delaysCs, durationMs }) => {
    const gif = readGifStructure(gifBytes({ width: 3, height: 2, frames: delaysCs.length, delaysCs }));
    expect(gif.frames.map((f) => f.delayCs)).toEqual(delaysCs);
    expect(gif.frames.map((f) => f.delayMs)).toEqual(delaysCs.map(browserDelayMs));
    expect(gif.durationMs).toBe(durationMs);
    expect(gif.complete).toBe(true);
  });

  test('the NETSCAPE loop extension is not a frame (gifuct-js lists it as one)', () => {
    const bytes = gifBytes({ width: 2, height: 2, frames: 2, delaysCs: 10, loop: true });
    expect(parseGIF(bytes.slice().buffer).frames).toHaveLength(3);
    expect(readGifStructure(bytes).frames).toHaveLength(2);
    expect(readGifStructure(gifBytes({ width: 2, height: 2, frames: 2, delaysCs: 10, loop: false })).frames).toHaveLength(2);
  });

  test.each([120, 121])('%i frames are counted', (n) => {
    const gif = readGifStructure(gifBytes({ width: 2, height: 2, frames: n, delaysCs: 2 }));
    expect(gif.frames).toHaveLength(n);
    expect(gif.complete).toBe(n <= 120);
  });

  test('20,000 frames: the walk stops at 121 and answers quickly', () => {
    const bytes = manyFramesGif(20_000);
    const started = performance.now();
    const gif = readGifStructure(bytes);
    expect(performance.now() - started).toBeLessThan(1000); // generous guard, not a benchmark
    expect(gif.frames).toHaveLength(121);
    expect(gif.complete).toBe(false);
    expect(() => decodeGif(bytes)).toThrow(/more than 120 frames/);
  });

  test('frame rectangles are read from each image descriptor', () => {
    const bytes = customGifBytes({
      width: 8,
      height: 6,
      palette: PALETTE,
      frames: [{ width: 8, height: 6, indices: Array(48).fill(1) }, { left: 3, top: 2, width: 4, height: 1, indices: [2, 2, 2, 2] }],
    });
    const gif = readGifStructure(bytes);
    expect([gif.width, gif.height]).toEqual([8, 6]);
    expect(gif.frames.map(({ left, top, width, height }) => [left, top, width, height])).toEqual([[0, 0, 8, 6], [3, 2, 4, 1]]);
  });
});

/** The offset just past a chain of sub-blocks (its 0 terminator included). */
function afterSubBlocks(bytes: Uint8Array, at: number): number {
  while ((bytes[at] ?? 0) !== 0) at += 1 + (bytes[at] ?? 0);
  return at + 1;
}

/** The signature, screen descriptor and global colour table: everything before the first block. */
function header(bytes: Uint8Array): Uint8Array {
  const flags = bytes[10] ?? 0;
  return bytes.subarray(0, 13 + (flags & 0x80 ? 3 * (2 << (flags & 7)) : 0));
}

describe('readGifStructure: refuses before decompressing', () => {
  const valid = gifBytes({ width: 4, height: 4, frames: 2, delaysCs: 10 });
  const cases: Array<[string, Uint8Array, RegExp]> = [
    ['the 62-byte GIF whose frame claims 20000x20000', gifBombBytes(), /frame 1 is 20000x20000/],
    ['a 60000x60000 logical screen', hugeLogicalScreenGif(), /logical screen is 60000x60000/],
    ['a frame 4097 wide', customGifBytes({ width: 4, height: 4, palette: PALETTE, frames: [{ width: 4097, height: 1, indices: [] }] }), /4097x1/],
    ['no image and no trailer', customGifBytes({ width: 1, height: 1, palette: PALETTE, frames: [], noTrailer: true }), /truncated/],
    ['a file cut in half', truncated(valid, 0.5), /truncated/],
    ['a file cut after the header', truncated(valid, 0.1), /truncated/],
    // Leniency starts after a complete image: before one, a byte that starts no block is no GIF.
    ['an unknown block before any image', Uint8Array.from([...header(valid), 0x99, ...valid.subarray(header(valid).length)]), /unknown block 0x99/],
    ['zero padding before any image', Uint8Array.from([...header(valid), 0, 0, 0x3b]), /unknown block 0x0/],
    ['no image at all', customGifBytes({ width: 1, height: 1, palette: PALETTE, frames: [] }), /no image/],
    ['a zero-size logical screen and first frame', customGifBytes({ width: 0, height: 0, palette: PALETTE, frames: [{ width: 0, height: 0, indices: [] }] }), /logical screen is 0x0/],
    ['a first frame that grows the screen past 4096', customGifBytes({ width: 4, height: 4, palette: PALETTE, frames: [{ left: 4000, width: 97, height: 1, indices: [] }] }), /logical screen is 4097x4/],
  ];
  test.each(cases)('%s', (_name, bytes, message) => {
    expect(() => readGifStructure(bytes)).toThrow(message);
  });

  test('the bomb is 62 bytes and decodeGif refuses it in this very process', () => {
    const bomb = gifBombBytes();
    expect(bomb).toHaveLength(62);
    expect(() => decodeGif(bomb)).toThrow(/20000x20000/);
  });
});

describe('readGifStructure: the file ends where browsers end it', () => {
  // Chromium and Firefox end a GIF at its trailer, at the end of the data, or at a byte where a
  // block should start that starts none, once an image has been read. libvips (libnsgif) is the
  // pixel oracle where it reads the file: it takes up to 8 stray bytes (too few for an image
  // descriptor) and refuses 9 or more, which browsers play.
  const walk = heroWalkGif(4, 24, 15); // our own encoder's GIF
  const noisy = gifBytes({ width: 37, height: 23, frames: 3, delaysCs: [0, 7, 30] });
  const cases: Array<[string, Uint8Array, Uint8Array, boolean]> = [
    ['two zero bytes before the trailer (the GIF a user sent)', paddedBeforeTrailer(walk), walk, true],
    ['4 KiB of zeros before the trailer', paddedBeforeTrailer(noisy, new Uint8Array(4096)), noisy, false],
    ['junk after the trailer', junkAfterTrailer(walk), walk, true],
    ['no trailer: the file ends after the last image', withoutTrailer(noisy), noisy, true],
    ['junk where the trailer should be', junkInsteadOfTrailer(walk), walk, true],
    ['text where the trailer should be', junkInsteadOfTrailer(noisy, Buffer.from('saved by an old editor\n')), noisy, false],
  ];
  test.each(cases)('%s: the same frames and delays as the well-formed file (and libvips: %s)', async (_name, bytes, wellFormed, libvips) => {
    const want = decodeGif(wellFormed);
    const gif = readGifStructure(bytes);
    expect(gif.complete).toBe(true);
    expect(gif.frames).toHaveLength(want.frames.length);
    expect(gif.durationMs).toBe(readGifStructure(wellFormed).durationMs);
    expect(() => verifyGifData(bytes, gif)).not.toThrow();
    const got = decodeGif(bytes);
    expect(got.delaysMs).toEqual(want.delaysMs);
    got.frames.forEach((f, i) => expect(Buffer.from(f.data).equals(Buffer.from(want.frames[i]?.data ?? []))).toBe(true));
    if (!libvips) return;
    const oracle = await sharpFrames(bytes);
    expect(oracle).toHaveLength(got.frames.length);
    got.frames.forEach((f, i) => expect(Buffer.from(f.data).equals(Buffer.from(oracle[i]?.data ?? []))).toBe(true));
  });

  test('a byte that starts no block between two images ends the file after the first, as browsers do', () => {
    const two = customGifBytes({ width: 2, height: 2, palette: PALETTE, frames: [{ width: 2, height: 2, indices: [1, 1, 1, 1] }, { width: 2, height: 2, indices: [2, 2, 2, 2] }] });
    const second = two.lastIndexOf(0x21, two.lastIndexOf(0x2c)); // the second image's GCE
    const bytes = Uint8Array.from([...two.subarray(0, second), 0x00, ...two.subarray(second)]);
    expect(readGifStructure(bytes).frames).toHaveLength(1);
    expect(pixel(decodeGif(bytes).frames[0]!, 1, 1)).toEqual([...RED, 255]);
  });

  // Every bomb and every truncation inside a block is refused exactly as before, whatever follows.
  const pad = [0, 0];
  const good = { width: 3, height: 3, indices: Array(9).fill(2) };
  const bombFrame = { width: 20000, height: 20000, indices: [], lzw: new Uint8Array(21).fill(0x11) };
  const cut = (bytes: Uint8Array, keep: number) => bytes.subarray(0, bytes.length - keep);
  const structural: Array<[string, Uint8Array, RegExp]> = [
    ['the 62-byte bomb, padded', paddedBeforeTrailer(gifBombBytes(), pad), /frame 1 is 20000x20000/],
    ['the bomb, without trailer', withoutTrailer(gifBombBytes()), /frame 1 is 20000x20000/],
    ['a 60000x60000 screen, padded', paddedBeforeTrailer(hugeLogicalScreenGif(), pad), /logical screen is 60000x60000/],
    ['a good image, then a bomb frame, then padding', paddedBeforeTrailer(customGifBytes({ width: 3, height: 3, palette: PALETTE, frames: [good, bombFrame] }), pad), /frame 2 is 20000x20000/],
    ['a good image, then a frame cut inside its data', cut(customGifBytes({ width: 3, height: 3, palette: PALETTE, frames: [good, good] }), 3), /truncated/],
    ['a good image, then an image descriptor cut short', Uint8Array.from([...withoutTrailer(customGifBytes({ width: 3, height: 3, palette: PALETTE, frames: [good] })), 0x2c, 0, 0]), /truncated in image descriptor/],
    ['a good image, then an extension cut short', Uint8Array.from([...withoutTrailer(customGifBytes({ width: 3, height: 3, palette: PALETTE, frames: [good] })), 0x21, 0xf9, 4, 0]), /truncated/],
  ];
  test.each(structural)('%s is refused', (_name, bytes, message) => {
    expect(() => readGifStructure(bytes)).toThrow(message);
    expect(() => decodeGif(bytes)).toThrow(message);
  });

  test('20,000 frames with padding for a trailer: the walk still stops at 121', () => {
    const bytes = junkInsteadOfTrailer(manyFramesGif(20_000), pad);
    const gif = readGifStructure(bytes);
    expect([gif.frames.length, gif.complete]).toEqual([121, false]);
    expect(() => decodeGif(bytes)).toThrow(/more than 120 frames/);
  });

  const lzw: Array<[string, Uint8Array, RegExp]> = [
    ['a frame 1 pixel short, padded', paddedBeforeTrailer(customGifBytes({ width: 3, height: 3, palette: PALETTE, frames: [{ ...good, indices: Array(8).fill(2) }] }), pad), /holds 8 of 9/],
    ['a code the table does not hold, without trailer', withoutTrailer(customGifBytes({ width: 3, height: 3, palette: PALETTE, frames: [{ ...good, indices: [], lzw: Uint8Array.from([0x3c, 0x00]) }] })), /LZW code 7/],
  ];
  test.each(lzw)('%s is refused by verifyGifData and decodeGif', (_name, bytes, message) => {
    expect(() => verifyGifData(bytes, readGifStructure(bytes))).toThrow(message);
    expect(() => decodeGif(bytes)).toThrow(message);
  });
});

describe('verifyGifData: every frame decodes to its full size', () => {
  const frame = { width: 3, height: 3 };
  const cases: Array<[string, Uint8Array, RegExp | undefined]> = [
    ['a whole frame', customGifBytes({ width: 3, height: 3, palette: PALETTE, frames: [{ ...frame, indices: Array(9).fill(2) }] }), undefined],
    ['a frame 1 pixel short', customGifBytes({ width: 3, height: 3, palette: PALETTE, frames: [{ ...frame, indices: Array(8).fill(2) }] }), /holds 8 of 9/],
    // Min code size 2: clear 4, end 5; after a clear the first code must be a literal.
    ['a code the table does not hold', customGifBytes({ width: 3, height: 3, palette: PALETTE, frames: [{ ...frame, indices: [], lzw: Uint8Array.from([0x3c, 0x00]) }] }), /LZW code 7/],
    ['no LZW data at all', customGifBytes({ width: 3, height: 3, palette: PALETTE, frames: [{ ...frame, indices: [], lzw: new Uint8Array(0) }] }), /holds 0 of 9/],
  ];
  test.each(cases)('%s', (_name, bytes, message) => {
    const gif = readGifStructure(bytes);
    if (message) expect(() => verifyGifData(bytes, gif)).toThrow(message);
    else expect(() => verifyGifData(bytes, gif)).not.toThrow();
  });

  test('counting mode and decoding mode agree on a frame that fills the code table', () => {
    const width = 300;
    const height = 200;
    const bytes = gifBytes({ width, height, frames: 1, delaysCs: 10 });
    const [info] = readGifStructure(bytes).frames;
    if (!info) throw new Error('no frame');
    const out = new Uint8Array(width * height);
    expect(lzwDecode(bytes, info.dataOffset, info.minCodeSize, width * height)).toBe(width * height);
    expect(lzwDecode(bytes, info.dataOffset, info.minCodeSize, width * height, out)).toBe(width * height);
    expect(out[7 * width + 5]).toBe((7 + 5) % GIF_COLORS.length);
  });
});

describe('decodeGif: compositing', () => {
  test('frames from gifenc match the pattern and libvips, pixel for pixel', async () => {
    const options = { width: 37, height: 23, frames: 4, delaysCs: [0, 1, 7, 30] };
    const bytes = gifBytes(options);
    const animation = decodeGif(bytes);
    expect(animation.delaysMs).toEqual([100, 100, 70, 300]);
    animation.frames.forEach((frame, i) => {
      expect(pixel(frame, 5, 9)).toEqual([...gifFixtureColor(GIF_COLORS, i, 5, 9), 255]);
    });
    const oracle = await sharpFrames(bytes);
    expect(oracle).toHaveLength(4);
    animation.frames.forEach((frame, i) => expect(Buffer.from(frame.data).equals(Buffer.from(oracle[i]?.data ?? []))).toBe(true));
  });

  test('a large noisy frame (code table fills and clears) matches libvips', async () => {
    const colors: Rgb[] = Array.from({ length: 200 }, (_, i) => [i, (i * 7) & 255, (i * 13) & 255]);
    let seed = 12345; // a small LCG: noise that LZW cannot compress, so the 4096-entry table fills many times
    const noise = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) % colors.length;
    const bytes = gifBytes({ width: 257, height: 131, frames: 2, delaysCs: 10, colors, paint: noise });
    const animation = decodeGif(bytes);
    const oracle = await sharpFrames(bytes);
    animation.frames.forEach((frame, i) => expect(Buffer.from(frame.data).equals(Buffer.from(oracle[i]?.data ?? []))).toBe(true));
  });

  test('disposal 0/1 keep, 2 clears to transparent, 3 restores; transparent pixels show what is under', () => {
    const bytes = customGifBytes({
      width: 4,
      height: 4,
      palette: PALETTE,
      frames: [
        { width: 4, height: 4, indices: Array(16).fill(1), disposal: 1 }, // all red
        { left: 1, top: 1, width: 2, height: 2, indices: [0, 2, 2, 2], transparentIndex: 0, disposal: 3 },
        { left: 2, top: 2, width: 2, height: 2, indices: [3, 3, 3, 3], disposal: 2 },
        { width: 1, height: 1, indices: [2], disposal: 0 },
      ],
    });
    const [f1, f2, f3, f4] = decodeGif(bytes).frames;
    if (!f1 || !f2 || !f3 || !f4) throw new Error('expected 4 frames');
    const red = [...RED, 255];
    const green = [...GREEN, 255];
    const blue = [...BLUE, 255];
    const clear = [0, 0, 0, 0];
    expect(pixel(f1, 1, 1)).toEqual(red);
    // Frame 2: its transparent top-left pixel shows frame 1's red.
    expect([pixel(f2, 1, 1), pixel(f2, 2, 1), pixel(f2, 1, 2), pixel(f2, 2, 2), pixel(f2, 3, 3)]).toEqual([red, green, green, green, red]);
    // Frame 2 restored to previous: frame 3 draws over all-red.
    expect([pixel(f3, 1, 2), pixel(f3, 2, 1), pixel(f3, 2, 2), pixel(f3, 3, 3)]).toEqual([red, red, blue, blue]);
    // Frame 3 restored to background: its rectangle is transparent under frame 4.
    expect([pixel(f4, 0, 0), pixel(f4, 1, 1), pixel(f4, 2, 2), pixel(f4, 3, 3), pixel(f4, 3, 2)]).toEqual([green, red, clear, clear, clear]);
  });

  test('the first frame grows a screen too small for it (0x0 included), as Chromium does', () => {
    for (const [width, height] of [[0, 0], [2, 5], [4, 1]] as const) {
      const bytes = customGifBytes({
        width,
        height,
        palette: PALETTE,
        frames: [
          { left: 1, top: 2, width: 3, height: 2, indices: Array(6).fill(3) },
          { left: 3, top: 3, width: 3, height: 3, indices: Array(9).fill(2) }, // later frames are clipped
        ],
      });
      const structure = readGifStructure(bytes);
      expect([structure.width, structure.height]).toEqual([Math.max(width, 4), Math.max(height, 4)]);
      const [f1, f2] = decodeGif(bytes).frames;
      if (!f1 || !f2) throw new Error('expected 2 frames');
      expect([f1.width, f1.height, f2.width, f2.height]).toEqual([structure.width, structure.height, structure.width, structure.height]);
      expect([pixel(f1, 0, 0), pixel(f1, 1, 2), pixel(f1, 3, 3)]).toEqual([[0, 0, 0, 0], [...BLUE, 255], [...BLUE, 255]]);
      expect(pixel(f2, 3, 3)).toEqual([...GREEN, 255]);
    }
  });

  test('disposal 4 restores what was under the frame, as 3 does (Chromium, Firefox); 5-7 keep it', () => {
    const frames = (disposal: number) =>
      decodeGif(customGifBytes({
        width: 2,
        height: 1,
        palette: PALETTE,
        frames: [
          { width: 2, height: 1, indices: [1, 1] },
          { width: 1, height: 1, indices: [2], disposal },
          { left: 1, width: 1, height: 1, indices: [3] },
        ],
      })).frames.map((frame) => pixel(frame, 0, 0));
    const red = [...RED, 255];
    const green = [...GREEN, 255];
    expect(frames(3)).toEqual([red, green, red]);
    expect(frames(4)).toEqual([red, green, red]);
    for (const disposal of [1, 5, 6, 7]) expect(frames(disposal)).toEqual([red, green, green]);
  });

  test('a frame running off the logical screen is clipped, as browsers do', () => {
    const bytes = customGifBytes({
      width: 4,
      height: 4,
      palette: PALETTE,
      frames: [
        { width: 1, height: 1, indices: [0], transparentIndex: 0 },
        { left: 3, top: 3, width: 3, height: 3, indices: Array(9).fill(3) },
        { left: 9, top: 9, width: 1, height: 1, indices: [2], disposal: 3 },
        { left: 2, top: 9, width: 1, height: 1, indices: [2], disposal: 2 },
        { left: 9, top: 0, width: 1, height: 1, indices: [2], disposal: 3 },
      ],
    });
    const frames = decodeGif(bytes).frames.slice(1);
    expect(frames).toHaveLength(4);
    const [f1] = frames;
    if (!f1) throw new Error('expected frames');
    expect([f1.width, f1.height]).toEqual([4, 4]);
    expect(pixel(f1, 3, 3)).toEqual([...BLUE, 255]);
    expect(pixel(f1, 2, 2)).toEqual([0, 0, 0, 0]);
    for (const frame of frames) expect(frame.data).toEqual(f1.data);
  });

  test('interlaced rows land in place', async () => {
    const width = 3;
    const height = 11;
    const indices = Array.from({ length: width * height }, (_, i) => Math.floor(i / width) % 4);
    const bytes = customGifBytes({ width, height, palette: PALETTE, frames: [{ width, height, indices, interlaced: true }] });
    const [frame] = decodeGif(bytes).frames;
    if (!frame) throw new Error('expected a frame');
    for (let y = 0; y < height; y++) expect(pixel(frame, 1, y)).toEqual([...(PALETTE[y % 4] ?? BLACK), 255]);
    const [oracle] = await sharpFrames(bytes);
    expect(Buffer.from(frame.data).equals(Buffer.from(oracle?.data ?? []))).toBe(true);
  });
});

describe('decodeGif: a repeated picture is decoded once', () => {
  const same = (a: RawImage, b: RawImage) => Buffer.from(a.data).equals(Buffer.from(b.data));
  /** Frames as libvips composes them, and the first frame with each one's pixels. */
  async function checkAgainstLibvips(bytes: Uint8Array): Promise<RawImage[]> {
    const frames = decodeGif(bytes).frames;
    const oracle = await sharpFrames(bytes);
    expect(frames).toHaveLength(oracle.length);
    frames.forEach((frame, i) => expect(same(frame, oracle[i]!), `frame ${i}`).toBe(true));
    return frames;
  }

  test('a loop of whole frames: each drawing is one object in every frame that shows it', async () => {
    const frames = await checkAgainstLibvips(heroWalkGif(24, 64, 8));
    const pictures = frames.filter((f, i) => !frames.slice(0, i).some((g) => same(f, g)));
    // Every frame is the first frame with its pixels: as many objects as pictures, and fewer than frames.
    expect(new Set(frames).size).toBe(pictures.length);
    expect(pictures.length).toBeLessThan(frames.length);
    frames.forEach((f) => expect(f).toBe(pictures.find((p) => same(p, f))));
  });

  test('a loop of rectangles kept on the canvas (disposal 1), as ffmpeg writes one: the picture a rectangle restores is the first one', async () => {
    const full = { width: 4, height: 4, indices: Array(16).fill(1), disposal: 1 }; // all red
    const green = { left: 1, top: 1, width: 2, height: 2, indices: [2, 2, 2, 2], disposal: 1 };
    const red = { left: 1, top: 1, width: 2, height: 2, indices: [1, 1, 1, 1], disposal: 1 };
    const frames = await checkAgainstLibvips(customGifBytes({ width: 4, height: 4, palette: PALETTE, frames: [full, green, red, green, red, green] }));
    // Red over green gives frame 0's picture back; green over that is frame 1 again, without a decode.
    expect(frames.map((f) => frames.indexOf(f))).toEqual([0, 1, 0, 1, 0, 1]);
  });

  test('restored (disposal 3) and cleared rectangles (disposal 2) repeat exactly', async () => {
    const full = { width: 4, height: 4, indices: Array(16).fill(1), disposal: 1 };
    const restored = { left: 0, top: 0, width: 2, height: 2, indices: [0, 2, 2, 0], transparentIndex: 0, disposal: 3 };
    const cleared = { left: 2, top: 2, width: 2, height: 2, indices: [3, 0, 3, 3], transparentIndex: 0, disposal: 2 };
    const dot = { width: 1, height: 1, indices: [3], disposal: 1 };
    const frames = await checkAgainstLibvips(customGifBytes({ width: 4, height: 4, palette: PALETTE, frames: [full, restored, restored, cleared, cleared, dot, dot] }));
    // The second cleared frame draws onto a cleared corner: its transparent pixel shows no red there.
    expect(frames.map((f) => frames.indexOf(f))).toEqual([0, 1, 1, 3, 4, 5, 5]);
  });

  test('past the bytes kept, frames are decoded as they come, each its own', async () => {
    // 2100 x 2100 x 4 bytes is more than the decoder keeps: nothing is held to hand out again.
    const bytes = gifBytes({ width: 2100, height: 2100, frames: 3, delaysCs: 10, paint: (_, x, y) => (x * y) % 6 });
    const frames = decodeGif(bytes).frames;
    expect(new Set(frames).size).toBe(3);
    expect(same(frames[0]!, frames[2]!)).toBe(true);
  });

  test('past the bytes kept, a caller reading frame by frame gets each its own pixels, fitted or not', async () => {
    // 1100 x 1100 x 4 bytes a picture: three are kept, the last two are handed out on the decoder's canvas.
    const bytes = gifBytes({ width: 1100, height: 1100, frames: 5, delaysCs: 10, paint: (i, x, y) => (x + y * i) % 5 });
    const path = join(await mkdtemp(join(tmpdir(), 'spritekiln-gif-')), 'large.gif');
    await writeFile(path, bytes);
    const oracle = await sharpFrames(bytes);
    const asIs = (await decodeAnimationFile(path)).frames;
    const halve = (frame: RawImage) => fitWithin(frame, 550, 550, 'smooth');
    const halved = (await decodeAnimationFile(path, undefined, halve)).frames;
    expect([asIs.length, halved.length]).toEqual([5, 5]);
    oracle.forEach((frame, i) => {
      expect(same(asIs[i]!, frame), `frame ${i}`).toBe(true);
      expect(same(halved[i]!, halve(frame)), `frame ${i} halved`).toBe(true);
    });
    await rm(dirname(path), { recursive: true, force: true });
  });
});

describe('hostile bytes: every failure is a thrown Error, never a crash or a hang', () => {
  const valid = customGifBytes({
    width: 6,
    height: 5,
    palette: PALETTE,
    frames: [
      { width: 6, height: 5, indices: Array.from({ length: 30 }, (_, i) => i % 4), delayCs: 3 },
      { left: 1, top: 1, width: 3, height: 3, indices: Array(9).fill(2), disposal: 3, transparentIndex: 0, interlaced: true },
    ],
  });

  test('every proper prefix is refused as truncated, except one that ends where a block would start after an image', () => {
    // Where each image's block ends (its data's terminator included), and where the second image's
    // 8-byte Graphic Control Extension ends: the block boundaries after an image, the only lengths
    // a browser plays as a whole file with the trailer missing.
    const ends = readGifStructure(valid).frames.map((f) => afterSubBlocks(valid, f.dataOffset));
    expect(ends).toHaveLength(2);
    const boundaries = [ends[0]!, ends[0]! + 8, ends[1]!];
    expect(valid[ends[0]! + 8]).toBe(0x2c);
    for (let length = 0; length < valid.length; length++) {
      const prefix = valid.subarray(0, length);
      const images = ends.filter((end) => end <= length).length;
      if (boundaries.includes(length)) {
        expect(readGifStructure(prefix).frames, `prefix of ${length} bytes`).toHaveLength(images);
        expect(decodeGif(prefix).frames, `prefix of ${length} bytes`).toHaveLength(images);
      } else {
        expect(() => readGifStructure(prefix), `prefix of ${length} bytes`).toThrow(/truncated|signature/);
      }
    }
    expect(decodeGif(valid).frames).toHaveLength(2);
  });

  test('a minimum code size outside 2..8 is refused', () => {
    const at = valid.indexOf(0x2c, 13) + 10; // first image descriptor, then its min code size byte
    for (const size of [0, 1, 9, 12]) {
      const bytes = valid.slice();
      bytes[at] = size;
      expect(() => readGifStructure(bytes)).toThrow(`LZW minimum code size ${size}`);
    }
  });

  test('1000 single-byte mutations decode or throw an Error', () => {
    let seed = 7;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % n;
    for (let i = 0; i < 1000; i++) {
      const bytes = valid.slice();
      bytes[random(bytes.length)] = random(256);
      try {
        const gif = readGifStructure(bytes);
        verifyGifData(bytes, gif);
        const animation = decodeGif(bytes);
        expect(animation.frames.every((f) => f.data.length === gif.width * gif.height * 4)).toBe(true);
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).message).toMatch(/^gif: /);
      }
    }
  });
});
