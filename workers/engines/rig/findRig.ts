// Which rig a subject gets, from its silhouette: standing figures taller than wide with a head or
// legs to find are humanoids; the rest get a soft body with the legs or wings they show. A figure
// that is its own mirror image faces the viewer (front or back view); otherwise it is seen from the
// side, facing where its feet and face point.
import type { RawImage } from '../../types.ts';
import type { Box } from '../../kernels/subject.ts';
import { meanX, mirrorColourStep, mirrorSymmetry, silhouetteOf } from './silhouette.ts';
import type { Silhouette } from './silhouette.ts';
import { cutoutSize, feetSideBySide, humanoidRig, shapeOf } from './humanoid.ts';
import { creatureRig } from './creature.ts';
import type { Rig } from './types.ts';
import { isSkin, lumaAt } from './colourCues.ts';

/** A mask this alike to its mirror image is a front or back view. */
const FRONT_SYMMETRY = 0.8;
/**
 * A head whose pixels differ from their mirror images' by this much (RGB steps, on average) is
 * seen from the side however symmetric its outline: a small side view's helmet or hood is often
 * its own mirror image in outline, but the face shows on one side only. Front views measure 0-63
 * (a painted face's shading the most), side views 131-213. Only for a figure small enough to move
 * as cutouts in any view: a taller one whose outline is its own mirror image (a robe to the
 * ground) moves better as a front view, its hem swaying in place, than striding its robe apart.
 */
const SIDE_HEAD = 100;

/** How much darker than the face's light tone a skin-coloured pixel may be and still be face. */
const FACE_SHADE = 45;

/**
 * Side a side view faces. The face first: where the head shows skin, that side of the head is the
 * front (hair, a hood or a helmet's back fill the other). Brown and blond hair is skin-coloured by
 * any colour rule, but darker than the face: where skin covers most of the head, the face is the
 * skin within FACE_SHADE of its light tone (its 95th percentile of luma). Else the way the feet and
 * the face stick out past the body's axis.
 */
function facingOf(s: Silhouette, neckY: number, hipY: number): 1 | -1 {
  const { box, width, rgba } = s;
  const luma = (i: number): number => lumaAt(rgba, i);
  const lumas = new Uint32Array(256);
  let hx = 0, hn = 0, skin = 0;
  for (let y = box.y; y < neckY; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) {
    hx += x; hn++;
    const i = (y * width + x) * 4;
    if (isSkin(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!)) { lumas[luma(i)]!++; skin++; }
  }
  let light = 0;
  if (skin > 0.5 * hn) {
    light = 255;
    for (let seen = 0; light > 0 && (seen += lumas[light]!) < 0.05 * skin; ) light--;
  }
  let kx = 0, kn = 0;
  for (let y = box.y; y < neckY; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) {
    const i = (y * width + x) * 4;
    if (isSkin(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!) && (light === 0 || luma(i) >= light - FACE_SHADE)) { kx += x; kn++; }
  }
  if (kn >= 3 && kn <= 0.8 * hn) {
    const dx = kx / kn - hx / hn;
    if (Math.abs(dx) > 0.04 * box.width) return dx > 0 ? 1 : -1;
  }
  const bottom = box.y + box.height;
  const axis = meanX(s, neckY, hipY);
  const feet = meanX(s, bottom - Math.max(1, Math.round(0.08 * box.height)), bottom);
  const face = meanX(s, box.y + 0.1 * box.height, neckY);
  const lean = (feet - axis) + 0.5 * (face - axis);
  return Number.isNaN(lean) || lean >= 0 ? 1 : -1;
}

/**
 * The side a subject would face if it were seen from the side, even when it looks frontal (a small
 * sprite's two side views are often mirror images close enough to pass for a front view).
 */
export function sideFacing(sprite: RawImage, box: Box): 1 | -1 {
  const s = silhouetteOf(sprite, box);
  const shape = shapeOf(s);
  return facingOf(s, shape.neckY, shape.hipY);
}

export function findRig(sprite: RawImage, box: Box): Rig {
  const s = silhouetteOf(sprite, box);
  const aspect = box.height / Math.max(1, box.width);
  const shape = shapeOf(s);
  const axis = box.x + box.width / 2;
  const faceSide = cutoutSize(box.height, false) && mirrorColourStep(s, axis, box.y, shape.neckY) >= SIDE_HEAD;
  const view = mirrorSymmetry(s, axis) >= FRONT_SYMMETRY && !faceSide ? 'front' : 'side';
  const facing = view === 'front' ? 1 : facingOf(s, shape.neckY, shape.hipY);
  const humanoid = aspect >= 1.15 || (aspect >= 0.9 && (!Number.isNaN(shape.crotchY) || feetSideBySide(s)));
  return humanoid ? humanoidRig(s, shape, view, facing) : creatureRig(s, facing);
}

/** What sheet.json's meta.rig shows: the body plan, view and every bone as a joint and an end. */
export function rigSummary(rig: Rig, offset: { x: number; y: number }, zoom = 1): Record<string, unknown> {
  const p = (v: { x: number; y: number }) => [Math.round((offset.x + v.x) * zoom * 10) / 10, Math.round((offset.y + v.y) * zoom * 10) / 10];
  return {
    plan: rig.plan,
    view: rig.view,
    facing: rig.facing === 1 ? 'right' : 'left',
    bones: rig.bones.map((b) => ({ name: b.name, parent: rig.bones[b.parent]?.name ?? null, head: p(b.head), tail: p(b.tail) })),
  };
}
