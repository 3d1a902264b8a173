// Creating, filling and copying RawImages, and the colour type the other kernels share.
import type { RawImage } from '../types.ts';
import { checkImage, checkInt } from './check.ts';
import { MAX_IMAGE_SIDE } from '../limits.ts';

/** A straight-alpha colour, each channel 0..255. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export const TRANSPARENT: Rgba = Object.freeze({ r: 0, g: 0, b: 0, a: 0 });

// Sheets may be several frames of MAX_IMAGE_SIDE wide (11 x 512 = 5632, overlay scale 2 of a
// 4096 sheet = 8192); refuse anything bigger so a bad size fails before a huge allocation.
const MAX_CANVAS_SIDE = MAX_IMAGE_SIDE * 4;

/** A new width x height image filled with `fill` (transparent by default). */
export function createImage(width: number, height: number, fill: Rgba = TRANSPARENT): RawImage {
  checkInt(width, 1, MAX_CANVAS_SIDE, 'width');
  checkInt(height, 1, MAX_CANVAS_SIDE, 'height');
  const img: RawImage = { data: new Uint8Array(width * height * 4), width, height };
  if (fill.a !== 0 || fill.r !== 0 || fill.g !== 0 || fill.b !== 0) fillImage(img, fill);
  return img;
}

/** Overwrites every pixel of `img` with `color`. */
export function fillImage(img: RawImage, color: Rgba): void {
  checkImage(img, 'image');
  const { data } = img;
  // Fill one row, then double the filled span with copyWithin: a few memcpy calls, not w*h stores.
  const rowBytes = img.width * 4;
  for (let i = 0; i < rowBytes; i += 4) {
    data[i] = color.r;
    data[i + 1] = color.g;
    data[i + 2] = color.b;
    data[i + 3] = color.a;
  }
  for (let filled = rowBytes; filled < data.length; filled *= 2) {
    data.copyWithin(filled, 0, Math.min(filled, data.length - filled));
  }
}

/** Sets the rectangle (x, y, width, height), clipped to `img`, to `color` (replaces, no blending). */
export function fillRect(img: RawImage, x: number, y: number, width: number, height: number, color: Rgba): void {
  checkImage(img, 'image');
  const x0 = Math.max(0, Math.floor(x));
  const y0 = Math.max(0, Math.floor(y));
  const x1 = Math.min(img.width, Math.floor(x + width));
  const y1 = Math.min(img.height, Math.floor(y + height));
  if (x1 <= x0 || y1 <= y0) return;
  const d = img.data;
  const first = (y0 * img.width + x0) * 4;
  for (let i = first; i < first + (x1 - x0) * 4; i += 4) {
    d[i] = color.r;
    d[i + 1] = color.g;
    d[i + 2] = color.b;
    d[i + 3] = color.a;
  }
  for (let y = y0 + 1; y < y1; y++) d.copyWithin((y * img.width + x0) * 4, first, first + (x1 - x0) * 4);
}

/** A deep copy that owns its buffer (byteOffset 0), whatever view `img.data` was. */
export function cloneImage(img: RawImage): RawImage {
  checkImage(img, 'image');
  return { data: new Uint8Array(img.data), width: img.width, height: img.height };
}

/** `#RRGGBB` (or `RRGGBB`) to an opaque colour. */
export function parseHexColor(hex: string): Rgba {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) throw new RangeError(`Expected a colour like #RRGGBB for background but received ${JSON.stringify(hex)}`);
  return { r: parseInt(m[1] ?? '0', 16), g: parseInt(m[2] ?? '0', 16), b: parseInt(m[3] ?? '0', 16), a: 255 };
}

/** The colour of pixel (x, y); the caller keeps x, y inside the image. */
export function pixelAt(img: RawImage, x: number, y: number): Rgba {
  const i = (y * img.width + x) * 4;
  const d = img.data;
  return { r: d[i] ?? 0, g: d[i + 1] ?? 0, b: d[i + 2] ?? 0, a: d[i + 3] ?? 0 };
}
