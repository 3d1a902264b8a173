// The GIF writer and its LZW encoder: byte for byte what gifenc's encoder writes for the same frames
// (an independent implementation of the same format), across palette sizes, content that fills
// the string table many times over, local tables and transparency; and every file reads back.
import { createRequire } from 'node:module';
import { parseGIF, decompressFrames } from 'gifuct-js';
import { describe, expect, it } from 'vitest';
import { GifWriter } from '../../../workers/codecs/gifWriter.ts';
import { createRandom } from '../../../workers/kernels/random.ts';

const { GIFEncoder } = createRequire(import.meta.url)('gifenc') as typeof import('gifenc');

type Content = 'noise' | 'runs' | 'bands';

/** Three frames of `w` x `h` indices below `colors`. */
function indices(w: number, h: number, colors: number, content: Content, seed: string): Uint8Array[] {
  const random = createRandom(seed);
  const next = (): number => random.next();
  return [0, 1, 2].map((f) => {
    const a = new Uint8Array(w * h);
    let v = 0;
    for (let p = 0; p < a.length; p++) {
      if (content === 'noise') v = Math.floor(next() * colors);
      else if (content === 'runs') v = next() < 0.1 ? Math.floor(next() * colors) : v;
      else v = Math.floor((((p % w) + f) * colors) / (w + 3)) % colors;
      a[p] = v;
    }
    return a;
  });
}

describe('GifWriter', () => {
  const sizes = [[1, 1], [2, 1], [5, 3], [64, 48], [300, 200]] as const;
  const cases = sizes.flatMap(([w, h]) => [2, 5, 100, 256].flatMap((colors) => (['noise', 'runs', 'bands'] as const).map((content) => [w, h, colors, content] as const)));

  it.each(cases)('%ix%i, %i colours, %s: the bytes gifenc writes, read back whole', (w, h, colors, content) => {
    const frames = indices(w, h, colors, content, `${w}x${h}:${colors}:${content}`);
    const palette = Array.from({ length: colors }, (_, i) => [i, (i * 7) & 255, (i * 13) & 255]);
    const theirs = GIFEncoder({ initialCapacity: 64 });
    const ours = new GifWriter(w, h, 64);
    frames.forEach((index, i) => {
      // The second frame has a see-through index, the third a local table.
      const transparentIndex = i === 1 ? colors - 1 : -1;
      const local = i === 2 ? palette.slice(0, Math.max(2, colors >> 1)) : undefined;
      theirs.writeFrame(index, w, h, {
        palette: i === 0 ? palette : local, delay: (i + 3) * 10, repeat: 0,
        transparent: transparentIndex >= 0, transparentIndex: Math.max(0, transparentIndex), dispose: transparentIndex >= 0 ? 2 : 1,
      });
      ours.frame(index, { palette: i === 0 ? palette : local, delayCs: i + 3, transparentIndex, dispose: transparentIndex >= 0 ? 2 : 1 });
    });
    theirs.finish();
    const bytes = ours.finish();
    expect(Buffer.from(bytes).equals(Buffer.from(theirs.bytes()))).toBe(true);
    const read = decompressFrames(parseGIF(bytes.slice().buffer), false);
    expect(read.map((f) => [...f.pixels])).toEqual(frames.map((f) => [...f]));
    expect(read.map((f) => f.delay)).toEqual([30, 40, 50]);
  });

  it('a frame after one that filled the string table starts from an empty one', () => {
    // 300x200 of noise fills the 4096 codes many times; the frame after it must not find its strings.
    const [noise] = indices(300, 200, 256, 'noise', 'fill');
    const flat = new Uint8Array(300 * 200).fill(7);
    const palette = Array.from({ length: 256 }, (_, i) => [i, i, i]);
    const a = new GifWriter(300, 200, 64);
    a.frame(noise!, { palette, delayCs: 5, transparentIndex: -1, dispose: 1 });
    a.frame(flat, { delayCs: 5, transparentIndex: -1, dispose: 1 });
    const after = decompressFrames(parseGIF(a.finish().slice().buffer), false)[1]!;
    expect([...after.pixels]).toEqual([...flat]);
  });

  it('a repeated frame copies the image data of the frame it repeats: the same bytes as compressing it again', () => {
    const [a, b] = indices(64, 48, 100, 'runs', 'repeat');
    const palette = Array.from({ length: 100 }, (_, i) => [i, i, i]);
    const write = (repeats: boolean): Uint8Array => {
      const gif = new GifWriter(64, 48, 64);
      [a!, b!, a!, b!].forEach((index, i) =>
        gif.frame(index, { palette: i === 0 ? palette : undefined, delayCs: 5, transparentIndex: -1, dispose: 1, repeats: repeats && i >= 2 ? i - 2 : undefined }));
      return gif.finish();
    };
    const copied = write(true);
    expect(Buffer.from(copied).equals(Buffer.from(write(false)))).toBe(true);
    const read = decompressFrames(parseGIF(copied.slice().buffer), false);
    expect(read.map((f) => [...f.pixels])).toEqual([a!, b!, a!, b!].map((f) => [...f]));
  });
});
