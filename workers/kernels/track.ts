// Where the subject is in each frame: its silhouette (a soft 0..255 mask), its box and centroid,
// and whether it faces the other way than in the first frame. Transparent sources use alpha; opaque
// ones are separated from a flat background colour found on the borders, by a flood fill from the
// borders (so a white eye inside a sprite on white stays part of the sprite).
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../types.ts';
import { checkImage, checkSameSize } from './check.ts';
import type { Rgba } from './image.ts';
import { firstAtLeast, lastAtLeast, readsAsWords } from './pixelWords.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How a source's background looks: see-through, one flat colour, or neither (all subject). */
export type Background = { kind: 'alpha' } | { kind: 'flat'; color: Rgba } | { kind: 'none' };

export interface SubjectFrame {
  /** Opaque box of the silhouette (mask >= 64); null when the frame is empty. */
  box: Box | null;
  /** Box of every pixel the mask touches at all (mask > 0): nothing of the subject lies outside it. */
  extent: Box | null;
  /** Mask-weighted centroid. */
  cx: number;
  cy: number;
  /** 0..255 per pixel: how much of the pixel is subject. */
  mask: Uint8Array;
  /** Mirrored relative to the first frame, when that is clear from the silhouette. */
  flipped: boolean;
  /** Per row, asked for of a see-through source: see InsideRuns. */
  inside?: InsideRuns;
  /** Of a see-through source: per row, the span [start, end) holding its visible pixels (see RowSpans). */
  spans?: RowSpans;
}

/** Per row of an image, 2 numbers: the start and end (exclusive) of the span holding its visible pixels (0, 0: none). */
export type RowSpans = Int32Array;

/**
 * Per row of an image, 4 numbers: its first and last pixel with alpha 128 or more, and the start
 * and end of its longest run of such pixels (first > last, start > end: none).
 */
export type InsideRuns = Int32Array;

// Colour distance (sum of |dR|+|dG|+|dB|) under which a pixel is background, and over which it
// is surely subject; between the two an edge pixel is partly subject (anti-aliasing).
const NEAR = 36;
const FAR = 110;

const dist = (d: Uint8Array, i: number, c: Rgba): number =>
  Math.abs(d[i]! - c.r) + Math.abs(d[i + 1]! - c.g) + Math.abs(d[i + 2]! - c.b);

/** The background of `img` judged from its border pixels. */
export function detectBackground(img: RawImage): Background {
  checkImage(img, 'image');
  const { width, height, data } = img;
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x * 4, ((height - 1) * width + x) * 4);
  for (let y = 1; y < height - 1; y++) border.push(y * width * 4, (y * width + width - 1) * 4);
  const clear = border.filter((i) => data[i + 3]! < 16).length;
  if (clear >= border.length * 0.4) return { kind: 'alpha' };
  // Most common colour among the border (4 bits a channel), then the mean of the pixels near it.
  const counts = new Map<number, number>();
  for (const i of border) {
    const key = ((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best = 0, bestN = -1;
  for (const [k, n] of counts) if (n > bestN || (n === bestN && k < best)) [best, bestN] = [k, n];
  const guess: Rgba = { r: ((best >> 8) << 4) + 8, g: (((best >> 4) & 15) << 4) + 8, b: ((best & 15) << 4) + 8, a: 255 };
  const near = border.filter((i) => dist(data, i, guess) < NEAR);
  if (near.length < border.length * 0.5) return { kind: 'none' };
  const mean = (o: number): number => Math.round(near.reduce((s, i) => s + data[i + o]!, 0) / near.length);
  return { kind: 'flat', color: { r: mean(0), g: mean(1), b: mean(2), a: 255 } };
}

/** The subject's soft mask in `img` for background `bg` (see the file comment). */
export function subjectMask(img: RawImage, bg: Background): Uint8Array {
  checkImage(img, 'image');
  const { width, height, data } = img;
  const n = width * height;
  const mask = new Uint8Array(n);
  if (bg.kind === 'none') return mask.fill(255);
  if (bg.kind === 'alpha') {
    for (let p = 0, i = 3; p < n; p++, i += 4) mask[p] = data[i]!;
    return mask;
  }
  const c = bg.color;
  // isBg over the image with a two-pixel frame: 1 = could be background (near its colour), 2 =
  // is (reached by a flood fill from outside the image). The inner ring of the frame is a
  // candidate, the outer one a wall, so the fill needs no bounds checks.
  const pw = width + 4;
  const isBg = new Uint8Array(pw * (height + 4));
  for (let y = 1; y <= height + 2; y++) isBg[y * pw + 1] = isBg[y * pw + width + 2] = 1;
  isBg.fill(1, pw + 1, pw + width + 3);
  isBg.fill(1, (height + 2) * pw + 1, (height + 2) * pw + width + 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width * 4, q = (y + 2) * pw + 2; x < width; x++, i += 4, q++) {
      if (Math.abs(data[i]! - c.r) + Math.abs(data[i + 1]! - c.g) + Math.abs(data[i + 2]! - c.b) < NEAR) isBg[q] = 1;
    }
  }
  const stack = new Int32Array(isBg.length);
  let top = 0;
  isBg[pw + 1] = 2;
  stack[top++] = pw + 1;
  while (top > 0) {
    const q = stack[--top]!;
    if (isBg[q - 1] === 1) (isBg[q - 1] = 2), (stack[top++] = q - 1);
    if (isBg[q + 1] === 1) (isBg[q + 1] = 2), (stack[top++] = q + 1);
    if (isBg[q - pw] === 1) (isBg[q - pw] = 2), (stack[top++] = q - pw);
    if (isBg[q + pw] === 1) (isBg[q + pw] = 2), (stack[top++] = q + pw);
  }
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0, q = (y + 2) * pw + 2; x < width; x++, p++, q++) {
      if (isBg[q] === 2) continue;
      const a = data[p * 4 + 3]!;
      if (isBg[q - 1] !== 2 && isBg[q + 1] !== 2 && isBg[q - pw] !== 2 && isBg[q + pw] !== 2) {
        mask[p] = a;
        continue;
      }
      // Edge pixels close to the background colour are anti-aliasing: partly subject.
      const d = dist(data, p * 4, c);
      mask[p] = d < FAR ? Math.round(Math.max(0.15, (d - NEAR) / (FAR - NEAR)) * a) : a;
    }
  }
  return mask;
}

/**
 * Box and centroid of a mask (pixels >= 64 count for the box, any above 0 for the extent). The
 * mask is every `stride`-th byte from `offset` (4 and 3 read an RGBA image's alpha in place).
 */
export function maskBox(mask: Uint8Array, width: number, height: number, stride = 1, offset = 0): { box: Box | null; extent: Box | null; cx: number; cy: number } {
  if (stride === 4 && offset === 3 && readsAsWords(mask) && mask.length >= width * height * 4) {
    const px = new Uint32Array(mask.buffer, mask.byteOffset, width * height);
    return alphaBox(px, mask.byteOffset % 8 === 0 ? new Float64Array(mask.buffer, mask.byteOffset, (width * height) >> 1) : undefined, width, height);
  }
  return maskBoxBytes(mask, width, height, stride, offset);
}

/**
 * The box and extent of an RGBA image's alpha as maskBox finds them, without the centroid (the
 * visible pixels between each row's ends are then not summed), with each row's visible span
 * (RowSpans), and with `runs` its rows' InsideRuns, read in the same pass.
 */
export function alphaBounds(img: RawImage, runs: boolean): { box: Box | null; extent: Box | null; inside?: InsideRuns; spans: RowSpans } {
  const { data, width, height } = img;
  const spans: RowSpans = new Int32Array(height * 2);
  let inside: InsideRuns | undefined;
  if (runs) {
    inside = new Int32Array(height * 4);
    for (let y = 0; y < height; y++) (inside[y * 4] = 1), (inside[y * 4 + 2] = 1);
  }
  if (!readsAsWords(data)) {
    // Bytes: the box as maskBox finds it, the runs read apart.
    for (let y = 0; inside && y < height; y++) {
      let start = -1;
      for (let x = 0; x <= width; x++) {
        if (x < width && data[(y * width + x) * 4 + 3]! >= 128) { if (start < 0) start = x; continue; }
        if (start < 0) continue;
        closeRun(inside, y, start, x - 1);
        start = -1;
      }
    }
    const { box, extent } = maskBoxBytes(data, width, height, 4, 3, spans);
    return { box, extent, inside, spans };
  }
  const px = new Uint32Array(data.buffer, data.byteOffset, width * height);
  const { box, extent } = alphaBox(px, data.byteOffset % 8 === 0 ? new Float64Array(data.buffer, data.byteOffset, (width * height) >> 1) : undefined, width, height, inside, false, spans);
  return { box, extent, inside, spans };
}

/** Row y's run start..end of inside pixels recorded (runs arrive left to right). */
function closeRun(inside: Int32Array, y: number, start: number, end: number): void {
  if (inside[y * 4]! > inside[y * 4 + 1]!) inside[y * 4] = start;
  inside[y * 4 + 1] = end;
  if (end - start > inside[y * 4 + 3]! - inside[y * 4 + 2]!) (inside[y * 4 + 2] = start), (inside[y * 4 + 3] = end);
}

/**
 * The box (alpha 64 or more), the extent (any alpha) and the centroid, gathered a row at a time:
 * `any`..`anyLast` the row's visible span, `first`..`last` its span of alpha 64 or more (first -1:
 * none), `rowW` and `rowX` its alpha sum and x-weighted sum.
 */
class BoxSums {
  minX: number; minY: number; maxX = -1; maxY = -1; sx = 0; sy = 0; sw = 0;
  eMinX: number; eMinY: number; eMaxX = -1; eMaxY = -1;
  constructor(readonly width: number, readonly height: number, readonly spans?: RowSpans) {
    this.minX = this.eMinX = width;
    this.minY = this.eMinY = height;
  }

  row(y: number, any: number, anyLast: number, first: number, last: number, rowW: number, rowX: number): void {
    if (any < this.eMinX) this.eMinX = any;
    if (anyLast > this.eMaxX) this.eMaxX = anyLast;
    if (y < this.eMinY) this.eMinY = y;
    this.eMaxY = y;
    if (this.spans) (this.spans[y * 2] = any), (this.spans[y * 2 + 1] = anyLast + 1);
    this.sx += rowX;
    this.sy += y * rowW;
    this.sw += rowW;
    if (first < 0) return;
    if (first < this.minX) this.minX = first;
    if (last > this.maxX) this.maxX = last;
    if (y < this.minY) this.minY = y;
    this.maxY = y;
  }

  result(): { box: Box | null; extent: Box | null; cx: number; cy: number } {
    const { minX, minY, maxX, maxY, eMinX, eMinY, eMaxX, eMaxY, sx, sy, sw, width, height } = this;
    const box = maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
    const extent = eMaxX < 0 ? null : { x: eMinX, y: eMinY, width: eMaxX - eMinX + 1, height: eMaxY - eMinY + 1 };
    return { box, extent, cx: sw ? sx / sw + 0.5 : width / 2, cy: sw ? sy / sw + 0.5 : height / 2 };
  }
}

function maskBoxBytes(mask: Uint8Array, width: number, height: number, stride: number, offset: number, spans?: RowSpans): { box: Box | null; extent: Box | null; cx: number; cy: number } {
  const acc = new BoxSums(width, height, spans);
  for (let y = 0, p = 0; y < height; y++) {
    // Per row in integers (at most 4096 x 4096 x 255 fits), then into the totals.
    let rowW = 0, rowX = 0, first = -1, last = -1, any = -1, anyLast = -1;
    for (let x = 0; x < width; x++, p++) {
      const m = mask[p * stride + offset]!;
      if (m === 0) continue;
      if (any < 0) any = x;
      anyLast = x;
      rowW += m;
      rowX += x * m;
      if (m < 64) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (rowW === 0) continue;
    acc.row(y, any, anyLast, first, last, rowW, rowX);
  }
  return acc.result();
}

/**
 * maskBox over an RGBA image's alpha, read as whole pixels (alpha is the top byte of each
 * little-endian word): a see-through pixel costs one read and one compare, and each row's sums run
 * only between its first and last visible pixel. The same totals, in the same order.
 */
function alphaBox(px: Uint32Array, pairs: Float64Array | undefined, width: number, height: number, inside?: InsideRuns, sums = true, spans?: RowSpans): { box: Box | null; extent: Box | null; cx: number; cy: number } {
  const acc = new BoxSums(width, height, spans);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const any = firstAtLeast(px, pairs, row, row + width, 0x1000000) - row;
    if (any === width) continue;
    const anyLast = lastAtLeast(px, pairs, row, row + width, 0x1000000) - row;
    // The sums over the visible span for the centroid (a clear pixel adds 0), then the box's ends
    // (alpha 64 or more).
    let rowW = 0, rowX = 0;
    if (sums) {
      for (let x = any; x <= anyLast; x++) {
        const m = px[row + x]! >>> 24;
        rowW += m;
        rowX += x * m;
      }
    }
    if (inside) {
      // The runs of alpha 128 or more (a word from 0x80000000).
      for (let x = any; x <= anyLast; ) {
        while (x <= anyLast && px[row + x]! < 0x80000000) x++;
        if (x > anyLast) break;
        const start = x;
        while (x <= anyLast && px[row + x]! >= 0x80000000) x++;
        closeRun(inside, y, start, x - 1);
      }
    }
    let first = firstAtLeast(px, undefined, row + any, row + anyLast + 1, 0x40000000) - row;
    const last = lastAtLeast(px, undefined, row + any, row + anyLast + 1, 0x40000000) - row;
    if (first > anyLast) first = -1;
    acc.row(y, any, anyLast, first, last, rowW, rowX);
  }
  return acc.result();
}

const SIG = 12;

/**
 * The silhouette resampled to SIG x SIG over its box: a size-free shape signature. Each cell
 * averages 4 x 4 point samples at fractional positions, so a mirrored shape gives exactly the
 * mirrored signature (whole-pixel cell edges would not split an odd width symmetrically).
 */
function signature({ mask, stride = 1, offset = 0, width: rowLength }: Shape, width: number, box: Box): Float32Array {
  const w = rowLength ?? width;
  const sig = new Float32Array(SIG * SIG);
  const SUB = 4;
  for (let gy = 0; gy < SIG; gy++) {
    for (let gx = 0; gx < SIG; gx++) {
      let sum = 0;
      for (let j = 0; j < SUB; j++) {
        const y = box.y + Math.floor(((gy + (j + 0.5) / SUB) * box.height) / SIG);
        for (let i = 0; i < SUB; i++) {
          const x = box.x + Math.floor(((gx + (i + 0.5) / SUB) * box.width) / SIG);
          sum += mask[(y * w + x) * stride + offset]!;
        }
      }
      sig[gy * SIG + gx] = sum / (255 * SUB * SUB);
    }
  }
  return sig;
}

function sigDistance(a: Float32Array, b: Float32Array, mirrorB: boolean): number {
  let s = 0;
  for (let y = 0; y < SIG; y++)
    for (let x = 0; x < SIG; x++) s += Math.abs(a[y * SIG + x]! - b[y * SIG + (mirrorB ? SIG - 1 - x : x)]!);
  return s / (SIG * SIG);
}

/** A silhouette: a mask `width` wide (every `stride`-th byte from `offset`) and its box. */
interface Shape {
  mask: Uint8Array;
  stride?: number;
  offset?: number;
  /** The mask's row length, where it is not the frame's (a mask over the box alone). */
  width?: number;
  box: Box | null;
}

/**
 * Tracks the subject through `frames` (all one size) against background `bg`. A see-through
 * source's mask is its alpha: the box is read from the frame in place, and the mask copied out
 * only when something asks for it (the material pass reads alpha itself), the centroid worked out
 * when first read (restyle never reads it), and with `insideRuns`
 * its rows' runs (InsideRuns) are read in the same pass. `onFrame` sees each frame with its
 * subject as soon as that is found. Frames that are one picture (the same pixel buffer) get one
 * SubjectFrame, shared: treat it as read-only.
 */
export function trackSubject(
  frames: readonly RawImage[],
  bg: Background,
  opts: { onFrame?: (frame: RawImage, subject: SubjectFrame, index: number) => void; insideRuns?: boolean } = {},
): SubjectFrame[] {
  const { onFrame } = opts;
  checkSameSize(frames, 'frames');
  const width = (frames[0] as RawImage).width;
  // A source can hand out one picture for several frames (a GIF's loop, a hold): it is read once,
  // and its frames share what was found (nothing found depends on where in the run a frame is).
  const foundIn = new Map<Uint8Array, SubjectFrame>();
  const tracked: SubjectFrame[] = frames.map((f, i) => {
    const again = foundIn.get(f.data);
    if (again) {
      onFrame?.(f, again, i);
      return again;
    }
    let found: SubjectFrame;
    if (bg.kind !== 'alpha') {
      const mask = subjectMask(f, bg);
      found = { mask, ...maskBox(mask, f.width, f.height), flipped: false };
    } else {
      let mask: Uint8Array | undefined;
      let centre: { cx: number; cy: number } | undefined;
      const centroid = (): { cx: number; cy: number } => (centre ??= maskBox(f.data, f.width, f.height, 4, 3));
      const { box, extent, inside, spans } = alphaBounds(f, opts.insideRuns === true);
      found = {
        get mask(): Uint8Array {
          return (mask ??= subjectMask(f, bg));
        },
        box,
        extent,
        get cx(): number {
          return centroid().cx;
        },
        get cy(): number {
          return centroid().cy;
        },
        flipped: false,
        spans,
        ...(inside ? { inside } : {}),
      };
    }
    // While the frame is still in cache (flipped is not known yet).
    onFrame?.(f, found, i);
    foundIn.set(f.data, found);
    return found;
  });
  const shapes = bg.kind === 'alpha' ? frames.map((f, i) => ({ mask: f.data, stride: 4, offset: 3, box: (tracked[i] as SubjectFrame).box })) : tracked;
  turnedAround(shapes, width).forEach((flipped, i) => ((tracked[i] as SubjectFrame).flipped = flipped));
  return tracked;
}

/**
 * For each silhouette, whether it shows the first one mirrored. A shape that looks the same
 * mirrored cannot show a flip; only clearly asymmetric ones can.
 */
export function turnedAround(shapes: readonly Shape[], width: number): boolean[] {
  const out = shapes.map(() => false);
  const first = shapes.find((t) => t.box);
  if (!first?.box) return out;
  const ref = signature(first, width, first.box);
  const asymmetry = sigDistance(ref, ref, true);
  if (asymmetry < 0.08) return out;
  shapes.forEach((t, i) => {
    if (!t.box) return;
    const sig = signature(t, width, t.box);
    const direct = sigDistance(ref, sig, false);
    const mirrored = sigDistance(ref, sig, true);
    out[i] = mirrored < direct * 0.5 && direct > asymmetry * 0.5;
  });
  return out;
}
