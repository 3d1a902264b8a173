// Replacing the source's figures by a reference image that moves as they do. Every figure of every
// frame (figures.ts: a GIF may show several) is cut out and rigged, and the reference, rigged once
// at the figure's typical size, is posed to match it (its limbs and head turn as the figure's do,
// its legs take the figure's hip height: rig/copyPose.ts; the figure's legs drawn as one are read
// apart, at the two ends of its feet, so their stride shows; a figure whose legs drawn as one only
// sway as a block, its feet trading places out of sight, lends the reference the motion library's
// gait instead), turned to face the way the figure faces, sheared when the figure leans more or
// less than it does at rest (a lunge, a recoil), and stood with its ground point on the figure's,
// feet on the figure's baseline. The figures themselves are removed first (made transparent, or
// filled with the flat background of an opaque source). A figure that does not rig still carries
// the reference along at rest; a source with no background to separate holds the reference fitted
// to the whole frame.
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../../types.ts';
import { drawOnto } from '../../kernels/compose.ts';
import { createImage, TRANSPARENT } from '../../kernels/image.ts';
import { resizeTo } from '../../kernels/resize.ts';
import type { ResizeMode } from '../../kernels/resize.ts';
import { cutout, looksLikePixelArt, mirrorX } from '../../kernels/cutout.ts';
import { warpRows } from '../../kernels/warpRows.ts';
import { poseOfRuns } from '../../kernels/cellPose.ts';
import { turnedAround } from '../../kernels/track.ts';
import type { Background, Box, SubjectFrame } from '../../kernels/track.ts';
import { alphaBox } from '../../kernels/subject.ts';
import { CutMemo, mostFacing } from '../rig/copyPose.ts';
import type { RigPose } from '../rig/kinematics.ts';
import { feetApart, matchPose, motionOf } from '../rig/retarget.ts';
import { drawPosed } from '../rig/posed.ts';
import type { Drawn } from '../rig/posed.ts';
import { rigSubject } from '../rig/rigged.ts';
import type { Rigged, Skeleton } from '../rig/rigged.ts';
import { splitFigures } from './figures.ts';
import { median } from '../../kernels/median.ts';
import { poseRig } from '../animate/poseRig.ts';
import { MOTIONS } from '../animate/motions/index.ts';

export interface PreparedReference {
  /** Cut out of its background and cropped. */
  image: RawImage;
  mode: ResizeMode;
}

export interface Replaced {
  frame: RawImage;
  /** For opaque sources, where the reference now is (the subject weight a material is applied through). */
  weight?: Uint8Array;
  box: Box | null;
}

/** One figure in one frame. */
interface Seen {
  frame: number;
  box: Box;
  /** Mass centroid x. */
  cx: number;
  /** How far its silhouette leans (see cellPose.ts), 0 when unknown. */
  lean: number;
  /** Its pixels only, over its box: the subject mask where it is, 0 elsewhere (null: the whole frame). */
  mask: Uint8Array | null;
  target: Skeleton | null;
}

/** A figure followed through the frames (the one nearest its place in the first frame that shows any). */
interface Slot {
  seen: Seen[];
  /** Its mass offset from the box centre and lean at rest, facing its usual way. */
  rest: { massOffset: number; lean: number };
  /** Per sighting, whether it shows the figure turned around. */
  turned: boolean[];
  /** The way it mostly faces (+1 right, -1 left, 0 unknown). */
  facing: number;
}

/** The reference drawn for one sighting, to be grown `grow` times, and where its top-left goes in the frame. */
interface Cast {
  drawn: Drawn;
  grow: number;
  left: number;
  top: number;
}

const NO_POSE: RigPose = { bones: [], offset: { x: 0, y: 0 } };
// How much of a lean beyond the rest lean the reference takes (the measured slope also sees limbs).
const LEAN_SHARE = 0.8;
const MAX_LEAN = 0.4;
// A reference is often broader than a walking figure: it may be this much wider than the figure.
const WIDER = 1.3;
// The share of the frame's width a reference may take, leaving room for its limbs to swing.
const FRAME_SHARE = 0.85;

export function prepareReference(reference: RawImage): PreparedReference {
  const image = cutout(reference);
  return { image, mode: looksLikePixelArt(image) ? 'nearest' : 'smooth' };
}

/** The reference rigged for the figures' size: drawn as rigged and grown `grow` times (pixel art), or drawn at that size. */
interface Sized {
  rigged: Rigged;
  grow: number;
  /** Its drawings by pose: a looping source asks for the same pose again and again. */
  drawings: Map<string, Drawn>;
  /** Applied to each new drawing before it is kept (ReplaceOptions). */
  paint?: ReplaceOptions['paint'];
}

/**
 * The reference at the size of the figures it replaces (their median box; a GIF's figures are one
 * character drawn at one scale, so they all get one size), at most `maxWidth` wide, rigged.
 */
function sizedReference(ref: PreparedReference, seen: readonly Seen[], maxWidth: number, paint?: ReplaceOptions['paint']): Sized | null {
  const box = alphaBox(ref.image) ?? { x: 0, y: 0, width: ref.image.width, height: ref.image.height };
  const height = median(seen.map((s) => s.box.height)), width = median(seen.map((s) => s.box.width));
  // Never wider than `maxWidth` (a broad reference in a narrow cell would be cut at its sides).
  const room = maxWidth / ref.image.width;
  const fit = Math.min(height / box.height, (width * WIDER) / box.width, room);
  // Pixel art grows by whole pixels (a 24 px warrior for a 28 px figure stays 24 px, crisp).
  const k = ref.mode === 'nearest' && fit >= 0.75 ? Math.max(1, Math.min(Math.floor(fit + 0.25), Math.floor(room))) : fit;
  // Pixel art is rigged and posed in its own pixels and each pose grown k times, as the animate
  // engine draws it: a limb turns on the art's grid (no k-px blocks turned off it), at 1/k^2 the cost.
  const grow = ref.mode === 'nearest' && Number.isInteger(k) ? k : 1;
  const w = Math.max(1, Math.round((ref.image.width * k) / grow)), h = Math.max(1, Math.round((ref.image.height * k) / grow));
  // On a clear margin: a reference that is all subject (a solid swatch) must not read as background.
  const sized = createImage(w + 2, h + 2, TRANSPARENT);
  drawOnto(sized, grow === k ? ref.image : resizeTo(ref.image, w, h, ref.mode), 1, 1);
  const rigged = rigSubject(sized, ref.mode === 'nearest');
  return rigged && { rigged, grow, drawings: new Map(), paint };
}

/** The figures of every frame, followed through the frames as slots. */
function followFigures(frames: readonly RawImage[], track: readonly SubjectFrame[], bg: Background): Slot[] {
  const { width, height } = frames[0] as RawImage;
  const known = new CutMemo();
  const seen: Seen[][] = frames.map((frame, n) => {
    if (bg.kind === 'none') {
      const box = { x: 0, y: 0, width, height };
      return [{ frame: n, box, cx: width / 2, lean: 0, mask: null, target: null }];
    }
    const { box: solid } = track[n] as SubjectFrame;
    if (!solid) return [];
    // A see-through source's subject mask is its alpha, read in the frame itself.
    const alpha = bg.kind === 'alpha';
    const whole = alpha ? frame.data : (track[n] as SubjectFrame).mask;
    const { figures, spans, full } = splitFigures(whole, width, height, solid, alpha ? 4 : 1, alpha ? 3 : 0);
    // Each figure's pixels only, over its box: the subject mask where it is, 0 elsewhere; and its
    // runs, in its box's pixels.
    const masks = figures.map((fig) => new Uint8Array(fig.box.width * fig.box.height));
    const runs: number[][] = figures.map(() => []);
    for (let i = 0; i < spans.length; i += 4) {
      const x0 = spans[i]!, x1 = spans[i + 1]!, y = spans[i + 2]!, f = spans[i + 3]!, { box } = figures[f]!;
      const into = masks[f]!, at = (y - box.y) * box.width + x0 - box.x;
      if (full) into.fill(255, at, at + x1 - x0 + 1);
      else if (!alpha) into.set(whole.subarray(y * width + x0, y * width + x1 + 1), at);
      else for (let x = x0, j = (y * width + x0) * 4 + 3; x <= x1; x++, j += 4) into[at + x - x0] = whole[j]!;
      runs[f]!.push(x0 - box.x, x1 - box.x, y - box.y);
    }
    return figures.map((fig, f) => {
      const { x, width: w } = fig.box;
      const mask = masks[f]!;
      const pose = poseOfRuns(runs[f]!);
      return { frame: n, box: fig.box, cx: pose ? x + pose.cx : x + w / 2, lean: pose?.lean ?? 0, mask, target: known.rig(frame, fig.box, mask, runs[f]!.join()) };
    });
  });
  const centre = (b: Box): [number, number] => [b.x + b.width / 2, b.y + b.height / 2];
  const anchors = (seen.find((s) => s.length > 0) ?? []).map((s) => centre(s.box));
  const groups: Seen[][] = anchors.map(() => []);
  for (const s of seen.flat()) {
    const [x, y] = centre(s.box);
    let best = 0;
    anchors.forEach(([ax, ay], i) => {
      const [bx, by] = anchors[best] as [number, number];
      if (Math.hypot(ax - x, ay - y) < Math.hypot(bx - x, by - y)) best = i;
    });
    (groups[best] as Seen[]).push(s);
  }
  return groups.map((group) => {
    // (A whole frame, of a source with no background, shows no turn.)
    const turned = turnedAround(group.map(({ mask, box }) => (mask ? { mask, width: box.width, box: { x: 0, y: 0, width: box.width, height: box.height } } : { mask: new Uint8Array(0), box: null })), width);
    const sign = (i: number): number => (turned[i] ? -1 : 1);
    return {
      seen: group,
      turned,
      facing: mostFacing(group.map((s) => s.target), turned),
      rest: {
        massOffset: median(group.map((s, i) => (s.cx - (s.box.x + s.box.width / 2)) * sign(i))),
        lean: median(group.map((s, i) => s.lean * sign(i))),
      },
    };
  });
}

/** `drawn` with its rows shifted `reach` px at the top (the bottom row stays), its ground carried along. */
function sheared(drawn: Drawn, reach: number): Drawn {
  if (reach === 0) return drawn;
  const { image } = drawn;
  const from = reach < 0 ? -reach : 0;
  const h = image.height;
  const out = warpRows(image, image.width + Math.abs(reach), h, (y) => ({ srcY: y, scaleX: 1, srcCx: 0, dstCx: from + Math.round((reach * (h - y)) / h) }), 'nearest');
  return { image: out, ground: { x: drawn.ground.x + from, y: drawn.ground.y } };
}

/** Whether the reference is mirrored for sighting `i`: a side view faces the way the figure faces, any other view turns when the figure does. */
function mirrored(reference: Rigged, slot: Slot, i: number): boolean {
  const facing = slot.facing * (slot.turned[i] ? -1 : 1);
  return reference.rig.view === 'side' && facing !== 0 ? facing !== reference.rig.facing : slot.turned[i] === true;
}

/** The reference drawn in `pose` as figure `i` of `slot` stands, and where its top-left goes. */
function cast({ rigged: reference, grow, drawings, paint }: Sized, slot: Slot, i: number, pose: RigPose | null, frameWidth: number): Cast {
  const s = slot.seen[i] as Seen;
  const sign = slot.turned[i] ? -1 : 1;
  const key = JSON.stringify(pose ?? NO_POSE);
  let drawn = drawings.get(key);
  if (!drawn) {
    drawn = drawPosed(reference, pose ?? NO_POSE);
    if (paint) drawn = { image: paint(drawn.image, grow), ground: drawn.ground };
    drawings.set(key, drawn);
  }
  if (mirrored(reference, slot, i)) drawn = { image: mirrorX(drawn.image), ground: { x: drawn.image.width - drawn.ground.x, y: drawn.ground.y } };
  // The lean beyond the figure's own at rest, damped, in whole pixels at the top: a shear with the
  // feet fixed reads as a lunge whatever the reference's body plan.
  const dl = Math.max(-MAX_LEAN, Math.min(MAX_LEAN, (s.lean * sign - slot.rest.lean) * LEAN_SHARE)) * sign;
  drawn = sheared(drawn, Math.round(dl * drawn.image.height));
  // Ground on the figure's ground; without a rig, centred where the figure's box is at rest.
  const anchor = s.target ? s.box.x + s.target.rig.ground.x : s.cx - slot.rest.massOffset * sign;
  const width = drawn.image.width * grow;
  const left = s.target ? Math.round(anchor - drawn.ground.x * grow) : Math.round(anchor - width / 2);
  // A reference wider than the figure is kept inside the frame where it fits (never clipped at a side).
  const inside = width <= frameWidth ? Math.max(0, Math.min(frameWidth - width, left)) : left;
  return { drawn, grow, left: inside, top: s.box.y + s.box.height - drawn.image.height * grow };
}

/**
 * The reference cast as every sighting of `slot`: its bones matched to each sighting's, and the
 * matches taken as a motion about their median, so the reference keeps its own stance and takes the
 * figure's swings (matched outright, a stocky figure's splayed legs would splay a slender one's).
 */
function castSlot(sized: Sized, slot: Slot, frameWidth: number): Cast[] {
  const reference = sized.rigged;
  // A sighting rigged as another body plan than most (a walk frame read as a creature) is misread.
  const plans = slot.seen.flatMap((s) => (s.target ? [s.target.rig.plan] : []));
  const plan = plans.sort((a, b) => plans.filter((p) => p === b).length - plans.filter((p) => p === a).length)[0];
  const poses = slot.seen.map((s, i) => s.target && s.target.rig.plan === plan ? matchPose(reference.rig, feetApart(s.target.rig), { mirror: mirrored(reference, slot, i), lean: 0 }) : null);
  const motion = motionOf(poses, reference.rig.bones.length);
  const stride = unreadStride(reference, slot);
  return slot.seen.map((_, i) => cast(sized, slot, i, stride ? withLegsOf(motion[i] ?? null, stride[i]!, reference) : (motion[i] ?? null), frameWidth));
}

// A loop of at least this many sightings, most of them (SHARE) a side view whose legs are drawn as
// one, is stepping when the block of its legs swings by at least STEPPING radians (peak to peak),
// forward and back, each way by at least BOTH_WAYS of that about its usual direction (a lunge, a
// recoil or a tuck swings one way), while its feet stay on one baseline (within LEVEL of its
// height: a jump leaves it).
const LOOP = 4;
const SHARE = 0.75;
const STEPPING = 0.15;
const BOTH_WAYS = 0.25;
const LEVEL = 0.12;

/**
 * The reference's legs for each sighting of a figure that steps with legs drawn as one (a robe, a
 * small sprite's legs side by side; see STEPPING), or null. Such a figure's stride does not show in
 * its outline: its feet trade places under the hem while the block of its legs only swings. The
 * reference then steps with the motion library's gait over the loop, a run for a short loop and a
 * walk for a long one, its arms, head and lean still the figure's.
 */
function unreadStride(reference: Rigged, slot: Slot): RigPose[] | null {
  const { seen } = slot;
  if (seen.length < LOOP || reference.rig.plan !== 'humanoid') return null;
  const swings = seen.flatMap((s) => {
    const rig = s.target?.rig;
    const leg = rig && rig.plan === 'humanoid' && rig.view === 'side' ? rig.bones[rig.index.legF ?? -1] : undefined;
    return leg ? [Math.atan2(leg.tail.x - leg.head.x, leg.tail.y - leg.head.y)] : [];
  });
  if (swings.length < SHARE * seen.length) return null;
  const usual = median(swings), low = Math.min(...swings), high = Math.max(...swings);
  if (high - low < STEPPING || Math.min(high - usual, usual - low) < BOTH_WAYS * (high - low)) return null;
  const grounds = seen.map((s) => s.box.y + s.box.height);
  if (Math.max(...grounds) - Math.min(...grounds) > LEVEL * median(seen.map((s) => s.box.height))) return null;
  const gait = seen.length >= MOTIONS.walk.framesPerCycle ? MOTIONS.walk : MOTIONS.run;
  return seen.map((_, i) => poseRig(reference.rig, gait.at(i / seen.length, { amplitude: 1, frame: i, seed: 0 }), reference.pixel).pose);
}

/** `pose` with its legs (and only those) as `stride` has them. */
function withLegsOf(pose: RigPose | null, stride: RigPose, reference: Rigged): RigPose {
  const bones = reference.rig.bones.map((b, k) => (/^leg/.test(b.name) ? stride.bones[k] : pose?.bones[k]));
  return { bones, offset: pose?.offset ?? { x: 0, y: 0 } };
}

export interface ReplaceOptions {
  /** The frames are replaced in themselves (their owner is done with them), touching no new frame memory. */
  inPlace?: boolean;
  /**
   * Applied to each drawing of the reference before it goes into the frames (once per pose), given
   * how many times the drawing is then grown; the result may be the drawing itself. Frames then
   * carry no weight (nothing is left to apply through it).
   */
  paint?: (drawn: RawImage, grow: number) => RawImage;
}

/** Every frame with its figures replaced by the reference (see the file comment and ReplaceOptions). */
export function replaceFigures(frames: readonly RawImage[], track: readonly SubjectFrame[], bg: Background, ref: PreparedReference, opts: ReplaceOptions = {}): Replaced[] {
  const { inPlace = false, paint } = opts;
  const slots = followFigures(frames, track, bg);
  const frameWidth = (frames[0] as RawImage).width;
  const seen = slots.flatMap((slot) => slot.seen);
  const castAll = (maxWidth: number) => {
    const reference = sizedReference(ref, seen, maxWidth, paint);
    return reference ? slots.map((slot) => castSlot(reference, slot, frameWidth)) : [];
  };
  let cast = castAll(FRAME_SHARE * frameWidth);
  // Posed, its limbs may reach wider than it stands: sized down once so the widest pose fits the frame.
  const widest = Math.max(0, ...cast.flat().map((c) => c.drawn.image.width * c.grow));
  if (widest > frameWidth) cast = castAll((FRAME_SHARE * frameWidth * frameWidth) / widest);
  const casts: Cast[][] = frames.map(() => []);
  slots.forEach((slot, k) => cast[k]?.forEach((c, i) => casts[(slot.seen[i] as Seen).frame]?.push(c)));
  const fill = bg.kind === 'flat' ? bg.color : null;
  return frames.map((frame, n) => {
    const { width, height } = frame;
    const out = inPlace ? frame.data : new Uint8Array(frame.data);
    // Remove the subject (nothing of it lies outside its extent): on a see-through source, its
    // extent's rows cleared whole (what was see-through there stays so, its colour now 0 too);
    // on a flat background, filled with the background colour by its mask.
    const { extent } = track[n] as SubjectFrame;
    if (bg.kind === 'alpha' && extent) {
      for (let y = extent.y; y < extent.y + extent.height; y++) out.fill(0, (y * width + extent.x) * 4, (y * width + extent.x + extent.width) * 4);
    } else if (fill && extent) {
      const { mask } = track[n] as SubjectFrame;
      for (let y = extent.y; y < extent.y + extent.height; y++) {
        for (let p = y * width + extent.x, end = p + extent.width, i = p * 4; p < end; p++, i += 4) {
          const m = mask[p]!;
          if (m === 0) continue;
          const k = m / 255;
          out[i] = out[i]! + (fill.r - out[i]!) * k + 0.5;
          out[i + 1] = out[i + 1]! + (fill.g - out[i + 1]!) * k + 0.5;
          out[i + 2] = out[i + 2]! + (fill.b - out[i + 2]!) * k + 0.5;
        }
      }
    }
    const result: RawImage = { data: out, width, height };
    const weight = fill && !paint ? new Uint8Array(width * height) : undefined;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const { drawn, grow, left, top } of casts[n] as Cast[]) {
      const img = drawn.image;
      const w = img.width * grow, h = img.height * grow;
      drawOnto(result, img, left, top, grow);
      x0 = Math.min(x0, left), y0 = Math.min(y0, top), x1 = Math.max(x1, left + w), y1 = Math.max(y1, top + h);
      // Where the reference landed, for the material pass (the background keeps its colour).
      if (weight) {
        for (let y = Math.max(0, top); y < Math.min(height, top + h); y++) {
          for (let x = Math.max(0, left); x < Math.min(width, left + w); x++) {
            const a = img.data[(Math.floor((y - top) / grow) * img.width + Math.floor((x - left) / grow)) * 4 + 3]!;
            if (a > weight[y * width + x]!) weight[y * width + x] = a;
          }
        }
      }
    }
    // Within the frame: nothing the reference covers lies outside this box.
    x0 = Math.max(0, x0), y0 = Math.max(0, y0), x1 = Math.min(width, x1), y1 = Math.min(height, y1);
    const box = x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
    return { frame: result, weight, box };
  });
}
