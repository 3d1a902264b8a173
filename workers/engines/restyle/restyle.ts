// The restyle engine (zenith/pulsar video_restyle): the source animation retimed to the output's
// frame count at the source's own speed (its loop repeated a whole number of times, docs/contract.md §3),
// its subject tracked frame by frame, optionally replaced by a reference image, and recoloured by
// the material and colour words of the text (plan.ts) as a luma ramp (a reference's drawings are
// recoloured before they go into the frames).
// Each source frame is worked once however often the retiming shows it.
import type { Animation, RawImage } from '../../types.ts';
import { MAX_FRAME_SIDE } from '../../limits.ts';
import { checkImage, checkInt, checkSameSize } from '../../kernels/check.ts';
import { loopRepeats, spreadDelaysCs } from '../../kernels/timing.ts';
import { fitSize, resizeTo } from '../../kernels/resize.ts';
import { crop, drawOnto } from '../../kernels/compose.ts';
import { createImage, TRANSPARENT } from '../../kernels/image.ts';
import { addLumaSamples, levelsOf, lumaLevels, lumaSamples } from '../../kernels/luminanceMap.ts';
import type { LumaSamples } from '../../kernels/luminanceMap.ts';
import { grainTexture } from '../../kernels/texture.ts';
import { detectBackground, trackSubject } from '../../kernels/track.ts';
import { readRestyle } from './plan.ts';
import type { RestylePlan } from './plan.ts';
import { applyMaterial } from './material.ts';
import type { FrameSubject, MaterialContext } from './material.ts';
import { prepareReference, replaceFigures } from './reference.ts';
import { median } from '../../kernels/median.ts';
import { twinFrames } from '../../kernels/twins.ts';

export interface RestyleInput {
  source: Animation;
  frames: number;
  text: string;
  reference?: RawImage;
  seed: string;
  /**
   * The caller is done with the source's frames once restyled: each frame shown once is restyled
   * in place, so a large animation touches no new frame memory (which costs more than the work).
   */
  consume?: boolean;
}

export interface RestyleResult {
  frames: RawImage[];
  /** GIF delay of each output frame (sheet.json durations are these x 10 ms): the source's speed. */
  delaysCs: number[];
  tag: 'restyle';
  /** How the text was read; written to sheet.json as meta.plan. */
  plan: RestylePlan;
  /** How the source was retimed; written to sheet.json as meta.timing. */
  timing: RestyleTiming;
}

/** What sheet.json records under meta.timing. */
export interface RestyleTiming {
  /** Frames of the source loop (a sheet's empty trailing cells are not frames). */
  sourceFrames: number;
  /** One loop of the source, as browsers play it (ms). */
  sourcePeriodMs: number;
  /** Whole loops of the source the output holds. */
  repeats: number;
  /** The output's length (ms): repeats x sourcePeriodMs, to the centisecond. */
  durationMs: number;
}

/** Which source frame each output frame shows, their delays, and the timing for sheet.json. */
export interface Retiming {
  indices: number[];
  delaysCs: number[];
  timing: RestyleTiming;
}

const GRAIN_TILE = 64;

/**
 * Which source frame shows at each of `count` evenly spaced times over `repeats` loops of the source:
 * output frame i shows the source frame visible at time i x repeats x total / count (within the
 * loop), honouring the delays (a frame held for 300 ms is picked about three times as often as one
 * of 100). Delays are whole ms.
 */
export function resampleIndices(delaysMs: readonly number[], count: number, repeats = 1): number[] {
  checkInt(count, 1, 1024, 'frames');
  checkInt(repeats, 1, 1 << 20, 'repeats');
  if (delaysMs.length === 0) throw new RangeError('Expected at least 1 source frame but received 0');
  const total = delaysMs.reduce((a, b) => a + Math.max(0, b), 0);
  // A source with no timing at all plays its frames evenly.
  const delays = total > 0 ? delaysMs.map((d) => Math.max(0, d)) : delaysMs.map(() => 1);
  const length = total > 0 ? total : delaysMs.length;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    // The time within the loop, from whole numbers (i x repeats x length is exact), so an output
    // frame that starts a loop lands on its frame 0 and not just before the loop's end.
    // Delays are whole ms, rounded (a 12 fps sheet starts frame k at round(k * 83.33) ms); half a
    // ms of slack keeps t = k * 83.33 from landing just before the frame it means.
    const t = ((i * repeats * length) % (count * length)) / count + (total > 0 ? 0.5 : 0);
    let k = 0;
    let frameEnd = delays[0] ?? 0;
    while (t >= frameEnd && k < delays.length - 1) frameEnd += delays[++k] ?? 0;
    out.push(k);
  }
  return out;
}

/**
 * The source's speed kept over `count` output frames (docs/contract.md §3): its loop repeated the whole
 * number of times that makes each output frame last closest to 1/12 s, each output frame showing
 * the source frame visible at its start, and that length written as whole-centisecond delays
 * spread so the total is exact (the GIF and sheet.json durations then play the source's period).
 * A source without timing (every delay 0) plays each frame 100 ms, as browsers play a 0 delay.
 */
export function retime(delaysMs: readonly number[], count: number): Retiming {
  checkInt(count, 1, 1024, 'frames');
  if (delaysMs.length === 0) throw new RangeError('Expected at least 1 source frame but received 0');
  const timed = delaysMs.some((d) => d > 0) ? delaysMs.map((d) => Math.max(0, Math.round(d))) : delaysMs.map(() => 100);
  const periodMs = timed.reduce((a, b) => a + b, 0);
  const repeats = loopRepeats(periodMs, count);
  const delaysCs = spreadDelaysCs(Math.round((repeats * periodMs) / 10), count);
  return {
    indices: resampleIndices(timed, count, repeats),
    delaysCs,
    timing: { sourceFrames: delaysMs.length, sourcePeriodMs: periodMs, repeats, durationMs: delaysCs.reduce((a, b) => a + b, 0) * 10 },
  };
}

export function restyle(input: RestyleInput, onProgress?: (fraction: number) => void): RestyleResult {
  const { source } = input;
  checkSameSize(source.frames, 'source frames');
  if (source.delaysMs.length !== source.frames.length) {
    throw new RangeError(`Expected ${source.frames.length} source delays but received ${source.delaysMs.length}`);
  }
  if (input.reference) checkImage(input.reference, 'reference image');
  const first = source.frames[0] as RawImage;
  const size = fitSize(first.width, first.height, MAX_FRAME_SIDE, MAX_FRAME_SIDE);
  // Frames restyle resized are its own; the source's are the caller's unless it is done with them.
  const ours = input.consume === true || size.width !== first.width || size.height !== first.height;
  const { indices, delaysCs, timing } = retime(source.delaysMs, input.frames);
  const recipe = readRestyle(input.text, input.reference !== undefined, input.seed);

  // The source frames shown, at the output size, and their subjects.
  const used = [...new Set(indices)].sort((a, b) => a - b);
  // A source may hand out a repeated drawing as one object (a GIF's loop does). Where every frame
  // is worked in place (a reference's figures, a flowing material), a repeat is worked in a copy.
  const apart = ours && (input.reference !== undefined || recipe.material?.flow !== undefined);
  const seen = new Set<RawImage>();
  const frames = used.map((k) => {
    const f = source.frames[k] as RawImage;
    // Frames are never written to, so one that already has the output size is used as it is.
    const sized = f.width === size.width && f.height === size.height ? f : resizeTo(f, size.width, size.height, 'smooth');
    if (apart && seen.has(sized)) return { ...sized, data: sized.data.slice() };
    seen.add(sized);
    return sized;
  });
  const bg = detectBackground(frames[0] as RawImage);
  // The luma levels of the subject are sampled as each frame is tracked (it is in cache then).
  const samples = input.reference ? undefined : lumaSamples(frames);
  const flat = bg.kind === 'flat';
  // A rim glow on a see-through source takes each row's runs of the silhouette, read in the same pass.
  const track = trackSubject(frames, bg, {
    onFrame: samples && ((f, t) => addLumaSamples(samples, f, flat ? t.mask : undefined, t.extent)),
    insideRuns: !input.reference && bg.kind === 'alpha' && recipe.ramp !== null && recipe.material?.glow !== undefined && !recipe.material.invert,
  });
  const boxes = track.flatMap((t) => (t.box ? [t.box] : []));
  // The subject's typical size (its median box's shorter side), so a glow is as wide in every frame.
  const restSize = boxes.length ? Math.min(median(boxes.map((b) => b.width)), median(boxes.map((b) => b.height))) : Math.min(size.width, size.height);
  onProgress?.(0.2);

  const ref = input.reference ? prepareReference(input.reference) : undefined;
  const material = recipe.material;
  const surface = material?.grain ?? material?.flow;
  const ctx: MaterialContext = {
    recipe,
    levels: ref ? lumaLevels([ref.image]) : levelsOf(samples as LumaSamples),
    grain: surface ? grainTexture(surface.kind, GRAIN_TILE, surface.amplitude, input.seed) : undefined,
    grainSize: GRAIN_TILE,
    restSize,
  };
  // A reference replaces the subject first. A material that does not flow is then applied to each
  // drawing of the reference, in the drawing's own pixels (a pixel-art reference's grain and rim
  // are whole art pixels, as it is drawn; once per pose) before it goes into the frames; a flowing
  // one changes with each output frame, and a frame that is all subject holds more than the
  // reference, so those are applied to the frames.
  const painted = ref !== undefined && !material?.flow && bg.kind !== 'none';
  let subjects: FrameSubject[];
  let staged = frames;
  if (ref) {
    // On a clear margin: a drawing is cropped to its pixels, and its rim must see outside pixels at its edges.
    const paint = (drawn: RawImage, grow: number): RawImage => {
      const { width, height } = drawn;
      const padded = drawOnto(createImage(width + 2, height + 2, TRANSPARENT), drawn, 1, 1);
      const box = { x: 1, y: 1, width, height };
      return crop(applyMaterial(padded, { box, extent: box }, { ...ctx, restSize: restSize / grow }, 0, true), 1, 1, width, height);
    };
    const replaced = replaceFigures(frames, track, bg, ref, { inPlace: ours, paint: painted ? paint : undefined });
    staged = replaced.map((r) => r.frame);
    // Without a background to tell it apart, the whole frame is the subject.
    subjects = replaced.map((r) => ({ weight: r.weight, box: r.box, extent: bg.kind === 'none' ? null : r.box, background: bg.kind === 'flat' ? bg.color : undefined }));
  } else {
    subjects = track.map((t) => ({ weight: flat ? t.mask : undefined, box: t.box, extent: bg.kind === 'none' ? null : t.extent, clearOutside: bg.kind === 'alpha', background: flat ? bg.color : undefined, inside: t.inside, spans: t.spans }));
  }
  // Frames a reference replaced are restyle's own too.
  const owned = ours || ref !== undefined;
  // A flowing material changes every output frame; anything else is worked once per source frame.
  if (material?.flow) {
    const slot = new Map(used.map((k, n) => [k, n]));
    const shown = new Map<number, number>();
    for (const k of indices) shown.set(k, (shown.get(k) ?? 0) + 1);
    used.forEach((k, n) => ((subjects[n] as FrameSubject).shared = (shown.get(k) ?? 0) > 1));
    const out = indices.map((k, i) => {
      const n = slot.get(k) as number;
      onProgress?.(0.2 + (0.8 * (i + 1)) / indices.length);
      const subject = subjects[n] as FrameSubject;
      return applyMaterial(staged[n] as RawImage, subject, ctx, i / indices.length, owned && !subject.shared);
    });
    return { frames: out, delaysCs, tag: 'restyle', plan: recipe.plan, timing };
  }
  // A drawing the source holds for several frames is worked once: a material that does not flow
  // gives the same pixels for the same frame (its subject is read from the frame alone), and the GIF
  // then finds it as the same frame. A reference's figure also turns with the frames around it, so
  // with one each frame stays its own. (No frame has been worked in place yet without one.)
  const twins = ref ? undefined : twinFrames(frames);
  const done = new Map<number, RawImage>();
  used.forEach((k, n) => {
    const twin = twins?.[n] ?? -1;
    done.set(k, painted ? (staged[n] as RawImage) : twin >= 0 ? (done.get(used[twin]!) as RawImage) : applyMaterial(staged[n] as RawImage, subjects[n] as FrameSubject, ctx, 0, owned));
    onProgress?.(0.2 + (0.8 * (n + 1)) / used.length);
  });
  return { frames: indices.map((k) => done.get(k) as RawImage), delaysCs, tag: 'restyle', plan: recipe.plan, timing };
}
