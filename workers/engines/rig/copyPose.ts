// A character drawn in the posture of a subject found in another picture: the step the character
// overlay (a pose cell of a sheet) and the restyle with a reference (the source's figure in one
// frame) share. The subject is cut out and rigged, the character's bones turn to match its bones,
// and the character is mirrored when it must face the other way.
import { createHash } from 'node:crypto';
import type { RawImage } from '../../types.ts';
import { crop } from '../../kernels/compose.ts';
import { looksLikePixelArt, mirrorX } from '../../kernels/cutout.ts';
import type { Box } from '../../kernels/subject.ts';
import { sideFacing } from './findRig.ts';
import { drawPosed } from './posed.ts';
import type { Drawn } from './posed.ts';
import { readSkeleton } from './rigged.ts';
import type { Rigged, Skeleton } from './rigged.ts';
import { matchPose } from './retarget.ts';

/**
 * The subject in `box` of `image`, only its pixels where `inside` (a mask over the box) is not 0
 * kept, its skeleton found as the art it is (pixel art in its own pixels, painted art with its soft
 * edge, where a raised fist beside the head stays a part of its own); null when nothing rigs. With
 * `known`, a cut seen before (the same pixels, as a looping GIF shows its figure again and again)
 * is not rigged again.
 */
export function rigCut(image: RawImage, box: Box, inside: Uint8Array, known?: Map<string, Skeleton | null>): Skeleton | null {
  const { x, y, width, height } = box;
  const read = (): Skeleton | null => {
    const cut = crop(image, x, y, width, height);
    const d = cut.data;
    for (let p = 0; p < inside.length; p++) if (inside[p] === 0) d[p * 4] = d[p * 4 + 1] = d[p * 4 + 2] = d[p * 4 + 3] = 0;
    return readSkeleton(cut, looksLikePixelArt(cut));
  };
  if (!known) return read();
  // The cut is its box's pixels where `inside` is set: the two together name it, read in place.
  const hash = createHash('sha1').update(inside);
  for (let row = y; row < y + height; row++) hash.update(image.data.subarray((row * image.width + x) * 4, (row * image.width + x + width) * 4));
  const key = `${width}x${height}:${hash.digest('base64')}`;
  let skeleton = known.get(key);
  if (skeleton === undefined) known.set(key, (skeleton = read()));
  return skeleton;
}

/**
 * The way most of `subjects` face (+1 right, -1 left, 0 a tie), each counted reversed where `turned`
 * says it shows the others turned around. One small sprite can read either way; several poses of
 * one subject decide together. A pose whose rig reads as a front view still has a side its face and
 * feet point to.
 */
export function mostFacing(subjects: readonly (Skeleton | null)[], turned?: readonly boolean[]): number {
  let sum = 0;
  subjects.forEach((t, i) => {
    if (t) sum += facingOf(t) * (turned?.[i] ? -1 : 1);
  });
  return Math.sign(sum);
}

// A looping source shows the same cut again and again (rigCut gives it the same skeleton): its side is read once.
const facings = new WeakMap<Skeleton, number>();
function facingOf(t: Skeleton): number {
  if (t.rig.view === 'side') return t.rig.facing;
  let f = facings.get(t);
  if (f === undefined) facings.set(t, (f = sideFacing(t.sprite, t.box)));
  return f;
}

/** Whether `character` must be mirrored to face `facing` (+1 right, -1 left, 0 either). */
export const mustMirror = (character: Rigged, facing: number): boolean =>
  character.rig.view === 'side' && facing !== 0 && facing !== character.rig.facing;

/** `character` drawn in the posture of `target`, mirrored first when asked; its ground point carried along. */
export function copyPose(character: Rigged, target: Skeleton, lean: number, mirror: boolean): Drawn {
  const drawn = drawPosed(character, matchPose(character.rig, target.rig, { mirror, lean, hands: true, outlines: true }));
  return mirror ? { image: mirrorX(drawn.image), ground: { x: drawn.image.width - drawn.ground.x, y: drawn.ground.y } } : drawn;
}
