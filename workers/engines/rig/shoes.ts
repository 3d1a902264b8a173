// A chibi drawn with its shoes straight under its body (legs too short to draw) steps with its shoes
// alone: the hem of what covers its hips is the body's. Turned with the legs, the hem's pixels below
// the hips were dragged out of the body into a torn, streaked edge. Below the hips, the shoes are the
// fills reached from the soles without crossing a drawn line; each line pixel goes with the nearer
// fill, so the line between hem and shoe is split and both keep an edge.
import { isLine } from './colourCues.ts';
import type { Silhouette } from './silhouette.ts';

/** Legs (hips to soles) shorter than this share of the height are a chibi's shoes, as poseRig steps them level. */
export const STUB_LEGS = 0.25;

/** How far up from the soles (a share of the legs' length) a fill must start to be a shoe. */
const SOLE_BAND = 0.4;

/**
 * The pixels of the legs (`inLegs`, all of them below row `hipY`, above `bottom`) that are shoes, or
 * null where there is no hem to keep: no fill under the hips stays with the body, or a shoe's fill
 * runs on into the body above without a line between.
 */
export function shoesOf(s: Silhouette, inLegs: (p: number) => boolean, hipY: number, bottom: number): Set<number> | null {
  const { width, rgba, mask } = s;
  const line = (p: number): boolean => isLine(rgba, p);
  const fill = new Uint8Array(mask.length); // 1: shoe fill, 2: the body's (a hem), 3: a line's, claimed below
  const queue: number[] = [];
  const soleTop = bottom - Math.max(1, Math.round(SOLE_BAND * (bottom - hipY)));
  // Seeds: in each column, the lowest fill pixel of the legs, when it is near the soles.
  for (let x = s.box.x; x < s.box.x + s.box.width; x++) {
    for (let y = bottom - 1; y >= soleTop; y--) {
      const p = y * width + x;
      if (!inLegs(p) || line(p)) continue;
      if (fill[p] === 0) { fill[p] = 1; queue.push(p); }
      break;
    }
  }
  if (queue.length === 0) return null;
  const neighbours = (p: number): number[] => {
    const x = p % width;
    return [p - width, p + width, x > 0 ? p - 1 : -1, x + 1 < width ? p + 1 : -1];
  };
  for (let i = 0; i < queue.length; i++) for (const q of neighbours(queue[i]!)) {
    if (q < 0 || q >= mask.length || fill[q] !== 0 || mask[q] !== 1 || line(q)) continue;
    // A shoe's fill that reaches the body's fill above the hips has no hem over it.
    if (!inLegs(q)) return null;
    fill[q] = 1;
    queue.push(q);
  }
  // The rest of the fill under the hips is the hem; with the body's fill just above the hips it
  // claims the lines nearer to it than to a shoe.
  const shoeFill = queue.length;
  let hem = 0;
  const near: number[] = [...queue];
  for (let y = Math.max(0, hipY - 1); y < bottom; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) {
    const p = y * width + x;
    if (fill[p] !== 0 || line(p) || (y >= hipY && !inLegs(p))) continue;
    fill[p] = 2;
    near.push(p);
    if (y >= hipY) hem++;
  }
  if (hem === 0) return null;
  const owner = new Uint8Array(mask.length);
  for (const p of near) owner[p] = fill[p]!;
  // Breadth first from both at once through the legs' lines: the shoes' seeds come first, so at an
  // equal distance the shoe, whose edge shows when it moves, keeps the line.
  for (let i = 0; i < near.length; i++) {
    const from = near[i]!;
    for (const q of neighbours(from)) {
      if (q < 0 || q >= mask.length || owner[q] !== 0 || !inLegs(q) || !line(q)) continue;
      owner[q] = owner[from]!;
      near.push(q);
    }
  }
  const shoes = new Set<number>();
  for (let i = 0; i < near.length; i++) if (owner[near[i]!] === 1) shoes.add(near[i]!);
  return shoes.size >= shoeFill ? shoes : null;
}
