// Result encoders (workers/codecs/encode.ts). Kept out of test/workers/codecs/, which tests the
// decoders. The GIF is read back with gifuct-js, an independent decoder.
import { describe, expect, it } from 'vitest';
import { decompressFrames, parseGIF } from 'gifuct-js';
import type { ParsedFrame } from 'gifuct-js';
import { encodeGif, encodePng, paletteFormat } from '../../workers/codecs/encode.ts';
import { frameDelaysCs } from '../../workers/kernels/timing.ts';
import { createImage, fillRect } from '../../workers/kernels/image.ts';
import type { RawImage } from '../../workers/types.ts';
import { toRaw } from './images.ts';

/** n frames of 16x16: a red square moving right on transparency, one half-transparent pixel. */
function movingSquare(n: number): RawImage[] {
  return Array.from({ length: n }, (_, i) => {
    const img = createImage(16, 16);
    fillRect(img, i, 4, 6, 6, { r: 220, g: 30, b: 30, a: 255 });
    fillRect(img, 15, 15, 1, 1, { r: 0, g: 0, b: 255, a: 100 }); // below half: becomes transparent
    return img;
  });
}

function readGif(bytes: Uint8Array): ParsedFrame[] {
  const buf = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return decompressFrames(parseGIF(buf), true);
}

describe('encodeGif', () => {
  it.each([3, 36])('round-trips %i frames: count, delays, loop, transparency', (n) => {
    const frames = movingSquare(n);
    const delays = frameDelaysCs(n);
    const gif = encodeGif(frames, delays);
    const decoded = readGif(gif);
    expect(decoded).toHaveLength(n);
    expect(decoded.map((f) => f.delay)).toEqual(delays.map((cs) => cs * 10));
    // NETSCAPE2.0 application extension, sub-block 1, loop count 0 = forever.
    const at = Buffer.from(gif).indexOf('NETSCAPE2.0');
    expect(at).toBeGreaterThan(0);
    expect([...gif.subarray(at + 11, at + 15)]).toEqual([3, 1, 0, 0]);
    decoded.forEach((f, i) => {
      expect(f.dims).toMatchObject({ width: 16, height: 16, top: 0, left: 0 });
      const src = frames[i] as RawImage;
      for (let p = 0; p < 256; p++) {
        const alpha = f.patch[p * 4 + 3];
        const opaque = (src.data[p * 4 + 3] ?? 0) >= 128;
        expect(alpha).toBe(opaque ? 255 : 0);
        if (opaque) expect(Math.abs((f.patch[p * 4] ?? 0) - (src.data[p * 4] ?? 0))).toBeLessThan(16);
      }
    });
  });

  it('ignores a frame buffer view offset (gifenc reads .buffer)', () => {
    const frames = movingSquare(2);
    const backing = new Uint8Array(8 + 16 * 16 * 4);
    backing.set((frames[1] as RawImage).data, 8);
    const viewed = [frames[0] as RawImage, { data: backing.subarray(8), width: 16, height: 16 }];
    expect(encodeGif(viewed, [8, 8])).toEqual(encodeGif(frames, [8, 8]));
  });

  it('builds the palette at 5-6-5 bits up to 4,096 distinct colours, at 4-4-4 past them (the quantizer is quadratic in them)', () => {
    /** `n` opaque pixels of `distinct` different 5-6-5 colours. */
    const pixels = (n: number, distinct: number) => {
      const out = new Uint8Array(n * 4);
      for (let p = 0; p < n; p++) {
        const bin = (p * 7919) % distinct; // a spread of 5-6-5 bins, each its own colour
        out.set([(bin >> 11) << 3, ((bin >> 5) & 63) << 2, (bin & 31) << 3, 255], p * 4);
      }
      return out;
    };
    expect(paletteFormat(pixels(20_000, 1_000))).toBe('rgb565');
    expect(paletteFormat(pixels(20_000, 4_096))).toBe('rgb565');
    expect(paletteFormat(pixels(20_000, 4_097))).toBe('rgb444');
    // A colour-rich animation still encodes, every opaque pixel within the 4-4-4 palette's reach.
    const rich = Array.from({ length: 3 }, (_, f) => {
      const img = createImage(128, 128);
      for (let p = 0; p < 128 * 128; p++) img.data.set([(p * 13 + f) & 255, (p >> 7) * 2, (p * 7) & 255, 255], p * 4);
      return img;
    });
    const decoded = readGif(encodeGif(rich, frameDelaysCs(3)));
    let worst = 0;
    decoded.forEach((f, i) => {
      for (let k = 0; k < f.patch.length; k++) if ((k & 3) !== 3) worst = Math.max(worst, Math.abs(f.patch[k]! - rich[i]!.data[k]!));
    });
    expect(worst).toBeLessThan(64);
  });

  /** Largest channel difference between opaque source pixels and the decoded GIF's, over every frame. */
  const worstGap = (frames: readonly RawImage[], gif: Uint8Array): number => {
    let worst = 0;
    readGif(gif).forEach((f, i) => {
      const src = frames[i]!.data;
      for (let k = 0; k < f.patch.length; k += 4) {
        if (src[k + 3]! < 128) continue;
        for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(f.patch[k + c]! - src[k + c]!));
      }
    });
    return worst;
  };

  it.each([
    ['255 colours and transparency', 255, true],
    ['256 colours, no transparency', 256, false],
  ])('is lossless with %s (an exact palette, no 5-6-5 grouping)', (_name, count, clear) => {
    // Colours that 5-6-5 bins would merge: neighbours one step apart in every channel.
    const frames = Array.from({ length: 3 }, (_, f) => {
      const img = createImage(32, 32);
      for (let p = 0; p < 32 * 32; p++) {
        const c = (p + f * 37) % count;
        img.data.set([100 + (c % 16), 90 + (c >> 4), 80 + ((c * 3) % 7), 255], p * 4);
      }
      if (clear) img.data.fill(0, 0, 4 * 32); // the first row transparent
      return img;
    });
    expect(worstGap(frames, encodeGif(frames, frameDelaysCs(3)))).toBe(0);
  });

  it('a real pixel-art walk (the knight sheet) round-trips exactly; past 256 colours it is quantized', async () => {
    const knight = (await import('../fixtures/realSprites.ts')).still('knight-side').image;
    const frames = [knight, knight, knight];
    expect(worstGap(frames, encodeGif(frames, frameDelaysCs(3)))).toBe(0);
    const many = [createImage(32, 32)];
    for (let p = 0; p < 32 * 32; p++) many[0]!.data.set([p & 255, p >> 2, 7, 255], p * 4);
    expect(worstGap(many, encodeGif(many, [10]))).toBeGreaterThan(0);
  });

  it('matches shaded art to its palette at full precision: the cartoon adventurer keeps 48 dB', async () => {
    const art = (await import('../fixtures/realSprites.ts')).still('adventurer-front').image;
    const frames = [art, art];
    let se = 0, n = 0;
    readGif(encodeGif(frames, [8, 8])).forEach((f) => {
      for (let k = 0; k < f.patch.length; k += 4) {
        if (art.data[k + 3]! < 128) continue;
        for (let c = 0; c < 3; c++) (se += (f.patch[k + c]! - art.data[k + c]!) ** 2), n++;
      }
    });
    // Measured 49-50 dB; matching each pixel's 5-6-5 bin instead gave 43.
    expect(10 * Math.log10((255 * 255) / (se / n))).toBeGreaterThan(48);
  });

  it('refines the quantizer\'s palette at full precision: a shaded hero jumping over 24 frames gains most of a decibel', async () => {
    const { animate } = await import('../../workers/engines/animate/animate.ts');
    const { hero } = await import('../fixtures/sprites.ts');
    const frames = animate({ start: hero(256), text: 'jump', frames: 24, isPixel: false, seed: 'bench' }).frames;
    let se = 0, n = 0;
    readGif(encodeGif(frames, frameDelaysCs(24))).forEach((f, i) => {
      // Each frame is whole (dispose 2 and full-size frames), so its patch lines up with the source.
      const src = frames[i]!.data;
      for (let k = 0; k < f.patch.length; k += 4) {
        if (src[k + 3] !== 255) continue;
        for (let c = 0; c < 3; c++) (se += (f.patch[k + c]! - src[k + c]!) ** 2), n++;
      }
    });
    // Measured 47.4 dB; the quantizer's palette unrefined (placed from 5-6-5 bins) gave 46.7.
    expect(10 * Math.log10((255 * 255) / (se / n))).toBeGreaterThan(47.2);
  });

  it('writes each frame its own palette when asked (local colour tables): two frames of unrelated colours lose less', () => {
    // Frame 0 reds and greens, frame 1 blues and greens, 400 colours each (400 5-6-5 bins): one palette
    // must split 255 entries between them.
    const shades = (channel: number) => {
      const img = createImage(20, 20);
      for (let p = 0; p < 400; p++) {
        const a = (p % 20) * 12, b = Math.floor(p / 20) * 12;
        img.data.set(channel === 0 ? [a, b, 0, 255] : [0, b, a, 255], p * 4);
      }
      return img;
    };
    const frames = [shades(0), shades(2)];
    const error = (gif: Uint8Array) => readGif(gif).reduce((sum, f, i) => {
      for (let k = 0; k < f.patch.length; k++) if (k % 4 !== 3) sum += (f.patch[k]! - frames[i]!.data[k]!) ** 2;
      return sum;
    }, 0);
    const global = encodeGif(frames, [10, 10]);
    const perFrame = encodeGif(frames, [10, 10], { palettes: 'per-frame' });
    expect(readGif(perFrame)).toHaveLength(2);
    expect(error(perFrame)).toBeLessThan(error(global));
    // Frames of 256 colours or fewer keep their one exact palette either way.
    const few = movingSquare(3);
    expect(encodeGif(few, [8, 8, 8], { palettes: 'per-frame' })).toEqual(encodeGif(few, [8, 8, 8]));
  });

  it('a loop shown several times encodes each drawing once: the same file as from copies, every frame read back', () => {
    const loop = movingSquare(4);
    const shown = Array.from({ length: 18 }, (_, i) => loop[i % 4]!);
    const copies = shown.map((f) => ({ ...f, data: f.data.slice() }));
    const bytes = encodeGif(shown, frameDelaysCs(18));
    expect(Buffer.from(bytes).equals(Buffer.from(encodeGif(copies, frameDelaysCs(18))))).toBe(true);
    const read = readGif(bytes);
    expect(read).toHaveLength(18);
    read.forEach((f, i) => expect([...f.patch]).toEqual([...read[i % 4]!.patch]));
    // Past 256 colours too (a quantized palette): a repeated drawing reads back as its first showing.
    const shaded = Array.from({ length: 3 }, (_, k) => {
      const img = createImage(32, 32);
      for (let p = 0; p < 32 * 32; p++) img.data.set([(p * 7 + k * 50) & 255, (p * 3) & 255, (p >> 2) & 255, 255], p * 4);
      return img;
    });
    const many = encodeGif([...shaded, ...shaded], frameDelaysCs(6));
    const back = readGif(many);
    back.slice(3).forEach((f, i) => expect([...f.patch]).toEqual([...back[i]!.patch]));
  });

  it('is deterministic and checks its inputs', () => {
    const frames = movingSquare(5);
    expect(encodeGif(frames, frameDelaysCs(5))).toEqual(encodeGif(frames, frameDelaysCs(5)));
    expect(() => encodeGif(frames, [8])).toThrow('Expected 5 delays for frames but received 1');
  });
});

describe('encodePng', () => {
  it('is lossless and deterministic', async () => {
    const img = movingSquare(1)[0] as RawImage;
    const a = await encodePng(img);
    expect(await encodePng(img)).toEqual(a);
    expect(await toRaw(a)).toEqual(img);
  });
});
