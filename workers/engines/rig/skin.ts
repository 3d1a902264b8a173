// The mesh bound to the rig: a grid of small cells over the subject (one art pixel a cell for pixel
// art, so every pixel turns whole, however far the sprite was scaled up), each cell two triangles
// labelled with its part. Vertices are
// shared across parts, so joints bend without seams (linear blend skinning, weights falling off
// with the distance to each bone the neighbouring parts allow); a copied part (the far leg) gets
// its own vertices on its own bones, except that the body painted in under a limb shares the
// body's vertices where the two meet.
import type { RawImage } from '../../types.ts';
import type { Rig, Vec } from './types.ts';
import type { Affine } from './kinematics.ts';
import { fistArm } from './humanoid.ts';
import { overParts } from './underlay.ts';

export interface Mesh {
  /** Rest positions (start image pixels), x y interleaved. */
  rest: Float64Array;
  /** Per vertex, up to MAX_INFLUENCE (bone, weight) pairs; bone -1 pads. */
  bones: Int16Array;
  weights: Float32Array;
  /** Triangles as vertex index triples, drawn in this order (back to front), with their part. */
  triangles: Uint32Array;
  parts: Uint8Array;
  /** Set for a cutout figure (see cutoutOf): its parts move as whole blocks. */
  cutout?: Cutout;
  /** Set where a cell holds a rigid part and more (see Clip). */
  clip?: Clip;
}

/**
 * The cells a rigid part shares with others, drawn by each at the pixel: a cell of several px
 * taken whole by its commonest part would carry a sliver of a shoe off with the hem, or of the hem
 * with the shoe (a stepped, torn edge). Such a cell is in the mesh of every part it holds, and each
 * of its triangles draws only the source pixels labelled as it keeps: its own part's label, or
 * (ANY_SOFT) any label but a rigid part's.
 */
export interface Clip {
  /** The rig's labels, `width` wide: rest coordinates. */
  labels: Int8Array;
  width: number;
  /** Per triangle, the label it keeps, ANY_SOFT, BACKING, or -1 where it draws every pixel it covers. */
  keep: Int16Array;
  /** Per label, 1 for a rigid part's. */
  rigid: Uint8Array;
  /** The labels as drawn from the body painted in under the limbs, with the rigid parts painted in beneath them (underlay.ts). */
  under?: Int8Array;
  /** Per part, 1 where it is drawn from the body painted in under the limbs (not a limb over it): its triangles keep by `under`. */
  readsUnder?: Uint8Array;
}

export const ANY_SOFT = -2;
/**
 * Kept by a shoe's backing (see buildMesh): the body's solid pixels in the cells the shoe shares with
 * it and the body's cells next to those, drawn behind everything as the shoe moves.
 */
export const BACKING = -3;

/**
 * A tiny pixel figure moved as cutouts, the way an artist moves one a few pixels tall: blocks of its
 * own pixels slid by whole art pixels, nothing turned or bent (a leg four pixels long turned by a
 * few degrees scatters into loose pixels). The legs above the knees ride on the hips; the rest of
 * the body on them too, but sideways with the middle of the span from hips to crown (a lean is the
 * upper body a pixel or two ahead of the hips, not a head slid across a helmet's visor; a chibi's
 * head is most of its height, and its short spine's middle barely moves); each foot on its leg's
 * end, never down away from the hips, which would open a gap under the body; a hand hanging beside
 * the legs a pixel at most against the other side's leg (up while that foot is off the ground), and
 * where its arm swings wide (a blow, a cast, arms thrown up), on to where the arm carries its end,
 * still on the body's outline (see Fist). An arm found (one holding a sword out) still turns, as a
 * block about its shoulder, which slides with the upper body: a blow is the one thing a figure this
 * small must swing.
 */
export interface Cutout {
  /** Per vertex, its part. */
  vertexPart: Uint8Array;
  /** Per part, what carries it: HIPS, UPPER, FOOT, HAND or ARM. */
  carrier: Uint8Array;
  /** Per part, the leg bone that carries a foot or hand and that bone's end, or an arm's root bone and its shoulder (x y interleaved); unused for the others. */
  bone: Int16Array;
  anchor: Float64Array;
  /** The spine's bone, the hips at its head, and the middle of the span from them to the crown. */
  spine: number;
  hips: Vec;
  middle: Vec;
  /** One art pixel, in image pixels: every slide is whole art pixels. */
  unit: number;
  /** How far a foot slides sideways from the hips at most (image pixels): a stride, not a split. */
  stride: number;
  /** Per hand part that ends an arm (a small figure's fist, humanoid.ts), how the arm carries it. */
  fists: (Fist | undefined)[];
}

/**
 * A fist's arm: its lower bone and that bone's end (the fist), and where the fist still touches the
 * body. The fist sways with the legs as any hand and goes, besides, where its arm's turn carries its
 * end, as a whole block: a blow, a cast or a cheer moves it.
 */
interface Fist {
  bone: number;
  end: Vec;
  /** From the shoulder to the fist. */
  length: number;
  reach: Reach;
}

/**
 * How far (a share of its arm's length) a fist's arm carries it before the fist leaves the sway, and
 * from how far it follows the arm wholly: a walk's small swing shows as the sway, a pixel a step (an
 * arm a few pixels long swung through a third of a radian moves its fist a pixel or two out and back,
 * a flapping at this size), while a blow, a cast or arms thrown up move the fist where the arm goes.
 */
const FIST_STILL = 0.5, FIST_FREE = 0.9;

/**
 * The slides (whole art pixels, against the upper body) at which a fist still touches the body:
 * `touches[(j + radius) * (2 radius + 1) + i + radius]` for a slide of (i, j) art pixels. A figure
 * this small has no forearm to draw between a fist and its shoulder, so a fist sent further out
 * stops where it would come loose, as an artist keeps it on the outline.
 */
interface Reach {
  radius: number;
  touches: Uint8Array;
}

const HIPS = 0, UPPER = 1, FOOT = 2, HAND = 3, ARM = 4;

/** The longest sideways slide of a cutout's foot, as a share of its height. */
const CUTOUT_STRIDE = 0.1;

const MAX_INFLUENCE = 4;

/** The mesh's cells: squares of `size` px, the first column and row starting at x0, y0 (in (-size, 0]). */
export interface CellGrid {
  size: number;
  x0: number;
  y0: number;
}

// Past this an image is not upscaled pixel art but large flat shapes.
const MAX_BLOCK = 32;

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

/**
 * The art's own pixels: an upscaled sprite is made of k x k blocks of one colour, and a block is
 * one art pixel, which turns whole. k is the greatest common divisor of the distances between
 * colour changes, along rows and columns; 1 for art at its own size.
 */
export function pixelGrid(sprite: RawImage): CellGrid {
  const { width: w, height: h, data } = sprite;
  const same = (p: number, q: number): boolean =>
    data[p * 4] === data[q * 4] && data[p * 4 + 1] === data[q * 4 + 1] && data[p * 4 + 2] === data[q * 4 + 2] && data[p * 4 + 3] === data[q * 4 + 3];
  // Per axis: the first colour change seen, and the gcd of every change's distance from it.
  const axis = (lines: number, length: number, at: (line: number, i: number) => number): { k: number; first: number } => {
    let first = -1, k = 0;
    for (let line = 0; line < lines && k !== 1; line++) {
      for (let i = 1; i < length; i++) {
        if (same(at(line, i), at(line, i - 1))) continue;
        if (first < 0) first = i;
        else k = gcd(k, i - first);
        if (k === 1) break;
      }
    }
    return { k, first };
  };
  const x = axis(h, w, (y, i) => y * w + i), y = axis(w, h, (col, i) => i * w + col);
  const k = gcd(x.k, y.k);
  if (k < 2 || k > MAX_BLOCK) return { size: 1, x0: 0, y0: 0 };
  const start = (first: number): number => (first % k === 0 ? 0 : (first % k) - k);
  return { size: k, x0: start(x.first), y0: start(y.first) };
}

/** Painted art's cells: about 64 over its height. */
export const paintedGrid = (rig: Rig): CellGrid => ({ size: Math.max(1, Math.round(rig.height / 64)), x0: 0, y0: 0 });

/** Distance from `p` to the segment a-b. */
export function segmentDistance(p: Vec, a: Vec, b: Vec): number {
  const vx = b.x - a.x, vy = b.y - a.y;
  const l2 = vx * vx + vy * vy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * vx + (p.y - a.y) * vy) / l2)) : 0;
  return Math.hypot(p.x - a.x - t * vx, p.y - a.y - t * vy);
}

/**
 * Whether `rig` (pixel art) moves as cutouts: the rig gives a figure that small feet of their own
 * (legLFoot, humanoid.ts), which only sliding blocks carry.
 */
export const movesAsCutouts = (rig: Rig): boolean => rig.parts.some((p) => p.name.endsWith('Foot'));

export function buildMesh(rig: Rig, grid: CellGrid, cutout = false, beneath?: Int8Array): Mesh {
  const { size: c, x0, y0 } = grid;
  const width = rig.width, height = rig.labels.length / rig.width;
  const gw = Math.ceil((width - x0) / c), gh = Math.ceil((height - y0) / c);
  // One layer for the shared mesh, one more for each copied or rigid part.
  // A cutout figure's parts are all rigid: none shares a vertex with another.
  const isRigid = Uint8Array.from(rig.parts, (p) => (cutout || p.rigid === true ? 1 : 0));
  const rigidBit = rig.parts.map((p, i) => (!cutout && p.rigid && p.copyOf === undefined && i < 32 ? 1 << i : 0));
  const anyRigid = rigidBit.some((b) => b !== 0);
  const cells = cellLabels(rig, grid, gw, gh, rigidBit, isRigid, beneath);
  const { rigidIn, softPart } = cells;
  /** The cells with body pixels in or next to a cell holding the rigid part `part` (a shoe's backing). */
  const backingCells = (part: number): Uint8Array => {
    const out = new Uint8Array(gw * gh);
    for (let cy = 0; cy < gh; cy++) for (let cx = 0; cx < gw; cx++) {
      if (!(rigidIn[cy * gw + cx]! & rigidBit[part]!)) continue;
      for (let y = Math.max(0, cy - 1); y <= Math.min(gh - 1, cy + 1); y++) for (let x = Math.max(0, cx - 1); x <= Math.min(gw - 1, cx + 1); x++) {
        if (softPart[y * gw + x]! >= 0) out[y * gw + x] = 1;
      }
    }
    return out;
  };
  const rest: number[] = [], bones: number[] = [], weights: number[] = [];
  const tris: { v: [number, number, number]; part: number; depth: number; keep: number }[] = [];
  const layers = [-1, ...rig.parts.flatMap((p, i) => (p.copyOf !== undefined || isRigid[i] ? [i] : []))];
  const softness = Math.max(1, 0.04 * rig.height);
  // A corner of the grid is one vertex for every part around it, except where a limb joined to the
  // body only at a joint (Part.joinedAt) meets the rest away from that joint: there the limb has
  // a vertex of its own (keyed past the shared ones by its joint).
  const corners = (gw + 1) * (gh + 1);
  const joinRadius = Math.max(1.5 * c, 0.1 * rig.height);
  const descends = (b: number, from: number): boolean => {
    for (let k = b; k >= 0; k = rig.bones[k]?.parent ?? -1) if (k === from) return true;
    return false;
  };
  // Per part, the bones that may move its vertices; at a limb's own vertex, only those below its
  // joint (the body's would hold it back).
  const partBones = rig.parts.map((p) => p.bones);
  const ownBones = rig.parts.map((p) => (p.joinedAt === undefined ? p.bones : p.bones.filter((b) => descends(b, p.joinedAt!))));
  const keyOf = (gx: number, gy: number, part: number): number => {
    const key = gy * (gw + 1) + gx;
    const joint = rig.parts[part]?.joinedAt;
    if (joint === undefined) return key;
    const head = (rig.bones[joint] as (typeof rig.bones)[number]).head;
    return Math.hypot(x0 + gx * c - head.x, y0 + gy * c - head.y) <= joinRadius ? key : key + (joint + 1) * corners;
  };
  // The body's vertices, which a body painted in under a limb (Part.under) shares where the two
  // meet: bound to other bones (the legs too), vertices of its own would pull apart from the
  // body's and open a hole along the seam.
  let bodyVertexOf = new Map<number, number>();
  // Within it, above the hips it is the torso's and moves as the torso does (pulled by the legs
  // there it would stretch away from the torso around it); below, the legs carry it too (a hand at
  // the hip covers the hips).
  const hipsY = rig.bones[rig.index.spine ?? -1]?.head.y ?? Infinity;
  const torsoBones = new Set(rig.parts.find((p) => p.name === 'torso')?.bones ?? []);
  // A vertex's strongest bones, strongest first (ties in the order allowed): MAX_INFLUENCE slots.
  const rankB = new Int32Array(MAX_INFLUENCE), rankW = new Float64Array(MAX_INFLUENCE);
  const partOf = new Int16Array(gw * gh);
  for (const layerPart of layers) {
    const vertexOf = new Map<number, number>();
    if (layerPart < 0) bodyVertexOf = vertexOf;
    const shares = layerPart >= 0 && rig.parts[layerPart]?.under === true;
    // Per vertex key, the bones allowed to move it, in the order first allowed, and the parts (a bit
    // each, up to 31) whose bones are in already: most corners are met by four cells of one part.
    const allowedAt = new Map<number, { bones: number[]; merged: number }>();
    // A copied or rigid layer draws its source part's cells; a rigid source's, every cell holding it.
    const source = layerPart < 0 ? -1 : (rig.parts[layerPart]?.copyOf ?? layerPart);
    const layer: LayerCells = { part: layerPart, source, clipped: source >= 0 && rigidBit[source] !== 0, shares, backing: null };
    // A shoe stepping under a hem (shoes.ts) and the hem part along a line: the body's rise in a bob
    // or a step, or its lean, would open a crack there, through to the background. So the shoe
    // carries a backing: the body's solid pixels in the cells it shares with the body and in the
    // body's cells next to those, on the shoe's vertices, drawn behind everything. Covered where the
    // hem is, it shows the hem's edge running on where the hem has risen. (It reads the body painted
    // in under the limbs, so a hand resting there is not carried off.)
    if (layer.clipped && rig.parts[layerPart]?.shoe === true) layer.backing = backingCells(source);
    for (let cy = 0; cy < gh; cy++) for (let cx = 0; cx < gw; cx++) {
      const cell = cy * gw + cx;
      const part = layerCell(cells, layer, cell);
      partOf[cell] = part;
      if (part < 0) continue;
      for (let k = 0; k < 4; k++) {
        const key = keyOf(cx + (k & 1), cy + (k >> 1), part);
        let allowed = allowedAt.get(key);
        if (!allowed) allowedAt.set(key, (allowed = { bones: [], merged: 0 }));
        const bit = part < 31 ? 1 << part : 0;
        if (allowed.merged & bit) continue;
        allowed.merged |= bit;
        for (const b of key >= corners ? ownBones[part]! : partBones[part]!) if (!allowed.bones.includes(b)) allowed.bones.push(b);
      }
    }
    for (const [key, { bones: allowed }] of allowedAt) {
      const body = shares ? bodyVertexOf.get(key) : undefined;
      if (body !== undefined) {
        vertexOf.set(key, body);
        continue;
      }
      const corner = key % corners, gx = corner % (gw + 1), gy = (corner - gx) / (gw + 1);
      const p = { x: Math.max(0, Math.min(width, x0 + gx * c)), y: Math.max(0, Math.min(height, y0 + gy * c)) };
      const torsoOnly = shares && p.y < hipsY && allowed.some((b) => torsoBones.has(b));
      let n = 0;
      for (const b of allowed) {
        if (torsoOnly && !torsoBones.has(b)) continue;
        const bone = rig.bones[b] as (typeof rig.bones)[number];
        const w = 1 / (segmentDistance(p, bone.head, bone.tail) + softness) ** 4;
        // Stable: after every slot at least as strong.
        let at = n;
        while (at > 0 && rankW[at - 1]! < w) at--;
        if (at >= MAX_INFLUENCE) continue;
        for (let k = Math.min(n, MAX_INFLUENCE - 1); k > at; k--) { rankB[k] = rankB[k - 1]!; rankW[k] = rankW[k - 1]!; }
        rankB[at] = b; rankW[at] = w;
        n = Math.min(n + 1, MAX_INFLUENCE);
      }
      let total = 0;
      for (let k = 0; k < n; k++) total += rankW[k]!;
      vertexOf.set(key, rest.length / 2);
      rest.push(p.x, p.y);
      for (let k = 0; k < MAX_INFLUENCE; k++) {
        bones.push(k < n ? rankB[k]! : -1);
        weights.push(k < n ? rankW[k]! / total : 0);
      }
    }
    for (let cy = 0; cy < gh; cy++) for (let cx = 0; cx < gw; cx++) {
      const cell = cy * gw + cx;
      const part = partOf[cell]!;
      if (part < 0) continue;
      const v00 = vertexOf.get(keyOf(cx, cy, part))!, v10 = vertexOf.get(keyOf(cx + 1, cy, part))!;
      const v01 = vertexOf.get(keyOf(cx, cy + 1, part))!, v11 = vertexOf.get(keyOf(cx + 1, cy + 1, part))!;
      if (cellsOf(cells, layer, cell) >= 0) {
        const depth = rig.parts[part]?.depth ?? 0, keep = keepOf(cells, layer, cell);
        tris.push({ v: [v00, v10, v11], part, depth, keep }, { v: [v00, v11, v01], part, depth, keep });
      }
      if (layer.backing?.[cell]) tris.push({ v: [v00, v10, v11], part, depth: -Infinity, keep: BACKING }, { v: [v00, v11, v01], part, depth: -Infinity, keep: BACKING });
    }
  }
  // Back to front; a stable sort keeps each part's cells in reading order.
  tris.sort((s, t) => s.depth - t.depth);
  const triangles = new Uint32Array(tris.length * 3);
  const parts = new Uint8Array(tris.length);
  tris.forEach((t, i) => { triangles.set(t.v, i * 3); parts[i] = t.part; });
  const mesh: Mesh = { rest: Float64Array.from(rest), bones: Int16Array.from(bones), weights: Float32Array.from(weights), triangles, parts };
  if (anyRigid && tris.some((t) => t.keep !== -1)) {
    const labels = rig.labels;
    mesh.clip = { labels, width, keep: Int16Array.from(tris, (t) => t.keep), rigid: Uint8Array.from(rigidBit, (b) => (b ? 1 : 0)) };
    if (beneath) {
      // Drawn from the body painted in under the limbs, a pixel a rigid part was painted in at is that part's.
      const over = overParts(rig);
      const under = new Int8Array(labels);
      for (let p = 0; p < under.length; p++) if (beneath[p]! >= 0) under[p] = beneath[p]!;
      mesh.clip.under = under;
      mesh.clip.readsUnder = Uint8Array.from(rig.parts, (_, i) => (over.has(i) ? 0 : 1));
    }
  }
  if (cutout) mesh.cutout = cutoutOf(rig, mesh, c);
  return mesh;
}

/** The grid's cells as read from the rig's labels (cellLabels). */
interface Cells {
  /** Each cell's commonest label (-1: none). */
  cellPart: Int16Array;
  /** Its commonest label of a part that is not rigid (-1: none). */
  softPart: Int16Array;
  /** The rigid parts it holds, a bit each (rigidBit), painted in beneath a limb included. */
  rigidIn: Uint32Array;
  rigidBit: readonly number[];
  isRigid: Uint8Array;
}

/** One layer of the mesh: the shared one (part -1), or a copied or rigid part's own. */
interface LayerCells {
  part: number;
  /** The part whose cells it draws (-1 for the shared layer). */
  source: number;
  /** A rigid source: its layer draws every cell holding it, clipped to its pixels. */
  clipped: boolean;
  /** The body painted in under a limb (Part.under). */
  shares: boolean;
  /** A shoe's backing cells (backingCells), or null. */
  backing: Uint8Array | null;
}

/**
 * Each cell's part: the most common label among its pixels. A cell that also holds pixels of a
 * rigid part (never in a cutout figure, an art pixel a cell) keeps its commonest other part for the
 * shared mesh, and which rigid parts it holds (as a bit each): those cells are clipped (Clip).
 */
function cellLabels(rig: Rig, grid: CellGrid, gw: number, gh: number, rigidBit: readonly number[], isRigid: Uint8Array, beneath: Int8Array | undefined): Cells {
  const { size: c, x0, y0 } = grid;
  const labels = rig.labels, width = rig.width, height = labels.length / width;
  const cellPart = new Int16Array(gw * gh).fill(-1);
  const softPart = new Int16Array(gw * gh).fill(-1);
  const rigidIn = new Uint32Array(gw * gh);
  // Per label its count in the cell, and the labels in the order first seen (a tie goes to the first).
  const counts = new Int32Array(Math.max(1, rig.parts.length));
  const seen: number[] = [];
  for (let cy = 0; cy < gh; cy++) {
    const ya = Math.max(0, y0 + cy * c), yb = Math.min(height, y0 + (cy + 1) * c);
    for (let cx = 0; cx < gw; cx++) {
      const xa = Math.max(0, x0 + cx * c), xb = Math.min(width, x0 + (cx + 1) * c);
      seen.length = 0;
      // A rigid part painted in beneath a limb (underlay.ts) is in the cell too.
      let hidden = 0;
      for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) {
        const b = beneath ? beneath[y * width + x]! : -1;
        if (b >= 0) hidden |= rigidBit[b]!;
        const l = labels[y * width + x]!;
        if (l < 0) continue;
        const k = counts[l]!;
        counts[l] = k + 1;
        if (k === 0) seen.push(l);
      }
      let best = -1, n = 0, soft = -1, ns = 0, held = 0;
      for (let i = 0; i < seen.length; i++) {
        const l = seen[i]!;
        if (counts[l]! > n) { n = counts[l]!; best = l; }
        if (rigidBit[l]) held |= rigidBit[l]!;
        else if (counts[l]! > ns) { ns = counts[l]!; soft = l; }
        counts[l] = 0;
      }
      cellPart[cy * gw + cx] = best;
      softPart[cy * gw + cx] = soft;
      rigidIn[cy * gw + cx] = held | hidden;
    }
  }
  return { cellPart, softPart, rigidIn, rigidBit, isRigid };
}

/** The cell's part in this layer, or -1. */
function cellsOf(cells: Cells, layer: LayerCells, cell: number): number {
  const partOfCell = cells.cellPart[cell]!;
  if (layer.part < 0) {
    if (cells.rigidIn[cell] === 0) return partOfCell >= 0 && !cells.isRigid[partOfCell] ? partOfCell : -1;
    return cells.softPart[cell]!;
  }
  if (layer.clipped) return cells.rigidIn[cell]! & cells.rigidBit[layer.source]! ? layer.part : -1;
  return partOfCell === layer.source ? layer.part : -1;
}

/** The cell's part in this layer, its backing's included, or -1. */
function layerCell(cells: Cells, layer: LayerCells, cell: number): number {
  const part = cellsOf(cells, layer, cell);
  return part >= 0 ? part : layer.backing?.[cell] ? layer.part : -1;
}

/** The label the cell's triangles in this layer keep (Clip): -1 where the cell is its part's alone. */
function keepOf(cells: Cells, layer: LayerCells, cell: number): number {
  const held = cells.rigidIn[cell]!;
  if (layer.part < 0) return held === 0 ? -1 : ANY_SOFT;
  // The body painted in under a limb keeps its body where a rigid part painted in beside it is not.
  if (!layer.clipped) return layer.shares && held !== 0 ? ANY_SOFT : -1;
  const source = layer.source;
  return cells.cellPart[cell] !== source || cells.softPart[cell]! >= 0 || (held & ~cells.rigidBit[source]!) !== 0 ? source : -1;
}

/** How each part of `rig`'s cutout mesh is carried (see Cutout): legs by name, a foot (legLFoot) by its leg's end, a hand (handL) by the other leg's, an arm (armL, armLWeapon) about its shoulder. */
function cutoutOf(rig: Rig, mesh: Mesh, unit: number): Cutout {
  const vertexPart = new Uint8Array(mesh.rest.length / 2);
  mesh.parts.forEach((part, t) => { for (let k = 0; k < 3; k++) vertexPart[mesh.triangles[3 * t + k]!] = part; });
  const carrier = new Uint8Array(rig.parts.length), bone = new Int16Array(rig.parts.length).fill(-1), anchor = new Float64Array(rig.parts.length * 2);
  const fists: (Fist | undefined)[] = rig.parts.map(() => undefined);
  rig.parts.forEach((part, i) => {
    const end = part.bones.find((b) => rig.bones[b]!.name.endsWith('Lower'));
    if (part.name.endsWith('Foot') && end !== undefined) {
      carrier[i] = FOOT;
      bone[i] = end;
      anchor[2 * i] = rig.bones[end]!.tail.x;
      anchor[2 * i + 1] = rig.bones[end]!.tail.y;
    } else if (/^hand[LR]$/.test(part.name)) {
      // A hand swings against the leg on the other side (seen from the side, the far one).
      const leg = rig.view === 'front' ? (part.name === 'handL' ? 'legRLower' : 'legLLower') : 'legBLower';
      const b = rig.index[leg];
      if (b === undefined) carrier[i] = UPPER;
      else {
        carrier[i] = HAND;
        bone[i] = b;
        anchor[2 * i] = rig.bones[b]!.tail.x;
        anchor[2 * i + 1] = rig.bones[b]!.tail.y;
        const side = part.name[4];
        const lower = rig.index[`arm${side}Lower`], upper = rig.index[`arm${side}`];
        if (fistArm(rig, `arm${side}`) && lower !== undefined && upper !== undefined) {
          const tip = rig.bones[lower]!.tail, shoulder = rig.bones[upper]!.head;
          fists[i] = { bone: lower, end: tip, length: Math.hypot(tip.x - shoulder.x, tip.y - shoulder.y), reach: fistReach(rig, i, unit) };
        }
      }
    } else if (/^arm[LR]/.test(part.name) && rig.index[part.name.slice(0, 4)] !== undefined) {
      carrier[i] = ARM;
      bone[i] = rig.index[part.name.slice(0, 4)]!;
      anchor[2 * i] = rig.bones[bone[i]!]!.head.x;
      anchor[2 * i + 1] = rig.bones[bone[i]!]!.head.y;
    } else carrier[i] = part.name.startsWith('leg') ? HIPS : UPPER;
  });
  const spine = rig.index.spine!;
  const { head: hips, tail: neck } = rig.bones[spine]!;
  const top = rig.bones[rig.index.head ?? -1]?.tail ?? neck;
  const stride = unit * Math.max(1, Math.round((CUTOUT_STRIDE * rig.height) / unit));
  return { vertexPart, carrier, bone, anchor, spine, hips, middle: { x: (hips.x + top.x) / 2, y: (hips.y + top.y) / 2 }, unit, stride, fists };
}

/** Where part `fist` of `rig` touches the rest of the body above the knees, slid by whole art pixels of `unit`. */
function fistReach(rig: Rig, fist: number, unit: number): Reach {
  const { width, labels } = rig;
  const height = labels.length / width;
  // The body grown by an art pixel: a fist on it, or beside it, touches.
  const near = new Uint8Array(labels.length);
  for (let p = 0; p < labels.length; p++) {
    const l = labels[p]!;
    if (l < 0 || l === fist || /Foot$|^hand/.test(rig.parts[l]!.name)) continue;
    const x = p % width, y = (p - x) / width;
    for (let yy = Math.max(0, y - unit); yy <= Math.min(height - 1, y + unit); yy++) near.fill(1, yy * width + Math.max(0, x - unit), yy * width + Math.min(width - 1, x + unit) + 1);
  }
  const own: number[] = [];
  for (let p = 0; p < labels.length; p++) if (labels[p] === fist) own.push(p);
  const radius = Math.ceil(rig.height / unit), side = 2 * radius + 1;
  const touches = new Uint8Array(side * side);
  // A fist slid over the head is drawn under it and gone (a side view's hand raised across its hat):
  // a slide that hides more than half of it is not taken.
  const head = rig.parts.findIndex((p) => p.name === 'head');
  for (let j = -radius; j <= radius; j++) for (let i = -radius; i <= radius; i++) {
    let hidden = 0, touching = false;
    for (const p of own) {
      const x = (p % width) + i * unit, y = Math.floor(p / width) + j * unit;
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      if (near[y * width + x] === 1) touching = true;
      if (labels[y * width + x] === head) hidden++;
    }
    touches[(j + radius) * side + i + radius] = touching && hidden * 2 <= own.length ? 1 : 0;
  }
  return { radius, touches };
}

/** The slide (i, j) art pixels toward the fist's target, taken back toward its rest until it touches the body. */
function keptOn(reach: Reach, i: number, j: number): [number, number] {
  const { radius, touches } = reach, side = 2 * radius + 1;
  const steps = Math.max(Math.abs(i), Math.abs(j));
  for (let k = steps; k > 0; k--) {
    const a = Math.round((i * k) / steps), b = Math.round((j * k) / steps);
    if (Math.abs(a) <= radius && Math.abs(b) <= radius && touches[(b + radius) * side + a + radius] === 1) return [a, b];
  }
  return [0, 0];
}

export interface Extent {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** `into` grown to hold every vertex of `pos` (x y interleaved); pass a fresh extent to start. */
export function growExtent(into: Extent, pos: Float64Array): Extent {
  for (let i = 0; i < pos.length; i += 2) {
    const x = pos[i] as number, y = pos[i + 1] as number;
    if (x < into.x0) into.x0 = x;
    if (x > into.x1) into.x1 = x;
    if (y < into.y0) into.y0 = y;
    if (y > into.y1) into.y1 = y;
  }
  return into;
}

/** Every vertex moved by its bones' transforms, blended by weight (or its part's block, a cutout's), then by `global`. */
export function deform(mesh: Mesh, transforms: readonly Affine[], global: Affine): Float64Array {
  const n = mesh.rest.length / 2;
  const out = new Float64Array(n * 2);
  if (mesh.cutout) return slideCutouts(mesh, mesh.cutout, transforms, global, out);
  for (let v = 0; v < n; v++) {
    blend(mesh, transforms, v, out);
    const ox = out[2 * v]!, oy = out[2 * v + 1]!;
    out[2 * v] = global[0] * ox + global[2] * oy + global[4];
    out[2 * v + 1] = global[1] * ox + global[3] * oy + global[5];
  }
  return out;
}

/** Vertex `v` moved by its bones' transforms, blended by weight, written to `out` at 2v. */
function blend(mesh: Mesh, transforms: readonly Affine[], v: number, out: Float64Array): void {
  const x = mesh.rest[2 * v] as number, y = mesh.rest[2 * v + 1] as number;
  let ox = 0, oy = 0;
  for (let k = 0; k < MAX_INFLUENCE; k++) {
    const b = mesh.bones[v * MAX_INFLUENCE + k] as number;
    if (b < 0) break;
    const w = mesh.weights[v * MAX_INFLUENCE + k] as number;
    const m = transforms[b] as Affine;
    ox += w * (m[0] * x + m[2] * y + m[4]);
    oy += w * (m[1] * x + m[3] * y + m[5]);
  }
  out[2 * v] = ox;
  out[2 * v + 1] = oy;
}

/** deform for a cutout figure: each part's block slid by whole art pixels (see Cutout). */
function slideCutouts(mesh: Mesh, cut: Cutout, transforms: readonly Affine[], global: Affine, out: Float64Array): Float64Array {
  const { unit } = cut;
  const whole = (v: number): number => unit * Math.round(v / unit);
  const moved = (b: number, p: Vec): [number, number] => {
    const m = transforms[b] as Affine;
    return [whole(m[0] * p.x + m[2] * p.y + m[4] - p.x), whole(m[1] * p.x + m[3] * p.y + m[5] - p.y)];
  };
  const [hx] = moved(cut.spine, cut.hips);
  // The hips dip by a whole pixel or not at all: a breath's dip of a fifth of a pixel, rounded,
  // never shows, and the idle stands still. From a tenth of a pixel down, it is one.
  const m = transforms[cut.spine] as Affine, dip = m[1] * cut.hips.x + m[3] * cut.hips.y + m[5] - cut.hips.y;
  const hy = dip >= 0.1 * unit ? Math.max(unit, whole(dip)) : whole(dip);
  const [ux] = moved(cut.spine, cut.middle);
  const parts = cut.carrier.length;
  const dx = new Float64Array(parts), dy = new Float64Array(parts);
  for (let p = 0; p < parts; p++) {
    const carrier = cut.carrier[p]!;
    dx[p] = carrier === UPPER ? ux : hx;
    dy[p] = hy;
    if (carrier === ARM) {
      // Turned with its bones, then moved so its shoulder is where the upper body slid it.
      const shoulder = { x: cut.anchor[2 * p]!, y: cut.anchor[2 * p + 1]! }, m = transforms[cut.bone[p]!] as Affine;
      dx[p] = shoulder.x + ux - (m[0] * shoulder.x + m[2] * shoulder.y + m[4]);
      dy[p] = shoulder.y + hy - (m[1] * shoulder.x + m[3] * shoulder.y + m[5]);
      continue;
    }
    if (carrier !== FOOT && carrier !== HAND) continue;
    const [x, y] = moved(cut.bone[p]!, { x: cut.anchor[2 * p]!, y: cut.anchor[2 * p + 1]! });
    if (carrier === FOOT) {
      dx[p] = Math.max(hx - cut.stride, Math.min(hx + cut.stride, x));
      dy[p] = Math.min(y, hy);
    } else {
      // A pixel at most: up while that foot is off the ground, forward or back half as far as it steps.
      dx[p] = ux + Math.max(-unit, Math.min(unit, whole((x - hx) / 2)));
      dy[p] = hy + Math.max(-unit, Math.min(0, y));
      const fist = cut.fists[p];
      if (fist) {
        // Plus where the arm carries its end against where the upper body alone would, kept on the body.
        const { end } = fist, arm = transforms[fist.bone] as Affine, body = transforms[cut.spine] as Affine;
        const ax = arm[0] * end.x + arm[2] * end.y + arm[4] - (body[0] * end.x + body[2] * end.y + body[4]);
        const ay = arm[1] * end.x + arm[3] * end.y + arm[5] - (body[1] * end.x + body[3] * end.y + body[5]);
        const t = Math.max(0, Math.min(1, (Math.hypot(ax, ay) / Math.max(1e-9, fist.length) - FIST_STILL) / (FIST_FREE - FIST_STILL)));
        const [i, j] = keptOn(fist.reach, Math.round((dx[p]! - ux + t * ax) / unit), Math.round((dy[p]! - hy + t * ay) / unit));
        dx[p] = ux + i * unit;
        dy[p] = hy + j * unit;
      }
    }
  }
  for (let v = 0; v < out.length / 2; v++) {
    const p = cut.vertexPart[v]!;
    let x = mesh.rest[2 * v]!, y = mesh.rest[2 * v + 1]!;
    if (cut.carrier[p] === ARM) {
      blend(mesh, transforms, v, out);
      x = out[2 * v]!;
      y = out[2 * v + 1]!;
    }
    x += dx[p]!;
    y += dy[p]!;
    out[2 * v] = global[0] * x + global[2] * y + global[4];
    out[2 * v + 1] = global[1] * x + global[3] * y + global[5];
  }
  return out;
}
