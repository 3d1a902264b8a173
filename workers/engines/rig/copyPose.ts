// A character drawn in the posture of a subject found in another picture: the step the character
// overlay (a pose cell of a sheet) and the restyle with a reference (the source's figure in one
// frame) share. The subject is cut out and rigged, the character's bones turn to match its bones,
// and the character is mirrored when it must face the other way.
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
 * edge, where a raised fist beside the head stays a part of its own); null when nothing rigs.
 */
export function rigCut(image: RawImage, box: Box, inside: Uint8Array): Skeleton | null {
  const cut = crop(image, box.x, box.y, box.width, box.height);
  const d = cut.data;
  for (let p = 0; p < inside.length; p++) if (inside[p] === 0) d[p * 4] = d[p * 4 + 1] = d[p * 4 + 2] = d[p * 4 + 3] = 0;
  return readSkeleton(cut, looksLikePixelArt(cut));
}

/** A cut rigged before: where it lies (its image, box and mask) and what it rigged as. */
interface SeenCut {
  image: RawImage;
  box: Box;
  inside: Uint8Array;
  skeleton: Skeleton | null;
}

const bytes = (a: Uint8Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.length);

/** Whether `image`'s pixels in `box` are the ones `cut` has in its box (whole rows compared). */
function samePixels(cut: SeenCut, image: RawImage, box: Box): boolean {
  const row = box.width * 4;
  for (let y = 0; y < box.height; y++) {
    const a = ((cut.box.y + y) * cut.image.width + cut.box.x) * 4, b = ((box.y + y) * image.width + box.x) * 4;
    if (!bytes(cut.image.data.subarray(a, a + row)).equals(bytes(image.data.subarray(b, b + row)))) return false;
  }
  return true;
}

/**
 * Cuts rigged so far (rigCut), so one seen again is not rigged again: a looping GIF shows its figure
 * again and again. A cut is looked up by its shape (a key the caller gives, such as its runs) and
 * then compared byte for byte, mask and pixels, with the cuts of that shape seen before, in their
 * images: those must not change while the memo is used.
 */
export class CutMemo {
  readonly #byShape = new Map<string, SeenCut[]>();

  rig(image: RawImage, box: Box, inside: Uint8Array, shape: string): Skeleton | null {
    const key = `${box.width}x${box.height}:${shape}`;
    let seen = this.#byShape.get(key);
    const known = seen?.find((c) => bytes(c.inside).equals(bytes(inside)) && samePixels(c, image, box));
    if (known) return known.skeleton;
    const skeleton = rigCut(image, box, inside);
    if (!seen) this.#byShape.set(key, (seen = []));
    seen.push({ image, box, inside, skeleton });
    return skeleton;
  }
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

// A looping source shows the same cut again and again (CutMemo gives it the same skeleton): its side is read once.
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
