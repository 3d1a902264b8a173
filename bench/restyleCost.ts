// Restyle work vs decoding its input once (the bound on what one request may cost): each case
// decodes the GIF and restyles it, interleaved, which goes first alternating, after one untimed run
// and two early runs (reported apart), `runs` times; ratios reported as min-max. Two decodes are the
// baseline: ours (what a job runs) and libvips' through sharp, every page to raw RGBA on one thread,
// the fastest decoder of the same file we have.
// Two shapes: a walker filling half of 512 px frames (the work follows the subject), and a 64 px
// walker in 512 px frames (a small file that asks for many large frames).
import sharp from 'sharp';
import { decodeGif } from '../workers/codecs/gif.ts';
import { interleaved } from './timing.ts';
import { encodeGif } from '../workers/codecs/encode.ts';
import { restyle } from '../workers/engines/restyle/restyle.ts';
import type { RawImage } from '../workers/types.ts';
import { heroWalkFrames, heroWalkGif, pixelKnight } from '../test/fixtures/sprites.ts';

export interface RestyleCost {
  source: string;
  bytes: number;
  text: string;
  decodeMs: number[];
  ratios: number[];
  /** libvips' decode of the same file, and the restyle against it. */
  vipsDecodeMs: number[];
  vipsRatios: number[];
  /** The two runs before those (see benchRestyleCost). */
  earlyRatios: number[];
}

// The looks, and a reference character replacing the walker (rigged and posed in every frame).
const LOOKS: { text: string; reference?: RawImage }[] = [...['golden', 'pixel art', 'ice', 'ghost', 'fire'].map((text) => ({ text })), { text: 'golden', reference: pixelKnight() }];

/** `frames` placed at (x, y) in otherwise empty frames of `size` px. */
function inLargeFrames(frames: readonly RawImage[], size: number, x: number, y: number): RawImage[] {
  return frames.map((f) => {
    const data = new Uint8Array(size * size * 4);
    for (let row = 0; row < f.height; row++) data.set(f.data.subarray(row * f.width * 4, (row + 1) * f.width * 4), ((y + row) * size + x) * 4);
    return { data, width: size, height: size };
  });
}

export async function benchRestyleCost(runs = 3): Promise<RestyleCost[]> {
  // libvips on one thread, as the restyle runs on one (its default is a thread per core).
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  try {
    return await costs(runs);
  } finally {
    sharp.concurrency(threads);
  }
}

async function costs(runs: number): Promise<RestyleCost[]> {
  const small = inLargeFrames(heroWalkFrames(100, 64), 512, 200, 300);
  const sources: [string, Uint8Array][] = [
    ['100 frames of 512 px, walker 268x450', heroWalkGif(100, 512)],
    ['100 frames of 512 px, walker 64x64', encodeGif(small, small.map(() => 10))],
  ];
  const out: RestyleCost[] = [];
  for (const [source, gif] of sources) {
    for (const { text, reference } of LOOKS) {
      // As in a job, the restyle works on frames just decoded and consumes them (restyles them in
      // place): the decode before each run is untimed.
      let anim = decodeGif(gif);
      const decode = () => decodeGif(gif);
      const vipsDecode = () => sharp(gif, { pages: -1, limitInputPixels: false }).ensureAlpha().raw().toBuffer();
      const work = { prepare: () => (anim = decodeGif(gif)), run: () => restyle({ source: anim, frames: 100, text, reference, seed: 'b', consume: true }) };
      // One untimed run each (compiling the code), two early runs timed apart (a worker's code is not
      // yet optimised after one job: generators.ts), then `runs` as a warm worker's.
      decode();
      await vipsDecode();
      work.run();
      const [earlyDecode, earlyRestyle] = await interleaved(2, decode, work);
      const [decodeMs, restyleMs, vipsMs] = await interleaved(runs, decode, work, vipsDecode);
      out.push({
        source, bytes: gif.length, text: reference ? `${text}, a 32 px knight as the reference` : text,
        decodeMs: decodeMs!, ratios: restyleMs!.map((ms, i) => ms / decodeMs![i]!),
        vipsDecodeMs: vipsMs!, vipsRatios: restyleMs!.map((ms, i) => ms / vipsMs![i]!),
        earlyRatios: earlyRestyle!.map((ms, i) => ms / earlyDecode![i]!),
      });
    }
  }
  return out;
}
