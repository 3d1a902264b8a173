// Lighting pixel art inside its own palette. A pixel artist brightens a colour by stepping up its
// ramp (the next lighter colour of a similar hue), not by mixing in white; this builds those ramps
// from the input's palette and steps pixels along them, dithering (Bayer) between two steps.
import type { RawImage } from '../types.ts';
import { checkImage, checkInt, checkNumber } from './check.ts';
import { bayer } from './dither.ts';
import { packColor } from './palette.ts';
import type { PackedColor } from './palette.ts';

export interface Ramp {
  /** Palette index of each opaque colour. */
  index: Map<PackedColor, number>;
  colors: PackedColor[];
  /** Index of the next lighter / darker colour of a similar hue (itself at the end of a ramp). */
  up: Int32Array;
  down: Int32Array;
}

// Ramps are built pairwise (n^2): pixel art has tens of colours; past this it is not a palette.
export const MAX_RAMP_COLORS = 256;
// How far apart two colours' hue and saturation may be on one ramp (chroma below), and the lightness
// under which a colour is an outline.
const MAX_RAMP_CHROMA = 60;
const OUTLINE_LUMA = 40;

const luma = (c: PackedColor): number => 0.299 * (c >>> 24) + 0.587 * ((c >>> 16) & 255) + 0.114 * ((c >>> 8) & 255);

/** Distance of hue and saturation between two colours: the RGB difference once lightness is removed. */
function chroma(a: PackedColor, b: PackedColor): number {
  const la = luma(a), lb = luma(b);
  const dr = (a >>> 24) - la - ((b >>> 24) - lb);
  const dg = ((a >>> 16) & 255) - la - (((b >>> 16) & 255) - lb);
  const db = ((a >>> 8) & 255) - la - (((b >>> 8) & 255) - lb);
  return Math.sqrt(dr * dr + dg * dg + db * db);
}

/** How coloured a colour is: its distance from the grey of its lightness. */
const colourfulness = (c: PackedColor): number => chroma(c, packColor(0, 0, 0, 255));

// A ramp keeps its colourfulness within a factor of two (counting anything under COLOURED as that
// much): a skin stepping down to a grey (its hue distance within bounds only because the grey has
// almost none), or a grey shirt to a pink, is another material.
const KEEP_COLOUR = 2;
const COLOURED = 24;

/** Ramps over the opaque colours of `palette`; null when it has more than MAX_RAMP_COLORS. */
export function buildRamp(palette: readonly PackedColor[]): Ramp | null {
  const colors = palette.filter((c) => (c & 255) !== 0);
  if (colors.length > MAX_RAMP_COLORS) return null;
  const n = colors.length;
  const up = new Int32Array(n);
  const down = new Int32Array(n);
  const vivid = colors.map(colourfulness);
  for (let i = 0; i < n; i++) {
    const ci = colors[i] as PackedColor;
    const li = luma(ci);
    const own = Math.max(COLOURED, vivid[i]!);
    let bestUp = i, costUp = Infinity, bestDown = i, costDown = Infinity;
    for (let j = 0; j < n; j++) {
      const cj = colors[j] as PackedColor;
      const dl = luma(cj) - li;
      // A step is a visible change of lightness; hue distance weighs more than the size of the step.
      const hue = chroma(ci, cj);
      // Another hue is another ramp: a red with no lighter red stays red, not a grey.
      const other = Math.max(COLOURED, vivid[j]!);
      if (hue > MAX_RAMP_CHROMA || other * KEEP_COLOUR < own || other > own * KEEP_COLOUR) continue;
      const cost = Math.abs(dl) + 1.5 * hue;
      // An outline (near black) stays dark going up: lit, it would lose the sprite's edge.
      if (dl > 6 && li >= OUTLINE_LUMA && cost < costUp) [bestUp, costUp] = [j, cost];
      if (dl < -6 && cost < costDown) [bestDown, costDown] = [j, cost];
    }
    up[i] = bestUp;
    down[i] = bestDown;
  }
  return { index: new Map(colors.map((c, i) => [c, i])), colors, up, down };
}

/**
 * `img` with every opaque pixel moved `steps` whole steps along its ramp (up when positive). Only
 * palette colours come out. Whole steps only: a part step, dithered, is a checker over the whole
 * sprite, and scatters into speckle once a rig turns or bends it. Returns a new image.
 */
export function shiftByRamp(img: RawImage, steps: number, ramp: Ramp): RawImage {
  checkImage(img, 'image');
  checkInt(steps, -8, 8, 'steps');
  const out = new Uint8Array(img.data);
  const next = steps > 0 ? ramp.up : ramp.down;
  const count = Math.abs(steps);
  for (let i = 0; i < out.length; i += 4) {
    if (out[i + 3]! === 0) continue;
    let k = ramp.index.get(packColor(out[i]!, out[i + 1]!, out[i + 2]!, out[i + 3]!));
    if (k === undefined) continue;
    for (let s = 0; s < count; s++) k = next[k]!;
    const c = ramp.colors[k] as PackedColor;
    out[i] = c >>> 24;
    out[i + 1] = (c >>> 16) & 255;
    out[i + 2] = (c >>> 8) & 255;
  }
  return { data: out, width: img.width, height: img.height };
}

/** Opaque pixels of `img` become `color` where `amount` exceeds their Bayer threshold (a dithered tint). */
export function ditherToward(img: RawImage, color: PackedColor, amount: number): RawImage {
  checkImage(img, 'image');
  checkNumber(amount, 0, 1, 'amount');
  const out = new Uint8Array(img.data);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0, i = y * img.width * 4; x < img.width; x++, i += 4) {
      if (out[i + 3]! === 0 || amount <= bayer(x, y)) continue;
      out[i] = color >>> 24;
      out[i + 1] = (color >>> 16) & 255;
      out[i + 2] = (color >>> 8) & 255;
      out[i + 3] = color & 255;
    }
  }
  return { data: out, width: img.width, height: img.height };
}

/** The opaque palette colour nearest to (r, g, b) (squared RGB distance); `fallback` if none. */
export function nearestOpaque(palette: readonly PackedColor[], r: number, g: number, b: number, fallback: PackedColor): PackedColor {
  let best = fallback;
  let bestD = Infinity;
  for (const c of palette) {
    if ((c & 255) === 0) continue;
    const d = ((c >>> 24) - r) ** 2 + (((c >>> 16) & 255) - g) ** 2 + (((c >>> 8) & 255) - b) ** 2;
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best;
}
