// Measures of an animation made from a start image, for the animate engine's floor tests: pure
// functions over the result's RawImage frames (all one size). Each says what failure it detects;
// the thresholds a test asserts live in the test, these only measure. A "subject" pixel is one with
// alpha > 0, or, for an opaque input, one that differs from its flat background colour.
import type { RawImage } from '../../workers/types.ts';
import { checkImage, checkSameSize } from '../../workers/kernels/check.ts';

/** A straight RGBA colour, as the fixtures give an opaque input's background. */
export type Color = readonly [number, number, number, number];

/** One byte a pixel: 1 = subject. */
export interface Mask {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What frameZeroMatches needs of an AnimateResult (structural, so any engine version fits). */
export interface Placed {
  frames: RawImage[];
  start: { x: number; y: number; width: number; height: number; scale: number };
}

export type Side = 'top' | 'bottom' | 'left' | 'right';

const isBackground = (d: Uint8Array, i: number, bg?: Color): boolean =>
  d[i + 3] === 0 || (bg !== undefined && d[i] === bg[0] && d[i + 1] === bg[1] && d[i + 2] === bg[2] && d[i + 3] === bg[3]);

/**
 * The subject's pixels. Exact colour equality with the background, no tolerance: an opaque input's
 * background is one flat colour the engine must refill as it was, so a pixel off by one is already
 * something the engine drew there (a blended fringe counts as subject, which it is).
 */
export function subjectMask(frame: RawImage, background?: Color): Mask {
  checkImage(frame, 'frame');
  const mask = new Uint8Array(frame.width * frame.height);
  for (let p = 0; p < mask.length; p++) mask[p] = isBackground(frame.data, p * 4, background) ? 0 : 1;
  return { data: mask, width: frame.width, height: frame.height };
}

const count = (m: Mask): number => m.data.reduce((s, v) => s + v, 0);

/** The subject's bounding box, or null when the mask is empty. */
export function boxOf(mask: Mask): Box | null {
  let x0 = mask.width, y0 = mask.height, x1 = -1, y1 = -1;
  for (let y = 0; y < mask.height; y++)
    for (let x = 0; x < mask.width; x++)
      if (mask.data[y * mask.width + x]) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/**
 * The API promises frame 0 is the start image pixel for pixel: at result.start, at scale 1, every
 * byte equal (transparent pixels included), and nothing but background around it (the headroom the
 * canvas grew). Counts rather than a boolean, so a failure says how bad it is.
 */
export function frameZeroMatches(result: Placed, startImage: RawImage, background?: Color): { ok: boolean; differing: number; strayOutside: number; reason?: string } {
  const f0 = result.frames[0];
  if (!f0) return { ok: false, differing: 0, strayOutside: 0, reason: 'no frames' };
  checkImage(f0, 'frame 0');
  checkImage(startImage, 'start image');
  const s = result.start;
  if (s.scale !== 1 || s.width !== startImage.width || s.height !== startImage.height) {
    return { ok: false, differing: 0, strayOutside: 0, reason: `start placed at scale ${s.scale}, ${s.width}x${s.height} for a ${startImage.width}x${startImage.height} image` };
  }
  if (s.x < 0 || s.y < 0 || s.x + s.width > f0.width || s.y + s.height > f0.height) {
    return { ok: false, differing: 0, strayOutside: 0, reason: `start rect ${s.width}x${s.height} at ${s.x},${s.y} leaves the ${f0.width}x${f0.height} canvas` };
  }
  let differing = 0, strayOutside = 0;
  for (let y = 0; y < f0.height; y++)
    for (let x = 0; x < f0.width; x++) {
      const i = (y * f0.width + x) * 4;
      const inside = x >= s.x && y >= s.y && x < s.x + s.width && y < s.y + s.height;
      if (!inside) { if (!isBackground(f0.data, i, background)) strayOutside++; continue; }
      const j = ((y - s.y) * startImage.width + (x - s.x)) * 4;
      if (f0.data[i] !== startImage.data[j] || f0.data[i + 1] !== startImage.data[j + 1] || f0.data[i + 2] !== startImage.data[j + 2] || f0.data[i + 3] !== startImage.data[j + 3]) differing++;
    }
  return { ok: differing === 0 && strayOutside === 0, differing, strayOutside };
}

function sidesTouched(m: Mask): Set<Side> {
  const b = boxOf(m);
  const sides = new Set<Side>();
  if (!b) return sides;
  if (b.y === 0) sides.add('top');
  if (b.x === 0) sides.add('left');
  if (b.y + b.height === m.height) sides.add('bottom');
  if (b.x + b.width === m.width) sides.add('right');
  return sides;
}

/**
 * Sides of the canvas the subject touches in `frame` but not in frame 0: a subject that runs into
 * the border was (almost always) cut off by it. Sides frame 0 already touches are not counted (the
 * start image's feet on its bottom edge), so an engine that gives no headroom is caught on the others.
 */
export function clipped(frame: RawImage, frame0: RawImage, background?: Color): Side[] {
  checkSameSize([frame0, frame], 'frames');
  const before = sidesTouched(subjectMask(frame0, background));
  return [...sidesTouched(subjectMask(frame, background))].filter((s) => !before.has(s));
}

/**
 * Subject area of `frame` over frame 0's. A body that moves should keep roughly its area: far below
 * 1 it was cut, eroded or faded away; far above, smeared, doubled or given a halo.
 */
export function areaRatio(frame: RawImage, frame0: RawImage, background?: Color): number {
  checkSameSize([frame0, frame], 'frames');
  const a0 = count(subjectMask(frame0, background));
  return a0 === 0 ? 0 : count(subjectMask(frame, background)) / a0;
}

/**
 * How far the lowest subject row rose from frame 0's, as a fraction of frame 0's subject height
 * (positive = up, negative = sank below the ground). A jump that lifts the feet by under ~0.1 of the
 * body's height does not read as a jump; a walk lifting them as much floats.
 */
export function feetLift(frame: RawImage, frame0: RawImage, background?: Color): number {
  checkSameSize([frame0, frame], 'frames');
  const b0 = boxOf(subjectMask(frame0, background));
  const b = boxOf(subjectMask(frame, background));
  if (!b0 || !b) return 0;
  return (b0.y + b0.height - (b.y + b.height)) / b0.height;
}

/** A horizontal band of the subject, in fractions of frame 0's subject height from its top. */
export interface Band {
  top: number;
  bottom: number;
}

export const HEAD: Band = { top: 0, bottom: 0.25 };
export const LEGS: Band = { top: 0.65, bottom: 1 };

/** Per-pixel difference in 0..1: the largest channel gap, colours premultiplied by alpha (a
 * transparent pixel's colour means nothing), so opaque against transparent is 1. */
function pixelGap(a: Uint8Array, i: number, b: Uint8Array, j: number): number {
  const aa = a[i + 3]!, ba = j < 0 ? 0 : b[j + 3]!;
  let gap = Math.abs(aa - ba);
  for (let c = 0; c < 3; c++) gap = Math.max(gap, Math.abs((a[i + c]! * aa) / 255 - (j < 0 ? 0 : (b[j + c]! * ba) / 255)));
  return gap / 255;
}

/**
 * Whether a band of the body moved rigidly (~0) or was deformed (towards 1). Frame 0's band (rows
 * `band` of its subject box, the box's full width) is looked for in `frame` at the same relative
 * place once the subject's own displacement is applied (the box's centre sideways, and its top edge
 * for a band in the upper half, its bottom edge for one in the lower half: the edge that band rides
 * with), then at every whole-pixel shift up to ±max(2, 15% of the height) around it, keeping the
 * best: an arm swinging past the box's side moves the box without moving the head, and the search
 * absorbs that. The score is the mean gap over the pixels that are subject in either band, so empty
 * background does not dilute it. A head that stays a head scores near 0 in a walk; a head stretched,
 * sheared or torn scores high. Pixel art moved by whole pixels scores exactly 0.
 */
export function regionChange(frame: RawImage, frame0: RawImage, band: Band, background?: Color): number {
  checkSameSize([frame0, frame], 'frames');
  if (!(band.top >= 0 && band.bottom <= 1 && band.top < band.bottom)) throw new RangeError(`Expected a band within 0..1 but received ${band.top}..${band.bottom}`);
  const m0 = subjectMask(frame0, background), m = subjectMask(frame, background);
  const b0 = boxOf(m0), b = boxOf(m);
  if (!b0) return 0;
  if (!b) return 1;
  const rowTop = b0.y + Math.floor(band.top * b0.height);
  const rowBottom = Math.max(rowTop + 1, b0.y + Math.ceil(band.bottom * b0.height));
  const upper = band.top + band.bottom <= 1;
  const dx = Math.round(b.x + b.width / 2 - (b0.x + b0.width / 2));
  const dy = upper ? b.y - b0.y : b.y + b.height - (b0.y + b0.height);
  const reach = Math.max(2, Math.round(0.15 * b0.height));
  const { width, height } = frame;
  let best = 1;
  for (let ty = -reach; ty <= reach; ty++)
    for (let tx = -reach; tx <= reach; tx++) {
      let sum = 0, n = 0;
      for (let y = rowTop; y < rowBottom; y++)
        for (let x = b0.x; x < b0.x + b0.width; x++) {
          const p = y * width + x;
          const sx = x + dx + tx, sy = y + dy + ty;
          const inside = sx >= 0 && sy >= 0 && sx < width && sy < height;
          const q = inside ? sy * width + sx : -1;
          if (!m0.data[p] && !(q >= 0 && m.data[q])) continue;
          sum += pixelGap(frame0.data, p * 4, frame.data, q < 0 ? -1 : q * 4);
          n++;
        }
      if (n > 0) best = Math.min(best, sum / n);
    }
  return best;
}

/**
 * Sizes (largest first) of the 8-connected pieces of `mask` with at least `minSize` pixels. A body
 * the engine tore apart (a limb cut off and moved away) shows up as more pieces than frame 0 had;
 * `minSize` drops stray specks (a dithered pixel, a spark) that are not body parts.
 */
export function components(mask: Mask, minSize = 1): number[] {
  const { width, height } = mask;
  const seen = new Uint8Array(width * height);
  const sizes: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < seen.length; start++) {
    if (!mask.data[start] || seen[start]) continue;
    let size = 0;
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const px = p % width, py = (p - px) / width;
      for (let ny = Math.max(0, py - 1); ny <= Math.min(height - 1, py + 1); ny++)
        for (let nx = Math.max(0, px - 1); nx <= Math.min(width - 1, px + 1); nx++) {
          const q = ny * width + nx;
          if (mask.data[q] && !seen[q]) { seen[q] = 1; stack.push(q); }
        }
    }
    if (size >= minSize) sizes.push(size);
  }
  return sizes.sort((a, b) => b - a);
}

/**
 * Pixels in vertical runs of at least `minRun` rows where alpha jumps by 128 or more between a pixel
 * and its right neighbour, the same way up (opaque on the same side) all along the run. Body
 * outlines are curved or short, but a body cut along a straight line and slid (the old engine's
 * "warp rows" tear) leaves a long, perfectly vertical alpha step; compare against frame 0 (whose own
 * straight edges, a shield's side, count too). 128 = half of full alpha: an anti-aliased edge steps
 * less per pixel, a hard cut steps more. The same-side rule keeps pixel art's dithered fades (a
 * checker of clear and opaque, stepping every pixel but flipping every row) from counting as seams.
 * An opaque input has no alpha to step: give its background and the subject mask stands in for it.
 */
export function verticalEdgeRuns(frame: RawImage, minRun: number, background?: Color): number {
  checkImage(frame, 'frame');
  const { width, height, data } = frame;
  const mask = background ? subjectMask(frame, background).data : undefined;
  const alpha = (p: number): number => (mask ? mask[p]! * 255 : data[p * 4 + 3]!);
  let total = 0;
  for (let x = 0; x + 1 < width; x++) {
    let run = 0, side = 0;
    for (let y = 0; y <= height; y++) {
      const step = y < height ? alpha(y * width + x + 1) - alpha(y * width + x) : 0;
      const s = step >= 128 ? 1 : step <= -128 ? -1 : 0;
      if (s !== 0 && s === side) { run++; continue; }
      if (run >= minRun) total += run;
      run = s === 0 ? 0 : 1;
      side = s;
    }
  }
  return total;
}

/**
 * Share of subject pixels (alpha > 0) that are half transparent (16 < alpha < 240). A cross-fade
 * between two poses leaves a ghostly double exposure here; a clean sprite is almost all 0 or 255
 * (anti-aliased art has only its 1-pixel fringe in between). The 16 margins ignore rounding noise.
 */
/**
 * See-through pixels inside the figure: alpha below `under`, with pixels of alpha `solid` or more
 * within 2 px on both sides (above and below, or left and right). A crack or a faint line where
 * parts meet, not the figure's own outline.
 */
export function seeThroughInside(frame: RawImage, under: number, solid: number): number {
  const { width, height, data } = frame;
  const isSolid = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height && data[(y * width + x) * 4 + 3]! >= solid;
  let n = 0;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    if (data[(y * width + x) * 4 + 3]! >= under) continue;
    const across = (dx: number, dy: number) => (isSolid(x - dx, y - dy) || isSolid(x - 2 * dx, y - 2 * dy)) && (isSolid(x + dx, y + dy) || isSolid(x + 2 * dx, y + 2 * dy));
    if (across(0, 1) || across(1, 0)) n++;
  }
  return n;
}

export function halfTransparentFraction(frame: RawImage): number {
  checkImage(frame, 'frame');
  let subject = 0, half = 0;
  for (let i = 3; i < frame.data.length; i += 4) {
    const a = frame.data[i]!;
    if (a === 0) continue;
    subject++;
    if (a > 16 && a < 240) half++;
  }
  return subject === 0 ? 0 : half / subject;
}

/**
 * Share of subject pixels unlike all four neighbours (exact RGBA; off-canvas counts as
 * transparent). Pixel art keeps binary alpha, so its cross-fades are ordered dithering: a checker of
 * two poses, every other pixel isolated. Real pixel art has some isolated pixels (eyes, highlights),
 * so compare against frame 0.
 */
export function ditherNoise(frame: RawImage, background?: Color): number {
  const mask = subjectMask(frame, background);
  const { width, height, data } = frame;
  const same = (i: number, x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= width || y >= height) return data[i + 3] === 0;
    const j = (y * width + x) * 4;
    return data[i] === data[j] && data[i + 1] === data[j + 1] && data[i + 2] === data[j + 2] && data[i + 3] === data[j + 3];
  };
  let subject = 0, isolated = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!mask.data[y * width + x]) continue;
      subject++;
      const i = (y * width + x) * 4;
      if (!same(i, x - 1, y) && !same(i, x + 1, y) && !same(i, x, y - 1) && !same(i, x, y + 1)) isolated++;
    }
  return subject === 0 ? 0 : isolated / subject;
}

/** Intersection over union of two masks of one size (1 when both are empty): how well an overlaid
 * character covers the pose it replaced. */
export function maskIoU(a: Mask, b: Mask): number {
  if (a.width !== b.width || a.height !== b.height) throw new RangeError(`Expected masks of one size but received ${a.width}x${a.height} and ${b.width}x${b.height}`);
  let both = 0, either = 0;
  for (let p = 0; p < a.data.length; p++) {
    if (a.data[p] && b.data[p]) both++;
    if (a.data[p] || b.data[p]) either++;
  }
  return either === 0 ? 1 : both / either;
}

/** An animation's period: the sum of its frame delays (a restyle must keep the source's). */
export const periodOf = (delays: readonly number[]): number => delays.reduce((s, d) => s + d, 0);
