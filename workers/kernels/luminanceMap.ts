// Gradient mapping: each pixel's luma is looked up in a ramp of colours (dark -> mid -> light of a
// material), so the drawing's shading and outlines survive while its palette becomes the
// material's. Ramps are checked to rise in luma: a darker source pixel always stays darker.
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../types.ts';
import { checkImage, checkNumber } from './check.ts';
import type { Rgba } from './image.ts';
import { lumaOf } from './tone.ts';
import type { Box, RowSpans } from './track.ts';
import { readsAsWords } from './pixelWords.ts';

export interface RampStop {
  /** Position on the ramp, 0 (darkest source pixel) .. 1 (lightest). */
  at: number;
  color: Rgba;
}

/** 256 RGB entries, indexed by (stretched) luma. */
export type Ramp = Uint8Array;

/** A luma window stretched to the whole ramp: [lo, hi] of the source -> [0, 255]. */
export interface Levels {
  lo: number;
  hi: number;
}

/** A luma offset tile (stone speckle, wood grain) that moves with the subject. */
export interface LumaTexture {
  data: Int8Array;
  width: number;
  height: number;
  /** Where the tile's origin sits in this frame (the subject's box corner), so it moves with it. */
  dx: number;
  dy: number;
}

export interface LuminanceMapOptions {
  ramp: Ramp;
  levels?: Levels;
  /** 0 keeps the source colour, 1 takes the ramp's. Default 1. */
  strength?: number;
  /** Per pixel 0..255: how much of the mapping applies (the subject mask on opaque sources). */
  weight?: Uint8Array;
  /** Per row, alpha is multiplied by this (ghosts fade); length = image height. */
  alphaRows?: Float32Array;
  /** With alphaRows on an opaque source: fade toward this colour instead of lowering alpha. */
  fadeOver?: Rgba;
  texture?: LumaTexture;
  /** Only this rectangle ([x0, x1) x [y0, y1)) can hold the subject: the rest is copied as it is. */
  area?: { x0: number; y0: number; x1: number; y1: number };
  /**
   * Every pixel outside `area` is see-through (alpha 0): the output starts clear instead of as a
   * copy, and see-through pixels come out as 0 (a copy of a large frame costs more than mapping a
   * small subject in it).
   */
  clearOutside?: boolean;
  /**
   * Per row of the image, the span [start, end) that holds its visible pixels (a see-through
   * frame's, as tracking read them): the rest of the row is see-through and is passed over.
   */
  spans?: RowSpans;
  /**
   * Write the result into `img` itself (its owner no longer needs the source): no new frame memory
   * is touched, which on a large animation costs more than the mapping. Every pixel reads only
   * itself, so the result is the same.
   */
  inPlace?: boolean;
}

/** Ramp from stops (sorted by `at`, first at 0, last at 1), linear in RGB between them. */
export function buildRamp(stops: readonly RampStop[]): Ramp {
  if (stops.length < 2) throw new RangeError(`Expected at least 2 ramp stops but received ${stops.length}`);
  stops.forEach((s, i) => checkNumber(s.at, 0, 1, `ramp stop ${i} position`));
  const sorted = [...stops].sort((a, b) => a.at - b.at);
  const ramp = new Uint8Array(256 * 3);
  let k = 0;
  for (let l = 0; l < 256; l++) {
    const t = l / 255;
    while (k < sorted.length - 2 && t > (sorted[k + 1] as RampStop).at) k++;
    const a = sorted[k] as RampStop;
    const b = sorted[k + 1] as RampStop;
    const f = b.at > a.at ? Math.max(0, Math.min(1, (t - a.at) / (b.at - a.at))) : t >= b.at ? 1 : 0;
    ramp[l * 3] = Math.round(a.color.r + (b.color.r - a.color.r) * f);
    ramp[l * 3 + 1] = Math.round(a.color.g + (b.color.g - a.color.g) * f);
    ramp[l * 3 + 2] = Math.round(a.color.b + (b.color.b - a.color.b) * f);
  }
  return ramp;
}

/** How far the ramp's luma ever falls below an earlier entry's (0 for a rising ramp). */
export function rampDrop(ramp: Ramp): number {
  let worst = 0;
  let peak = -1;
  for (let l = 0; l < 256; l++) {
    const v = lumaOf({ r: ramp[l * 3]!, g: ramp[l * 3 + 1]!, b: ramp[l * 3 + 2]!, a: 255 });
    worst = Math.max(worst, peak - v);
    peak = Math.max(peak, v);
  }
  return worst;
}

/** Integer luma 0..255 (weights 77/150/29 of 256, Rec. 601). */
const fastLuma = (d: Uint8Array, i: number): number => (77 * d[i]! + 150 * d[i + 1]! + 29 * d[i + 2]! + 128) >> 8;

/**
 * The 2nd..98th percentile of luma over the visible pixels of `images` (weighted by `weights`
 * if given), widened to at least `minSpan` so a flat source is not blown up into noise. `within`,
 * when known, holds per image every pixel whose weight (or alpha) is not 0 (null: none is): only
 * the samples inside it are read, and the result is the same.
 */
export function lumaLevels(images: readonly RawImage[], weights?: readonly (Uint8Array | undefined)[], minSpan = 140, within?: readonly (Box | null)[]): Levels {
  const samples = lumaSamples(images);
  images.forEach((img, n) => {
    checkImage(img, `images[${n}]`);
    addLumaSamples(samples, img, weights?.[n], within ? within[n] : undefined);
  });
  return levelsOf(samples, minSpan);
}

/**
 * lumaLevels in steps, for a caller that has each image at hand once (while it is in cache):
 * lumaSamples for the images, addLumaSamples with each, then levelsOf. The same result.
 */
export interface LumaSamples {
  hist: Float64Array;
  /** Every stride-th pixel of an image (from its first) is a sample. */
  stride: number;
}

export function lumaSamples(images: readonly RawImage[]): LumaSamples {
  // A percentile needs no more than about a million samples, however many frames there are.
  const pixels = images.reduce((s, img) => s + img.width * img.height, 0);
  return { hist: new Float64Array(256), stride: Math.max(1, Math.floor(pixels / (1 << 20))) };
}

/** The samples of `img` (visible: weight, or alpha, 128 or more) in `within` (null: none; omitted: all) added. */
export function addLumaSamples(samples: LumaSamples, img: RawImage, weight?: Uint8Array, within?: Box | null): void {
  const { hist, stride } = samples;
  const d = img.data;
  const box = within === undefined ? { x: 0, y: 0, width: img.width, height: img.height } : within;
  if (!box) return;
  // The samples in the box, row by row.
  for (let y = Math.max(0, box.y), y1 = Math.min(img.height, box.y + box.height); y < y1; y++) {
    const from = y * img.width + Math.max(0, box.x), to = y * img.width + Math.min(img.width, box.x + box.width);
    for (let p = Math.ceil(from / stride) * stride; p < to; p += stride) {
      const i = p * 4;
      const a = weight ? weight[p]! : d[i + 3]!;
      if (a < 128) continue;
      const l = fastLuma(d, i);
      hist[l] = hist[l]! + 1;
    }
  }
}

/** The levels of the samples gathered (see lumaLevels). */
export function levelsOf(samples: LumaSamples, minSpan = 140): Levels {
  const { hist } = samples;
  const total = hist.reduce((s, v) => s + v, 0);
  if (total === 0) return { lo: 0, hi: 255 };
  const pct = (q: number): number => {
    let acc = 0;
    for (let l = 0; l < 256; l++) if ((acc += hist[l]!) >= q * total) return l;
    return 255;
  };
  let lo = pct(0.02);
  let hi = pct(0.98);
  if (hi - lo < minSpan) {
    const mid = (lo + hi) / 2;
    lo = Math.max(0, mid - minSpan / 2);
    hi = Math.min(255, lo + minSpan);
    lo = Math.max(0, hi - minSpan);
  }
  return { lo, hi };
}

/** `img` gradient-mapped through `opts.ramp`; alpha kept unless `alphaRows` says otherwise. */
export function mapLuminance(img: RawImage, opts: LuminanceMapOptions): RawImage {
  checkImage(img, 'image');
  if (opts.ramp.length !== 768) throw new RangeError(`Expected 768 bytes for ramp but received ${opts.ramp.length}`);
  const strength = opts.strength ?? 1;
  checkNumber(strength, 0, 1, 'strength');
  const { width, height } = img;
  if (opts.weight && opts.weight.length !== width * height) throw new RangeError(`Expected ${width * height} weights but received ${opts.weight.length}`);
  if (opts.alphaRows && opts.alphaRows.length !== height) throw new RangeError(`Expected ${height} alpha rows but received ${opts.alphaRows.length}`);
  // Luma -> ramp entry once per level, so the per-pixel work is two lookups.
  const lo = opts.levels?.lo ?? 0;
  const span = Math.max(1, (opts.levels?.hi ?? 255) - lo);
  const index = new Uint16Array(256);
  for (let l = 0; l < 256; l++) index[l] = Math.max(0, Math.min(255, Math.round(((l - lo) * 255) / span))) * 3;
  const { ramp, weight, alphaRows, fadeOver, texture } = opts;
  const src = img.data;
  const y0 = Math.max(0, opts.area?.y0 ?? 0), y1 = Math.min(height, opts.area?.y1 ?? height);
  const x0 = Math.max(0, opts.area?.x0 ?? 0), x1 = Math.min(width, opts.area?.x1 ?? width);
  if (opts.spans && opts.spans.length !== height * 2) throw new RangeError(`Expected ${height * 2} row span entries but received ${opts.spans.length}`);
  const area: Area = { width, x0, y0, x1, y1, spans: opts.spans };
  // Each case below is its own loop (its own function, so each compiles tight): the common ones
  // read and write whole pixels through a luma -> packed RGB table.
  const words = readsAsWords(src);
  // Only the first case writes every pixel that is not see-through; the others keep some as they were.
  const clear = opts.clearOutside === true && !weight && !fadeOver && strength === 1 && words;
  const out = opts.inPlace ? src : clear ? new Uint8Array(src.length) : new Uint8Array(src);
  // Cleared in place, what a copy would start as 0 is set to 0: outside the area now, see-through
  // pixels inside it as they are passed.
  const zero = opts.inPlace === true && clear;
  if (zero) clearOutsideArea(out, area, height);
  if (!weight && !fadeOver && strength === 1 && words) {
    // Every visible pixel fully mapped: the colour is the table's, alpha kept or faded by row.
    const table = packedRamp(ramp, index);
    const from = new Uint32Array(src.buffer, src.byteOffset, width * height);
    const to = new Uint32Array(out.buffer, out.byteOffset, width * height);
    if (texture) mapTextured(from, to, table, texture, area, alphaRows, zero);
    else mapPacked(from, to, table, area, alphaRows, zero);
    return { data: out, width, height };
  }
  if (!weight && !fadeOver && !texture && !alphaRows && words) {
    // Every visible pixel mapped part way (the mild tint of an unknown text).
    const table = packedRamp(ramp, index);
    mapPartly(new Uint32Array(src.buffer, src.byteOffset, width * height), new Uint32Array(out.buffer, out.byteOffset, width * height), table, strength, area);
    return { data: out, width, height };
  }
  mapGeneral(src, out, ramp, index, strength, area, opts);
  return { data: out, width, height };
}

/** Every pixel of an image `height` rows high outside `area` set to 0. */
function clearOutsideArea(data: Uint8Array, area: Area, height: number): void {
  const { width, x0, x1, y0, y1 } = area;
  if (x0 >= x1 || y0 >= y1) {
    data.fill(0);
    return;
  }
  data.fill(0, 0, (y0 * width + x0) * 4);
  for (let y = y0; y < y1 - 1; y++) data.fill(0, (y * width + x1) * 4, ((y + 1) * width + x0) * 4);
  data.fill(0, ((y1 - 1) * width + x1) * 4, height * width * 4);
}

/** The rectangle worked on ([x0, x1) x [y0, y1)) of an image `width` wide, and its rows' visible spans when known. */
interface Area {
  width: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  spans?: RowSpans;
}

/**
 * Row y's pixels to work on, [start, end) as pixel indices: the area's columns, narrowed to the
 * row's visible span when known. What it passes over is see-through; `zero` sets those pixels to 0.
 */
function rowSpan(area: Area, y: number, to: Uint32Array, zero: boolean): [number, number] {
  const { width, x0, x1, spans } = area;
  const row = y * width;
  if (!spans) return [row + x0, row + x1];
  const start = Math.max(x0, spans[y * 2]!), end = Math.max(start, Math.min(x1, spans[y * 2 + 1]!));
  if (zero) {
    to.fill(0, row + x0, row + start);
    to.fill(0, row + end, row + x1);
  }
  return [row + start, row + end];
}

/** Per luma level, its ramp colour packed as a little-endian pixel with alpha 0 (R | G << 8 | B << 16). */
function packedRamp(ramp: Ramp, index: Uint16Array): Int32Array {
  const table = new Int32Array(256);
  for (let l = 0; l < 256; l++) {
    const k = index[l]!;
    table[l] = ramp[k]! | (ramp[k + 1]! << 8) | (ramp[k + 2]! << 16);
  }
  return table;
}

/** Integer luma of a packed little-endian pixel (as fastLuma). */
const packedLuma = (v: number): number => (77 * (v & 255) + 150 * ((v >>> 8) & 255) + 29 * ((v >>> 16) & 255) + 128) >> 8;

/**
 * Alpha times `fade` as the general loop stores it (a + 0.5 after the multiply, into a byte);
 * a fade of 1 keeps alpha. Returns the alpha bits in place (<< 24).
 */
const fadedAlpha = (v: number, fade: number): number => ((((v >>> 24) * fade + 0.5) | 0) & 255) << 24;

/** The fade of a row (1: none), as the general loop works it out for a fully weighted pixel. */
const rowFade = (alphaRows: Float32Array | undefined, y: number): number => {
  const rowAlpha = alphaRows ? alphaRows[y]! : 1;
  return rowAlpha < 1 ? 1 - ((1 - rowAlpha) * 255) / 255 : 1;
};

function mapPacked(from: Uint32Array, to: Uint32Array, table: Int32Array, area: Area, alphaRows: Float32Array | undefined, zero: boolean): void {
  for (let y = area.y0; y < area.y1; y++) {
    const fade = rowFade(alphaRows, y);
    const [start, end] = rowSpan(area, y, to, zero);
    if (fade === 1) {
      for (let p = start; p < end; p++) {
        const v = from[p]!;
        if (v < 0x1000000) {
          if (zero) to[p] = 0;
          continue;
        }
        to[p] = (v & 0xff000000) | table[packedLuma(v)]!;
      }
    } else {
      // Opaque pixels (all of a GIF's visible ones) share the row's faded alpha.
      const opaque = fadedAlpha(0xff000000, fade);
      for (let p = start; p < end; p++) {
        const v = from[p]!;
        if (v < 0x1000000) {
          if (zero) to[p] = 0;
          continue;
        }
        to[p] = (v >= 0xff000000 ? opaque : fadedAlpha(v, fade)) | table[packedLuma(v)]!;
      }
    }
  }
}

function mapTextured(from: Uint32Array, to: Uint32Array, table: Int32Array, texture: LumaTexture, area: Area, alphaRows: Float32Array | undefined, zero: boolean): void {
  const { width, y0, y1 } = area;
  const { data: grain, width: tw, height: th } = texture;
  // The table widened to every luma plus grain (-128..383, clamped), so no pixel needs a bound.
  const wide = new Int32Array(512);
  for (let l = -128; l < 384; l++) wide[l + 128] = table[l < 0 ? 0 : l > 255 ? 255 : l]!;
  for (let y = y0; y < y1; y++) {
    const fade = rowFade(alphaRows, y);
    const opaque = fadedAlpha(0xff000000, fade);
    const ty = ((((y - texture.dy) % th) + th) % th) * tw;
    const [start, end] = rowSpan(area, y, to, zero);
    let tx = (((start - y * width - texture.dx) % tw) + tw) % tw;
    // The row in stretches that end where the tile wraps.
    for (let p = start; p < end; tx = 0) {
      for (let g = ty + tx, stop = Math.min(end, p + tw - tx); p < stop; p++, g++) {
        const v = from[p]!;
        if (v < 0x1000000) {
          if (zero) to[p] = 0;
          continue;
        }
        const c = wide[packedLuma(v) + grain[g]! + 128]!;
        to[p] = (fade === 1 ? v & 0xff000000 : v >= 0xff000000 ? opaque : fadedAlpha(v, fade)) | c;
      }
    }
  }
}

/**
 * Each visible pixel `w` of the way to its ramp colour. The mix of a channel value toward a ramp
 * value is looked up (256 x 256 bytes per `w`, rounded as the general loop rounds), made once and
 * kept for the next frame.
 */
function mapPartly(from: Uint32Array, to: Uint32Array, table: Int32Array, w: number, area: Area): void {
  const mix = mixTable(w);
  const { width, x0, x1, y0, y1 } = area;
  for (let y = y0; y < y1; y++) {
    for (let p = y * width + x0, end = y * width + x1; p < end; p++) {
      const v = from[p]!;
      if (v < 0x1000000) continue;
      const c = table[packedLuma(v)]!;
      to[p] = (v & 0xff000000) | mix[((c & 255) << 8) | (v & 255)]! | (mix[(c & 0xff00) | ((v >>> 8) & 255)]! << 8) | (mix[((c >>> 8) & 0xff00) | ((v >>> 16) & 255)]! << 16);
    }
  }
}

let mixWeight = NaN;
let mixBytes = new Uint8Array(0);

/** mix[(ramp << 8) | source] = source + (ramp - source) x w, + 0.5, as a byte. */
function mixTable(w: number): Uint8Array {
  if (w === mixWeight) return mixBytes;
  const mix = new Uint8Array(256 * 256);
  for (let c = 0; c < 256; c++) for (let s = 0; s < 256; s++) mix[(c << 8) | s] = s + (c - s) * w + 0.5;
  mixWeight = w;
  mixBytes = mix;
  return mix;
}

/** Any mix of options: weights, partial strength, fading toward a colour, texture. */
function mapGeneral(src: Uint8Array, out: Uint8Array, ramp: Ramp, index: Uint16Array, strength: number, area: Area, opts: LuminanceMapOptions): void {
  const { weight, alphaRows, fadeOver, texture } = opts;
  const { width, x0, x1, y0, y1 } = area;
  for (let y = y0; y < y1; y++) {
    const rowAlpha = alphaRows ? alphaRows[y]! : 1;
    let ty = 0, tx = 0;
    if (texture) {
      ty = ((((y - texture.dy) % texture.height) + texture.height) % texture.height) * texture.width;
      tx = ((((x0 - texture.dx) % texture.width) + texture.width) % texture.width);
    }
    for (let x = x0, p = y * width + x0, i = p * 4; x < x1; x++, p++, i += 4) {
      const t = tx;
      if (texture && ++tx === texture.width) tx = 0;
      const a = src[i + 3]!;
      if (a === 0) continue;
      const m = weight ? weight[p]! : 255;
      if (m === 0) continue;
      const w = (m / 255) * strength;
      let l = fastLuma(src, i);
      if (texture) l = Math.max(0, Math.min(255, l + texture.data[ty + t]!));
      const k = index[l]!;
      let r = src[i]! + (ramp[k]! - src[i]!) * w;
      let g = src[i + 1]! + (ramp[k + 1]! - src[i + 1]!) * w;
      let b = src[i + 2]! + (ramp[k + 2]! - src[i + 2]!) * w;
      let oa = a;
      if (rowAlpha < 1) {
        const fade = 1 - ((1 - rowAlpha) * m) / 255;
        if (fadeOver) {
          r = fadeOver.r + (r - fadeOver.r) * fade;
          g = fadeOver.g + (g - fadeOver.g) * fade;
          b = fadeOver.b + (b - fadeOver.b) * fade;
        } else oa = a * fade;
      }
      out[i] = r + 0.5;
      out[i + 1] = g + 0.5;
      out[i + 2] = b + 0.5;
      out[i + 3] = oa + 0.5;
    }
  }
}
