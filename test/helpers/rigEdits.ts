// Rigs changed as a pose to copy could show them: a part's pixels turned about its joint while the
// bones stay as found (what a rig misses when it reads a limb only from its bones), or the whole
// picture mirrored.
import type { Rig } from '../../workers/engines/rig/types.ts';

/** `rig` with the pixels of part `name` turned by `angle` (clockwise on screen) about the head of its bone `name`; its bones as they were. */
export function partTurned(rig: Rig, name: string, angle: number): Rig {
  const part = rig.parts.findIndex((p) => p.name === name);
  const joint = rig.bones[rig.index[name]!]!.head;
  const W = rig.width, H = rig.labels.length / W;
  const labels = Int8Array.from(rig.labels, (k) => (k === part ? -1 : k));
  const c = Math.cos(angle), s = Math.sin(angle);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    // Where this pixel's centre was before the turn.
    const dx = x + 0.5 - joint.x, dy = y + 0.5 - joint.y;
    const sx = Math.floor(joint.x + dx * c + dy * s), sy = Math.floor(joint.y - dx * s + dy * c);
    if (sx >= 0 && sy >= 0 && sx < W && sy < H && rig.labels[sy * W + sx] === part) labels[y * W + x] = part;
  }
  return { ...rig, labels };
}

/** `rig` as its picture mirrored would show it (parts keep their names). */
export function mirrorRig(r: Rig): Rig {
  const W = r.width;
  const flip = (v: { x: number; y: number }) => ({ x: W - v.x, y: v.y });
  return {
    ...r,
    labels: Int8Array.from(r.labels, (_, p) => r.labels[p - (p % W) + W - 1 - (p % W)]!),
    bones: r.bones.map((b) => ({ ...b, head: flip(b.head), tail: flip(b.tail) })),
  };
}
