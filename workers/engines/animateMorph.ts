// Start -> end: the animation travels from the start image to the end image along the plan's
// motion. At time t both subjects are warped toward one in-between box (box edges and centroid
// interpolated, so the subjects stay aligned while their shapes change) and blended: smooth art
// cross-dissolves in premultiplied alpha; pixel art picks each pixel whole from one or the other
// by ordered (Bayer) dithering, so no colour is invented. The background plate blends the same way.
import type { RawImage } from '../types.ts';
import { cloneImage, createImage, TRANSPARENT } from '../kernels/image.ts';
import type { Rgba } from '../kernels/image.ts';
import { ditherPick } from '../kernels/dither.ts';
import { easeInOut } from '../kernels/easing.ts';
import type { Box, Subject } from '../kernels/subject.ts';
import type { AxisMap } from '../kernels/warp.ts';
import type { FramePose } from './animatePoses.ts';
import { drawHalo, drawMorphBody } from './animateFrame.ts';
import type { Layer } from './animateFrame.ts';
import type { Look } from './animateLook.ts';

export interface MorphSide {
  image: RawImage;
  subject: Subject;
  look: Look;
}

/** How far along the blend frame i of n is: eased, so the start and end are held a moment. */
export function morphTime(i: number, n: number): number {
  return easeInOut(i / (n - 1));
}

/** The in-between box at blend time t; whole pixels for pixel art (clean nearest scaling). */
export function morphBox(a: Box, b: Box, t: number, pixel: boolean): Box {
  const m = (p: number, q: number): number => (pixel ? Math.round(p + (q - p) * t) : p + (q - p) * t);
  const x0 = m(a.x, b.x), y0 = m(a.y, b.y);
  const x1 = m(a.x + a.width, b.x + b.width), y1 = m(a.y + a.height, b.y + b.height);
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

/** Knots taking the in-between box and centroid to a subject's own (the centroid kept inside its box). */
function axes(now: Box, nowC: { x: number; y: number }, own: Box, ownC: { x: number; y: number }): { xMap: AxisMap; yMap: AxisMap } {
  const inside = (v: number, lo: number, size: number): number => Math.min(lo + size * 0.9, Math.max(lo + size * 0.1, v));
  return {
    xMap: { from: [now.x, inside(nowC.x, now.x, now.width), now.x + now.width], to: [own.x, inside(ownC.x, own.x, own.width), own.x + own.width] },
    yMap: { from: [now.y, inside(nowC.y, now.y, now.height), now.y + now.height], to: [own.y, inside(ownC.y, own.y, own.height), own.y + own.height] },
  };
}

/** A subject's box, or the whole frame when it has none (an empty image morphs as a whole). */
export function boxOrFrame(s: Subject): Box {
  return s.box ?? { x: 0, y: 0, width: s.sprite.width, height: s.sprite.height };
}

/** The in-between boxes of every frame (what the pose fitting needs). */
export function morphBoxes(start: Subject, end: Subject, n: number, pixel: boolean): Box[] {
  return Array.from({ length: n }, (_, i) => morphBox(boxOrFrame(start), boxOrFrame(end), morphTime(i, n), pixel));
}

/** The background plate at blend time t: one plate, a lerp of two flat colours, or (pixel art) a dither. */
function plates(start: Subject, end: Subject, width: number, height: number, pixel: boolean): (t: number) => RawImage {
  const cs = start.background ?? TRANSPARENT;
  const ce = end.background ?? TRANSPARENT;
  const plateS = createImage(width, height, cs);
  if (cs.r === ce.r && cs.g === ce.g && cs.b === ce.b && cs.a === ce.a) return () => cloneImage(plateS);
  const plateE = createImage(width, height, ce);
  if (pixel) return (t) => ditherPick(plateS, plateE, t);
  return (t) => {
    // Premultiplied, like the subjects: a transparent side contributes no colour.
    const pa = cs.a * (1 - t), qa = ce.a * t;
    const oa = pa + qa;
    if (oa < 0.5) return createImage(width, height);
    const mix = (p: number, q: number): number => Math.round((p * pa + q * qa) / oa);
    return createImage(width, height, { r: mix(cs.r, ce.r), g: mix(cs.g, ce.g), b: mix(cs.b, ce.b), a: Math.round(oa) });
  };
}

export function morphFrames(start: MorphSide, end: MorphSide, poses: readonly FramePose[], glow: (segment: number) => Rgba, pixel: boolean, onFrame?: (i: number) => void): RawImage[] {
  const n = poses.length;
  const { width, height } = start.image;
  const bs = boxOrFrame(start.subject);
  const be = boxOrFrame(end.subject);
  const plateAt = plates(start.subject, end.subject, width, height, pixel);
  const frames: RawImage[] = [cloneImage(start.image)];
  for (let i = 1; i < n; i++) {
    if (i === n - 1) {
      frames.push(cloneImage(end.image));
      onFrame?.(i);
      continue;
    }
    const t = morphTime(i, n);
    const now = morphBox(bs, be, t, pixel);
    const nowC = {
      x: start.subject.centroid.x + (end.subject.centroid.x - start.subject.centroid.x) * t,
      y: start.subject.centroid.y + (end.subject.centroid.y - start.subject.centroid.y) * t,
    };
    const a: Layer = { look: start.look, box: now, ...axes(now, nowC, bs, start.subject.centroid) };
    const b: Layer = { look: end.look, box: now, ...axes(now, nowC, be, end.subject.centroid) };
    const { pose, segment } = poses[i] as FramePose;
    const prev = poses[i - 1]?.pose;
    const color = glow(segment);
    const canvas = plateAt(t);
    drawHalo(canvas, a, pose, color, pixel, 1 - t);
    drawHalo(canvas, b, pose, color, pixel, t);
    drawMorphBody(canvas, a, b, t, pose, prev, color, pixel);
    frames.push(canvas);
    onFrame?.(i);
  }
  return frames;
}
