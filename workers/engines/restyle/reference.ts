// Replacing the tracked subject of each frame by a reference image: the subject is removed (made
// transparent, or filled with the flat background of an opaque source), and the reference, cut out
// and trimmed, is fitted into the subject's box of that frame: scaled to the box, feet on its
// bottom, centred where the subject's mass is, squashed when the box squashes, sheared when the
// silhouette leans more or less than it does at rest (a lunge, a recoil), mirrored when it shows
// the subject turned around. So the reference follows the source's motion. It is not cut to the
// source's silhouette: a reference of another shape would come out in pieces.
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../../types.ts';
import { drawOnto } from '../../kernels/compose.ts';
import { resizeTo } from '../../kernels/resize.ts';
import type { ResizeMode } from '../../kernels/resize.ts';
import { cutout, looksLikePixelArt, mirrorX } from '../../kernels/cutout.ts';
import { warpRows } from '../../kernels/warpRows.ts';
import { locatePose } from '../../kernels/cellPose.ts';
import type { Background, Box, SubjectFrame } from '../../kernels/track.ts';

export interface PreparedReference {
  image: RawImage;
  mode: ResizeMode;
  /** Fitted copies by size and facing: a walk cycle reuses a handful. */
  cache: Map<string, RawImage>;
}

export interface Rest {
  width: number;
  height: number;
  /** Median of (centroid x - box centre x): where the mass sits in a box, at rest. */
  massOffset: number;
  /** Median lean (shift per pixel of height, see cellPose.ts) of the silhouette. */
  lean: number;
}

export function prepareReference(reference: RawImage): PreparedReference {
  const image = cutout(reference);
  return { image, mode: looksLikePixelArt(image) ? 'nearest' : 'smooth', cache: new Map() };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] as number) : 0;
};

/** How far the silhouette of `t` leans (0 without one). */
export function leanOf(t: SubjectFrame, frameWidth: number): number {
  return t.box ? (locatePose(t.mask, frameWidth, t.box)?.lean ?? 0) * (t.flipped ? -1 : 1) : 0;
}

/** The subject's typical box size, mass offset and lean over the tracked frames. */
export function restOf(track: readonly SubjectFrame[], size: { width: number; height: number }): Rest {
  const boxed = track.filter((t): t is SubjectFrame & { box: Box } => t.box !== null);
  if (boxed.length === 0) return { ...size, massOffset: 0, lean: 0 };
  return {
    width: median(boxed.map((t) => t.box.width)),
    height: median(boxed.map((t) => t.box.height)),
    massOffset: median(boxed.map((t) => t.cx - (t.box.x + t.box.width / 2))),
    lean: median(boxed.map((t) => leanOf(t, size.width))),
  };
}

/** The reference at width x height, mirrored or not, its rows shifted `reach` px at the top (feet fixed). */
function fitted(ref: PreparedReference, width: number, height: number, flip: boolean, reach: number): RawImage {
  const key = `${width}x${height}${flip ? 'm' : ''}${reach}`;
  let img = ref.cache.get(key);
  if (!img) {
    img = resizeTo(ref.image, width, height, ref.mode);
    if (flip) img = mirrorX(img);
    if (reach !== 0) {
      const from = reach < 0 ? -reach : 0;
      img = warpRows(img, width + Math.abs(reach), height, (y) => ({ srcY: y, scaleX: 1, srcCx: 0, dstCx: from + Math.round((reach * (height - y)) / height) }), 'nearest');
    }
    ref.cache.set(key, img);
  }
  return img;
}

/**
 * `frame` with its subject replaced by the reference. Returns the new frame and, for opaque
 * sources, where the reference now is (the subject weight a material is applied through).
 */
export function replaceSubject(frame: RawImage, t: SubjectFrame, bg: Background, ref: PreparedReference, rest: Rest): { frame: RawImage; weight?: Uint8Array; box: Box | null } {
  const { width, height } = frame;
  const n = width * height;
  const out = new Uint8Array(frame.data);
  const fill = bg.kind === 'flat' ? bg.color : null;
  // Remove the subject: clear it, or fill it with the background colour by its mask.
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    const m = t.mask[p]!;
    if (m === 0) continue;
    if (!fill) {
      out[i] = out[i + 1] = out[i + 2] = out[i + 3] = 0;
      continue;
    }
    const k = m / 255;
    out[i] = out[i]! + (fill.r - out[i]!) * k + 0.5;
    out[i + 1] = out[i + 1]! + (fill.g - out[i + 1]!) * k + 0.5;
    out[i + 2] = out[i + 2]! + (fill.b - out[i + 2]!) * k + 0.5;
  }
  const result: RawImage = { data: out, width, height };
  const box = t.box ?? (bg.kind === 'none' ? { x: 0, y: 0, width, height } : null);
  if (!box) return { frame: result, weight: fill ? new Uint8Array(n) : undefined, box: null };
  // Base scale: the reference contained in the rest box (a little wider allowed, since a
  // reference is often broader than a walking figure); then this frame's squash and stretch.
  const img = ref.image;
  const k = Math.min(rest.height / img.height, (rest.width * 1.3) / img.width);
  const sy = Math.max(0.5, Math.min(1.6, box.height / rest.height));
  const sx = Math.max(0.6, Math.min(1.4, Math.sqrt(box.width / rest.width)));
  const w = Math.max(1, Math.round(img.width * k * sx));
  const h = Math.max(1, Math.round(img.height * k * sy));
  // Lean relative to rest, damped (the measured slope also sees limbs), whole pixels at the top.
  const dl = Math.max(-0.4, Math.min(0.4, (leanOf(t, width) - rest.lean) * 0.8)) * (t.flipped ? -1 : 1);
  const reach = Math.round(dl * h);
  const sprite = fitted(ref, w, h, t.flipped, reach);
  const centre = t.box ? t.cx - rest.massOffset * (t.flipped ? -1 : 1) : box.x + box.width / 2;
  const left = Math.round(centre - w / 2) - (reach < 0 ? -reach : 0);
  const top = box.y + box.height - h;
  drawOnto(result, sprite, left, top);
  if (!fill) return { frame: result, box: { x: left, y: top, width: sprite.width, height: h } };
  // Where the reference landed, for the material pass (the background keeps its colour).
  const sw = sprite.width;
  const weight = new Uint8Array(n);
  for (let y = Math.max(0, top); y < Math.min(height, top + h); y++) {
    for (let x = Math.max(0, left); x < Math.min(width, left + sw); x++) {
      weight[y * width + x] = sprite.data[((y - top) * sw + (x - left)) * 4 + 3]!;
    }
  }
  return { frame: result, weight, box: { x: left, y: top, width: sw, height: h } };
}
