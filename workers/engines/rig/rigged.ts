// A subject rigged from its image: cut out, its bones found, its mesh bound. The animation engine
// and the character overlay both start here. Pixel art scaled up is rigged as the art it was scaled
// from.
import type { RawImage } from '../../types.ts';
import { createImage, TRANSPARENT } from '../../kernels/image.ts';
import type { Rgba } from '../../kernels/image.ts';
import { alphaBox, separateSubject } from '../../kernels/subject.ts';
import { resizeTo } from '../../kernels/resize.ts';
import type { Box } from '../../kernels/subject.ts';
import { findRig } from './findRig.ts';
import { buildMesh, movesAsCutouts, paintedGrid, pixelGrid } from './skin.ts';
import { paintUnder } from './underlay.ts';
import type { Layers } from './underlay.ts';
import type { CellGrid, Mesh } from './skin.ts';
import type { Rig, Vec } from './types.ts';

/** A subject and the bones found in it: enough to read its pose from, not to draw it moved. */
export interface Skeleton {
  /** The subject cut out of its background, at the image's size. */
  sprite: RawImage;
  box: Box;
  /** The flat colour it stood on, null on transparency. */
  background: Rgba | null;
  rig: Rig;
  pixel: boolean;
}

/** A skeleton with its mesh bound: a subject that can be drawn in any pose. */
export interface Rigged extends Skeleton {
  mesh: Mesh;
  /**
   * The sprite split where limbs lie over the body (underlay.ts): the limbs drawn from their own
   * pixels alone, everything else from the body painted in under them; null when none lies over it.
   */
  layers: Layers | null;
}

/** The subject of `image` rigged and meshed; null when it has no subject. */
export function rigSubject(image: RawImage, pixel: boolean): Rigged | null {
  const found = skeletonAndArt(image, pixel);
  if (!found) return null;
  const { skeleton, art } = found;
  const grid = art ?? paintedGrid(skeleton.rig);
  const layers = paintUnder(skeleton.sprite, skeleton.rig, skeleton.pixel);
  return { ...skeleton, mesh: buildMesh(skeleton.rig, grid, art !== null && movesAsCutouts(skeleton.rig), layers?.beneath ?? undefined), layers };
}

/**
 * The subject of `image` rigged without a mesh (binding one costs most of rigging): for the poses
 * a character is made to copy, whose bones are read and never drawn. Null when it has no subject.
 */
export function rigSkeleton(image: RawImage, pixel: boolean): Skeleton | null {
  return skeletonAndArt(image, pixel)?.skeleton ?? null;
}

/** A painted subject taller than this is read at a reduced size (its bones, never drawn, need no more). */
const READ_HEIGHT = 128;

/**
 * The skeleton of `image`'s subject for reading a pose from (a sheet's pose cell, a GIF's figure):
 * as rigSkeleton, but a large painted subject is rigged at a whole fraction of its size and its
 * bones laid back over it, at a fraction of the cost. Null when it has no subject.
 */
export function readSkeleton(image: RawImage, pixel: boolean): Skeleton | null {
  const k = Math.ceil(image.height / READ_HEIGHT);
  if (pixel || k < 2) return rigSkeleton(image, pixel);
  const { sprite, box, background } = separateSubject(image, pixel);
  if (!box) return null;
  const small = rigSkeleton(resizeTo(image, Math.max(1, Math.floor(image.width / k)), Math.max(1, Math.floor(image.height / k)), 'smooth'), false);
  return small && { sprite, box, background, rig: scaledUp(small.rig, { size: k, x0: 0, y0: 0 }, sprite), pixel };
}

function skeletonAndArt(image: RawImage, pixel: boolean): { skeleton: Skeleton; art: CellGrid | null } | null {
  const { sprite, box, background } = separateSubject(image, pixel);
  if (!box) return null;
  // Pixel art scaled up is rigged in its own pixels (what the rig judges, a 2 px arm, a 3 px gap,
  // is the art's), and meshed an art pixel a cell.
  const art = pixel ? pixelGrid(sprite) : null;
  const rig = art && art.size > 1 ? scaledUp(findRigOfArt(sprite, art), art, sprite) : findRig(sprite, box);
  return { skeleton: { sprite, box, background, rig, pixel }, art };
}

/** The rig of an upscaled sprite's art: one sample from the middle of each block. */
function findRigOfArt(sprite: RawImage, art: CellGrid): Rig {
  const { size: k, x0, y0 } = art;
  const w = Math.ceil((sprite.width - x0) / k), h = Math.ceil((sprite.height - y0) / k);
  const small = createImage(w, h, TRANSPARENT);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const sx = Math.min(sprite.width - 1, Math.max(0, x0 + x * k + (k >> 1))), sy = Math.min(sprite.height - 1, Math.max(0, y0 + y * k + (k >> 1)));
    small.data.set(sprite.data.subarray((sy * sprite.width + sx) * 4, (sy * sprite.width + sx) * 4 + 4), (y * w + x) * 4);
  }
  return findRig(small, alphaBox(small) ?? { x: 0, y: 0, width: w, height: h });
}

/** `rig`, found on the art (or a reduced copy), laid over the full-size `sprite`: every length times the block size. */
function scaledUp(rig: Rig, art: CellGrid, sprite: RawImage): Rig {
  const { size: k, x0, y0 } = art;
  const up = (v: Vec): Vec => ({ x: x0 + v.x * k, y: y0 + v.y * k });
  const labels = new Int8Array(sprite.width * sprite.height).fill(-1);
  const rows = rig.labels.length / rig.width;
  for (let y = 0; y < sprite.height; y++) for (let x = 0; x < sprite.width; x++) {
    const sx = Math.floor((x - x0) / k), sy = Math.floor((y - y0) / k);
    // (A reduced copy may leave the last few columns or rows out: nothing was found there.)
    if (sx < rig.width && sy < rows) labels[y * sprite.width + x] = rig.labels[sy * rig.width + sx] as number;
  }
  return {
    ...rig, height: rig.height * k, ground: up(rig.ground), labels, width: sprite.width,
    bones: rig.bones.map((b) => ({ ...b, head: up(b.head), tail: up(b.tail) })),
  };
}
