// The subject of a picture being edited, and its body parts: separated from its background once
// (pixel art keeping hard edges), and rigged only when a part is asked for, in which case the
// rig's own separation is the one used.
import type { RawImage } from '../../types.ts';
import type { Rgba } from '../../kernels/image.ts';
import { separateSubject } from '../../kernels/subject.ts';
import type { Box } from '../../kernels/subject.ts';
import { rigSkeleton } from '../rig/rigged.ts';
import type { Skeleton } from '../rig/rigged.ts';
import { isPixelArt } from './upscale.ts';

/** Which of a rig's parts each body part is, by part name. */
export const BODY_PARTS = {
  head: /^head$/,
  body: /^(torso|body)$/,
  arm: /^(arm|hand)[LR]$/,
  leg: /^leg/,
  weapon: /Weapon$/,
  wing: /^wing[LR]$/,
} as const;
export type BodyPart = keyof typeof BODY_PARTS;

export interface EditedSubject {
  pixel: boolean;
  /** The subject cut out, at the picture's size. */
  sprite: RawImage;
  /** The flat colour it stood on, null on transparency. */
  background: Rgba | null;
  box: Box | null;
  /** Its rig, when asked for and there is a subject. */
  skeleton: Skeleton | null;
}

export function subjectOf(image: RawImage, rigged: boolean): EditedSubject {
  const pixel = isPixelArt(image);
  const skeleton = rigged ? rigSkeleton(image, pixel) : null;
  if (skeleton) return { pixel, sprite: skeleton.sprite, background: skeleton.background, box: skeleton.box, skeleton };
  const { sprite, background, box } = separateSubject(image, pixel);
  return { pixel, sprite, background, box, skeleton: null };
}

/** The indices of the rig's parts that are `part`. */
export function partIndices(skeleton: Skeleton, part: BodyPart): Set<number> {
  return new Set(skeleton.rig.parts.flatMap((p, i) => (BODY_PARTS[part].test(p.name) ? [i] : [])));
}
