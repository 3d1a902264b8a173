// A rigged subject drawn in one pose on a canvas just large enough for it, as the character overlay
// places it into a sheet cell.
import { createImage, TRANSPARENT } from '../../kernels/image.ts';
import { crop, opaqueBounds } from '../../kernels/compose.ts';
import { boneTransforms, IDENTITY_AFFINE } from './kinematics.ts';
import type { RigPose } from './kinematics.ts';
import { deform, growExtent } from './skin.ts';
import { drawMesh } from './raster.ts';
import { drawOrder } from './drawOrder.ts';
import { layered } from './underlay.ts';
import type { Rigged } from './rigged.ts';
import type { RawImage } from '../../types.ts';
import type { Vec } from './types.ts';

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
  const at = (img: RawImage) => ({ image: img, ox: 0, oy: 0 });
  const { layers } = rigged;
  drawMesh(image, layers ? layered(rig, { over: at(layers.over), under: at(layers.under) }) : at(sprite), mesh, pos, { pixel, opacity: 1, order: drawOrder(rig, mesh, transforms) });
  const box = opaqueBounds(image, 0);
  if (!box) return { image, ground: { x: rig.ground.x + ox, y: rig.ground.y + oy } };
  return { image: crop(image, box.x, box.y, box.width, box.height), ground: { x: rig.ground.x + ox - box.x, y: rig.ground.y + oy - box.y } };
}
