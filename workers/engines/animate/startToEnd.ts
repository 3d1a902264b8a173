// Start -> end: both images rigged and played through the same timeline, on one canvas (their image
// rects aligned, as the two pictures are drawn). The appearance changes once (half-way, or where a
// die lands on the end image's pose): a single cut for pixel art, a dissolve of two frames for
// painted art (each frame one figure's shape, whole, its colours mixed toward the other's where
// they overlap, so no pixel is half there); never a long double exposure.
// The last frame is the end image, pixels unchanged.
import type { RawImage } from '../../types.ts';
import { createImage } from '../../kernels/image.ts';
import { copyInto } from '../../kernels/blit.ts';
import type { Rgba } from '../../kernels/image.ts';
import type { RiggedClip } from './rigAnimation.ts';

/** Frames blended over this many frames around the cut (painted art). */
const DISSOLVE_FRAMES = 2;

/** `frame` on a canvas of width x height filled with `background`, its origin at (dx, dy). */
function reframe(frame: RawImage, width: number, height: number, dx: number, dy: number, background: Rgba): RawImage {
  if (frame.width === width && frame.height === height && dx === 0 && dy === 0) return frame;
  return copyInto(createImage(width, height, background), frame, dx, dy);
}

/** Which frames of each clip joinClips shows: the start's before the cut, the end's after it, both across a dissolve. */
export function clipsShown(n: number, cut: number, pixel: boolean): { a: (i: number) => boolean; b: (i: number) => boolean } {
  const from = pixel ? cut : cut - DISSOLVE_FRAMES / 2, to = pixel ? cut : cut + DISSOLVE_FRAMES / 2;
  return { a: (i) => i < to && i < n - 1, b: (i) => i >= from && i < n - 1 };
}

/**
 * A dissolve frame `t` of the way from `a` to `b`: the shape (alpha) of the nearer one, whole, and
 * where the other figure is there too its colour mixed in by the share of the way it is (t, or
 * 1 - t): the colours cross over where the figures overlap, and no pixel is half there.
 */
function tintedPick(a: RawImage, b: RawImage, t: number): RawImage {
  const [shape, other, k] = t < 0.5 ? [a.data, b.data, t] : [b.data, a.data, 1 - t];
  const out = new Uint8Array(shape);
  for (let i = 0; i < out.length; i += 4) {
    if (out[i + 3] === 0 || other[i + 3] === 0) continue;
    // The other's colour weighed by its own alpha (a soft edge of it mixes in less).
    const w = (k * other[i + 3]!) / 255;
    for (let c = 0; c < 3; c++) out[i + c] = out[i + c]! + (other[i + c]! - out[i + c]!) * w + 0.5;
  }
  return { data: out, width: a.width, height: a.height };
}

/** `a` until frame `cut`, `b` from there (a short dissolve around it for painted art), ending on `end`. */
export function joinClips(a: RiggedClip, b: RiggedClip, end: RawImage, pixel: boolean, cut: number): RiggedClip {
  const { background } = a;
  const ox = Math.max(a.start.x, b.start.x), oy = Math.max(a.start.y, b.start.y);
  const width = Math.max(a.frames[0]!.width - a.start.x, b.frames[0]!.width - b.start.x) + ox;
  const height = Math.max(a.frames[0]!.height - a.start.y, b.frames[0]!.height - b.start.y) + oy;
  const A = (i: number) => reframe(a.frames[i]!, width, height, ox - a.start.x, oy - a.start.y, background);
  const B = (i: number) => reframe(b.frames[i]!, width, height, ox - b.start.x, oy - b.start.y, background);
  const n = a.frames.length;
  const frames: RawImage[] = [];
  for (let i = 0; i < n; i++) {
    if (i === n - 1) frames.push(reframe(end, width, height, ox, oy, background));
    else if (pixel || i < cut - DISSOLVE_FRAMES / 2 || i >= cut + DISSOLVE_FRAMES / 2) frames.push(i < cut ? A(i) : B(i));
    else frames.push(tintedPick(A(i), B(i), (i - (cut - DISSOLVE_FRAMES / 2) + 1) / (DISSOLVE_FRAMES + 1)));
  }
  return { frames, background, pivot: { x: a.pivot.x - a.start.x + ox, y: a.pivot.y - a.start.y + oy }, start: { ...a.start, x: ox, y: oy }, rig: a.rig };
}
