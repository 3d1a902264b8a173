// An inner edge glow: pixels of the subject near its silhouette's edge are lit toward a colour,
// brightest at the edge, fading inward. It draws only inside the silhouette, so alpha is unchanged
// (neon tubes, a ghost's rim light).
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../types.ts';
import { checkImage, checkNumber } from './check.ts';
import type { Rgba } from './image.ts';
import type { Box, InsideRuns } from './track.ts';
import { chamferStep, relaxForward } from './distance.ts';
import type { StepField } from './distance.ts';
import { readsAsWords } from './pixelWords.ts';

/**
 * The lit pixels of a subject and how much each is lit (0 < weight <= strength): only the pixels
 * near the silhouette's edge are listed, so applying a rim costs what the rim holds, not its box.
 */
export interface Rim {
  /** Holds every listed pixel. */
  box: Box;
  /** Width of the image the rim was worked out on. */
  imageWidth: number;
  /** The lit pixels, as y * imageWidth + x (in no particular order). */
  pixels: Int32Array;
  weights: Float32Array;
}

/**
 * How much each pixel of the subject is lit (0..strength): pixels within `width` px of the edge
 * of `mask` (0..255 per pixel; alpha when omitted), most at the edge. Depends on the silhouette
 * only, so an animation that re-colours one frame many times works this out once. `within`, when
 * known, holds every pixel of the mask that is not 0 (a tracked subject's extent): nothing outside
 * it is read, so the cost follows the subject's size and not the frame's.
 */
export function rimWeights(img: RawImage, width: number, strength: number, mask?: Uint8Array, within?: Box, inside?: InsideRuns): Rim {
  const rim = rimField(img, width, strength, mask, within, inside);
  if (!rim) return { box: { x: 0, y: 0, width: 0, height: 0 }, imageWidth: img.width, pixels: new Int32Array(0), weights: new Float32Array(0) };
  const lit = backwardPass(rim, img.data, img.width, null, null);
  return { box: rim.box, imageWidth: img.width, pixels: lit.pixels, weights: lit.weights };
}

/**
 * The rim of `img` read now, and lit later into `target` (an image its size) toward `color`, in
 * place: what applyRim(target, rimWeights(img, ...), color, true) does, each pixel mixed as its
 * distance is found instead of listed first (for a rim used once). Between the two, `img` may be
 * recoloured or faded in place (it may be `target`): its silhouette was read, and only whether a
 * pixel is see-through is read again. Light it before reading another rim (the distance field
 * lives in bytes kept between calls).
 */
export function rimLighter(img: RawImage, width: number, strength: number, mask?: Uint8Array, within?: Box, inside?: InsideRuns): (target: RawImage, color: Rgba) => void {
  const rim = rimField(img, width, strength, mask, within, inside);
  return (target, color) => {
    checkImage(target, 'target');
    if (target.width !== img.width || target.height !== img.height) throw new RangeError(`Expected a ${img.width}x${img.height} target but received ${target.width}x${target.height}`);
    if (rim) backwardPass(rim, img.data, img.width, target.data, mixTable(rim, color));
  };
}

/** A rim being worked out: its distance field after the forward pass, rows and weight table. */
interface RimField {
  box: Box;
  field: StepField;
  /** Per row: first and last inside pixel, and the deep part the backward pass skips (see deepRows). */
  rows: Int32Array;
  table: Float32Array;
  /** The table is 0 from here on. */
  unlit: number;
}

/** rimWeights up to the backward pass; null when nothing is inside. */
function rimField(img: RawImage, width: number, strength: number, mask?: Uint8Array, within?: Box, inside?: InsideRuns): RimField | null {
  checkImage(img, 'image');
  checkNumber(width, 0.5, 64, 'glow width');
  checkNumber(strength, 0, 1, 'glow strength');
  const W = img.width, H = img.height;
  if (mask && mask.length !== W * H) throw new RangeError(`Expected ${W * H} mask entries but received ${mask.length}`);
  const src = img.data;
  // The box searched: `within`, or the inside pixels' box found over the whole frame.
  let box = within;
  if (!box) {
    let x0 = W, y0 = H, x1 = -1, y1 = -1;
    for (let y = 0, p = 0; y < H; y++) {
      for (let x = 0; x < W; x++, p++) {
        if ((mask ? mask[p]! : src[p * 4 + 3]!) < 128) continue;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
    }
    if (x1 < 0) return null;
    box = { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  }
  // A pixel wider (clipped to the frame), so the silhouette's edge has outside pixels next to it.
  const bx = Math.max(0, box.x - 1), by = Math.max(0, box.y - 1);
  const bw = Math.min(W, box.x + box.width + 1) - bx, bh = Math.min(H, box.y + box.height + 1) - by;
  // Chamfer distances are whole thirds of a pixel, so each weight is one table lookup.
  const cap = Math.ceil(width) + 2;
  const table = new Float32Array(cap * 3 + 5);
  for (let k = 1; k < table.length; k++) {
    const t = 1 - (Math.min(cap, k / 3) - 1) / width;
    table[k] = t > 0 ? strength * Math.min(1, t) ** 1.5 : 0;
  }
  // The weights fall to 0 from `unlit` on (and stay 0). A distance capped there lights the same
  // pixels by the same weights (capping only lowers what was at least the cap), and the less a
  // distance has to reach, the more of the inside is too deep to need any work.
  let unlit = 1;
  while (table[unlit]! !== 0) unlit++;
  const reach = Math.ceil(unlit / 3) - 1;
  // The distance to the nearest outside pixel, the silhouette read straight into the field.
  const field = scratchField(bw, bh, unlit);
  const { steps, pitch } = field;
  // Per row of the field: its first and last inside pixel (first > last: none), and the part of
  // it too deep inside for either pass to change (see deepRows).
  const rows = new Int32Array(bh * 4);
  if (!mask && readsAsWords(src)) {
    const px = new Int32Array(src.buffer, src.byteOffset, W * H);
    const runs = inside && inside.length === H * 4 ? fieldRuns(field, inside, bx, by) : insideRuns(field, px, W, bx, by);
    forwardFromAlpha(field, px, W, bx, by, deepRows(runs, rows, reach, false));
    deepRows(runs, rows, reach, true);
  } else {
    for (let y = 0; y < bh; y++) (rows[y * 4 + 1] = bw - 1), (rows[y * 4 + 2] = 1);
    for (let y = 0; y < bh; y++) {
      const p0 = (y + by) * W + bx, q0 = (y + 1) * pitch + 1;
      if (mask) for (let x = 0; x < bw; x++) { if (mask[p0 + x]! < 128) steps[q0 + x] = 0; }
      else for (let x = 0, i = p0 * 4 + 3; x < bw; x++, i += 4) { if (src[i]! < 128) steps[q0 + x] = 0; }
    }
    relaxForward(field);
  }
  return { box: { x: bx, y: by, width: bw, height: bh }, field, rows, table, unlit };
}

// The distance field's bytes, kept between calls (a rim keeps none of them).
let scratchSteps = new Uint8Array(0);

/** A field as stepField makes it, every step at `top` (the cap, in steps), in the kept bytes (grown as needed). */
function scratchField(width: number, height: number, top: number): StepField {
  checkNumber(top, 1, 250, 'distance cap');
  const pitch = width + 2, size = pitch * (height + 2);
  if (scratchSteps.length < size) scratchSteps = new Uint8Array(size);
  return { steps: scratchSteps.subarray(0, size).fill(top), pitch, width, height };
}

/**
 * Reads the silhouette's rows (inside: alpha 128 or more, a negative word of `px` as alpha is its
 * top byte; `W` wide, the field's pixel (0, 0) is the image's (bx, by)): the outside
 * pixels before each row's first inside one and after its last are set to 0 (a feature) in
 * `field`. Returns per row its first and last inside pixel and its longest run of inside pixels
 * (first > last: none).
 */
function insideRuns(field: StepField, px: Int32Array, W: number, bx: number, by: number): Int32Array {
  const { steps: d, pitch: pw, width, height } = field;
  const runs = new Int32Array(height * 4);
  for (let y = 0; y < height; y++) {
    const row = (y + by) * W + bx, p0 = (y + 1) * pw + 1;
    let x0 = 0;
    while (x0 < width && px[row + x0]! >= 0) x0++;
    let x1 = width - 1;
    while (x1 >= x0 && px[row + x1]! >= 0) x1--;
    d.fill(0, p0, p0 + x0);
    d.fill(0, p0 + x1 + 1, p0 + width);
    let best0 = 1, best1 = 0;
    for (let x = x0; x <= x1; ) {
      const start = x;
      while (x <= x1 && px[row + x]! < 0) x++;
      if (x - start > best1 - best0 + 1) (best0 = start), (best1 = x - 1);
      while (x <= x1 && px[row + x]! >= 0) x++;
    }
    runs[y * 4] = x0;
    runs[y * 4 + 1] = x1;
    runs[y * 4 + 2] = best0;
    runs[y * 4 + 3] = best1;
  }
  return runs;
}

/**
 * insideRuns from the image's runs as tracking read them (`inside`, see InsideRuns), moved to the
 * field (whose pixel (0, 0) is the image's (bx, by)): nothing is read from the image.
 */
function fieldRuns(field: StepField, inside: InsideRuns, bx: number, by: number): Int32Array {
  const { steps: d, pitch: pw, width, height } = field;
  const runs = new Int32Array(height * 4);
  for (let y = 0; y < height; y++) {
    const k = (y + by) * 4, p0 = (y + 1) * pw + 1;
    // Clipped to the field (a run past it would not be this image's).
    const x0 = Math.max(0, inside[k]! - bx), x1 = Math.min(width - 1, inside[k + 1]! - bx);
    const m0 = Math.max(0, inside[k + 2]! - bx), m1 = Math.min(width - 1, inside[k + 3]! - bx);
    if (x0 > x1) d.fill(0, p0, p0 + width);
    else {
      d.fill(0, p0, p0 + x0);
      d.fill(0, p0 + x1 + 1, p0 + width);
    }
    runs[y * 4] = x0;
    runs[y * 4 + 1] = x1;
    runs[y * 4 + 2] = m0 <= m1 ? m0 : 1;
    runs[y * 4 + 3] = m0 <= m1 ? m1 : 0;
  }
  return runs;
}

/**
 * Per row, its span (from `runs`) and the part of it no feature lies within `reach` px of (in
 * rows y - reach .. y, or y - reach .. y + reach when `both`): the longest runs of those rows
 * narrowed by `reach` at each end, intersected. With reach = ceil(cap / 3) - 1 (cap in steps),
 * every feature is at least reach + 1 px away (3 x (reach + 1) steps or more, at least the cap),
 * so the forward pass (which sees only rows above and pixels to the left) or, `both`, the final
 * distance leaves those pixels at the cap: they need no work. Written into `rows` (first, last,
 * deep first, deep last; deep first > deep last: none), which is returned.
 */
function deepRows(runs: Int32Array, rows: Int32Array, reach: number, both: boolean): Int32Array {
  const height = runs.length / 4;
  const lo = windowExtreme(runs, 2, height, reach, both ? reach : 0, 1);
  const hi = windowExtreme(runs, 3, height, reach, both ? reach : 0, -1);
  for (let y = 0; y < height; y++) {
    const a = lo[y]! + reach, b = hi[y]! - reach;
    rows[y * 4] = runs[y * 4]!;
    rows[y * 4 + 1] = runs[y * 4 + 1]!;
    rows[y * 4 + 2] = a <= b ? a : 1;
    rows[y * 4 + 3] = a <= b ? b : 0;
  }
  return rows;
}

/**
 * Per row y, the largest (sign 1) or smallest (sign -1) of field `f` of `runs` (4 a row) over rows
 * y - before .. y + after (within 0 .. height - 1): a sliding window over a queue of candidates.
 */
function windowExtreme(runs: Int32Array, f: number, height: number, before: number, after: number, sign: number): Int32Array {
  const out = new Int32Array(height);
  const queue = new Int32Array(height);
  let head = 0, tail = 0, next = 0;
  for (let y = 0; y < height; y++) {
    for (const last = Math.min(height - 1, y + after); next <= last; next++) {
      const v = sign * runs[next * 4 + f]!;
      while (tail > head && sign * runs[queue[tail - 1]! * 4 + f]! <= v) tail--;
      queue[tail++] = next;
    }
    while (queue[head]! < y - before) head++;
    out[y] = runs[queue[head]! * 4 + f]!;
  }
  return out;
}

/**
 * relaxForward on a field prepared by insideRuns: over each row's span, but not its deep part,
 * features (alpha under 128) read from `px` as the pass reaches them.
 */
function forwardFromAlpha(field: StepField, px: Int32Array, W: number, bx: number, by: number, rows: Int32Array): void {
  const { steps: d, pitch: pw, height } = field;
  for (let y = 1; y <= height; y++) {
    const x0 = rows[(y - 1) * 4]!, x1 = rows[(y - 1) * 4 + 1]!, deep0 = rows[(y - 1) * 4 + 2]!, deep1 = rows[(y - 1) * 4 + 3]!;
    if (x0 > x1) continue;
    const row = (y - 1 + by) * W + bx, p0 = y * pw + 1;
    if (deep0 > deep1) forwardSpan(d, pw, px, p0, row, x0, x1);
    else {
      forwardSpan(d, pw, px, p0, row, x0, deep0 - 1);
      forwardSpan(d, pw, px, p0, row, deep1 + 1, x1);
    }
  }
}

/** The forward pass over pixels x0..x1 of a row (field offset p0, image offset row). */
function forwardSpan(d: Uint8Array, pw: number, px: Int32Array, p0: number, row: number, x0: number, x1: number): void {
  let p = p0 + x0;
  const end = p0 + x1 + 1;
  let at = row + x0;
  let left = d[p - 1]!, upLeft = d[p - pw - 1]!, up = d[p - pw]!;
  for (; p < end; p++, at++) {
    const upRight = d[p - pw + 1]!;
    let v = 0;
    if (px[at]! < 0) {
      v = chamferStep(d[p]!, left, up, upLeft, upRight);
    }
    d[p] = v;
    left = v;
    upLeft = up;
    up = upRight;
  }
}

// Lit pixels are gathered here (grown as needed, kept between calls), then copied out at their count.
let gatherPixels = new Int32Array(1 << 14);
let gatherWeights = new Float32Array(1 << 14);

/**
 * The chamfer's backward pass (relaxSteps' second half, distance.ts) over a rim's field, which has
 * had its forward pass, over each row's span but not its deep part, finding each pixel's weight as
 * its distance becomes final: those with a weight that are not see-through in `src` (the image
 * the rim is of, `W` wide) are listed, or with `out` (an image as wide) mixed there at once
 * through `mix` (see mixTable).
 */
function backwardPass(rim: RimField, src: Uint8Array, W: number, out: Uint8Array | null, mix: Uint8Array | null): { pixels: Int32Array; weights: Float32Array } {
  const { field, rows, table } = rim;
  const { steps: d, pitch: pw, height } = field;
  const bx = rim.box.x, by = rim.box.y;
  let n = 0;
  for (let y = height; y >= 1; y--) {
    const x0 = rows[(y - 1) * 4]!, x1 = rows[(y - 1) * 4 + 1]!, deep0 = rows[(y - 1) * 4 + 2]!, deep1 = rows[(y - 1) * 4 + 3]!;
    if (x0 > x1) continue;
    // Room for the whole span, so the pass itself never checks.
    if (!out) while (gatherPixels.length < n + x1 - x0 + 1) grow();
    const row = (y - 1 + by) * W + bx, p0 = y * pw + 1;
    if (deep0 > deep1) n = backwardSpan(d, pw, table, src, p0, row, x0, x1, gatherPixels, gatherWeights, n, out, mix);
    else {
      n = backwardSpan(d, pw, table, src, p0, row, deep1 + 1, x1, gatherPixels, gatherWeights, n, out, mix);
      n = backwardSpan(d, pw, table, src, p0, row, x0, deep0 - 1, gatherPixels, gatherWeights, n, out, mix);
    }
  }
  return out ? { pixels: new Int32Array(0), weights: new Float32Array(0) } : { pixels: gatherPixels.slice(0, n), weights: gatherWeights.slice(0, n) };
}

/**
 * The backward pass over pixels x1 down to x0 of a row (field offset p0, image offset row): lit
 * ones written to `pixels` and `weights` from `n` on, or mixed into `out` through `mix`; returns
 * the new count.
 */
function backwardSpan(d: Uint8Array, pw: number, table: Float32Array, src: Uint8Array, p0: number, row: number, x0: number, x1: number, pixels: Int32Array, weights: Float32Array, n: number, out: Uint8Array | null, mix: Uint8Array | null): number {
  let p = p0 + x1;
  const end = p0 + x0 - 1;
  let at = row + x1;
  let right = d[p + 1]!, downRight = d[p + pw + 1]!, down = d[p + pw]!;
  for (; p > end; p--, at--) {
    const downLeft = d[p + pw - 1]!;
    let v = d[p]!;
    if (v !== 0) {
      v = chamferStep(v, right, down, downRight, downLeft);
      d[p] = v;
      const k = table[v]!;
      // Outside pixels are step 0 (never lit); see-through ones stay unlit.
      if (k !== 0 && src[at * 4 + 3] !== 0) {
        if (out && mix) {
          const i = at * 4, m = v * 768;
          out[i] = mix[m + out[i]!]!;
          out[i + 1] = mix[m + 256 + out[i + 1]!]!;
          out[i + 2] = mix[m + 512 + out[i + 2]!]!;
        } else {
          pixels[n] = at;
          weights[n++] = k;
        }
      }
    }
    right = v;
    downRight = down;
    down = downLeft;
  }
  return n;
}

let mixKept: { table: Float32Array; color: Rgba; mix: Uint8Array } | undefined;

/**
 * Each channel value mixed toward `color` by each weight of the rim's table, as applyRim rounds
 * it: mix[step * 768 + channel * 256 + value]. The table and colour are a job's, the same for
 * every frame, so the last one made is kept.
 */
function mixTable(rim: RimField, color: Rgba): Uint8Array {
  const { table, unlit } = rim;
  const kept = mixKept;
  if (kept && kept.mix.length === unlit * 768 && kept.color.r === color.r && kept.color.g === color.g && kept.color.b === color.b && kept.table.length === table.length && kept.table.every((k, i) => k === table[i])) return kept.mix;
  const mix = new Uint8Array(unlit * 768);
  const rgb = [color.r, color.g, color.b];
  for (let v = 1; v < unlit; v++) {
    const k = table[v]!;
    for (let c = 0; c < 3; c++) {
      const to = rgb[c]!;
      for (let s = 0; s < 256; s++) mix[v * 768 + c * 256 + s] = s + (to - s) * k + 0.5;
    }
  }
  mixKept = { table, color: { ...color }, mix };
  return mix;
}

function grow(): void {
  const pixels = new Int32Array(gatherPixels.length * 2);
  const weights = new Float32Array(gatherWeights.length * 2);
  pixels.set(gatherPixels);
  weights.set(gatherWeights);
  gatherPixels = pixels;
  gatherWeights = weights;
}

/**
 * `img` with each pixel of the rim mixed toward `color` by its weight: a new image, or `img`
 * itself changed when `inPlace` (the caller owns a fresh buffer and saves a copy per frame).
 */
export function applyRim(img: RawImage, rim: Rim, color: Rgba, inPlace = false): RawImage {
  checkImage(img, 'image');
  const { box, pixels, weights } = rim;
  if (rim.imageWidth !== img.width || box.x < 0 || box.y < 0 || box.x + box.width > img.width || box.y + box.height > img.height || weights.length !== pixels.length) {
    throw new RangeError(`Expected a rim inside the ${img.width}x${img.height} image`);
  }
  const src = img.data;
  const out = inPlace ? src : new Uint8Array(src);
  const { r, g, b } = color;
  for (let n = 0; n < pixels.length; n++) {
    const i = pixels[n]! * 4, k = weights[n]!;
    out[i] = src[i]! + (r - src[i]!) * k + 0.5;
    out[i + 1] = src[i + 1]! + (g - src[i + 1]!) * k + 0.5;
    out[i + 2] = src[i + 2]! + (b - src[i + 2]!) * k + 0.5;
  }
  return { data: out, width: img.width, height: img.height };
}

/**
 * `img` with its subject's rim lit toward `color`: pixels within `width` px of the edge of `mask`
 * (0..255 per pixel; alpha when omitted) mix toward it by up to `strength`. Returns a new image.
 */
export function edgeGlow(img: RawImage, color: Rgba, width: number, strength: number, mask?: Uint8Array): RawImage {
  return applyRim(img, rimWeights(img, width, strength, mask), color);
}
