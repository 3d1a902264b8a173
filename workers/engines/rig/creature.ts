// Rigs for what is not a humanoid. Every one has a soft body: a chain of three bones up the middle
// (base, belly, top) that squashes, stretches and sways without seams. Thin parts below it that
// reach the ground are legs (a quadruped's, a spider's); thin parts out to the sides above the
// ground are wings (a bat's, a bird's). Items and slimes are the body alone.
import type { Silhouette } from './silhouette.ts';
import { coreOf, extremes, maxThickness, meanX, rowCounts, thinParts } from './silhouette.ts';
import { components } from '../../kernels/components.ts';
import type { Run } from './silhouette.ts';
import { RigBuilder, vec } from './builder.ts';
import type { BodyPlan, Rig, Vec } from './types.ts';

interface Appendage {
  pixels: number[];
  /** Where it joins the body (its pixel nearest the core's centre) and its far end. */
  root: Vec;
  tip: Vec;
  kind: 'leg' | 'wing';
}

/** Thin parts the core leaves out (long legs, wing tips): legs go down to the ground, wings out above it. */
function thinAppendages(s: Silhouette, core: Uint8Array, centre: Vec): Appendage[] {
  const { width, box } = s;
  const bottom = box.y + box.height;
  const ground = bottom - Math.max(1.5, 0.08 * box.height);
  const out: Appendage[] = [];
  for (const pixels of thinParts(s, core, Math.max(4, 0.02 * s.area))) {
    const { near: root, far: tip, nearDistance, length } = extremes(pixels, width, centre);
    if (length - nearDistance < 0.15 * box.height) continue;
    const lowest = pixels.reduce((low, p) => Math.max(low, Math.floor(p / width) + 0.5), 0);
    // A leg hangs: its end is further below its root than beside it (a slime's flared rim is not one).
    const hangs = tip.y - root.y > 0.5 * Math.abs(tip.x - root.x);
    const sideways = Math.abs(tip.x - centre.x) > Math.abs(tip.y - centre.y);
    if (lowest >= ground && hangs && tip.y > centre.y) out.push({ pixels, root, tip, kind: 'leg' });
    else if (sideways && tip.y < ground) out.push({ pixels, root, tip, kind: 'wing' });
  }
  return out;
}

/** A row's runs with gaps of one pixel closed (a shading hole is not a gap between legs). */
function closedRuns(s: Silhouette, y: number): Run[] {
  const out: Run[] = [];
  for (const r of s.rows[y] ?? []) {
    const last = out[out.length - 1];
    if (last && r.x0 - last.x1 <= 1) last.x1 = r.x1;
    else out.push({ ...r });
  }
  return out;
}

/** The columns [x0, x1) and the rows' end y1 (exclusive) that `pixels` (indices into a width-wide image) cover. */
function spanOf(pixels: readonly number[], width: number): { x0: number; x1: number; y1: number } {
  let x0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of pixels) {
    const x = p % width;
    x0 = Math.min(x0, x); x1 = Math.max(x1, x + 1); y1 = Math.max(y1, Math.floor(p / width) + 1);
  }
  return { x0, x1, y1 };
}

/**
 * Short, thick legs that a disc of the body's thickness still reaches (a small quadruped's): the
 * band of bottom rows where the silhouette stands apart on two or more feet, each a narrow column
 * under a body that spans them. Its connected pieces that reach the ground are the legs, rooted as
 * deep in the body as they stand below it.
 */
function standingLegs(s: Silhouette): Appendage[] {
  const { box, width } = s;
  const bottom = box.y + box.height;
  let top = bottom;
  while (top > box.y && closedRuns(s, top - 1).filter((r) => r.x1 - r.x0 >= 2).length >= 2) top--;
  const band = bottom - top;
  if (band < 2 || band > 0.45 * box.height) return [];
  const inBand = new Uint8Array(s.mask.length);
  for (let y = top; y < bottom; y++) for (let x = box.x; x < box.x + box.width; x++) inBand[y * width + x] = s.mask[y * width + x]!;
  const { labels, sizes } = components(inBand, width, s.height);
  const pieces = new Map<number, number[]>();
  for (let y = top; y < bottom; y++) for (let x = box.x; x < box.x + box.width; x++) {
    const id = labels[y * width + x]!;
    if (!id || (sizes[id] ?? 0) < 3) continue;
    let piece = pieces.get(id);
    if (!piece) pieces.set(id, (piece = []));
    piece.push(y * width + x);
  }
  const legs: Appendage[] = [];
  for (const pixels of pieces.values()) {
    const { x0, x1, y1: lowest } = spanOf(pixels, width);
    if (lowest < bottom - 1 || x1 - x0 > 0.35 * box.width) continue;
    const x = (x0 + x1) / 2;
    legs.push({ pixels, root: vec(x, top - band), tip: vec(x, bottom - 0.5), kind: 'leg' });
  }
  return legs.length >= 2 ? legs : [];
}

/**
 * Wings as a bat spreads them: masses out to both sides of the body's column (the width of its
 * lowest rows, where it hangs between them), each reaching past it by half the column's width or
 * more, and clear of the ground.
 */
function spreadWings(s: Silhouette): Appendage[] {
  const { box, width } = s;
  const bottom = box.y + box.height;
  let c0 = Infinity, c1 = -Infinity;
  for (let y = Math.floor(bottom - 0.3 * box.height); y < bottom; y++) for (const r of s.rows[y] ?? []) { c0 = Math.min(c0, r.x0); c1 = Math.max(c1, r.x1); }
  const column = c1 - c0;
  if (!(column > 0) || column > 0.5 * box.width) return [];
  const wings: Appendage[] = [];
  for (const side of [-1, 1] as const) {
    const pixels: number[] = [];
    let far = side < 0 ? Infinity : -Infinity, farY = 0, rootY = 0, lowest = 0;
    for (let y = box.y; y < bottom; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) {
      if (side < 0 ? x >= c0 : x < c1) continue;
      pixels.push(y * width + x);
      rootY += y;
      lowest = Math.max(lowest, y + 1);
      if (side * x > side * far) { far = x; farY = y; }
    }
    const reach = side < 0 ? c0 - far : far + 1 - c1;
    if (pixels.length === 0 || reach < 0.5 * column || lowest >= bottom - Math.max(1.5, 0.08 * box.height)) return [];
    const edge = side < 0 ? c0 : c1;
    wings.push({ pixels, root: vec(edge, rootY / pixels.length), tip: vec(far + 0.5, farY + 0.5), kind: 'wing' });
  }
  return wings;
}

/**
 * The way a four-legged body faces: its head and neck reach further past the front legs than its
 * rump (and tail) past the hind legs. Undecided (under a tenth of the width apart) keeps `fallback`.
 */
function legsFacing(s: Silhouette, legs: Appendage[], fallback: 1 | -1): 1 | -1 {
  const spans = legs.map((l) => spanOf(l.pixels, s.width));
  const ahead = Math.min(...spans.map((b) => b.x0)) - s.box.x, behind = s.box.x + s.box.width - Math.max(...spans.map((b) => b.x1));
  if (Math.abs(ahead - behind) < 0.1 * s.box.width) return fallback;
  return ahead > behind ? -1 : 1;
}

/** Background pixels inside the box that no 4-connected path reaches from the box's border: holes through the subject. */
function holeArea(s: Silhouette): number {
  const { box, width, mask } = s;
  const x1 = box.x + box.width, y1 = box.y + box.height;
  const seen = new Uint8Array(mask.length);
  const stack: number[] = [];
  const push = (x: number, y: number): void => {
    const p = y * width + x;
    if (mask[p] || seen[p]) return;
    seen[p] = 1;
    stack.push(p);
  };
  for (let x = box.x; x < x1; x++) { push(x, box.y); push(x, y1 - 1); }
  for (let y = box.y; y < y1; y++) { push(box.x, y); push(x1 - 1, y); }
  while (stack.length > 0) {
    const p = stack.pop() as number;
    const x = p % width, y = (p - x) / width;
    if (x > box.x) push(x - 1, y);
    if (x < x1 - 1) push(x + 1, y);
    if (y > box.y) push(x, y - 1);
    if (y < y1 - 1) push(x, y + 1);
  }
  let holes = 0;
  for (let y = box.y; y < y1; y++) for (let x = box.x; x < x1; x++) if (!mask[y * width + x] && !seen[y * width + x]) holes++;
  return holes;
}

/**
 * How wide a limbless subject looks edge-on (a share of its width), when it is a flat thing; undefined
 * for a body. A body rests on the ground along a base (a slime's, a squat figure's feet) and is
 * seldom pierced; a flat item shows itself by one of: a hole through it (a key's bow, a ring), a
 * near-round compact disc that touches the ground at a point (a coin, a round shield), or a filled
 * rectangle (a card, a sign).
 */
function flatEdge(s: Silhouette): number | undefined {
  const { box } = s;
  const counts = rowCounts(s).slice(box.y, box.y + box.height);
  const widest = Math.max(1, ...counts);
  const band = Math.max(1, Math.round(0.1 * box.height));
  const mean = (v: number[]): number => v.reduce((a, b) => a + b, 0) / v.length / widest;
  const base = mean(counts.slice(-band)), top = mean(counts.slice(0, band));
  const fill = s.area / Math.max(1, box.width * box.height);
  const aspect = box.height / Math.max(1, box.width);
  const pierced = holeArea(s) >= Math.max(2, 0.02 * s.area);
  const disc = aspect >= 0.85 && aspect <= 1.2 && fill >= 0.7 && base <= 0.6 && top <= 0.6;
  const card = fill >= 0.92;
  if (!pierced && !disc && !card) return undefined;
  // A couple of pixels of the art, a little more on a big painted item.
  return Math.min(1, Math.max(2.5, 0.05 * box.width) / Math.max(1, box.width));
}

export function creatureRig(s: Silhouette, seenFacing: 1 | -1): Rig {
  const { box, width } = s;
  const H = box.height;
  const bottom = box.y + box.height;
  const core = coreOf(s, Math.max(1.5, 0.55 * maxThickness(s)));
  const cx = meanX(s, box.y, bottom, (p) => core[p] === 1);
  const centreX = Number.isNaN(cx) ? box.x + box.width / 2 : cx;
  const thin = thinAppendages(s, core, vec(centreX, box.y + H / 2));
  const thinLegs = thin.filter((a) => a.kind === 'leg');
  // Long legs first; then wings spread to both sides (they outrank the feet that hang between
  // them, a bat's); then short legs (a horn or a tail is no wing on a body that stands); then a
  // single thin part out to the side (a bird's wing seen from the side), but not on a flat thing
  // (the arc of a key's bow beside the core is no wing).
  const spread = thinLegs.length >= 2 ? [] : spreadWings(s);
  const legs = thinLegs.length >= 2 ? thinLegs : spread.length > 0 ? [] : standingLegs(s);
  const flat = flatEdge(s);
  const wings = spread.length > 0 ? spread : legs.length > 0 || flat !== undefined ? [] : thin.filter((a) => a.kind === 'wing');
  const facing = legs.length >= 2 ? legsFacing(s, legs, seenFacing) : seenFacing;
  // The body's bottom: where the legs join it, or the ground for a body that sits on it.
  const base = legs.length > 0 ? Math.min(...legs.map((l) => l.root.y)) : bottom;
  const b = new RigBuilder(width, s.height);
  b.bone('pelvis', null, vec(centreX, base), vec(centreX, base - 0.01));
  b.bone('base', 'pelvis', vec(centreX, base), vec(centreX, base - 0.35 * (base - box.y)));
  b.bone('belly', 'base', vec(centreX, base - 0.35 * (base - box.y)), vec(centreX, base - 0.7 * (base - box.y)));
  b.bone('top', 'belly', vec(centreX, base - 0.7 * (base - box.y)), vec(centreX, box.y));
  const body = b.part('body', ['base', 'belly', 'top'], 0);
  const named: { a: Appendage; part: number }[] = [];
  // Legs front to back in the facing direction alternate in pairs (0, 2 together, then 1, 3).
  legs.sort((p, q) => facing * (q.root.x - p.root.x)).forEach((a, i) => {
    const name = `leg${i}`;
    b.bone(name, 'pelvis', a.root, vec((a.root.x + a.tip.x) / 2, (a.root.y + a.tip.y) / 2));
    b.bone(`${name}Lower`, name, vec((a.root.x + a.tip.x) / 2, (a.root.y + a.tip.y) / 2), a.tip);
    named.push({ a, part: b.part(name, [name, `${name}Lower`, 'base'], i % 2 === 0 ? 0.1 : -0.5) });
  });
  for (const a of wings) {
    const name = a.tip.x < centreX ? 'wingL' : 'wingR';
    if (b.index[name] !== undefined) continue;
    b.bone(name, 'belly', a.root, a.tip);
    named.push({ a, part: b.part(name, [name, 'belly'], 0.2) });
  }
  for (let y = box.y; y < bottom; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) b.label(y * width + x, body);
  for (const { a, part } of named) for (const p of a.pixels) b.label(p, part);
  const plan: BodyPlan = legs.length >= 2 ? 'legged' : wings.length > 0 ? 'winged' : 'blob';
  const groundX = legs.length > 0 ? legs.reduce((sx, l) => sx + l.tip.x, 0) / legs.length : meanX(s, bottom - 1, bottom);
  const edge = plan === 'blob' ? flat : undefined;
  // A flat thing stands (and turns) on the middle of its box: a key's teeth are not its feet.
  if (edge !== undefined) return { ...b.build(plan, 'side', facing, H, vec(box.x + box.width / 2, bottom)), edge };
  const rig = b.build(plan, 'side', facing, H, vec(Number.isNaN(groundX) ? centreX : groundX, bottom));
  return plan === 'blob' && pinched(s) ? { ...rig, firm: true } : rig;
}

/**
 * Narrower somewhere than both above and below it (by a fifth): a head or a helmet on a body, a
 * figure whose limbs are too small to find; a slime's dome widens to its base, a ball is widest in
 * its middle.
 */
function pinched(s: Silhouette): boolean {
  const { box } = s;
  const widths = rowCounts(s).slice(box.y, box.y + box.height);
  const below = new Array<number>(widths.length).fill(0);
  for (let i = widths.length - 2; i >= 0; i--) below[i] = Math.max(below[i + 1]!, widths[i + 1]!);
  let above = 0;
  return widths.some((w, i) => {
    const pinch = w < 0.8 * above && w < 0.8 * below[i]!;
    above = Math.max(above, w);
    return pinch;
  });
}
