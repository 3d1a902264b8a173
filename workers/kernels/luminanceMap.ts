// Gradient mapping: each pixel's luma is looked up in a ramp of colours (dark -> mid -> light of a
// material), so the drawing's shading and outlines survive while its palette becomes the
// material's. Ramps are checked to rise in luma: a darker source pixel always stays darker.
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../types.ts';
import { checkImage, checkNumber } from './check.ts';
import type { Rgba } from './image.ts';
import { lumaOf } from './tone.ts';

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
 * if given), widened to at least `minSpan` so a flat source is not blown up into noise.
 */
export function lumaLevels(images: readonly RawImage[], weights?: readonly (Uint8Array | undefined)[], minSpan = 140): Levels {
  const hist = new Float64Array(256);
  // A percentile needs no more than about a million samples, however many frames there are.
  const pixels = images.reduce((s, img) => s + img.width * img.height, 0);
  const stride = Math.max(1, Math.floor(pixels / (1 << 20)));
  images.forEach((img, n) => {
    checkImage(img, `images[${n}]`);
    const d = img.data;
    const w = weights?.[n];
    for (let p = 0, i = 0; i < d.length; p += stride, i = p * 4) {
      const a = w ? w[p]! : d[i + 3]!;
      if (a < 128) continue;
      hist[fastLuma(d, i)] = hist[fastLuma(d, i)]! + 1;
    }
  });
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
  const out = new Uint8Array(src);
  const y0 = Math.max(0, opts.area?.y0 ?? 0), y1 = Math.min(height, opts.area?.y1 ?? height);
  const x0 = Math.max(0, opts.area?.x0 ?? 0), x1 = Math.min(width, opts.area?.x1 ?? width);
  // The common case (every visible pixel fully mapped, nothing else) as a tight loop.
  if (!weight && !alphaRows && !texture && strength === 1) {
    for (let y = y0; y < y1; y++) {
      for (let i = (y * width + x0) * 4, end = (y * width + x1) * 4; i < end; i += 4) {
        if (src[i + 3]! === 0) continue;
        const k = index[(77 * src[i]! + 150 * src[i + 1]! + 29 * src[i + 2]! + 128) >> 8]!;
        out[i] = ramp[k]!;
        out[i + 1] = ramp[k + 1]!;
        out[i + 2] = ramp[k + 2]!;
      }
    }
    return { data: out, width, height };
  }
  // Fully mapped through a texture (a grainy material on a transparent source): as tight, the
  // texture's offset stepped along each row.
  if (texture && !weight && !alphaRows && strength === 1) {
    const { data: grain, width: tw, height: th } = texture;
    for (let y = y0; y < y1; y++) {
      const ty = ((((y - texture.dy) % th) + th) % th) * tw;
      let tx = (((x0 - texture.dx) % tw) + tw) % tw;
      for (let x = x0, i = (y * width + x0) * 4; x < x1; x++, i += 4) {
        const t = tx;
        if (++tx === tw) tx = 0;
        if (src[i + 3]! === 0) continue;
        const l = fastLuma(src, i) + grain[ty + t]!;
        const k = index[l < 0 ? 0 : l > 255 ? 255 : l]!;
        out[i] = ramp[k]!;
        out[i + 1] = ramp[k + 1]!;
        out[i + 2] = ramp[k + 2]!;
      }
    }
    return { data: out, width, height };
  }
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
  return { data: out, width, height };
}
