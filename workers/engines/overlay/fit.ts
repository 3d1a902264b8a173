// Characters for the overlay: prepared once (cut out, geometric style applied, rigged, palette for
// the pixel style), picked per row, and fitted onto each pose: as tall as the pose (minus the
// cartoon outline), feet on its baseline, centred on its centroid, leaning as it leans unless it was
// drawn in the pose's posture. Across a row the width follows the row's median pose height, so a
// crouch the rig did not copy squashes the character rather than shrinking it.
//
// Which character a row gets (with several): a number or ordinal in the row's title or description
// ("character 2", "#3", "second"); else a colour word, matched to the character whose key colour
// is nearest ("red knight" picks the reddest); else the named rows take the characters in turn.
import type { RawImage } from '../../types.ts';
import type { RowEntry } from '../../specs.ts';
import { opaqueBounds } from '../../kernels/compose.ts';
import { fitWithin, resizeTo } from '../../kernels/resize.ts';
import type { ResizeMode } from '../../kernels/resize.ts';
import { cutout, looksLikePixelArt } from '../../kernels/cutout.ts';
import { firstFrame } from './firstFrame.ts';
import { imagePalette } from '../../kernels/quantize.ts';
import type { PackedColor } from '../../kernels/palette.ts';
import { chibi, outline, pixelFinish, posterize, quarterView } from '../../kernels/styles.ts';
import { warpRows } from '../../kernels/warpRows.ts';
import { toHsl } from '../../kernels/tone.ts';
import { words } from '../../kernels/words.ts';
import type { Rgba } from '../../kernels/image.ts';
import type { CellPose } from '../../kernels/cellPose.ts';
import { COLOR_NAMES } from '../materials.ts';
import { rigSubject } from '../rig/rigged.ts';
import type { Rigged } from '../rig/rigged.ts';

export type OverlayStyle = 'pixel' | 'cartoon' | 'sd' | 'quater_view';

export interface Character {
  image: RawImage;
  mode: ResizeMode;
  palette?: PackedColor[];
  /** Hue, saturation, lightness of up to ~4096 of its visible pixels, for picking by colour word. */
  colors: { h: number; s: number; l: number }[];
  /** Its rig, to copy each pose with (null: nothing to rig). */
  rigged: Rigged | null;
}

/**
 * A character this many times larger than the most it is drawn at (and past LARGE_CHARACTER px) is
 * shrunk to that before it is rigged and posed: posing costs with its pixels, in every cell.
 */
const OVERSIZE = 4;
const LARGE_CHARACTER = 512;

/** `drawnSide`: the longest side (output pixels) any cell it goes to has. */
export function prepareCharacter(img: RawImage, style: OverlayStyle | undefined, drawnSide = Infinity): Character {
  let cut = cutout(firstFrame(img));
  const mode: ResizeMode = style === 'pixel' || looksLikePixelArt(cut) ? 'nearest' : 'smooth';
  const side = Math.max(cut.width, cut.height), most = Math.max(LARGE_CHARACTER, Math.ceil(OVERSIZE * drawnSide));
  if (side > most) cut = fitWithin(cut, most, most, mode);
  const image = style === 'sd' ? chibi(cut, mode) : style === 'quater_view' ? quarterView(cut, mode) : cut;
  const colors: Character['colors'] = [];
  const step = Math.max(1, Math.floor((cut.width * cut.height) / 4096));
  for (let p = 0; p < cut.width * cut.height; p += step) {
    const i = p * 4;
    const d = cut.data;
    if ((d[i + 3] ?? 0) >= 128) colors.push(toHsl({ r: d[i] ?? 0, g: d[i + 1] ?? 0, b: d[i + 2] ?? 0, a: 255 }));
  }
  return { image, mode, palette: style === 'pixel' ? imagePalette(cut, 16) : undefined, colors, rigged: rigSubject(image, mode === 'nearest') };
}

const ORDINALS = ['first', 'second', 'third', 'fourth'];

/** How much of a pose's measured lean a character takes: the slope includes arms and legs. */
export const LEAN_SHARE = 0.6;

/** Share of a character's pixels that look like `color` (its hue, or for greys its lightness). */
function colorShare(ch: Character, color: Rgba): number {
  const t = toHsl(color);
  if (ch.colors.length === 0) return 0;
  const like = ch.colors.filter((c) => {
    if (t.s < 0.15) return c.s < 0.2 && Math.abs(c.l - t.l) < 0.2;
    const d = Math.abs(c.h - t.h) % 360;
    return c.s >= 0.25 && c.l > 0.12 && c.l < 0.92 && Math.min(d, 360 - d) <= 30;
  });
  return like.length / ch.colors.length;
}

/** Index of the character for `entry`, the `order`-th named row (see the file comment). */
export function pickCharacter(entry: RowEntry, order: number, characters: readonly Character[]): number {
  const n = characters.length;
  if (n <= 1) return 0;
  const text = `${entry.title} ${entry.description}`.toLowerCase();
  const num = /(?:character|char|player|hero|variant|#|no\.?|number)\s*(\d+)/.exec(text);
  if (num && Number(num[1]) >= 1 && Number(num[1]) <= n) return Number(num[1]) - 1;
  const ws = words(text);
  const ord = ORDINALS.findIndex((o) => ws.includes(o));
  if (ord >= 0 && ord < n) return ord;
  const color = COLOR_NAMES.find((c) => c.words.some((w) => ws.includes(w)));
  if (color) {
    const shares = characters.map((c) => colorShare(c, color.color));
    const best = shares.indexOf(Math.max(...shares));
    if ((shares[best] ?? 0) > 0) return best;
  }
  return order % n;
}

/** Mass centroid x of an image. */
function centroidX(img: RawImage): number {
  let s = 0, w = 0;
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) {
    const a = img.data[(y * img.width + x) * 4 + 3] ?? 0;
    s += (x + 0.5) * a;
    w += a;
  }
  return w > 0 ? s / w : img.width / 2;
}

export interface Placement {
  image: RawImage;
  left: number;
  top: number;
}

/**
 * `image` (the character, posed or as it is) styled and fitted onto `pose` for a sheet drawn at `k`
 * times its size: as tall as the pose, as wide as the character standing `rowHeight` tall (the row's
 * median pose height) would be, at most the cell's `maxWidth` (both in sheet pixels). A character
 * drawn in the pose's own posture does not lean again; one drawn as it stands is sheared to lean.
 */
export function fitCharacter(ch: Character, image: RawImage, pose: CellPose, k: number, rowHeight: number, maxWidth: number, style: OverlayStyle | undefined, posed: boolean): Placement {
  const top = Math.round(pose.box.y * k);
  const baseline = Math.round((pose.box.y + pose.box.height) * k);
  const ow = style === 'cartoon' ? Math.max(1, Math.round((baseline - top) / 40)) : 0;
  const h = Math.max(1, baseline - top - 2 * ow);
  const src = image;
  const ky = h / src.height;
  const kRow = Math.max(1, rowHeight * k - 2 * ow) / ch.image.height;
  const kx = Math.min(Math.sqrt(ky * kRow), Math.max(1, maxWidth * k - 2 * ow) / src.width);
  let img = resizeTo(src, Math.max(1, Math.round(src.width * kx)), h, ch.mode);
  // Lean as the pose leans: rows shifted in proportion to their height above the feet. Damped:
  // the measured slope includes arms and legs, and a full shear reads as falling over.
  const lean = posed ? 0 : pose.lean * LEAN_SHARE;
  const reach = Math.round(Math.abs(lean) * h);
  if (reach >= 1) {
    const from = lean < 0 ? reach : 0;
    img = warpRows(img, img.width + reach, h, (y) => ({ srcY: y, scaleX: 1, srcCx: 0, dstCx: from + Math.round(lean * (h - y)) }), 'nearest');
  }
  if (style === 'cartoon') img = outline(posterize(img), ow);
  if (style === 'pixel' && ch.palette) img = pixelFinish(img, ch.palette);
  // Feet (the last row at least half opaque) on the baseline, centroid over the pose's.
  const bounds = opaqueBounds(img, 127) ?? { x: 0, y: 0, width: img.width, height: img.height };
  return { image: img, left: Math.round(pose.cx * k - centroidX(img)), top: baseline - (bounds.y + bounds.height) };
}
