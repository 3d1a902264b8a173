// An arm drawn over the body in outlined (cartoon) art: the silhouette shows no gap for it, and it
// runs across the body rather than down its side (hangingArm finds no contour there), but the
// artist's dark lines fence it in. It is a region of fill between those lines that is long and
// thin, hangs from the body's outline below the neck (the shoulder) toward the hips, and ends at a
// hand (skin). Its own outline and its hand come with it.
import type { Silhouette } from './silhouette.ts';
import { momentsOf } from './silhouette.ts';
import { components } from '../../kernels/components.ts';
import { isLine, isSkin } from './colourCues.ts';
import type { Vec } from './types.ts';

export interface OutlinedArm {
  side: -1 | 1;
  pixels: number[];
  shoulder: Vec;
  hand: Vec;
}

/** Art with fewer line pixels than this share of its area is not outlined. */
const MIN_LINES = 0.05;
/** An arm's length at least (a share of the subject's height), and its thickness at most (of its length). */
const MIN_LENGTH = 0.22;
const MAX_THICKNESS = 0.4;
/** How near the silhouette's edge (a share of the height) the shoulder end lies. */
const SHOULDER_REACH = 0.06;
/** How thick a drawn line is at most (a share of the height): the arm takes that much of the lines around it. */
const LINE_WIDTH = 0.03;

/** The regions of fill between the lines (4-connected: a one-pixel diagonal line keeps two apart). */
function fillRegions(s: Silhouette, line: (p: number) => boolean): number[][] {
  const fill = new Uint8Array(s.mask.length);
  for (let p = 0; p < fill.length; p++) if (s.mask[p] && !line(p)) fill[p] = 1;
  const { labels, sizes } = components(fill, s.width, s.height, false);
  const out = sizes.map(() => [] as number[]);
  for (let p = 0; p < labels.length; p++) if (labels[p]) out[labels[p]!]!.push(p);
  return out.slice(1);
}

/** A region's ends along its main axis (the upper one first), its length and its thickness. */
function axisOf(pixels: readonly number[], width: number): { top: Vec; bottom: Vec; length: number; thickness: number } {
  const { mx, my, xx, xy, yy } = momentsOf(pixels, width);
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const ux = Math.cos(angle), uy = Math.sin(angle);
  let lo = Infinity, hi = -Infinity, across = 0;
  for (const p of pixels) {
    const dx = (p % width) - mx, dy = Math.floor(p / width) - my;
    const t = dx * ux + dy * uy;
    lo = Math.min(lo, t); hi = Math.max(hi, t);
    across += (dy * ux - dx * uy) ** 2;
  }
  const a = { x: mx + lo * ux + 0.5, y: my + lo * uy + 0.5 }, b = { x: mx + hi * ux + 0.5, y: my + hi * uy + 0.5 };
  const [top, bottom] = a.y <= b.y ? [a, b] : [b, a];
  return { top, bottom, length: hi - lo, thickness: Math.sqrt((12 * across) / pixels.length) };
}

/**
 * The outlined arm on each side in `missing` (sides with no arm found yet), between the neck and
 * the hips of a figure whose body axis is at `axisX`.
 */
export function outlinedArms(s: Silhouette, neckY: number, hipY: number, axisX: number, missing: readonly (-1 | 1)[]): OutlinedArm[] {
  if (missing.length === 0) return [];
  const { width, mask, rgba, area } = s;
  const H = s.box.height;
  const line = (p: number): boolean => mask[p] === 1 && isLine(rgba, p);
  let lines = 0;
  for (let p = 0; p < mask.length; p++) if (line(p)) lines++;
  if (lines < MIN_LINES * area) return [];
  const fills = fillRegions(s, line);
  const skin = (p: number): boolean => isSkin(rgba[p * 4]!, rgba[p * 4 + 1]!, rgba[p * 4 + 2]!);
  const nearEdge = (v: Vec): boolean => {
    const reach = Math.max(2, SHOULDER_REACH * H);
    return (s.rows[Math.floor(v.y)] ?? []).some((r) => Math.abs(v.x - r.x0) <= reach || Math.abs(v.x - r.x1) <= reach);
  };
  const found = new Map<-1 | 1, { region: number[]; shoulder: Vec; hand: Vec }>();
  for (const region of fills) {
    if (region.length < 0.01 * area) continue;
    let inBand = 0, skinCount = 0;
    for (const p of region) {
      const y = Math.floor(p / width);
      if (y >= neckY && y < hipY + 0.1 * H) inBand++;
      if (skin(p)) skinCount++;
    }
    // A sleeve, not a face or a bare leg: in the torso's rows, mostly not skin.
    if (inBand < 0.8 * region.length || skinCount > 0.5 * region.length) continue;
    const { top, bottom, length, thickness } = axisOf(region, width);
    if (length < MIN_LENGTH * H || thickness > MAX_THICKNESS * length) continue;
    // It hangs from a shoulder at the silhouette's edge and comes down (a belt lies across).
    if (!nearEdge(top) || bottom.y - top.y < 0.5 * length) continue;
    const side: -1 | 1 = top.x < axisX ? -1 : 1;
    const had = found.get(side);
    if (missing.includes(side) && (!had || had.region.length < region.length)) found.set(side, { region, shoulder: top, hand: bottom });
  }
  return [...found.entries()].map(([side, { region, shoulder, hand }]) => {
    const own = new Set(region);
    // The hand that ends it: a small skin region at its lower end; the arm then ends at its far side.
    const reach = Math.max(2, 0.04 * H);
    const handRegion = fills.find((r) => r.length < 0.05 * area && r.some(skin) && r.some((p) => Math.hypot((p % width) + 0.5 - hand.x, Math.floor(p / width) + 0.5 - hand.y) <= reach));
    let end = hand;
    for (const p of handRegion ?? []) {
      own.add(p);
      const v = { x: (p % width) + 0.5, y: Math.floor(p / width) + 0.5 };
      if (Math.hypot(v.x - shoulder.x, v.y - shoulder.y) > Math.hypot(end.x - shoulder.x, end.y - shoulder.y)) end = v;
    }
    // Its outline: the line pixels around it, as deep as a line is thick.
    let ring = [...own];
    for (let k = 0; k < Math.max(2, Math.round(LINE_WIDTH * H)); k++) {
      const next: number[] = [];
      for (const p of ring) {
        const x = p % width;
        for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
          if (q < 0 || q >= mask.length || own.has(q) || !line(q)) continue;
          own.add(q);
          next.push(q);
        }
      }
      ring = next;
    }
    return { side, pixels: [...own], shoulder, hand: end };
  });
}
