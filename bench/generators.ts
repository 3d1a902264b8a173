// Generator time vs the sheet + GIF encoding that follows it, at 36 and 100 frames of 256x256, one
// thread: the engines (pure, over RGBA) timed alone, then the writers on the same frames. Each case
// runs once untimed on both sides first (compiling the code), then generate and encode take turns,
// which goes first alternating, and each run gives its own ratio: two early runs, then warm ones.
import { encodeGif, encodePng } from '../workers/codecs/encode.ts';
import { interleaved } from './timing.ts';
import { animate } from '../workers/engines/animate/animate.ts';
import { effect } from '../workers/engines/effect/effect.ts';
import { restyle } from '../workers/engines/restyle/restyle.ts';
import { assembleSheet } from '../workers/output/sheet.ts';
import { frameDelaysCs } from '../workers/kernels/timing.ts';
import type { RawImage } from '../workers/types.ts';
import { hero, heroWalkFrames, pixelKnight } from '../test/fixtures/sprites.ts';
import { resizeTo } from '../workers/kernels/resize.ts';
import { parseHexColor } from '../workers/kernels/image.ts';

export interface GeneratorBench {
  name: string;
  frames: number;
  /** Per run, in the order run, once warm (see benchGenerators). */
  generateMs: number[];
  encodeMs: number[];
  /** The two runs before those: a worker's second and third job of the kind. */
  earlyGenerateMs: number[];
  earlyEncodeMs: number[];
}

export async function benchGenerators(runs = 5): Promise<GeneratorBench[]> {
  const subject = hero(256);
  const knight = resizeTo(pixelKnight(), 256, 256, 'nearest');
  const other = resizeTo(hero(128), 256, 256, 'smooth');
  const walk = { frames: heroWalkFrames(12, 256), delaysMs: new Array(12).fill(100) };
  const background = parseHexColor('#FF4CFF');
  const cases: [string, (n: number) => RawImage[]][] = [
    ['animate jump', (n) => animate({ start: subject, text: 'jump', frames: n, isPixel: false, seed: 'b' }).frames],
    ['animate walk then attack', (n) => animate({ start: subject, text: 'walk then attack', frames: n, isPixel: false, seed: 'b' }).frames],
    ['animate start→end', (n) => animate({ start: subject, end: other, text: 'spin', frames: n, isPixel: false, seed: 'b' }).frames],
    ['animate pixel cast', (n) => animate({ start: knight, text: 'cast', frames: n, isPixel: true, seed: 'b' }).frames],
    ['restyle golden', (n) => restyle({ source: walk, frames: n, text: 'golden', seed: 'b' }).frames],
    ['restyle fire', (n) => restyle({ source: walk, frames: n, text: 'fire', seed: 'b' }).frames],
    ['restyle reference', (n) => restyle({ source: walk, frames: n, text: '', reference: other, seed: 'b' }).frames],
    ['effect fire', (n) => cells(effect({ description: 'fire', frames: n, size: 256 * Math.ceil(Math.sqrt(n)), background, seed: 'b' }).transparent.image, n)],
    ['effect explosion', (n) => cells(effect({ description: 'explosion', frames: n, size: 256 * Math.ceil(Math.sqrt(n)), background, seed: 'b' }).transparent.image, n)],
  ];
  const results: GeneratorBench[] = [];
  for (const frames of [36, 100]) {
    for (const [name, make] of cases) {
      let made: RawImage[] = [];
      const encode = async (): Promise<void> => {
        const sheet = assembleSheet(made);
        await Promise.all([encodePng(sheet.image), Promise.resolve(encodeGif(made, frameDelaysCs(made.length)))]);
      };
      made = make(frames);
      await encode();
      // The order alternates, so neither side always runs in the other's wake (its garbage, a cold cache).
      // A worker's first jobs still run code V8 has not optimised yet (an engine's per-job steps run
      // once a job): two runs each are timed apart as early ones, then `runs` more as a warm worker's.
      const [earlyGenerateMs, earlyEncodeMs] = await interleaved(2, () => (made = make(frames)), encode);
      const [generateMs, encodeMs] = await interleaved(runs, () => (made = make(frames)), encode);
      results.push({ name, frames, generateMs: generateMs!, encodeMs: encodeMs!, earlyGenerateMs: earlyGenerateMs!, earlyEncodeMs: earlyEncodeMs! });
    }
  }
  return results;
}

/** The first `n` 256 px cells of an effect sheet, as frames (for the GIF half of the comparison). */
function cells(sheet: RawImage, n: number): RawImage[] {
  const columns = Math.ceil(Math.sqrt(n));
  return Array.from({ length: n }, (_, i) => {
    const data = new Uint8Array(256 * 256 * 4);
    const ox = (i % columns) * 256;
    const oy = Math.floor(i / columns) * 256;
    for (let y = 0; y < 256; y++) data.set(sheet.data.subarray(((oy + y) * sheet.width + ox) * 4, ((oy + y) * sheet.width + ox + 256) * 4), y * 256 * 4);
    return { data, width: 256, height: 256 };
  });
}
