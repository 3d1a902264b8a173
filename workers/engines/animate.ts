// The animate engine (zenith/pulsar image modes, plus, make-sprite v2): frames from a start image
// and an optional end image, moved as the text asks.
//   1. The text is read into a plan (motionPlan.ts): motions over frame ranges, with modifiers.
//   2. The subject is separated from its background (kernels/subject.ts): the image's alpha, or a
//      flat colour found on its borders, which then refills whatever the subject vacates.
//   3. Each frame's pose comes from the plan's motions (animatePoses.ts), fitted into the frame.
//   4. The subject is drawn at its pose about a pivot at its feet (animateFrame.ts); with an end
//      image the two subjects are aligned and blended along the motion (animateMorph.ts).
// Frame 0 is the start image pixel for pixel; with an end image the last frame is the end image.
// Pixel art moves by whole pixels, scales nearest-neighbour, keeps binary alpha and takes every
// colour from the inputs' palettes (blends are dithered).
import type { RawImage } from '../types.ts';
import { MAX_FRAME_SIDE } from '../limits.ts';
import { checkImage, checkInt } from '../kernels/check.ts';
import { cloneImage, createImage, TRANSPARENT } from '../kernels/image.ts';
import type { Rgba } from '../kernels/image.ts';
import { fitWithin, resizeTo } from '../kernels/resize.ts';
import type { ResizeMode } from '../kernels/resize.ts';
import { extractPalette } from '../kernels/palette.ts';
import { separateSubject } from '../kernels/subject.ts';
import type { Subject } from '../kernels/subject.ts';
import { parseHexColor } from '../kernels/image.ts';
import { readMotionPlan, planTag } from './motionPlan.ts';
import type { MotionPlan } from './motionPlan.ts';
import { planPoses } from './animatePoses.ts';
import { createLook } from './animateLook.ts';
import type { Look } from './animateLook.ts';
import { drawBody, drawHalo } from './animateFrame.ts';
import { boxOrFrame, morphBoxes, morphFrames } from './animateMorph.ts';
import { rigAnimation } from './animate/rigAnimation.ts';
import { planTimeline } from './animate/timeline.ts';
import { joinClips } from './animate/startToEnd.ts';

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

export interface AnimateResult {
  frames: RawImage[];
  /** The sheet.json tag: the plan's motion names ("jump", "walk+jump"). */
  tag: string;
  /** How the text was read; written into sheet.json as meta.plan. */
  plan: MotionPlan;
  /** The subject's ground point in canvas pixels: the same in every frame (sheet.json meta.pivot). */
  pivot: { x: number; y: number };
  /** Where frame 0 holds the start image, pixels unchanged (scale < 1 only when the canvas had to shrink). */
  start: { x: number; y: number; width: number; height: number; scale: number };
  /** The rig found in the start image (sheet.json meta.rig); null when there was nothing to rig. */
  rig: unknown;
}

/** Glow colours when the text names none: warm light for a pulse, arcane blue for a spell. */
const WARM_GLOW: Rgba = { r: 255, g: 226, b: 130, a: 255 };
const SPELL_GLOW: Rgba = { r: 130, g: 180, b: 255, a: 255 };

/** Start (and end) prepared as decisions §3 asks: fitted within 512x512, end at the start's size. */
export function prepareFrames(start: RawImage, end: RawImage | undefined, mode: ResizeMode): { start: RawImage; end?: RawImage } {
  const s = fitWithin(start, MAX_FRAME_SIDE, MAX_FRAME_SIDE, mode);
  if (!end) return { start: s };
  const e = end.width === s.width && end.height === s.height ? end : resizeTo(end, s.width, s.height, mode);
  return { start: s, end: e };
}

function lookOf(subject: Subject, pixel: boolean, palette: readonly number[] | null): Look {
  return createLook(subject.sprite, boxOrFrame(subject), { pixel, palette });
}

/** Interim: the canvas is the start image itself. */
function placedAsIs(start: RawImage, box: { x: number; width: number; y: number; height: number } | null) {
  const pivot = box ? { x: box.x + Math.floor(box.width / 2), y: box.y + box.height } : { x: Math.floor(start.width / 2), y: start.height };
  return { pivot, start: { x: 0, y: 0, width: start.width, height: start.height, scale: 1 }, rig: null };
}

export function animate(input: AnimateInput, onProgress?: (fraction: number) => void): AnimateResult {
  checkImage(input.start, 'start image');
  if (input.end) checkImage(input.end, 'end image');
  checkInt(input.frames, 2, 1024, 'frames');
  const pixel = input.isPixel;
  const { start, end } = prepareFrames(input.start, input.end, pixel ? 'nearest' : 'smooth');
  const n = input.frames;
  const plan = readMotionPlan(input.text, input.promptEnhancement ?? true, n);
  const tag = planTag(plan);
  const named = plan.color ? parseHexColor(plan.color) : undefined;
  const glow = (segment: number): Rgba => named ?? (plan.motions[segment]?.name === 'cast' ? SPELL_GLOW : WARM_GLOW);
  // Pixel art's colours: what the inputs use (null when there are too many to be a palette).
  const palette = pixel ? extractPalette(end ? [start, end] : [start]) : null;
  const subject = separateSubject(start, pixel);
  const progress = (i: number): void => onProgress?.(i / (n - 1));
  const { width, height } = start;

  if (end) {
    const timeline = planTimeline(plan, n, input.seed, true);
    const a = rigAnimation({ start, timeline, pixel, palette, glow });
    const b = rigAnimation({ start: end, timeline, pixel, palette, glow });
    onProgress?.(1);
    return { tag, plan, ...joinClips(a, b, end, pixel, separateSubject(start, pixel).background ?? TRANSPARENT) };
  }

  const clip = rigAnimation({ start, timeline: planTimeline(plan, n, input.seed, false), pixel, palette, glow });
  onProgress?.(1);
  return { tag, plan, ...clip };
}
