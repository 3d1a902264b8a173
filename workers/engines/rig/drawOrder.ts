// The order a posed mesh is drawn in, where a pose changes what is in front. An arm raised above its
// shoulder goes behind the head, never across the face: a fist raised beside a chibi's big head
// shows past its cheek, an arm thrown up in a side view's jump or a sword wound up over the
// shoulder passes behind the head (its place in front of the body is for an arm held low).
import type { Rig } from './types.ts';
import type { Mesh } from './skin.ts';
import { apply } from './kinematics.ts';
import type { Affine } from './kinematics.ts';

/** A hand this far above its shoulder (a share of the arm's length) is raised. */
const RAISED = 0.25;

/** Whether the arm `arm` (armL, armR) is raised in the pose whose bone transforms are `transforms`: then drawn behind the head. */
export function isRaised(rig: Rig, transforms: readonly Affine[], arm: string): boolean {
  const upper = rig.index[arm], lower = rig.index[`${arm}Lower`];
  if (upper === undefined || lower === undefined) return false;
  const shoulder = rig.bones[upper]!.head, hand = rig.bones[lower]!.tail;
  const s = apply(transforms[upper]!, shoulder.x, shoulder.y), h = apply(transforms[lower]!, hand.x, hand.y);
  const length = Math.hypot(hand.x - shoulder.x, hand.y - shoulder.y);
  return s.y - h.y > RAISED * length;
}

/** The triangles of `mesh` in drawing order for the pose whose bone transforms are `transforms`; undefined for the mesh's own order. */
export function drawOrder(rig: Rig, mesh: Mesh, transforms: readonly Affine[]): Uint32Array | undefined {
  const head = rig.parts.findIndex((p) => p.name === 'head');
  const raised = new Set<number>();
  for (const arm of ['armL', 'armR']) {
    if (!isRaised(rig, transforms, arm)) continue;
    rig.parts.forEach((p, i) => { if (p.name === arm || p.name === `${arm}Weapon`) raised.add(i); });
  }
  const first = head < 0 || raised.size === 0 ? -1 : mesh.parts.indexOf(head);
  if (first < 0) return undefined;
  const order = new Uint32Array(mesh.parts.length);
  let k = 0;
  for (let t = 0; t < mesh.parts.length; t++) {
    if (t === first) for (let r = 0; r < mesh.parts.length; r++) if (raised.has(mesh.parts[r]!)) order[k++] = r;
    if (!raised.has(mesh.parts[t]!)) order[k++] = t;
  }
  return order;
}
