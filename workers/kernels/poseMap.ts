// From a pose (in subject heights) to pixels: the pivot at the subject's feet, the linear part
// (rotation x shear x scale), the offset, and the inverse map warp.ts draws with. For pixel art the
// pose is snapped first: whole-pixel offsets, sizes that change by whole pixels, and small
// rotations turned into shears (rows shift whole; a rotated row of pixel art would break up).
import { LEG_ZONE } from './motionPose.ts';
import type { Pose } from './motionPose.ts';
import type { Box } from './subject.ts';
import type { Legs, WarpMap } from './warp.ts';

/** A pose in pixels for one subject box. */
export interface Placement {
  px: number;
  py: number;
  /** Forward linear part: [l00 l01; l10 l11]. */
  l00: number; l01: number; l10: number; l11: number;
  tx: number;
  ty: number;
  bendPx: number;
  height: number;
  legs: Legs;
}

// Below this a rotation of pixel art is drawn as a shear (about 20 degrees).
const PIXEL_SHEAR_LIMIT = 0.35;
// Pixel art squashes by whole rows, and a squash of many rows drops details (a visor, an eye):
// vertical squash and stretch, and widening, are capped at this fraction of the size (>= 1 px).
const PIXEL_SQUASH_LIMIT = 0.1;
// The legs fold by at most this much of their length (a tuck keeps a stub of leg).
const MAX_FOLD = 0.7;
// Narrowest a turning subject gets: a visible sliver, never a zero-width (singular) map.
const MIN_SLIVER = 1.5;
const MIN_SCALE = 1e-3;

export function placePose(p: Pose, box: Box, pixel: boolean): Placement {
  const w = box.width;
  const h = box.height;
  let { sx, sy, rot, lean } = p;
  let tx = p.dx * h;
  let ty = p.dy * h;
  if (pixel) {
    tx = Math.round(tx);
    ty = Math.round(ty);
    const capW = Math.max(1, Math.round(PIXEL_SQUASH_LIMIT * w));
    const capH = Math.max(1, Math.round(PIXEL_SQUASH_LIMIT * h));
    sx = (Math.sign(sx) || 1) * Math.min(w + capW, Math.max(1, Math.round(Math.abs(sx) * w))) / w;
    sy = Math.min(h + capH, Math.max(h - capH, 1, Math.round(sy * h))) / h;
    if (Math.abs(rot) < PIXEL_SHEAR_LIMIT) {
      lean += Math.tan(rot);
      rot = 0;
    }
  }
  // Edge-on (a turn) the subject is a sliver, never thinner than MIN_SLIVER px (nor a singular map).
  if (Math.abs(sx) * w < MIN_SLIVER) sx = (Math.sign(sx) || 1) * Math.max(MIN_SCALE, MIN_SLIVER / w);
  sy = Math.max(MIN_SCALE, sy);
  const length = LEG_ZONE * h;
  const fold = (v: number): number => {
    const px = Math.min(MAX_FOLD * length, Math.max(0, v * h));
    return pixel ? Math.round(px) : px;
  };
  const lift = fold(Math.abs(p.stride));
  const legs: Legs = {
    feet: box.y + h, length, tuck: fold(p.tuck), split: box.x + w / 2,
    liftL: p.stride < 0 ? lift : 0, liftR: p.stride > 0 ? lift : 0,
  };
  const cos = Math.cos(rot);
  const sin = Math.sin(rot);
  return {
    px: box.x + w / 2 + p.pivot * w,
    py: box.y + h,
    l00: cos * sx, l01: -cos * lean * sy - sin * sy,
    l10: sin * sx, l11: -sin * lean * sy + cos * sy,
    tx: tx + p.jx,
    ty: ty + p.jy,
    bendPx: p.bend * h,
    height: h,
    legs,
  };
}

/** Where `box` lands under `pl`: the bounding box of its forward-mapped corners (bend included). */
export function placedExtent(pl: Placement, box: Box): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [cx, cy] of [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]] as const) {
    let rx = cx - pl.px;
    // The tuck lowers everything above the legs (the top corners) by its fold.
    const ry = cy - pl.py + (cy < pl.py ? pl.legs.tuck : 0);
    if (ry < 0) rx += pl.bendPx * (ry / pl.height) ** 2;
    const x = pl.px + pl.l00 * rx + pl.l01 * ry + pl.tx;
    const y = pl.py + pl.l10 * rx + pl.l11 * ry + pl.ty;
    x0 = Math.min(x0, x); x1 = Math.max(x1, x);
    y0 = Math.min(y0, y); y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

/**
 * The inverse map of `pl` for warp.ts, visiting where `box` lands (plus a filter margin). With
 * `toFeet`, and no rotation, nothing is drawn below the feet (see below).
 */
export function placementMap(pl: Placement, box: Box, toFeet = true): WarpMap {
  const det = pl.l00 * pl.l11 - pl.l01 * pl.l10;
  const i00 = pl.l11 / det, i01 = -pl.l01 / det, i10 = -pl.l10 / det, i11 = pl.l00 / det;
  const ox = pl.px + pl.tx, oy = pl.py + pl.ty;
  const ext = placedExtent(pl, box);
  // Without rotation nothing of the subject lies below its feet: stop there, so a bilinear
  // stretch does not smear a faint row under the baseline.
  const feet = toFeet && Math.abs(pl.l10) < 1e-12 ? Math.ceil(pl.py + pl.ty - 1e-9) : Infinity;
  return {
    a: i00, b: i01, c: pl.px - i00 * ox - i01 * oy,
    d: i10, e: i11, f: pl.py - i10 * ox - i11 * oy,
    bendPx: pl.bendPx, bendBase: pl.py, bendHeight: pl.height, legs: pl.legs,
    x0: Math.floor(ext.x0) - 2, y0: Math.floor(ext.y0) - 2, x1: Math.ceil(ext.x1) + 2, y1: Math.min(feet, Math.ceil(ext.y1) + 2),
  };
}
