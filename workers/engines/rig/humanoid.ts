// A humanoid's rig from its silhouette alone (no pose model): the head above the neck (the first
// narrowing under the head's widest row), the legs below the crotch (the gap that opens between
// them from the feet up) or, in a side view where the legs overlap, the lower third; arms and held
// weapons are the thin parts left outside the torso's core (what a disc of the torso's thickness
// cannot reach), or, lying over the body, told from it by colour (hangingArm.ts, outlinedArm.ts);
// a round shield over the hips is one rigid part (shield.ts). The far leg of a side view is a copy
// of the leg pixels on its own bones, hidden behind the near leg until they stride apart.
import type { Silhouette } from './silhouette.ts';
import { coreOf, extremes, maxThickness, meanX, momentsOf, rowCounts, thinParts } from './silhouette.ts';
import { mid, RigBuilder, vec } from './builder.ts';
import { hangingArm } from './hangingArm.ts';
import { findShield } from './shield.ts';
import { outlinedArms } from './outlinedArm.ts';
import { footRows } from './types.ts';
import { lumaAt } from './colourCues.ts';
import { shoesOf, STUB_LEGS } from './shoes.ts';
import type { Rig, Vec } from './types.ts';

export interface HumanoidShape {
  top: number;
  bottom: number;
  neckY: number;
  hipY: number;
  /** Rows at and below which the two legs are apart (NaN when they never are). */
  crotchY: number;
  /** x of the gap between the legs on each row (NaN where there is none). */
  gapX: Float64Array;
}

/**
 * Below this height an arm is a pixel or two wide: told from the body by colour and turned, it comes
 * apart into loose pixels; in a pose to copy, too coarse to fit an arm to (armFit.ts).
 */
export const MIN_ARM_HEIGHT = 40;

/**
 * How far each bone of an arm found by colour without its shoulder may turn (radians): to the
 * shoulder's height, not over the head, where a forearm without its upper arm reads as a stick.
 */
const HANGING_TURN = 1.6;

/**
 * Art pixels under which a pixel-art humanoid moves as cutouts (skin.ts, which knows one by the
 * feet parts it gets here): its parts slid as whole blocks, never turned, as an artist moves a
 * figure a few pixels tall. Seen from the side with its legs drawn as one (together, or a robe), a
 * taller one too: those legs are a single block a few pixels wide, which turned scatters into
 * loose pixels as a smaller figure's legs do.
 */
const CUTOUT_HEIGHT = 24;
const CUTOUT_HEIGHT_ONE_LEG = 32;

/** Whether a humanoid `height` art pixels tall moves as cutouts; `oneLeg`: seen from the side, its legs drawn as one. */
export const cutoutSize = (height: number, oneLeg: boolean): boolean => height < (oneLeg ? CUTOUT_HEIGHT_ONE_LEG : CUTOUT_HEIGHT);

/** Smallest share of the height the gap between the legs must run up from the feet to count. */
const MIN_GAP = 0.08;

/** How far from the body's axis a kicking figure's hips are, as a share of its height. */
const KICK_HIP = 0.08;
/** The widest a foot on the ground is, as a share of the height: past it both feet are down. */
const ONE_FOOT = 0.3;

/** The crotch: the topmost row of the gap between the legs that opens within the lowest rows. */
function findCrotch(s: Silhouette): { crotchY: number; gapX: Float64Array } {
  const { box } = s;
  const gapX = new Float64Array(s.height).fill(NaN);
  const bottom = box.y + box.height;
  // The gap between the legs is near the middle of the feet; one further out is between a hand
  // hanging by the hip and a leg. The feet over the lowest 5% of the height: the lowest row or
  // two may hold only the one foot drawn a little lower.
  const feet = meanX(s, bottom - Math.max(2, Math.round(0.05 * box.height)), bottom);
  const centre = Number.isNaN(feet) ? box.x + box.width / 2 : feet;
  const lo = Math.max(box.x + 0.2 * box.width, centre - 0.2 * box.width), hi = Math.min(box.x + 0.8 * box.width, centre + 0.2 * box.width);
  const gapAt = (y: number): number => {
    const runs = s.rows[y] ?? [];
    let best = NaN, bestW = 0;
    for (let i = 1; i < runs.length; i++) {
      const a = runs[i - 1]!, b = runs[i]!;
      const c = (a.x1 + b.x0) / 2;
      if (c >= lo && c <= hi && b.x0 - a.x1 > bestW) { bestW = b.x0 - a.x1; best = c; }
    }
    return best;
  };
  // The feet may touch on their lowest rows, and a soft bottom edge may show a notch of a row or
  // two under the soles: the gap is the first one that runs up far enough.
  const lowest = bottom - 1 - Math.max(2, 0.15 * box.height);
  for (let y = bottom - 1; y > lowest; y--) {
    if (Number.isNaN(gapAt(y))) continue;
    let crotchY = y;
    while (y > box.y + 0.35 * box.height) {
      const g = gapAt(y);
      if (Number.isNaN(g)) break;
      gapX[y] = g;
      crotchY = y;
      y--;
    }
    if (bottom - crotchY >= MIN_GAP * box.height) return { crotchY, gapX };
    gapX.fill(NaN);
  }
  return { crotchY: NaN, gapX };
}

/** How much lighter than the darkest ink of the lowest row a pixel must be to count as fill. */
const INK_STEP = 16;

/**
 * Feet drawn side by side, touching: on the lowest row, two stretches of fill with the outline's ink
 * between them and none at their sides (a small chibi's boots joined by their outlines, so the
 * silhouette shows no gap between the legs). The ink is the row's darkest colour.
 */
export function feetSideBySide(s: Silhouette): boolean {
  const y = s.box.y + s.box.height - 1;
  const runs = s.rows[y] ?? [];
  const luma = (x: number): number => lumaAt(s.rgba, (y * s.width + x) * 4);
  let ink = 255;
  for (const r of runs) for (let x = r.x0; x < r.x1; x++) ink = Math.min(ink, luma(x));
  // Each stretch of fill as its start and end.
  const fills: number[] = [];
  for (const r of runs) {
    for (let x = r.x0; x < r.x1; x++) {
      if (luma(x) <= ink + INK_STEP) continue;
      const start = x;
      while (x < r.x1 && luma(x) > ink + INK_STEP) x++;
      fills.push(start, x);
    }
  }
  return fills.length === 4;
}

/** The neck: the first clear narrowing below the head's widest row, else a chibi's proportion. */
function findNeck(s: Silhouette): number {
  const { box } = s;
  const w = rowCounts(s);
  const H = box.height;
  const smooth = (y: number): number => ((w[y - 1] ?? 0) + 2 * (w[y] ?? 0) + (w[y + 1] ?? 0)) / 4;
  let headMax = 0, headRow = box.y;
  for (let y = box.y; y < box.y + 0.4 * H; y++) {
    const v = smooth(y);
    if (v > headMax) { headMax = v; headRow = y; }
    else if (v < 0.8 * headMax) break; // past the head: stop before the shoulders
  }
  let best = NaN, bestW = Infinity, shoulders = false;
  for (let y = headRow + 1; y <= box.y + 0.6 * H; y++) {
    const v = smooth(y);
    if (v > 1.15 * headMax && !Number.isNaN(best)) { shoulders = true; break; }
    if (v < bestW) { bestW = v; best = y; }
  }
  // A clear narrowing; or, under a big head (a chibi's hair as wide as its shoulders), the
  // narrowest row before the shoulders spread past the head.
  const narrows = bestW < 0.85 * headMax || (shoulders && bestW < 0.95 * headMax);
  if (!Number.isNaN(best) && narrows && best > box.y + 0.12 * H) return best;
  return Math.round(box.y + (H < 40 ? 0.42 : 0.3) * H);
}

export function shapeOf(s: Silhouette): HumanoidShape {
  const { box } = s;
  const top = box.y, bottom = box.y + box.height, H = box.height;
  const neckY = findNeck(s);
  const { crotchY, gapX } = findCrotch(s);
  const headShare = (neckY - top) / H;
  const legShare = headShare > 0.34 ? 0.28 : 0.4;
  const hipY = Number.isNaN(crotchY)
    ? Math.round(bottom - legShare * H)
    : Math.round(Math.max(neckY + 0.15 * H, crotchY - 0.04 * H));
  return { top, bottom, neckY, hipY, crotchY, gapX };
}

interface Limb {
  side: -1 | 1;
  /** A kicking leg's: the span of the foot the figure stands on, [x0, x1). */
  standing?: [number, number];
  pixels: number[];
  /** A long thin part with no arm of its own outside the body: a weapon held by a hidden hand. */
  held?: boolean;
  /** Found by colour over the body (a hanging arm, or an outlined one), holding nothing. */
  hanging?: boolean;
  /**
   * Where it joins the body and where its hand ends, when found whole (outlined, or by colour up to
   * its shoulder, sleeve and all): it may then turn as far as any arm.
   */
  ends?: { shoulder: Vec; hand: Vec };
}

/** Length and thickness of a set of pixels along its main axis. */
function elongation(pixels: number[], width: number): { length: number; thickness: number } {
  const { major, minor } = momentsOf(pixels, width);
  return { length: Math.sqrt(12 * major), thickness: Math.sqrt(12 * minor) };
}

/** Share of the subject's area a raised hand takes at least: smaller bumps by the head are ears and tufts. */
const MIN_RAISED_HAND = 0.025;

/** Whether `pixels` are a hand raised beside the head (see findArms). */
function raisedHand(pixels: number[], width: number, shape: HumanoidShape, torsoX: number, area: number): boolean {
  if (pixels.length < MIN_RAISED_HAND * area) return false;
  let lowest = 0, sx = 0;
  for (const p of pixels) { lowest = Math.max(lowest, Math.floor(p / width)); sx += (p % width) + 0.5; }
  const head = shape.neckY - shape.top;
  return lowest < shape.neckY && lowest >= shape.neckY - 0.5 * head && Math.abs(sx / pixels.length - torsoX) >= 0.25 * head;
}

/** Packed RGB of pixel `p`. */
const rgbOf = (s: Silhouette, p: number): number => (s.rgba[p * 4]! << 16) | (s.rgba[p * 4 + 1]! << 8) | s.rgba[p * 4 + 2]!;

/**
 * Share of `pixels` whose colour the standing leg (below the hips, over its foot's span [x0, x1))
 * shows too: a kicked leg wears what the standing one does.
 */
function legColours(s: Silhouette, shape: HumanoidShape, pixels: number[], x0: number, x1: number): number {
  const worn = new Set<number>();
  for (let y = shape.hipY; y < shape.bottom; y++) for (const r of s.rows[y] ?? []) for (let x = Math.max(x0, r.x0); x < Math.min(x1, r.x1); x++) worn.add(rgbOf(s, y * s.width + x));
  return pixels.filter((p) => worn.has(rgbOf(s, p))).length / Math.max(1, pixels.length);
}

/**
 * A leg raised in a kick, on the side it reaches to, or null: the part of the figure out beside the
 * foot it stands on (the only one on the ground: its lowest rows), outside the torso's core,
 * between the torso's lowest third and the feet, that reaches out far and stretched, is as thick as
 * a leg (a blade held low is thinner) and is dressed as the standing leg is (a fist hanging by the
 * hip is not).
 */
function findKick(s: Silhouette, shape: HumanoidShape, torsoX: number, core: Uint8Array): Limb | null {
  const { width } = s;
  const H = s.box.height;
  const feetTop = shape.bottom - footRows(H);
  let fx0 = Infinity, fx1 = -Infinity;
  for (let y = shape.bottom - Math.max(2, Math.round(0.03 * H)); y < shape.bottom; y++) for (const r of s.rows[y] ?? []) { fx0 = Math.min(fx0, r.x0); fx1 = Math.max(fx1, r.x1); }
  // One foot on the ground, not two.
  if (!(fx1 - fx0 <= ONE_FOOT * H)) return null;
  const margin = Math.max(1, 0.03 * H);
  let found: Limb | null = null;
  for (const side of [-1, 1] as const) {
    const pixels: number[] = [];
    let far = 0;
    for (let y = Math.ceil(shape.hipY - (shape.hipY - shape.neckY) / 3); y < feetTop; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) {
      const p = y * width + x;
      if (core[p] || (side < 0 ? x >= fx0 - margin : x < fx1 + margin)) continue;
      pixels.push(p);
      far = Math.max(far, Math.abs(x + 0.5 - torsoX));
    }
    if (pixels.length < 0.02 * s.area) continue;
    const { length, thickness } = elongation(pixels, width);
    // Stretched out from its hip at least as long as the standing leg (a leg folded up in a stride or a
    // leap is shorter, and its outline is read better as a splayed leg: legFit.ts).
    const stretched = extremes(pixels, width, vec(torsoX + side * KICK_HIP * H, shape.hipY)).length >= 0.9 * (shape.bottom - shape.hipY);
    if (far < 0.3 * H || length < 0.25 * H || thickness < 0.08 * H || !stretched || legColours(s, shape, pixels, fx0, fx1) < 0.5) continue;
    if (!found || found.pixels.length < pixels.length) found = { side, pixels, standing: [fx0, fx1] };
  }
  return found;
}

/** The arms (and what they hold): thin parts beside the torso, the largest on each side. */
function findArms(s: Silhouette, shape: HumanoidShape, torsoX: number, core: Uint8Array): Limb[] {
  const { width } = s;
  const H = s.box.height;
  const best = new Map<number, { pixels: number[]; size: number }>();
  let weapon: Limb | undefined;
  for (const pixels of thinParts(s, core, Math.max(3, 0.01 * s.area))) {
    const size = pixels.length;
    let inTorso = 0, inLegs = 0, sx = 0;
    for (const p of pixels) {
      const y = Math.floor(p / width);
      if (y >= shape.neckY && y < shape.hipY) inTorso++;
      if (y >= shape.hipY) inLegs++;
      sx += (p % width) + 0.5;
    }
    const side: -1 | 1 = sx / size < torsoX ? -1 : 1;
    // A leg, a skirt's hem or a hat's brim is no arm: an arm has most of itself beside the torso.
    // A long, thin, straight part anywhere else is a held weapon (a sword pointing down, a staff).
    // A hand raised beside the head (its arm hidden behind it) is an arm too: a large part wholly
    // above the neck, out to the side, that comes down to the lower half of the head.
    if (inTorso < 0.3 * size || inLegs > 0.6 * size) {
      if (raisedHand(pixels, width, shape, torsoX, s.area)) {
        const had = best.get(side);
        if (!had || had.size < size) best.set(side, { pixels, size });
        continue;
      }
      const { length, thickness } = elongation(pixels, width);
      if (length >= 0.3 * H && thickness <= 0.25 * length && !weapon) weapon = { side, pixels, held: true };
      continue;
    }
    if (Math.abs(sx / size - torsoX) < 0.08 * H) continue;
    // An arm that runs on down to the ground is an arm hanging against a leg, the two one thin part:
    // below the hips it is the leg (swung as an arm it drags the leg along as a sword).
    const grounded = pixels.some((p) => Math.floor(p / width) >= shape.bottom - 0.05 * H);
    const arm = grounded ? pixels.filter((p) => Math.floor(p / width) < shape.hipY) : pixels;
    const had = best.get(side);
    if (!had || had.size < arm.length) best.set(side, { pixels: arm, size: arm.length });
  }
  const arms: Limb[] = [...best.entries()].map(([side, { pixels }]) => ({ side: side as -1 | 1, pixels }));
  if (weapon && !arms.some((a) => a.side === weapon?.side)) arms.push(weapon);
  return arms;
}

/** Whether `bone` of `rig` belongs to an arm that only carries a small figure's fist (see humanoidRig). */
export function fistArm(rig: Rig, bone: string): boolean {
  const arm = /^arm([LR])/.exec(bone);
  return arm !== null && rig.parts.some((p) => p.name === `hand${arm[1]}` && p.bones.includes(rig.index[`arm${arm[1]}Lower`] ?? -1));
}

export function humanoidRig(s: Silhouette, shape: HumanoidShape, view: Rig['view'], facing: 1 | -1): Rig {
  const { box, width } = s;
  const H = box.height;
  const { top, bottom, neckY, hipY } = shape;
  const torsoX = meanX(s, neckY, hipY);
  const cx = Number.isNaN(torsoX) ? box.x + box.width / 2 : torsoX;
  const core = coreOf(s, Math.max(1, 0.6 * maxThickness(s, neckY, hipY)));
  const found = findArms(s, shape, cx, core);
  // A kick's leg out beside the body reads as an arm (one holding a weapon) unless found first.
  const kick = H >= MIN_ARM_HEIGHT ? findKick(s, shape, cx, core) : null;
  const kicked = new Set(kick?.pixels);
  const arms = kick ? found.filter((a) => a.pixels.filter((p) => kicked.has(p)).length < 0.5 * a.pixels.length) : found;
  if (view === 'front' && H >= MIN_ARM_HEIGHT) {
    // Arms held against the body leave no gap in the silhouette: seen from the front they hang at
    // its sides, told from the torso by colour.
    for (const side of [-1, 1] as const) {
      if (arms.some((a) => a.side === side)) continue;
      const arm = hangingArm(s, side, cx, neckY + 0.1 * (hipY - neckY), hipY + 0.05 * H);
      if (arm) arms.push({ side, pixels: arm.pixels, hanging: true, ...(arm.ends ? { ends: arm.ends } : {}) });
    }
  }
  if (H >= MIN_ARM_HEIGHT) {
    // Outlined art draws an arm across the body, fenced by its lines.
    const missing = ([-1, 1] as const).filter((side) => !arms.some((a) => a.side === side));
    for (const arm of outlinedArms(s, neckY, hipY, cx, missing)) arms.push({ side: arm.side, pixels: arm.pixels, hanging: true, ends: { shoulder: arm.shoulder, hand: arm.hand } });
  }

  const b = new RigBuilder(width, s.height);
  const pelvis = vec(cx, hipY);
  const neck = vec(cx, neckY);
  const feetRows = footRows(H);
  // Seen from the front the legs are a left and a right one even drawn together (split at the
  // axis); from the side, legs without a gap between them are a near one over a far one.
  // A kicking leg is one leg, whatever lies below the hips is the other (the one it stands on,
  // with a fist hanging by it): a gap under the hips is then no crotch.
  const apart = kick !== null || !Number.isNaN(shape.crotchY) || view === 'front';
  // Where the feet touch under the gap, they split where the gap ended, nearest above: the feet
  // there reach out front and back of the legs, and the crotch's middle would cut into one of them.
  const splitAt = new Float64Array(s.height).fill(shape.gapX[shape.crotchY] ?? cx);
  for (let y = Math.max(0, shape.crotchY), last = NaN; y < s.height; y++) {
    const g = shape.gapX[y]!;
    if (!Number.isNaN(g)) last = g;
    if (!Number.isNaN(last)) splitAt[y] = last;
  }
  const splitX = (y: number): number => splitAt[y] ?? cx;
  const legSide = (p: number): -1 | 1 => (kick ? (kicked.has(p) ? kick.side : (-kick.side as -1 | 1)) : (p % width) + 0.5 < splitX(Math.floor(p / width)) ? -1 : 1);
  const legX = (side: -1 | 1 | 0, y0: number, y1: number): number => {
    const x = meanX(s, y0, y1, (p) => side === 0 || legSide(p) === side);
    return Number.isNaN(x) ? cx : x;
  };

  b.bone('pelvis', null, vec(cx - 0.1 * H, hipY), vec(cx + 0.1 * H, hipY));
  b.bone('spine', 'pelvis', pelvis, neck);
  b.bone('head', 'spine', neck, vec(cx, top));
  // Legs: L/R in a front view, near/far (both over the same pixels) in a side view.
  const legNames = apart ? [['legL', -1], ['legR', 1]] as const : [['legF', 0], ['legB', 0]] as const;
  for (const [name, side] of legNames) {
    // Each leg from its own side of the pelvis when one is kicking (the kick's foot its far end).
    const hip = vec(kick ? cx + side * KICK_HIP * H : legX(side, hipY, hipY + Math.max(1, Math.round(0.1 * H))), hipY);
    const foot = kick && side === kick.side ? extremes(kick.pixels, width, hip).far : vec(legX(side, bottom - feetRows, bottom), bottom);
    const knee = mid(hip, foot);
    b.bone(name, 'pelvis', hip, knee);
    b.bone(`${name}Lower`, name, knee, foot);
  }
  const armOf = new Map<number, string>();
  for (const arm of arms) {
    const name = arm.side < 0 ? 'armL' : 'armR';
    const shoulderGuess = vec(cx + arm.side * 0.12 * H, neckY + 0.08 * H);
    const { near, far, length } = extremes(arm.pixels, width, shoulderGuess);
    // A weapon held by a hand hidden in the body turns about the shoulder, gripped at its near end.
    // An arm found whole by colour or by its outline turns about the shoulder it found; one found by
    // colour as a forearm and hand only turns about its own top (an elbow), as a shoulder above it
    // would drag the sleeve's pixels out into a ribbon.
    const shoulder = arm.ends?.shoulder ?? (arm.held ? vec(cx + arm.side * 0.05 * H, neckY + 0.1 * H) : arm.hanging ? near : vec(near.x, Math.min(near.y, neckY + 0.12 * H)));
    const reach = 0.32 * H;
    const holds = arm.held === true || (!arm.hanging && length > 1.35 * reach);
    const hand = arm.ends?.hand ?? (arm.held ? near : holds ? mid(shoulder, far, reach / length) : far);
    const limit = arm.hanging && !arm.ends ? HANGING_TURN : undefined;
    b.bone(name, 'spine', shoulder, mid(shoulder, hand), limit);
    b.bone(`${name}Lower`, name, mid(shoulder, hand), hand, limit);
    if (holds) b.bone(`${name}Weapon`, `${name}Lower`, hand, far);
    armOf.set(arm.side, name);
  }

  // Parts, back to front. A side view's far leg sits behind everything, its near leg under the
  // torso's hem; arms in front of the torso.
  const head = b.part('head', ['head', 'spine'], 0.3);
  const torso = b.part('torso', ['spine', 'pelvis'], 0);
  const legParts = new Map<-1 | 1 | 0, number>();
  // A figure moved as cutouts (skin.ts) steps with its feet: below the knees each leg is a part of
  // its own (legLFoot), carried by the foot, while the leg above it stays with the hips.
  const small = cutoutSize(H, view === 'side' && !apart);
  const footParts = new Map<-1 | 1 | 0, number>();
  const kneeY = Math.round((hipY + bottom) / 2);
  const legPart = (name: string, side: -1 | 1 | 0, depth: number, of?: string): void => {
    const bones = [name, `${name}Lower`, 'pelvis'];
    const part = b.part(name, bones, depth, of ? { of, shade: 0.3 } : {});
    if (!of) legParts.set(side, part);
    if (!small) return;
    const foot = b.part(`${name}Foot`, bones, depth, of ? { of: `${of}Foot`, shade: 0.3 } : {});
    if (!of) footParts.set(side, foot);
  };
  if (apart) {
    legPart('legL', -1, -0.1);
    legPart('legR', 1, -0.1);
    if (kick) for (const p of kick.pixels) b.label(p, legParts.get(kick.side) as number);
  } else {
    legPart('legF', 0, -0.1);
    legPart('legB', 0, -1, 'legF');
  }
  const armPart = new Map<number, number>();
  const weaponPart = new Map<number, number>();
  for (const [side, name] of armOf) {
    // An arm swings free of the body below its shoulder. One found by colour lies over the body:
    // a copy bound to the body shows the body painted in under it (underlay.ts).
    armPart.set(side, b.part(name, [name, `${name}Lower`, 'spine'], view === 'side' ? 1 : 0.5, { joinedAt: name }));
    // (Bound to the legs too where it reaches down to them: a hand at the hip covers the hips.)
    const body = ['spine', 'pelvis', ...(apart ? ['legL', 'legR'] : ['legF'])];
    if (arms.find((a) => a.side === side)?.hanging) b.part(`under${name[0]!.toUpperCase()}${name.slice(1)}`, body, 0.01, { of: name, under: true });
    if (b.index[`${name}Weapon`] !== undefined) weaponPart.set(side, b.part(`${name}Weapon`, [`${name}Weapon`], 1.1, { joinedAt: name }));
  }

  const weaponBone = (side: number): { head: Vec; tail: Vec } | undefined => {
    const i = b.index[`${armOf.get(side)}Weapon`];
    return i === undefined ? undefined : b.bones[i];
  };
  for (const arm of arms) {
    const wb = weaponBone(arm.side);
    for (const p of arm.pixels) {
      const x = (p % width) + 0.5, y = Math.floor(p / width) + 0.5;
      // Past the hand along the arm's line: the held thing.
      const beyond = wb ? (x - wb.head.x) * (wb.tail.x - wb.head.x) + (y - wb.head.y) * (wb.tail.y - wb.head.y) > 0 : false;
      b.label(p, beyond ? (weaponPart.get(arm.side) as number) : (armPart.get(arm.side) as number));
    }
  }
  // A shield over the hips is carried by the torso, whole, whatever the legs under it do.
  const shield = findShield(s, hipY);
  if (shield) {
    const part = b.part('shield', ['spine'], 0.9, { rigid: true });
    for (const p of shield) b.label(p, part);
  }
  // What lies below the hips but out beside the feet (a hand hanging by the hip, a wide hem) moves
  // with the body: a leg that shortens or steps would drag it into a smear. A figure moved as
  // cutouts slides its feet as whole blocks, so there beside is to the pixel, and the feet are its
  // lowest row alone (the row above may be a hand's lowest).
  let feetX0 = Infinity, feetX1 = -Infinity;
  for (let y = bottom - (small ? 1 : feetRows); y < bottom; y++) for (const r of s.rows[y] ?? []) { feetX0 = Math.min(feetX0, r.x0); feetX1 = Math.max(feetX1, r.x1); }
  const beside = small ? 0 : Math.max(1, Math.round(0.03 * H));
  // There, what hangs beside the feet is a hand (handL left in the picture), which swings by whole
  // pixels against the legs (skin.ts), when it shows a colour the legs between do not have at its
  // height (skin, a glove); in only their colours it is the garment flaring out (a robe) or its
  // outline, and stays with the legs.
  const hands = new Map<number, number>();
  const handPart = (side: -1 | 1): number => {
    let part = hands.get(side);
    if (part === undefined) hands.set(side, (part = b.part(side < 0 ? 'handL' : 'handR', ['spine'], 0.05)));
    return part;
  };
  // Beside a kick's standing foot, whatever hangs there (a fist) does at any height.
  const [standX0, standX1] = kick?.standing ?? [feetX0, feetX1];
  const besideFeet = (x: number, y: number): boolean =>
    kick ? x < standX0 - beside || x >= standX1 + beside : y < hipY + 0.5 * (bottom - hipY) && (x < feetX0 - beside || x >= feetX1 + beside);
  const sideOf = (x: number): -1 | 1 => (x < feetX0 ? -1 : 1);
  const handSides = new Set<-1 | 1>();
  if (small) {
    const band = (see: (x: number, y: number, p: number) => void): void => {
      for (let y = hipY; y < hipY + 0.5 * (bottom - hipY); y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) if (b.labels[y * width + x] === -1) see(x, y, y * width + x);
    };
    const between = new Set<number>();
    band((x, y, p) => { if (!besideFeet(x, y)) between.add(rgbOf(s, p)); });
    band((x, y, p) => { if (besideFeet(x, y) && !between.has(rgbOf(s, p))) handSides.add(sideOf(x)); });
  }
  for (let y = box.y; y < bottom; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) {
    const p = y * width + x;
    if (b.labels[p] !== -1) continue;
    if (y < neckY) b.label(p, head);
    else if (y < hipY) b.label(p, torso);
    else if (besideFeet(x, y) && (!small || handSides.has(sideOf(x)))) b.label(p, small ? handPart(sideOf(x)) : torso);
    else {
      const side = apart ? legSide(p) : 0;
      b.label(p, ((y >= kneeY ? footParts.get(side) : undefined) ?? legParts.get(side)) as number);
    }
  }
  // A chibi's shoes under its body step on their own, rigid, each carried by its leg's end; the
  // hem over them stays with the body (shoes.ts).
  if (!small && !kick && H >= MIN_ARM_HEIGHT && bottom - hipY < STUB_LEGS * H) {
    const legs = new Set(legParts.values());
    const shoes = shoesOf(s, (p) => legs.has(b.labels[p]!), hipY, bottom, shape.crotchY);
    if (shoes) {
      for (let y = hipY; y < bottom; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) {
        const p = y * width + x;
        if (legs.has(b.labels[p]!) && !shoes.has(p)) b.label(p, torso);
      }
      const legBones = new Set(b.bones.flatMap((bone, i) => (bone.name.startsWith('leg') ? [i] : [])));
      for (const part of b.parts) {
        if (/^leg[LRFB]$/.test(part.name)) {
          part.bones = [b.index[`${part.name}Lower`]!];
          part.rigid = true;
          part.shoe = true;
        } else if (part.under) part.bones = part.bones.filter((i) => !legBones.has(i));
      }
    }
  }
  // A figure this small draws an arm as little more than the fist hanging beside its legs: that fist
  // is the arm's end, on arm bones from the shoulder above it, so a blow, a cast or a cheer moves it
  // (a cutout's fist slides, whole, to where the arm's end goes: skin.ts).
  for (const [side, part] of hands) {
    const name = side < 0 ? 'armL' : 'armR';
    if (b.index[name] !== undefined) continue;
    let sx = 0, sy = 0, n = 0;
    for (let p = 0; p < b.labels.length; p++) if (b.labels[p] === part) { sx += (p % width) + 0.5; sy += Math.floor(p / width) + 0.5; n++; }
    if (n === 0) continue;
    const hand = vec(sx / n, sy / n), shoulder = vec(hand.x, neckY + 0.15 * (hipY - neckY));
    b.bone(name, 'spine', shoulder, mid(shoulder, hand));
    b.bone(`${name}Lower`, name, mid(shoulder, hand), hand);
    b.parts[part]!.bones = [b.index[`${name}Lower`]!];
  }
  const ground = vec(legX(0, bottom - feetRows, bottom), bottom);
  return b.build('humanoid', view, facing, H, ground);
}
