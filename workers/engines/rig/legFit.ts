// A leg's turn read from its outline. A leg's bones run from the middle of its hip rows to the
// middle of its feet rows, which barely tilt when a short leg kicks out as a whole: a chibi's
// stride, drawn as each leg turned about its hip with its boot, keeps both means near the same x.
// Its outline shows the turn. So a character's leg may instead turn to the angle at which its
// pixels, turned about its hip, best cover the target's leg (scaled by the rigs' heights).
import type { Bone, Rig } from './types.ts';
import { perRig } from './perRig.ts';

/** Tried turns: every STEP radians up to REACH either way from straight down as drawn. */
const STEP = Math.PI / 60;
const REACH = Math.PI / 3;
/** How much better (intersection over union) the outline's turn must fit than the bones' to be taken. */
const CLEARLY = 0.02;
/** Fewer pixels than this: too small a leg to read a turn from. */
const MIN_PIXELS = 8;

interface LegMask {
  mask: Uint8Array;
  count: number;
}

/** The pixels of `rig`'s leg part `name` and its foot part (a cutout figure's), as a mask over the rig. */
const legMask = perRig((rig: Rig, name: string): LegMask => {
  const parts = new Set<number>();
  rig.parts.forEach((p, k) => { if (p.copyOf === undefined && (p.name === name || p.name === `${name}Foot`)) parts.add(k); });
  const mask = new Uint8Array(rig.labels.length);
  let count = 0;
  rig.labels.forEach((k, p) => { if (parts.has(k)) (mask[p] = 1), count++; });
  return { mask, count };
});

/**
 * The turn (world, radians, clockwise on screen) of `rig`'s leg `bone` about its hip whose pixels
 * best cover the pixels of `target`'s leg `theirs` (seen in a mirror if asked), when it fits
 * clearly better than `boneTurn` (the turn the bones' directions give); else `boneTurn`.
 */
export function fitLegTurn(rig: Rig, bone: Bone, target: Rig, theirs: Bone, mirror: boolean, boneTurn: number): number {
  const own = legMask(rig, bone.name), other = legMask(target, theirs.name);
  if (own.count < MIN_PIXELS || other.count < MIN_PIXELS) return boneTurn;
  const points: number[] = [];
  const k = target.height / Math.max(1, rig.height);
  other.mask.forEach((m, p) => {
    if (m) points.push(((mirror ? -1 : 1) * ((p % target.width) + 0.5 - theirs.head.x)) / k, (Math.floor(p / target.width) + 0.5 - theirs.head.y) / k);
  });
  const W = rig.width, H = rig.labels.length / W;
  const theirArea = other.count / (k * k);
  // Their pixels turned back by `turn` about our hip, counted where they land on our leg.
  const fit = (turn: number): number => {
    const c = Math.cos(turn), s = Math.sin(turn);
    let hits = 0;
    for (let i = 0; i < points.length; i += 2) {
      const dx = points[i]!, dy = points[i + 1]!;
      const x = Math.floor(bone.head.x + dx * c + dy * s), y = Math.floor(bone.head.y - dx * s + dy * c);
      if (x >= 0 && y >= 0 && x < W && y < H && own.mask[y * W + x] === 1) hits++;
    }
    const shared = hits / (k * k);
    return shared / (theirArea + own.count - shared);
  };
  let best = boneTurn, bestFit = fit(boneTurn) + CLEARLY;
  for (let turn = -REACH; turn <= REACH + 1e-9; turn += STEP) {
    const f = fit(turn);
    if (f > bestFit) (best = turn), (bestFit = f);
  }
  return best;
}
