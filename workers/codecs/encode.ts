// Encoding results: PNG through sharp (libvips, off the JS thread), GIF in JS (gifWriter.ts, one
// global palette: sharp's GIF at effort 1 took 0.7 s for 100 frames of 256x256, several times ours).
// A GIF whose frames hold 256 colours or fewer is written with exactly those (lossless); more are
// quantized (gifenc's quantizer, refined here). Both are deterministic: same pixels, same bytes.
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { RawImage } from '../types.ts';
import { checkSameSize, checkImage } from '../kernels/check.ts';
import { GifWriter } from './gifWriter.ts';
import { twinFrames } from '../kernels/twins.ts';
import { readsAsWords } from '../kernels/pixelWords.ts';
import { ColourTable } from './colourTable.ts';
import { PaletteSearch } from './paletteSearch.ts';
import { Spare } from '../kernels/spare.ts';

// gifenc ships CommonJS whose exports Node's ESM loader cannot detect by name, so
// `import { quantize } from 'gifenc'` fails at run time under plain Node; require() it instead.
const { quantize } = createRequire(import.meta.url)('gifenc') as typeof import('gifenc');

/**
 * PNG of `img` (8-bit RGBA). No metadata is written, so the bytes depend on the pixels alone.
 * Level 6 zlib without adaptive filtering: on a 100-frame 2560x2560 sheet this took 41 ms for
 * 418 KB, adaptive filtering 200 ms for a larger file, level 9 691 ms for 7% less.
 */
export async function encodePng(img: RawImage): Promise<Uint8Array> {
  checkImage(img, 'image');
  const buf = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

// Pixels fed to the quantizer: bounds its time on the biggest job (121 frames of 512x512 is 31M
// pixels) while still seeing every frame.
const QUANTIZE_SAMPLE_PIXELS = 1 << 19;

/**
 * A looping GIF of `frames` (all one size), by default with one global palette. `delaysCs` are whole
 * centiseconds per frame. Alpha is made binary (GIF has one transparent index): below half
 * opacity is transparent.
 */
export function encodeGif(frames: readonly RawImage[], delaysCs: readonly number[], options: GifOptions = {}): Uint8Array {
  checkSameSize(frames, 'frames');
  if (delaysCs.length !== frames.length) {
    throw new RangeError(`Expected ${frames.length} delays for frames but received ${delaysCs.length}`);
  }
  const { width, height } = frames[0] as RawImage;
  const area = width * height;
  // A frame that repeats an earlier one takes its indices and its image data: each drawing is
  // indexed and compressed once. `drawings` are the frames that repeat none, `drawingOf` maps each
  // frame to its place among them.
  const twins = twinFrames(frames);
  const drawings: RawImage[] = [];
  const drawingOf = new Int32Array(frames.length);
  twins.forEach((twin, i) => (drawingOf[i] = twin < 0 ? drawings.push(frames[i]!) - 1 : drawingOf[twin]!));
  // Frames of few enough colours (pixel art, most sprites) get exactly their colours: lossless, read
  // straight from the frames. Otherwise the palette is quantized from opaque pixels only. Either way
  // the last entry is kept for transparency (alpha below half).
  // Every drawing's indices, one after another, in a block kept between GIFs (Spare).
  const block = indexSpare.take(area * drawings.length, true) ?? new Uint8Array(area * drawings.length);
  const indices = block.subarray(0, area * drawings.length);
  const exact = exactPalette(drawings, indices);
  const perFrame = !exact && options.palettes === 'per-frame';
  const global = exact ?? (perFrame ? undefined : quantizedPalette(drawings, indices));
  const own: Indexed[] = [];
  // Sprite frames compress to well under half their index bytes; start there so the file rarely
  // grows (and copies).
  const gif = new GifWriter(width, height, Math.max(4096, (area * drawings.length) >> 1));
  for (let i = 0; i < frames.length; i++) {
    const d = drawingOf[i]!;
    const indexed = global ?? (own[d] ??= quantizedPalette([drawings[d]!], new Uint8Array(area)));
    const { colors, transparent } = indexed;
    const transparentIndex = transparent ? colors.length : -1;
    const index = global ? global.index.subarray(d * area, (d + 1) * area) : indexed.index;
    gif.frame(index, {
      // The first frame's table is the global one; later ones, when given, are local.
      palette: i === 0 || !global ? (transparent ? [...colors, [0, 0, 0]] : colors) : undefined,
      delayCs: delaysCs[i] ?? 0,
      transparentIndex,
      // Restore to background: each frame replaces the last instead of piling up over it.
      dispose: transparentIndex >= 0 ? 2 : 1,
      repeats: twins[i]! >= 0 ? twins[i] : undefined,
    });
  }
  const file = gif.finish();
  indexSpare.give(block);
  return file;
}

/** encodeGif's index block (a 100-frame 256 px GIF's is 6.5 MB), for the next GIF. */
const indexSpare = new Spare(32 << 20);

export interface GifOptions {
  /**
   * Past 256 colours: one palette quantized over every frame (default), or each frame its own
   * (local colour tables; exact palettes stay global). bench/gifPalette.ts measures both.
   */
  palettes?: 'global' | 'per-frame';
}

/** A GIF's palette of opaque colours, each pixel's index in it, and whether any pixel is transparent. */
interface Indexed {
  colors: number[][];
  /** Every frame's pixels, one after another; a transparent pixel holds `colors.length` (its entry). */
  index: Uint8Array;
  transparent: boolean;
}

/**
 * The opaque colours of `frames` and every pixel's index among them (written to `index`, one a pixel
 * of the frames in turn), read straight from the frames, when there are at most 256 (255 beside
 * transparency); null past that (the scan stops at the first colour too many). Pixels are read a
 * word at a time: a pixel equal to the one before it, the common case in sprites (runs of one
 * colour, runs of transparency), costs one compare; a new colour is looked up in a small
 * open-addressed table rather than a Map.
 */
export function exactPalette(frames: readonly RawImage[], index: Uint8Array): Indexed | null {
  // Twice the most colours there can be (256): it never starts over.
  const table = new ColourTable(10);
  const colors: number[][] = [];
  // Transparent pixels take CLEAR until the palette's size (their entry) is known.
  let lastWord = 0, lastSlot = 0, transparent = false;
  let p = 0;
  for (const { data } of frames) {
    const words = wordsOf(data);
    if (p === 0) lastWord = ~(words[0] ?? 0); // unlike the first pixel, so it is looked up
    for (let i = 0; i < words.length; i++, p++) {
      const word = words[i]!;
      if (word !== lastWord) {
        lastWord = word;
        if (word >>> 24 < 128) {
          transparent = true;
          lastSlot = CLEAR;
        } else {
          const at = table.slot(word & 0xffffff);
          if (table.keys[at] === 0) {
            if (colors.length === 256) return null;
            table.set(at, word & 0xffffff, colors.length);
            colors.push([word & 255, (word >> 8) & 255, (word >> 16) & 255]);
          }
          lastSlot = table.values[at]!;
        }
      }
      index[p] = lastSlot;
    }
  }
  if (transparent && colors.length === 256) return null;
  if (colors.length === 0) colors.push([0, 0, 0]);
  // A transparent pixel's entry follows the colours; CLEAR already is it when there are 255.
  if (transparent && colors.length !== CLEAR) for (let q = 0; q < index.length; q++) if (index[q] === CLEAR) index[q] = colors.length;
  return { colors, index, transparent };
}

/** A transparent pixel's index while the palette is read (a palette beside transparency has at most 255 colours, 0-254). */
const CLEAR = 255;
/**
 * RGBA bytes as one word a pixel, red in the low byte and alpha in the high one: a view of them
 * where they read so (pixelWords.ts), else built from them.
 */
function wordsOf(data: Uint8Array): Int32Array {
  if (readsAsWords(data)) return new Int32Array(data.buffer, data.byteOffset, data.length >> 2);
  const words = new Int32Array(data.length >> 2);
  for (let i = 0; i < words.length; i++) words[i] = data[i * 4]! | (data[i * 4 + 1]! << 8) | (data[i * 4 + 2]! << 16) | (data[i * 4 + 3]! << 24);
  return words;
}

/**
 * Past 256 colours: a palette quantized from a sample of the opaque pixels at 5-6-5 bits (rgba4444
 * cost 5 dB of PSNR against ImageMagick on shaded sprites), refined at full precision, and each pixel
 * matched to it at full precision. Sampler and matcher read the frames' pixel words in place: alpha
 * at least half is opaque, below it transparent.
 */
function quantizedPalette(frames: readonly RawImage[], index: Uint8Array): Indexed {
  const words = frames.map((f) => wordsOf(f.data));
  const opaque = samplePixels(words);
  const format = paletteFormat(opaque);
  const colors = opaque.length > 0 ? refinePalette(opaque, quantize(opaque, 255, { format })) : [[0, 0, 0]];
  const transparent = nearestColors(words, colors, index);
  return { colors, index, transparent };
}

/**
 * Each opaque pixel's nearest palette colour at full precision, written to `index` (gifenc's
 * applyPalette first rounds every pixel to its 5-6-5 bin, which costs shaded art about a decibel); a
 * transparent pixel takes the entry after the colours. Each distinct colour is matched once and
 * remembered in an open-addressed table (cheaper than a Map); runs of one pixel skip even that. True
 * when a pixel is transparent.
 */
function nearestColors(frames: readonly Int32Array[], colors: readonly number[][], index: Uint8Array): boolean {
  const search = new PaletteSearch(colors.flat());
  // Twice the pixels' slots, up to MEMO_BITS.
  const memo = new ColourTable(Math.min(MEMO_BITS, Math.max(10, Math.ceil(Math.log2(Math.max(1, index.length))) + 1)));
  const clear = colors.length;
  let transparent = false;
  let last = 0, lastIndex = 0, p = 0;
  for (const words of frames) {
    if (p === 0) last = ~(words[0] ?? 0); // unlike the first pixel, so it is matched
    for (let i = 0; i < words.length; i++, p++) {
      const word = words[i]!;
      if (word !== last) {
        last = word;
        if (word >>> 24 < 128) {
          transparent = true;
          lastIndex = clear;
        } else {
          const at = memo.slot(word & 0xffffff);
          if (memo.keys[at] !== 0) lastIndex = memo.values[at]!;
          else {
            const best = search.nearest(word & 255, (word >> 8) & 255, (word >> 16) & 255);
            memo.set(at, word & 0xffffff, best);
            lastIndex = best;
          }
        }
      }
      index[p] = lastIndex;
    }
  }
  return transparent;
}

/** nearestColors' table: 2^18 colours remembered at once at most (noise or photos hold millions). */
const MEMO_BITS = 19;

// Lloyd passes over the sampled colours, and how many distinct colours they weigh at most.
const REFINE_PASSES = 4;
const REFINE_COLORS = 1 << 16;

/**
 * `colors` moved to the mean of the sampled colours nearest each (Lloyd's k-means, weighted by how
 * often each distinct colour occurs, at full precision): the quantizer places its entries from 5-6-5
 * (or 4-4-4) bins, and on shaded sprites this gains about a decibel. An entry nothing is nearest to
 * stays where it was. Deterministic: the passes and the order of colours are fixed.
 */
export function refinePalette(opaque: Uint8Array, colors: readonly number[][]): number[][] {
  const counts = new Map<number, number>();
  // Noise and photos hold more distinct colours than a few passes can weigh: those keep the quantizer's.
  const px = new Uint32Array(opaque.buffer, opaque.byteOffset, opaque.length >> 2);
  for (let p = 0; p < px.length; p++) {
    const v = px[p]! & 0xffffff;
    counts.set(v, (counts.get(v) ?? 0) + 1);
    if (counts.size > REFINE_COLORS) return colors.map((c) => [...c]);
  }
  const distinct = [...counts];
  const k = colors.length;
  const pal = Float64Array.from(colors.flat());
  const sums = new Float64Array(k * 4);
  for (let pass = 0; pass < REFINE_PASSES; pass++) {
    const search = new PaletteSearch(pal);
    sums.fill(0);
    for (const [v, n] of distinct) {
      // Little-endian RGBA words: red is the low byte.
      const r = v & 255, g = (v >> 8) & 255, b = (v >> 16) & 255;
      const o = search.nearest(r, g, b) * 4;
      sums[o] = sums[o]! + r * n;
      sums[o + 1] = sums[o + 1]! + g * n;
      sums[o + 2] = sums[o + 2]! + b * n;
      sums[o + 3] = sums[o + 3]! + n;
    }
    for (let c = 0; c < k; c++) {
      const n = sums[c * 4 + 3]!;
      if (n === 0) continue;
      for (let ch = 0; ch < 3; ch++) pal[c * 3 + ch] = sums[c * 4 + ch]! / n;
    }
  }
  return Array.from({ length: k }, (_, c) => [Math.round(pal[c * 3]!), Math.round(pal[c * 3 + 1]!), Math.round(pal[c * 3 + 2]!)]);
}

/**
 * gifenc's quantizer merges colour bins pairwise, so its time grows with the square of the distinct
 * bins: 170 ms at 3,900 distinct 5-6-5 colours, 8 s at 25,000 and 12 s at 41,000 (smooth shading,
 * noise, photos). Past MAX_FINE_BINS the palette is built at 4-4-4 bits (at most 4,096 bins: 250 ms
 * at worst); shaded sprites stay under it (the ImageMagick comparison frames: 1,118).
 */
const MAX_FINE_BINS = 4096;

export function paletteFormat(opaque: Uint8Array): 'rgb565' | 'rgb444' {
  const seen = new Uint8Array(1 << 16);
  let bins = 0;
  for (let i = 0; i < opaque.length; i += 4) {
    const bin = ((opaque[i]! >> 3) << 11) | ((opaque[i + 1]! >> 2) << 5) | (opaque[i + 2]! >> 3);
    if (seen[bin] === 0) {
      seen[bin] = 1;
      if (++bins > MAX_FINE_BINS) return 'rgb444';
    }
  }
  return 'rgb565';
}

/**
 * Every k-th pixel of the frames taken one after another, k chosen to stay near QUANTIZE_SAMPLE_PIXELS
 * (deterministic), kept when opaque (alpha at least half, made 255), in a fresh buffer.
 */
function samplePixels(frames: readonly Int32Array[]): Uint8Array {
  const area = frames[0]?.length ?? 0;
  const total = area * frames.length;
  // An odd step so the sample does not lock onto even-width rows or checkerboards.
  const step = Math.max(1, Math.ceil(total / QUANTIZE_SAMPLE_PIXELS)) | 1;
  const out = new Int32Array(Math.ceil(total / step));
  let n = 0;
  for (let p = 0; p < total; p += step) {
    const word = frames[(p / area) | 0]![p % area]!;
    if (word >>> 24 >= 128) out[n++] = word | 0xff000000;
  }
  return new Uint8Array(out.buffer, 0, n * 4);
}
