// The animate engine (zenith/pulsar image modes, plus, make-sprite v2): frames from a start image
// and an optional end image. Frame 0 is the start image pixel for pixel; with an end image the last
// frame is the end image pixel for pixel and the frames between blend one into the other along a
// small motion; without one, the motion named in the text loops back to the start.
import type { RawImage } from '../types.ts';
import { MAX_FRAME_SIDE } from '../limits.ts';
import { checkImage, checkInt } from '../kernels/check.ts';
import { cloneImage } from '../kernels/image.ts';
import { fitWithin, resizeTo } from '../kernels/resize.ts';
import type { ResizeMode } from '../kernels/resize.ts';
import { opaqueBounds } from '../kernels/compose.ts';
import { transformSprite } from '../kernels/transform.ts';
import { crossfade, dissolve } from '../kernels/blend.ts';
import { extractPalette, mapToPalette } from '../kernels/palette.ts';
import { hashString } from '../kernels/random.ts';
import { motionAt, motionCycles, motionFromText } from '../kernels/motion.ts';
import type { MotionName, SpriteBox } from '../kernels/motion.ts';

export interface AnimateInput {
  start: RawImage;
  end?: RawImage;
  text: string;
  frames: number;
  /** Pixel art: nearest-neighbour only, whole-pixel motion, colours of the inputs only. */
  isPixel: boolean;
  seed: string;
}

export interface AnimateResult {
  frames: RawImage[];
  /** The motion's name, used as the sheet.json tag. */
  tag: MotionName;
}

/** Start (and end) prepared as decisions §3 asks: fitted within 512x512, end at the start's size. */
export function prepareFrames(start: RawImage, end: RawImage | undefined, mode: ResizeMode): { start: RawImage; end?: RawImage } {
  const s = fitWithin(start, MAX_FRAME_SIDE, MAX_FRAME_SIDE, mode);
  if (!end) return { start: s };
  const e = end.width === s.width && end.height === s.height ? end : resizeTo(end, s.width, s.height, mode);
  return { start: s, end: e };
}

export function animate(input: AnimateInput, onProgress?: (fraction: number) => void): AnimateResult {
  checkImage(input.start, 'start image');
  if (input.end) checkImage(input.end, 'end image');
  checkInt(input.frames, 2, 1024, 'frames');
  const mode: ResizeMode = input.isPixel ? 'nearest' : 'smooth';
  const { start, end } = prepareFrames(input.start, input.end, mode);
  const name = motionFromText(input.text);
  const n = input.frames;
  const cycles = motionCycles(name, n);
  const startBox = opaqueBounds(start);
  const endBox = end ? opaqueBounds(end) : null;
  // Pixel art keeps the inputs' colours: frames are built only by moving and picking input
  // pixels; mapping to the palette afterwards keeps that promise if a step ever blends. (An image
  // with too many colours to be pixel art gets no palette pass; the construction still holds.)
  const palette = input.isPixel ? extractPalette(end ? [start, end] : [start]) : null;
  const dissolveSeed = hashString(input.seed);
  const frames: RawImage[] = [cloneImage(start)];
  for (let i = 1; i < n; i++) {
    let frame: RawImage;
    if (!end) {
      const t = motionAt(name, i / n, cycles, boxOr(startBox, start), input.isPixel);
      frame = transformSprite(start, t, mode, startBox);
    } else if (i === n - 1) {
      frame = cloneImage(end);
    } else {
      const t = i / (n - 1);
      // The motion fades in and out (zero at both ends), so the ends stay exact.
      const envelope = Math.sin(Math.PI * t);
      const ta = motionAt(name, t, cycles, boxOr(startBox, start), input.isPixel, envelope);
      const tb = motionAt(name, t, cycles, boxOr(endBox, end), input.isPixel, envelope);
      const a = transformSprite(start, ta, mode, startBox);
      const b = transformSprite(end, tb, mode, endBox);
      const mix = t * t * (3 - 2 * t); // smoothstep: ease out of the start, into the end
      frame = input.isPixel ? dissolve(a, b, mix, dissolveSeed) : crossfade(a, b, mix);
    }
    frames.push(palette ? mapToPalette(frame, palette) : frame);
    onProgress?.(i / (n - 1));
  }
  return { frames, tag: name };
}

function boxOr(box: SpriteBox | null, img: RawImage): SpriteBox {
  return box ?? { x: 0, y: 0, width: img.width, height: img.height };
}

