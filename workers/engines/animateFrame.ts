// Drawing one frame's subject at its pose: the halo behind a glow, a ghost of the previous pose
// behind a fast move (smear), then the subject itself at its opacity. A morph (start -> end) draws
// each subject through axis maps that align its box and centroid with the in-between box.
import type { RawImage } from '../types.ts';
import type { Rgba } from '../kernels/image.ts';
import type { Pose } from '../kernels/motionPose.ts';
import { placePose, placementMap } from '../kernels/poseMap.ts';
import type { Box } from '../kernels/subject.ts';
import { drawWarped } from '../kernels/warp.ts';
import { drawMorphed } from '../kernels/morphWarp.ts';
import type { AxisMap, WarpMap } from '../kernels/warp.ts';
import type { Look } from './animateLook.ts';
import { drawOver } from '../kernels/blit.ts';

/** One subject as drawn in a frame: its look, the box it occupies now, how that maps to its source. */
export interface Layer {
  look: Look;
  /** The box the subject occupies before the pose (its own box, or a morph's in-between box). */
  box: Box;
  xMap?: AxisMap;
  yMap?: AxisMap;
}

// A smear ghost is drawn at this much of the pose's smear amount: a trace, not a second body.
const SMEAR_OPACITY = 0.45;
// A full glow lights the halo to this opacity.
const HALO_OPACITY = 0.85;

/** The warp of `layer` at `pose`; `grow` widens the area visited (pixel art's halo ring, 1 px). */
function mapFor(layer: Layer, pose: Pose, pixel: boolean, grow = 0): WarpMap {
  const { box } = layer;
  const reach = { x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow };
  const map = placementMap(placePose(pose, box, pixel), reach, grow === 0);
  return { ...map, xMap: layer.xMap, yMap: layer.yMap, ox: layer.look.ox, oy: layer.look.oy };
}

/**
 * The halo behind a glowing pose of smooth art, at `opacity` of its strength. It follows the
 * subject's feet by whole pixels without being resampled (the glowing motions barely scale: a
 * fraction of the cost, no visible difference). Pixel art's ring is part of its sprite (animateLook).
 */
export function drawHalo(canvas: RawImage, layer: Layer, pose: Pose, color: Rgba, pixel: boolean, opacity = 1): void {
  const strength = Math.min(1, pose.glow * HALO_OPACITY * opacity);
  if (strength <= 0 || pixel) return;
  const halo = layer.look.halo(color);
  const pl = placePose(pose, layer.box, false);
  drawOver(canvas, halo.image, layer.look.ox + Math.round(pl.tx), layer.look.oy + Math.round(pl.ty), strength);
}

/** The subject at `pose` (after a smear ghost at `prev` when the pose asks for one). */
export function drawBody(canvas: RawImage, layer: Layer, pose: Pose, prev: Pose | undefined, color: Rgba, pixel: boolean): void {
  const mode = pixel ? 'nearest' : 'smooth';
  const sprite = layer.look.sprite(pose, color);
  if (prev && pose.smear > 0.05) {
    drawWarped(canvas, sprite, mapFor(layer, prev, pixel), mode, Math.min(1, pose.smear * SMEAR_OPACITY * pose.fade));
  }
  // A glowing pixel-art sprite carries its halo ring one pixel outside its box.
  drawWarped(canvas, sprite, mapFor(layer, pose, pixel, pixel && pose.glow > 0 ? 1 : 0), mode, Math.max(0, Math.min(1, pose.fade)));
}

/**
 * Two subjects (a morph's start and end, aligned on one in-between box) at one pose, blended `t`
 * of the way to the second in one pass; the smear ghost first, as drawBody does.
 */
export function drawMorphBody(canvas: RawImage, a: Layer, b: Layer, t: number, pose: Pose, prev: Pose | undefined, color: Rgba, pixel: boolean): void {
  const mode = pixel ? 'nearest' : 'smooth';
  const spriteA = a.look.sprite(pose, color);
  const spriteB = b.look.sprite(pose, color);
  if (prev && pose.smear > 0.05) {
    const opacity = Math.min(1, pose.smear * SMEAR_OPACITY * pose.fade);
    drawMorphed(canvas, { image: spriteA, map: mapFor(a, prev, pixel) }, { image: spriteB, map: mapFor(b, prev, pixel) }, t, mode, opacity);
  }
  const grow = pixel && pose.glow > 0 ? 1 : 0;
  drawMorphed(
    canvas, { image: spriteA, map: mapFor(a, pose, pixel, grow) }, { image: spriteB, map: mapFor(b, pose, pixel, grow) },
    t, mode, Math.max(0, Math.min(1, pose.fade)),
  );
}
