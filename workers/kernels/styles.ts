// The character overlay's rendering styles, as kernels over a character cut-out:
//   sd (chibi): the head (above the neck, found as the narrowest rows under it) 30% bigger, the
//     body 40% shorter, blended over a few rows at the neck so there is no seam;
//   quater_view: the three-quarter skew, a horizontal shear (feet fixed, top shifted) with a
//     slight horizontal squash and the far side a little darker;
//   cartoon: posterized shading (hue kept, value in four bands, a little more saturation) and a
//     dark outline of the character's own hue;
//   pixel: binary alpha and every colour from the character's palette (its own colours, or a
//     16-colour median cut of a smooth-shaded one).
// The geometric styles (sd, quater_view) work at the character's own size, before fitting; the
// finishing ones (cartoon, pixel) after it, at the size drawn, so outlines are a pixel or two.
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../types.ts';
import { checkImage, checkInt } from './check.ts';
import type { Rgba } from './image.ts';
import type { ResizeMode } from './resize.ts';
import { warpRows } from './warpRows.ts';
import { adjustColors } from './adjust.ts';
import { averageColor } from './recolor.ts';
import { hsl } from './recolor.ts';
import { toHsl } from './tone.ts';
import { chamferDistance } from './distance.ts';
import { mapToPalette } from './palette.ts';
import type { PackedColor } from './palette.ts';

const HEAD_SCALE = 1.3;
const BODY_SCALE = 0.6;

/** Visible pixels per row. */
function rowCounts(img: RawImage): number[] {
  const counts: number[] = [];
  for (let y = 0; y < img.height; y++) {
    let n = 0;
    for (let x = 0; x < img.width; x++) if (img.data[(y * img.width + x) * 4 + 3]! >= 128) n++;
    counts.push(n);
  }
  return counts;
}

/** The row where the head ends: the bottom of the narrowest stretch between 22% and 50% of the height. */
export function neckRow(img: RawImage): number {
  checkImage(img, 'character');
  const counts = rowCounts(img);
  const lo = Math.floor(img.height * 0.22);
  const hi = Math.max(lo + 1, Math.ceil(img.height * 0.5));
  const min = Math.min(...counts.slice(lo, hi));
  let neck = lo;
  for (let y = lo; y < hi; y++) if ((counts[y] ?? 0) <= min * 1.15 + 1) neck = y + 1;
  return Math.max(1, Math.min(img.height - 1, neck));
}

/** Mass centroid x of the rows [y0, y1). */
function centreX(img: RawImage, y0: number, y1: number): number {
  let s = 0, n = 0;
  for (let y = y0; y < y1; y++) for (let x = 0; x < img.width; x++) {
    const a = img.data[(y * img.width + x) * 4 + 3]!;
    s += (x + 0.5) * a;
    n += a;
  }
  return n > 0 ? s / n : img.width / 2;
}

const smooth = (t: number): number => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/** Chibi proportions (see the file comment). */
export function chibi(img: RawImage, mode: ResizeMode): RawImage {
  checkImage(img, 'character');
  const neck = neckRow(img);
  const headH = neck * HEAD_SCALE;
  const height = Math.max(1, Math.round(headH + (img.height - neck) * BODY_SCALE));
  const pad = Math.ceil((img.width * (HEAD_SCALE - 1)) / 2);
  const width = img.width + 2 * pad;
  const cx = centreX(img, 0, neck);
  const blend = Math.max(1, height * 0.06);
  return warpRows(img, width, height, (y) => {
    const srcY = y < headH ? y / HEAD_SCALE : neck + (y - headH) / BODY_SCALE;
    const t = smooth((y - (headH - blend)) / (2 * blend));
    return { srcY, scaleX: HEAD_SCALE + (1 - HEAD_SCALE) * t, srcCx: cx, dstCx: cx + pad };
  }, mode);
}

const SHEAR = 0.16;
const SQUASH = 0.86;

/** The three-quarter view skew (see the file comment). */
export function quarterView(img: RawImage, mode: ResizeMode): RawImage {
  checkImage(img, 'character');
  const h = img.height;
  const width = Math.max(1, Math.ceil(img.width * SQUASH + SHEAR * h) + 1);
  const out = warpRows(img, width, h, (y) => ({ srcY: y, scaleX: SQUASH, srcCx: 0, dstCx: SHEAR * (h - y) }), mode);
  if (mode === 'nearest') return out; // the pixel finish would map the shading back anyway
  // The far (right) side turned away from the light: darker toward the right edge of each row.
  const d = out.data;
  for (let y = 0; y < h; y++) {
    let l = -1, r = -1;
    for (let x = 0; x < width; x++) if (d[(y * width + x) * 4 + 3]! > 0) (l < 0 && (l = x)), (r = x);
    if (r <= l) continue;
    for (let x = l; x <= r; x++) {
      const t = (x - l) / (r - l);
      if (t < 0.6) continue;
      const k = 1 - 0.22 * ((t - 0.6) / 0.4);
      const i = (y * width + x) * 4;
      d[i] = d[i]! * k;
      d[i + 1] = d[i + 1]! * k;
      d[i + 2] = d[i + 2]! * k;
    }
  }
  return out;
}

/** Cel shading: hue kept, value in four bands, saturation up a little. */
export function posterize(img: RawImage): RawImage {
  return adjustColors(img, (c) => {
    const { h } = toHsl(c);
    const max = Math.max(c.r, c.g, c.b);
    const v = max / 255;
    const band = (Math.min(3, Math.floor(v * 4)) + 0.8) / 4;
    const sat = max > 0 ? Math.min(1, ((max - Math.min(c.r, c.g, c.b)) / max) * 1.15) : 0;
    // HSV (h, sat, band) to RGB through HSL: l = v (1 - s/2).
    const l = band * (1 - sat / 2);
    const sl = l > 0 && l < 1 ? (band - l) / Math.min(l, 1 - l) : 0;
    return hsl(h, sl, l);
  });
}

/**
 * `img` padded by `width` + 1 px on every side with a dark outline of its own hue around its
 * silhouette (anti-aliased by half a pixel), the character drawn over it.
 */
export function outline(img: RawImage, width: number): RawImage {
  checkImage(img, 'character');
  checkInt(width, 1, 32, 'outline width');
  const pad = width + 1;
  const w = img.width + 2 * pad, h = img.height + 2 * pad;
  const inside = new Uint8Array(w * h);
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) inside[(y + pad) * w + x + pad] = img.data[(y * img.width + x) * 4 + 3]! >= 128 ? 1 : 0;
  const dist = chamferDistance(inside, w, h, width + 2);
  const avg = averageColor(img);
  const ink: Rgba = { r: Math.round(avg.r * 0.18), g: Math.round(avg.g * 0.18), b: Math.round(avg.b * 0.18), a: 255 };
  const out = new Uint8Array(w * h * 4);
  for (let p = 0; p < w * h; p++) {
    const cov = Math.max(0, Math.min(1, width + 0.5 - dist[p]!));
    if (cov <= 0) continue;
    out.set([ink.r, ink.g, ink.b, Math.round(255 * cov)], p * 4);
  }
  // The character over its outline (source-over, straight alpha).
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) {
    const i = (y * img.width + x) * 4;
    const sa = img.data[i + 3]! / 255;
    if (sa === 0) continue;
    const o = ((y + pad) * w + x + pad) * 4;
    const da = (out[o + 3]! / 255) * (1 - sa);
    const oa = sa + da;
    for (let c = 0; c < 3; c++) out[o + c] = Math.round((img.data[i + c]! * sa + out[o + c]! * da) / oa);
    out[o + 3] = Math.round(oa * 255);
  }
  return { data: out, width: w, height: h };
}

/** Pixel finish: alpha made binary, then every pixel mapped to `palette` (transparent first). */
export function pixelFinish(img: RawImage, palette: readonly PackedColor[]): RawImage {
  checkImage(img, 'character');
  const hard = new Uint8Array(img.data);
  for (let i = 0; i < hard.length; i += 4) {
    if (hard[i + 3]! >= 128) hard[i + 3] = 255;
    else hard[i] = hard[i + 1] = hard[i + 2] = hard[i + 3] = 0;
  }
  return mapToPalette({ data: hard, width: img.width, height: img.height }, palette);
}
