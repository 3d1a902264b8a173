// A chibi drawn with its shoes straight under its body (legs too short to draw, or a stub of leg
// above each shoe) steps with its legs alone: the hem of what covers its hips is the body's. Turned
// with the legs, the hem's pixels below the hips were dragged out of the body into a torn, streaked
// edge. Below the hips, the hem is the fill that runs on from the body's fill above them without
// crossing a drawn line; the rest is the legs (a shoe's sole, laces or a stub of leg drawn inside its
// own lines go with it). Each line pixel goes with the nearer of the two, so the line between hem and
// shoe is split and both keep an edge.
import { isLine } from './colourCues.ts';
import type { Silhouette } from './silhouette.ts';

/** Legs (hips to soles) shorter than this share of the height are a chibi's, as poseRig steps them level. */
export const STUB_LEGS = 0.25;

/** The rows over the soles (a share of the legs' length) the hem must not reach: there it is a leg. */
const SOLE_BAND = 0.4;

/** How far below the top of the gap between the legs (a share of the height) a hem may hang. */
const HEM_BELOW_CROTCH = 0.02;

/**
 * The pixels of the legs (`inLegs`, all of them below row `hipY`, above `bottom`) that are legs, not
 * hem, or null where there is no hem to keep: nothing under the hips runs on from the body's fill, or
 * it runs on down to the soles (trousers drawn without a line at the hips), or on down beside the
 * gap between the legs (`crotchY`, its top; NaN without one): then it is two trouser legs, which
 * bend with the legs.
 */
export function shoesOf(s: Silhouette, inLegs: (p: number) => boolean, hipY: number, bottom: number, crotchY: number): Set<number> | null {
  const { width, rgba, mask } = s;
  const line = (p: number): boolean => isLine(rgba, p);
  const neighbours = (p: number): number[] => {
    const x = p % width;
    return [p - width, p + width, x > 0 ? p - 1 : -1, x + 1 < width ? p + 1 : -1];
  };
  // The hem: from the body's fill in the row over the hips, down through the legs' fill.
  const hem = new Uint8Array(mask.length);
  const body: number[] = [];
  for (const r of s.rows[hipY - 1] ?? []) for (let x = r.x0; x < r.x1; x++) {
    const p = (hipY - 1) * width + x;
    if (!line(p)) { hem[p] = 1; body.push(p); }
  }
  const soleRow = bottom - Math.max(1, Math.round(SOLE_BAND * (bottom - hipY)));
  const floor = (Number.isNaN(crotchY) ? soleRow : Math.min(soleRow, Math.ceil(crotchY + HEM_BELOW_CROTCH * s.box.height))) * width;
  let inside = 0;
  for (let i = 0; i < body.length; i++) for (const q of neighbours(body[i]!)) {
    if (q < 0 || q >= mask.length || hem[q] || !inLegs(q) || line(q)) continue;
    if (q >= floor) return null;
    hem[q] = 1;
    body.push(q);
    inside++;
  }
  if (inside === 0) return null;
  // The legs' own fill; then every line pixel of the legs goes with the nearer fill, breadth first
  // from both at once (the legs' fill first, so at an equal distance a leg, whose edge shows when it
  // moves, keeps the line).
  const owner = new Uint8Array(mask.length); // 1: leg, 2: hem or body
  const near: number[] = [];
  for (let y = hipY; y < bottom; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) {
    const p = y * width + x;
    if (inLegs(p) && !line(p) && !hem[p]) { owner[p] = 1; near.push(p); }
  }
  if (near.length === 0) return null;
  for (const p of body) { owner[p] = 2; near.push(p); }
  for (let i = 0; i < near.length; i++) {
    const from = near[i]!;
    for (const q of neighbours(from)) {
      if (q < 0 || q >= mask.length || owner[q] !== 0 || !inLegs(q) || !line(q)) continue;
      owner[q] = owner[from]!;
      near.push(q);
    }
  }
  const legs = new Set<number>();
  for (let y = hipY; y < bottom; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) {
    const p = y * width + x;
    // A line pixel no fill reached (a speck of line alone) stays with the legs it lies in.
    if (inLegs(p) && owner[p] !== 2) legs.add(p);
  }
  return legs;
}
