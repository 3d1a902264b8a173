// Placing one image on another: source-over compositing at whole-pixel offsets, and shifting an
// image inside its own canvas. Straight alpha in and out, blended as premultiplied.
import type { RawImage } from '../types.ts';
import { checkImage, checkInt } from './check.ts';
import { readsAsWords } from './pixelWords.ts';

const MAX_OFFSET = 1 << 16;
// Past this a grown image would be larger than any frame.
const MAX_SCALE = 1 << 12;

/** Source pixel `s[i..]` (partly clear) over destination pixel `d[o..]`: out = src + dst * (1 - srcAlpha), in premultiplied terms, then back to straight. */
function blend(d: Uint8Array, o: number, s: Uint8Array, i: number): void {
  const sa = s[i + 3]!, da = d[o + 3]!;
  const keep = (da * (255 - sa)) / 255;
  const oa = sa + keep;
  d[o] = Math.round((s[i]! * sa + d[o]! * keep) / oa);
  d[o + 1] = Math.round((s[i + 1]! * sa + d[o + 1]! * keep) / oa);
  d[o + 2] = Math.round((s[i + 2]! * sa + d[o + 2]! * keep) / oa);
  d[o + 3] = Math.round(oa);
}

/**
 * Draws `src` over `dst` with its top-left corner at (dx, dy), clipped to `dst` (source-over);
 * grown `scale` (a whole number) times by whole pixels, each source pixel a square of them.
 * Mutates and returns `dst`.
 */
export function drawOnto(dst: RawImage, src: RawImage, dx: number, dy: number, scale = 1): RawImage {
  checkImage(dst, 'destination');
  checkImage(src, 'source');
  checkInt(dx, -MAX_OFFSET, MAX_OFFSET, 'dx');
  checkInt(dy, -MAX_OFFSET, MAX_OFFSET, 'dy');
  checkInt(scale, 1, MAX_SCALE, 'scale');
  const x0 = Math.max(0, dx);
  const y0 = Math.max(0, dy);
  const x1 = Math.min(dst.width, dx + src.width * scale);
  const y1 = Math.min(dst.height, dy + src.height * scale);
  const s = src.data;
  const d = dst.data;
  const words = readsAsWords(s) && readsAsWords(d);
  const sw = words ? new Uint32Array(s.buffer, s.byteOffset, src.width * src.height) : null;
  const dw = words ? new Uint32Array(d.buffer, d.byteOffset, dst.width * dst.height) : null;
  // The source column under each column drawn (grown: each one `scale` times).
  const cols = new Int32Array(Math.max(0, x1 - x0));
  for (let x = 0; x < cols.length; x++) cols[x] = Math.floor((x0 + x - dx) / scale);
  if (sw && dw && scale > 1) {
    drawGrownWords(dw, dst.width, sw, src.width, cols, x0, y0, y1, dy, scale, d, s);
    return dst;
  }
  for (let y = y0; y < y1; y++) {
    const i0 = Math.floor((y - dy) / scale) * src.width, o0 = y * dst.width + x0;
    if (sw && dw) {
      // A word a pixel: a clear one skipped, an opaque one (or one over a clear pixel) copied, and
      // only a partly clear one over something blended.
      for (let x = 0, n = x1 - x0; x < n; x++) {
        const px = sw[i0 + cols[x]!]!;
        if (px < 0x1000000) continue;
        if (px >= 0xff000000 || dw[o0 + x]! < 0x1000000) dw[o0 + x] = px;
        else blend(d, (o0 + x) * 4, s, (i0 + cols[x]!) * 4);
      }
      continue;
    }
    for (let x = 0, n = x1 - x0; x < n; x++) {
      const i = (i0 + cols[x]!) * 4, o = (o0 + x) * 4;
      const sa = s[i + 3]!;
      if (sa === 0) continue;
      if (sa === 255 || d[o + 3]! === 0) {
        d[o] = s[i]!;
        d[o + 1] = s[i + 1]!;
        d[o + 2] = s[i + 2]!;
        d[o + 3] = sa;
      } else blend(d, o, s, i);
    }
  }
  return dst;
}

/**
 * drawOnto's rows `y0..y1-1` grown `scale` times, a word a pixel: each source row is laid out once
 * at the drawn width, then copied into each of its `scale` rows a stretch of opaque pixels at a
 * time (those do not depend on what is under them); only partly clear pixels are drawn per row.
 */
function drawGrownWords(dw: Uint32Array, dstWidth: number, sw: Uint32Array, srcWidth: number, cols: Int32Array, x0: number, y0: number, y1: number, dy: number, scale: number, d: Uint8Array, s: Uint8Array): void {
  const n = cols.length;
  const line = new Uint32Array(n);
  // The opaque stretches [start, end) of the laid-out row, and the partly clear columns.
  const stretches = new Int32Array(n + 1);
  const partial = new Int32Array(n);
  for (let y = y0; y < y1; ) {
    const sy = Math.floor((y - dy) / scale), i0 = sy * srcWidth;
    const rows = Math.min(y1, dy + (sy + 1) * scale) - y;
    let ns = 0, np = 0;
    for (let x = 0; x < n; x++) {
      const px = (line[x] = sw[i0 + cols[x]!]!);
      if (px >= 0xff000000) {
        if (ns === 0 || stretches[ns - 1] !== x) stretches[ns++] = x, stretches[ns++] = x + 1;
        else stretches[ns - 1] = x + 1;
      } else if (px >= 0x1000000) partial[np++] = x;
    }
    for (let r = 0; r < rows; r++, y++) {
      const o0 = y * dstWidth + x0;
      for (let k = 0; k < ns; k += 2) dw.set(line.subarray(stretches[k]!, stretches[k + 1]!), o0 + stretches[k]!);
      for (let k = 0; k < np; k++) {
        const x = partial[k]!;
        if (dw[o0 + x]! < 0x1000000) dw[o0 + x] = line[x]!;
        else blend(d, (o0 + x) * 4, s, (i0 + cols[x]!) * 4);
      }
    }
  }
}

/**
 * `img` moved by whole pixels (dx, dy) inside a canvas of its own size; what moves out is cut,
 * what moves in is transparent. Rows are copied, not pixels, so this is memcpy-fast.
 */
export function translate(img: RawImage, dx: number, dy: number): RawImage {
  checkImage(img, 'image');
  checkInt(dx, -MAX_OFFSET, MAX_OFFSET, 'dx');
  checkInt(dy, -MAX_OFFSET, MAX_OFFSET, 'dy');
  const { width, height } = img;
  const out = new Uint8Array(img.data.length);
  const x0 = Math.max(0, dx);
  const x1 = Math.min(width, width + dx);
  if (x1 <= x0) return { data: out, width, height };
  for (let y = Math.max(0, dy); y < Math.min(height, height + dy); y++) {
    const sy = y - dy;
    const from = (sy * width + (x0 - dx)) * 4;
    out.set(img.data.subarray(from, from + (x1 - x0) * 4), (y * width + x0) * 4);
  }
  return { data: out, width, height };
}

/** The smallest rectangle holding every pixel with alpha above `threshold`; null when none. */
export function opaqueBounds(
  img: RawImage,
  threshold = 0,
): { x: number; y: number; width: number; height: number } | null {
  checkImage(img, 'image');
  let minX = img.width, minY = img.height, maxX = -1, maxY = -1;
  const d = img.data;
  for (let y = 0; y < img.height; y++) {
    let i = y * img.width * 4 + 3;
    for (let x = 0; x < img.width; x++, i += 4) {
      if (d[i]! <= threshold) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      maxY = y;
    }
  }
  if (maxX < 0) return null;
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** A copy of the rectangle (x, y, width, height) of `img`, which must lie inside it. */
export function crop(img: RawImage, x: number, y: number, width: number, height: number): RawImage {
  checkImage(img, 'image');
  checkInt(x, 0, img.width - 1, 'x');
  checkInt(y, 0, img.height - 1, 'y');
  checkInt(width, 1, img.width - x, 'width');
  checkInt(height, 1, img.height - y, 'height');
  const out = new Uint8Array(width * height * 4);
  for (let r = 0; r < height; r++) {
    const from = ((y + r) * img.width + x) * 4;
    out.set(img.data.subarray(from, from + width * 4), r * width * 4);
  }
  return { data: out, width, height };
}
