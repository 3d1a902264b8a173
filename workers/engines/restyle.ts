// The restyle engine (zenith/pulsar video_restyle): the source animation retimed to the output's
// frame count and recoloured. A first, plain version: the colour comes from the reference image's
// average colour, else from a colour/material word of the text, else a mild seeded tint.
import type { Animation, RawImage } from '../types.ts';
import { MAX_FRAME_SIDE } from '../limits.ts';
import { checkInt, checkSameSize } from '../kernels/check.ts';
import type { Rgba } from '../kernels/image.ts';
import { fitSize, resizeTo } from '../kernels/resize.ts';
import { averageColor, hsl, recolor } from '../kernels/recolor.ts';
import { colorWord } from '../kernels/words.ts';
import { createRandom } from '../kernels/random.ts';

export interface RestyleInput {
  source: Animation;
  frames: number;
  text: string;
  reference?: RawImage;
  seed: string;
}

export interface RestyleResult {
  frames: RawImage[];
  tag: 'restyle';
}

/**
 * Which source frame shows at each of `count` evenly spaced times over the source's length,
 * honouring its delays (a frame held for 300 ms is picked about three times as often as one of 100).
 */
export function resampleIndices(delaysMs: readonly number[], count: number): number[] {
  checkInt(count, 1, 1024, 'frames');
  if (delaysMs.length === 0) throw new RangeError('Expected at least 1 source frame but received 0');
  const total = delaysMs.reduce((a, b) => a + Math.max(0, b), 0);
  // A source with no timing at all plays its frames evenly.
  const delays = total > 0 ? delaysMs.map((d) => Math.max(0, d)) : delaysMs.map(() => 1);
  const length = total > 0 ? total : delaysMs.length;
  const out: number[] = [];
  let k = 0;
  let frameEnd = delays[0] ?? 0;
  for (let i = 0; i < count; i++) {
    // Delays are whole ms, rounded (a 12 fps sheet starts frame k at round(k * 83.33) ms); half a
    // ms of slack keeps t = k * 83.33 from landing just before the frame it means.
    const t = (i * length) / count + (total > 0 ? 0.5 : 0);
    while (t >= frameEnd && k < delays.length - 1) frameEnd += delays[++k] ?? 0;
    out.push(k);
  }
  return out;
}

/** The tint of the restyle and how strong it is. */
export function restyleTint(text: string, reference: RawImage | undefined, seed: string): { color: Rgba; strength: number } {
  // The reference replaces the subject (api.md): it outranks the words.
  if (reference) return { color: averageColor(reference), strength: 0.7 };
  const word = colorWord(text);
  if (word) return { color: word.color, strength: word.strength };
  const rng = createRandom(seed, 'restyle-tint');
  return { color: hsl(rng.range(0, 360), 0.6, 0.5), strength: 0.25 };
}

export function restyle(input: RestyleInput, onProgress?: (fraction: number) => void): RestyleResult {
  const { source } = input;
  checkSameSize(source.frames, 'source frames');
  if (source.delaysMs.length !== source.frames.length) {
    throw new RangeError(`Expected ${source.frames.length} source delays but received ${source.delaysMs.length}`);
  }
  const first = source.frames[0] as RawImage;
  const size = fitSize(first.width, first.height, MAX_FRAME_SIDE, MAX_FRAME_SIDE);
  const tint = restyleTint(input.text, input.reference, input.seed);
  const indices = resampleIndices(source.delaysMs, input.frames);
  // Each source frame is resized and recoloured once, however often it is shown.
  const done = new Map<number, RawImage>();
  const frames = indices.map((k, i) => {
    let frame = done.get(k);
    if (!frame) {
      const src = source.frames[k] as RawImage;
      frame = recolor(resizeTo(src, size.width, size.height, 'smooth'), tint.color, tint.strength);
      done.set(k, frame);
    }
    onProgress?.((i + 1) / indices.length);
    return frame;
  });
  return { frames, tag: 'restyle' };
}
