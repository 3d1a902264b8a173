// Frames of a rigged subject: the start image's subject rigged (rig/), its mesh posed frame by frame
// from the timeline, on a canvas grown to hold the whole motion with the ground point (anchor) at
// one place. Frame 0 is the start image itself, pasted at the anchor. A canvas past 512 px shrinks
// the subject instead (docs/contract.md §3), found again on the smaller image.
import type { RawImage } from '../../types.ts';
import { MAX_FRAME_SIDE } from '../../limits.ts';
import type { Rgba } from '../../kernels/image.ts';
import { createImage, TRANSPARENT } from '../../kernels/image.ts';
import { copyInto, drawOver } from '../../kernels/blit.ts';
import { packColor } from '../../kernels/palette.ts';
import type { PackedColor } from '../../kernels/palette.ts';
import { buildRamp } from '../../kernels/ramp.ts';
import { resizeTo } from '../../kernels/resize.ts';
import { hashBytes } from '../../kernels/random.ts';
import { createLook, HALO } from './look.ts';
import type { Look } from './look.ts';
import { rigSummary } from '../rig/findRig.ts';
import { apply, boneTransforms } from '../rig/kinematics.ts';
import type { RigPose } from '../rig/kinematics.ts';
import { matchPose } from '../rig/retarget.ts';
import { deform, growExtent } from '../rig/skin.ts';
import type { Extent } from '../rig/skin.ts';
import { drawMesh } from '../rig/raster.ts';
import type { Shade } from '../rig/raster.ts';
import { drawOrder } from '../rig/drawOrder.ts';
import { rigSubject } from '../rig/rigged.ts';
import { layered } from '../rig/underlay.ts';
import type { Rigged } from '../rig/rigged.ts';
import type { Rig } from '../rig/types.ts';
import { poseRig, travelSign, turnWidth } from './poseRig.ts';
import { arcAcross, arcExtent, arcFor, drawArc } from './slashArc.ts';
import type { Arc } from './slashArc.ts';
import type { TimedFrame } from './timeline.ts';

export interface Placed {
  /** The ground point in canvas pixels. */
  pivot: { x: number; y: number };
  start: { x: number; y: number; width: number; height: number; scale: number };
  rig: Record<string, unknown> | null;
}

export interface RiggedClip extends Placed {
  frames: RawImage[];
  /** What fills the canvas around the subject: transparency, or the start's flat background colour. */
  background: Rgba;
}

export interface RigInput {
  start: RawImage;
  timeline: readonly TimedFrame[];
  pixel: boolean;
  palette: readonly PackedColor[] | null;
  glow: (segment: number) => Rgba;
  /**
   * The frames to draw (default: all). The others are one shared blank canvas of the clip's size:
   * a start -> end join shows each clip on one side of its cut only.
   */
  drawn?: (i: number) => boolean;
  /**
   * Pixel art exported at a whole-number scale, given at its own resolution (artPixels.ts): the clip
   * is made there and every frame grown by this factor, so its parts move by whole art pixels.
   */
  zoom?: number;
  /**
   * A posture to move toward (start -> end: the other image's figure) and how far toward it each
   * frame goes (0 none, 1 all the way), on top of the motion's own turns.
   */
  toward?: { target: Rig; weight: (i: number) => number };
  /** Told after each frame is made (`i` its index), so a job can report its progress. */
  onFrame?: (i: number) => void;
}

/** The rigged subject and every frame's vertex positions and slash arc (start image coordinates). */
interface Posed extends Rigged {
  positions: Float64Array[];
  arcs: (Arc | null)[];
  /** Per frame, the triangles' drawing order where the pose changes it (rig/drawOrder.ts). */
  orders: (Uint32Array | undefined)[];
  bounds: Extent;
}

/** A figure facing the viewer (or a firm blob, a figure whose arms are too small to find) strikes across its own front. */
const strikesAcross = (rig: Rig): boolean => (rig.plan === 'humanoid' && rig.view === 'front') || rig.firm === true;

/** The parts that strike (arms and what they hold), whose afterimage is a strike's smear. */
const strikingParts = (rig: Rig): number[] => rig.parts.flatMap((p, i) => (/^arm[LR]/.test(p.name) ? [i] : []));

/** `pose` with `w` of `extra`'s turns and stretches added. */
function addPose(pose: RigPose, extra: RigPose, w: number): RigPose {
  if (w === 0) return pose;
  const bones = pose.bones.map((b, k) => {
    const e = extra.bones[k];
    if (!e) return b;
    const base = b ?? { angle: 0, stretch: 1 };
    return { angle: base.angle + w * e.angle, stretch: base.stretch * (1 + w * (e.stretch - 1)) };
  });
  return { ...pose, bones };
}

/**
 * The least share of its travel a motion keeps to fit the frame (a quarter of a jump's height still
 * lifts the feet clear: 14% of the figure's height); past that the subject is scaled down instead.
 */
const MIN_TRAVEL = 0.25;

/** The timeline with each frame's travel (its lift off the ground, its move along it) times `k`. */
function withTravel(timeline: readonly TimedFrame[], k: number): readonly TimedFrame[] {
  if (k === 1) return timeline;
  return timeline.map((t) => ({ ...t, frame: { ...t.frame, lift: t.frame.lift * k, forward: t.frame.forward * k } }));
}

/** The extent of a mesh's vertices (x, y pairs). */
const extentOf = (pos: Float64Array): Extent => growExtent({ x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }, pos);

/** `into` grown to hold `e` too. */
function unite(into: Extent, e: Extent): void {
  into.x0 = Math.min(into.x0, e.x0); into.x1 = Math.max(into.x1, e.x1);
  into.y0 = Math.min(into.y0, e.y0); into.y1 = Math.max(into.y1, e.y1);
}

function poseAll(start: RawImage, timeline: readonly TimedFrame[], pixel: boolean, toward?: RigInput['toward'], rigged = rigSubject(start, pixel)): Posed | null {
  if (!rigged) return null;
  const { rig, mesh } = rigged;
  // The other figure's posture as turns of this rig (mirrored when the two side views face apart).
  const target = toward && matchPose(rig, toward.target, { mirror: rig.view === 'side' && toward.target.view === 'side' && rig.facing !== toward.target.facing, lean: 0 });
  const bounds = { x0: 0, y0: 0, x1: start.width, y1: start.height };
  // A side-view figure with no arm found draws a smear arc on the fast frames of a slash instead
  // of swinging an arm (a dash's smear is an afterimage, not a blow).
  // A figure facing the viewer strikes across its own front (strikesAcross): the arc is drawn over
  // its body, from the striking arm's shoulder (the lead arm's, on the left of the picture) to the other hip.
  const front = strikesAcross(rig);
  const arcing = front || (rig.plan === 'humanoid' && rig.view === 'side' && strikingParts(rig).length === 0);
  const arcs: (Arc | null)[] = [];
  const orders: (Uint32Array | undefined)[] = [];
  const floor = extentOf(mesh.rest).y1;
  const positions = timeline.map(({ frame, toward: side }, i) => {
    const posedRig = poseRig(rig, frame, pixel, travelSign(side, rig.facing));
    const pose = target && toward ? addPose(posedRig.pose, target, toward.weight(i)) : posedRig.pose;
    const { global } = posedRig;
    const transforms = boneTransforms(rig, pose);
    const pos = deform(mesh, transforms, global);
    const body = extentOf(pos);
    // Nothing sinks into the floor: a part turned below the rest pose's lowest point (a robe's hem
    // swung about the hip like a plate) lifts the whole body onto the floor, as a step bobs. A dip
    // of a pixel or less is left, so a toe turned on the floor does not make the body hop.
    const sink = body.y1 - floor;
    const up = sink > 1 ? (pixel ? Math.floor(sink) : sink) : 0;
    if (up > 0) {
      for (let k = 1; k < pos.length; k += 2) pos[k] = (pos[k] as number) - up;
      body.y0 -= up;
      body.y1 -= up;
    }
    orders.push(drawOrder(rig, mesh, transforms));
    unite(bounds, body);
    const across = (): Arc => {
      // The neck and the hips where the pose has put them.
      const at = (bone: string, end: 'head' | 'tail'): number => {
        const i = rig.index[bone] ?? 0, p = rig.bones[i]![end];
        const q = apply(transforms[i]!, p.x, p.y);
        return apply(global, q.x, q.y).y - up;
      };
      // A firm blob's neck is where its top part begins, its hips its base.
      return rig.firm ? arcAcross(body, -1, at('top', 'head'), at('base', 'head')) : arcAcross(body, -1, at('head', 'head'), at('spine', 'head'));
    };
    const arc = arcing && frame.slash >= 1 && frame.smear >= (pixel ? 0.5 : 0.05) ? (front ? across() : arcFor(body, rig.facing)) : null;
    if (arc) unite(bounds, arcExtent(arc));
    arcs.push(arc);
    return pos;
  });
  return { ...rigged, positions, arcs, orders, bounds };
}

/**
 * Darker far limbs. Pixel art steps one colour down its palette's own ramp (the next darker colour
 * of a similar hue, as an artist shades), so a far leg stays its colour and stays in the palette.
 */
function shader(rig: Rig, palette: readonly PackedColor[] | null, pixel: boolean): Shade {
  return {
    factor: Float64Array.from(rig.parts, (p) => 1 - (p.shade ?? 0)),
    ramp: pixel && palette ? buildRamp(palette) : null,
  };
}

/** A swoosh is white; in pixel art, the palette's lightest colour (the art keeps its palette). */
function swooshColor(palette: readonly PackedColor[] | null, pixel: boolean): [number, number, number] {
  if (!pixel || !palette) return [255, 255, 255];
  let best: [number, number, number] = [255, 255, 255], light = -1;
  for (const c of palette) {
    if ((c & 255) < 255) continue;
    const rgb: [number, number, number] = [c >>> 24, (c >>> 16) & 255, (c >>> 8) & 255];
    const l = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2];
    if (l > light) { light = l; best = rgb; }
  }
  return best;
}

export function rigAnimation(input: RigInput): RiggedClip {
  const { timeline, pixel } = input;
  let start = input.start;
  let posed = poseAll(start, timeline, pixel, input.toward);
  const zoom = input.zoom ?? 1;
  const maxSide = Math.floor(MAX_FRAME_SIDE / zoom);
  const margin = pixel ? 1 : 2;
  const sizeOf = (p: Posed) => ({
    w: Math.ceil(p.bounds.x1) - Math.floor(p.bounds.x0) + 2 * margin,
    h: Math.ceil(p.bounds.y1) - Math.floor(p.bounds.y0) + 2 * margin,
  });
  const fits = (p: Posed) => {
    const { w, h } = sizeOf(p);
    return Math.max(w, h) <= maxSide;
  };
  let travel = 1;
  if (posed && !fits(posed)) {
    // A subject keeps its own size where it can, so a character is as big jumping as walking and
    // frame 0 is its start image: what the motion carries it (how high it jumps, how far it lunges)
    // is cut to fit the frame first, down to MIN_TRAVEL. A side of the canvas is the largest of
    // affine functions of the travel, so convex in it: the line between its sizes with no travel
    // and with all of it bounds it from above, and the travel read off that line fits (aimed 2 px
    // inside, for pixel art's moves rounded to whole pixels).
    const all = sizeOf(posed), none = sizeOf(poseAll(start, withTravel(timeline, 0), pixel, input.toward, posed)!);
    const room = maxSide - 2;
    const within = (a: number, b: number) => (b <= room ? 1 : a >= room ? 0 : (room - a) / (b - a));
    travel = Math.max(MIN_TRAVEL, Math.min(within(none.w, all.w), within(none.h, all.h)));
    posed = poseAll(start, withTravel(timeline, travel), pixel, input.toward, posed);
  }
  let scale = 1;
  if (posed && !fits(posed)) {
    // Past that, the subject is scaled down to fit.
    const { w, h } = sizeOf(posed);
    scale = (maxSide - 2 * margin - 2) / Math.max(w, h);
    start = resizeTo(start, Math.max(1, Math.floor(start.width * scale)), Math.max(1, Math.floor(start.height * scale)), pixel ? 'nearest' : 'smooth');
    scale = start.width / input.start.width;
    posed = poseAll(start, withTravel(timeline, travel), pixel, input.toward);
  }
  if (!posed) {
    // Nothing to move (an empty or single-colour image): every frame is the start.
    const frames = timeline.map(() => ({ ...start, data: new Uint8Array(start.data) }));
    return zoomed({ frames, background: TRANSPARENT, pivot: { x: Math.floor(start.width / 2), y: start.height }, start: { x: 0, y: 0, width: start.width, height: start.height, scale }, rig: null }, zoom);
  }
  const { rig, mesh, positions, arcs, orders, bounds } = posed;
  const size = sizeOf(posed);
  const cw = Math.min(maxSide, size.w), ch = Math.min(maxSide, size.h);
  const ox = margin - Math.floor(bounds.x0), oy = margin - Math.floor(bounds.y0);
  const background = posed.background ?? TRANSPARENT;
  // The subject's own colours: a flat background's is not one of them (a glow stepping a robe up
  // its ramp into the panel's pink erased it, and a swoosh in that colour would not show).
  const flat = posed.background && packColor(posed.background.r, posed.background.g, posed.background.b, 255);
  const palette = flat && input.palette ? input.palette.filter((c) => c !== flat) : input.palette;
  const look: Look = createLook(posed.sprite, posed.box, { pixel, palette });
  // A sprite split where limbs lie over the body: both layers coloured as the whole is.
  const layerLooks = posed.layers && {
    over: createLook(posed.layers.over, posed.box, { pixel, palette }),
    under: createLook(posed.layers.under, posed.box, { pixel, palette }),
  };
  const shade = shader(rig, palette, pixel);
  const striking = new Set(strikingParts(rig));
  // A front view's arc is across its body, drawn over it; a side view's ahead of it, behind the arm.
  const front = strikesAcross(rig);
  const arcColor = swooshColor(palette, pixel);
  const toCanvas = (pos: Float64Array): Float64Array => {
    const out = new Float64Array(pos.length);
    for (let i = 0; i < pos.length; i += 2) { out[i] = (pos[i] as number) + ox; out[i + 1] = (pos[i + 1] as number) + oy; }
    return out;
  };
  const frames: RawImage[] = [];
  let blank: RawImage | undefined;
  const drawnAs = new Map<string, (Drawing & { image: RawImage })[]>();
  const draw = ({ frame: f, segment }: TimedFrame, i: number): void => {
    if (i > 0 && input.drawn && !input.drawn(i)) {
      frames.push((blank ??= createImage(cw, ch, background)));
      return;
    }
    const canvas = createImage(cw, ch, background);
    if (i === 0) {
      copyInto(canvas, start, ox, oy);
      frames.push(canvas);
      return;
    }
    const color = input.glow(segment);
    // An afterimage of the striking arm (and what it holds) where it was a frame ago; a body with
    // no arm found gets none (a ghost of the whole body reads as a double exposure), and neither
    // does pixel art: its faint copy is a dither of whole pixels, which reads as debris torn off the
    // arm, not as speed (the slash arc is its speed line).
    const smearFrom = f.smear > 0.05 && i > 1 && striking.size > 0 && !pixel ? positions[i - 1]! : undefined;
    // A frame drawn from exactly what an earlier one was (a loop's next cycle, a held pose) is that
    // frame's pixels, copied rather than drawn again.
    const drawing: Drawing = { positions: positions[i]!, smearFrom, order: orders[i], look: JSON.stringify([f.glow, f.flash, f.shade, f.fade, f.smear, f.turn, color, arcs[i]]) };
    const key = drawingKey(drawing);
    const same = (drawnAs.get(key) ?? []).find((d) => sameDrawing(d, drawing));
    if (same) {
      frames.push({ ...same.image, data: same.image.data.slice() });
      return;
    }
    const of = (l: Look) => ({ image: l.sprite(f, color), ox: l.ox, oy: l.oy });
    const source = layerLooks ? layered(rig, { over: of(layerLooks.over), under: of(layerLooks.under) }) : of(look);
    if (f.glow > 0 && !pixel) {
      const halo = look.halo(color);
      const dx = Math.round((positions[i]![0]! - mesh.rest[0]!)), dy = Math.round((positions[i]![1]! - mesh.rest[1]!));
      drawOver(canvas, halo.image, look.ox + ox + dx, look.oy + oy + dy, Math.min(1, f.glow * HALO));
    }
    if (smearFrom) drawMesh(canvas, source, mesh, toCanvas(smearFrom), { pixel, opacity: Math.min(1, 0.45 * f.smear) * f.fade, shade, parts: striking });
    const arc = arcs[i];
    const arcOpacity = pixel ? 1 : Math.min(1, 0.85 * f.smear) * f.fade;
    if (arc && !front) drawArc(canvas, arc, ox, oy, arcColor, arcOpacity, pixel);
    // A flat thing turned toward its edge is seen through: its edge is as tall as any row of it.
    const across = rig.edge !== undefined && f.turn !== 1 ? 1 / Math.abs(turnWidth(rig, f.turn)) : 1;
    drawMesh(canvas, source, mesh, toCanvas(positions[i]!), { pixel, opacity: Math.max(0, Math.min(1, f.fade)), shade, across, order: orders[i] });
    if (arc && front) drawArc(canvas, arc, ox, oy, arcColor, arcOpacity, pixel);
    frames.push(canvas);
    const drawn = drawnAs.get(key);
    if (drawn) drawn.push({ ...drawing, image: canvas });
    else drawnAs.set(key, [{ ...drawing, image: canvas }]);
  };
  timeline.forEach((t, i) => {
    draw(t, i);
    input.onFrame?.(i);
  });
  // Engines place the sprite by this point: in whole pixels, a sprite placed at whole pixels keeps
  // its pixels on the screen's (the subject's ground is within half a pixel of it).
  const pivot = { x: ox + Math.round(rig.ground.x), y: oy + Math.round(rig.ground.y) };
  return zoomed({ frames, background, pivot, start: { x: ox, y: oy, width: start.width, height: start.height, scale }, rig: rigSummary(rig, { x: ox, y: oy }, zoom) }, zoom);
}

/** What a frame is drawn from: the mesh where it is (and was, for a smear), its drawing order and its look. */
interface Drawing {
  positions: Float64Array;
  smearFrom: Float64Array | undefined;
  order: Uint32Array | undefined;
  /** The look's numbers, the glow's colour and the swoosh, as JSON. */
  look: string;
}

/**
 * How far apart (px) two meshes' vertices may be and still be drawn as one. A loop's second cycle
 * poses the mesh where its first did, give or take the last bits of the sines it was computed with.
 */
const SAME_PLACE = 1e-6;

/** A hash of the vertices to 1/1024 px: drawings that hash apart differ; sameDrawing decides among the rest. */
function placesHash(positions: Float64Array | undefined): string {
  if (!positions) return '';
  const grid = new Int32Array(positions.length);
  for (let i = 0; i < positions.length; i++) grid[i] = Math.round(positions[i]! * 1024);
  return String(hashBytes(new Uint8Array(grid.buffer)));
}

const drawingKey = (d: Drawing): string =>
  `${d.look}|${placesHash(d.positions)}|${placesHash(d.smearFrom)}|${d.order ? hashBytes(new Uint8Array(d.order.buffer, d.order.byteOffset, d.order.byteLength)) : ''}`;

const near = (a: ArrayLike<number> | undefined, b: ArrayLike<number> | undefined, tolerance: number): boolean => {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > tolerance) return false;
  return true;
};

const sameDrawing = (a: Drawing, b: Drawing): boolean =>
  a.look === b.look && near(a.positions, b.positions, SAME_PLACE) && near(a.smearFrom, b.smearFrom, SAME_PLACE) && near(a.order, b.order, 0);

/** The clip grown by `zoom` (every frame's pixels k x k blocks, its places in the grown frame); the rig is summarised grown already. */
function zoomed(clip: RiggedClip, zoom: number): RiggedClip {
  if (zoom === 1) return clip;
  const grown = new Map<RawImage, RawImage>();
  const frames = clip.frames.map((f) => grown.get(f) ?? (grown.set(f, resizeTo(f, f.width * zoom, f.height * zoom, 'nearest')), grown.get(f)!));
  const { pivot, start } = clip;
  return {
    ...clip, frames,
    pivot: { x: pivot.x * zoom, y: pivot.y * zoom },
    start: { x: start.x * zoom, y: start.y * zoom, width: start.width * zoom, height: start.height * zoom, scale: start.scale },
  };
}
