// The animate engine (zenith/pulsar image modes, plus, make-sprite v2): frames from a start image
// and an optional end image, moved as the text asks.
//   1. The text is read into a plan (plan.ts): motions over frame ranges, with modifiers, played
//      frame by frame as joint curves (timeline.ts, motions/).
//   2. The subject is separated from its background and rigged from its silhouette (rig/), and its
//      mesh posed and drawn frame by frame on a canvas grown for the motion (rigAnimation.ts).
//   3. With an end image, both are rigged and played, and the picture changes once (startToEnd.ts).
// Frame 0 is the start image pixel for pixel at the anchor; with an end image the last frame is the
// end image. Pixel art turns by whole pixels, keeps binary alpha and takes every colour from the
// inputs' palettes.
import type { RawImage } from '../../types.ts';
import { MAX_FRAME_SIDE } from '../../limits.ts';
import { checkImage, checkInt } from '../../kernels/check.ts';
import { parseHexColor } from '../../kernels/image.ts';
import type { Rgba } from '../../kernels/image.ts';
import { fitWithin, resizeTo } from '../../kernels/resize.ts';
import type { ResizeMode } from '../../kernels/resize.ts';
import { extractPalette } from '../../kernels/palette.ts';
import { readMotionPlan, planTag } from './plan.ts';
import type { MotionPlan } from './plan.ts';
import { rigAnimation } from './rigAnimation.ts';
import type { Placed } from './rigAnimation.ts';
import { planTimeline } from './timeline.ts';
import { clipsShown, joinClips } from './startToEnd.ts';
import { artPixelSize } from '../../kernels/artPixels.ts';
import { REST } from './motionFrame.ts';
import { easeInOut } from '../../kernels/easing.ts';
import { rigSkeleton } from '../rig/rigged.ts';
import type { Skeleton } from '../rig/rigged.ts';
import { turned } from './motions/actions.ts';

export interface AnimateInput {
  start: RawImage;
  end?: RawImage;
  text: string;
  frames: number;
  /** Pixel art: nearest-neighbour only, whole-pixel motion, colours of the inputs only. */
  isPixel: boolean;
  /** Read the text loosely (synonyms, word forms, sequences); false takes it literally. Default true. */
  promptEnhancement?: boolean;
  seed: string;
}

export interface AnimateResult extends Placed {
  frames: RawImage[];
  /** The sheet.json tag: the plan's motion names ("jump", "walk+jump"). */
  tag: string;
  /** How the text was read; written into sheet.json as meta.plan. */
  plan: MotionPlan;
}

/** Glow colours when the text names none: warm light for a pulse, arcane blue for a spell. */
const WARM_GLOW: Rgba = { r: 255, g: 226, b: 130, a: 255 };
const SPELL_GLOW: Rgba = { r: 130, g: 180, b: 255, a: 255 };

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Start (and end) prepared as docs/contract.md §3 asks: fitted within 512x512, end at the start's size. */
export function prepareFrames(start: RawImage, end: RawImage | undefined, mode: ResizeMode): { start: RawImage; end?: RawImage } {
  const s = fitWithin(start, MAX_FRAME_SIDE, MAX_FRAME_SIDE, mode);
  if (!end) return { start: s };
  const e = end.width === s.width && end.height === s.height ? end : resizeTo(end, s.width, s.height, mode);
  return { start: s, end: e };
}

/** Whether `end` shows the flat thing `start` edge-on: as tall (within a fifth), at most 0.6 of its width. */
function edgeOn(start: Skeleton, end: Skeleton): boolean {
  const a = start.box, b = end.box;
  return start.rig.edge !== undefined && b.width <= 0.6 * a.width && Math.abs(b.height - a.height) <= 0.2 * a.height;
}

export function animate(input: AnimateInput, onProgress?: (fraction: number) => void): AnimateResult {
  checkImage(input.start, 'start image');
  if (input.end) checkImage(input.end, 'end image');
  checkInt(input.frames, 2, 1024, 'frames');
  const pixel = input.isPixel;
  const prepared = prepareFrames(input.start, input.end, pixel ? 'nearest' : 'smooth');
  // Pixel art exported at a whole-number scale moves at its own resolution (artPixels.ts).
  const zoom = pixel ? gcd(artPixelSize(prepared.start), prepared.end ? artPixelSize(prepared.end) : 0) : 1;
  const artSize = (img: RawImage) => resizeTo(img, img.width / zoom, img.height / zoom, 'nearest');
  const start = zoom > 1 ? artSize(prepared.start) : prepared.start;
  const end = prepared.end && zoom > 1 ? artSize(prepared.end) : prepared.end;
  const n = input.frames;
  const plan = readMotionPlan(input.text, input.promptEnhancement ?? true, n);
  const tag = planTag(plan);
  const named = plan.color ? parseHexColor(plan.color) : undefined;
  const glow = (segment: number): Rgba => named ?? (plan.motions[segment]?.name === 'cast' ? SPELL_GLOW : WARM_GLOW);
  // Pixel art's colours: what the inputs use (null when there are too many to be a palette).
  const palette = pixel ? extractPalette(end ? [start, end] : [start]) : null;
  const timeline = planTimeline(plan, n, input.seed, end !== undefined);
  // The end image's clip: where a die has landed, the end image as drawn (it shows the landing);
  // the picture changes there, else half-way. Each clip draws only the frames the join shows of it.
  const landing = timeline.findIndex((t) => t.landed);
  const cut = landing > 0 ? landing : Math.floor(n / 2);
  const shown = end ? clipsShown(n, cut, pixel) : undefined;
  // Unless a fall lands on it, the posture goes from the start's to the end's over the whole clip,
  // both figures along the same path, so at the cut only the picture changes. Seen from another
  // side, the end is a turn, not a posture: its limbs are no counterparts of the start's.
  const both = end ? { start: rigSkeleton(start, pixel), end: rigSkeleton(end, pixel) } : undefined;
  const postures = landing < 0 && both?.start && both.end && both.start.rig.view === both.end.rig.view ? { start: both.start.rig, end: both.end.rig } : undefined;
  const along = (i: number): number => easeInOut(i / Math.max(1, n - 1));
  // A flat thing whose end image is its own edge turns to it before the cut.
  const startTimeline = both?.start && both.end && edgeOn(both.start, both.end)
    ? timeline.map((t, i) => (i < cut ? { ...t, frame: { ...t.frame, ...turned(Math.cos((Math.PI / 2) * easeInOut(i / cut))) } } : t))
    : timeline;
  // Progress by frames made: one clip, or the start's and then the end's.
  const clips = end && shown ? 2 : 1;
  const made = (clip: number) => (i: number) => onProgress?.((clip + (i + 1) / n) / clips);
  const clip = rigAnimation({ start, timeline: startTimeline, pixel, palette, glow, drawn: shown?.a, zoom, toward: postures?.end && { target: postures.end, weight: along }, onFrame: made(0) });
  const endTimeline = timeline.map((t) => (t.landed ? { ...t, frame: { ...REST } } : t));
  const result = end && shown
    ? joinClips(clip, rigAnimation({ start: end, timeline: endTimeline, pixel, palette, glow, drawn: shown.b, zoom, toward: postures?.start && { target: postures.start, weight: (i) => 1 - along(i) }, onFrame: made(1) }), prepared.end!, pixel, cut)
    : clip;
  onProgress?.(1);
  return { tag, plan, frames: result.frames, pivot: result.pivot, start: result.start, rig: result.rig };
}
