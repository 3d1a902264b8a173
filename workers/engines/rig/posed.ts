// A subject rigged from its image (cut out, bones found, mesh bound), as the animation engine and
// the character overlay both start; and drawn in one pose on a canvas just large enough for it, as
// the overlay places it into a sheet cell.
import type { RawImage } from '../../types.ts';
import { createImage, TRANSPARENT } from '../../kernels/image.ts';
import type { Rgba } from '../../kernels/image.ts';
import { crop, opaqueBounds } from '../../kernels/compose.ts';
import { separateSubject } from '../../kernels/subject.ts';
import type { Box } from '../../kernels/subject.ts';
import { findRig } from './findRig.ts';
import { boneTransforms, IDENTITY_AFFINE } from './kinematics.ts';
import type { RigPose } from './kinematics.ts';
import { buildMesh, deform, growExtent } from './skin.ts';
import type { Mesh } from './skin.ts';
import { drawMesh } from './raster.ts';
import type { Rig, Vec } from './types.ts';

export interface Rigged {
  /** The subject cut out of its background, at the image's size. */
  sprite: RawImage;
  box: Box;
  /** The flat colour it stood on, null on transparency. */
  background: Rgba | null;
  rig: Rig;
  mesh: Mesh;
  pixel: boolean;
}

/** The subject of `image` rigged and meshed; null when it has no subject. */
export function rigSubject(image: RawImage, pixel: boolean): Rigged | null {
  const { sprite, box, background } = separateSubject(image, pixel);
  if (!box) return null;
  const rig = findRig(sprite, box);
  return { sprite, box, background, rig, mesh: buildMesh(rig, pixel), pixel };
}

export interface Drawn {
  image: RawImage;
  /** The rig's ground point, moved with the pelvis, in the image's pixels. */
  ground: Vec;
}

/** `rigged` in `pose`, cropped to what it covers, its ground point carried along. */
export function drawPosed(rigged: Rigged, pose: RigPose): Drawn {
  const { rig, mesh, sprite, pixel } = rigged;
  const transforms = boneTransforms(rig, pose);
  const pos = deform(mesh, transforms, IDENTITY_AFFINE);
  const { x0, y0, x1, y1 } = growExtent({ x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }, pos);
  if (!(x1 >= x0)) return { image: createImage(1, 1, TRANSPARENT), ground: rig.ground };
  const ox = 1 - Math.floor(x0), oy = 1 - Math.floor(y0);
  const image = createImage(Math.ceil(x1) + ox + 1, Math.ceil(y1) + oy + 1, TRANSPARENT);
  for (let i = 0; i < pos.length; i += 2) { pos[i] = (pos[i] as number) + ox; pos[i + 1] = (pos[i + 1] as number) + oy; }
  drawMesh(image, { image: sprite, ox: 0, oy: 0 }, mesh, pos, { pixel, opacity: 1 });
  const box = opaqueBounds(image, 0);
  if (!box) return { image, ground: { x: rig.ground.x + ox, y: rig.ground.y + oy } };
  return { image: crop(image, box.x, box.y, box.width, box.height), ground: { x: rig.ground.x + ox - box.x, y: rig.ground.y + oy - box.y } };
}
