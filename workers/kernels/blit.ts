// Layers placed at whole-pixel offsets without resampling: copied as they are (a start image pasted
// on a grown canvas, a cutout), or drawn over another with an opacity (the soft halo behind a glow),
// and the one source-over blend of a pixel that every drawing of straight-alpha layers uses.
import type { RawImage } from '../types.ts';
import { at, checkImage, checkNumber } from './check.ts';

/**
 * `src` drawn over `dst` with its origin at whole pixels (dx, dy), source-over at `opacity`,
 * clipped to `dst`: a layer moved without resampling (a soft halo does not need it). Mutates `dst`.
 */
export function drawOver(dst: RawImage, src: RawImage, dx: number, dy: number, opacity: number): RawImage {
  checkImage(dst, 'destination');
  checkImage(src, 'source');
  checkNumber(opacity, 0, 1, 'opacity');
  const out = dst.data, s = src.data;
  const x0 = Math.max(0, dx), x1 = Math.min(dst.width, dx + src.width);
  for (let y = Math.max(0, dy); y < Math.min(dst.height, dy + src.height); y++) {
    for (let x = x0, o = (y * dst.width + x0) * 4, i = ((y - dy) * src.width + (x0 - dx)) * 4; x < x1; x++, o += 4, i += 4) {
      blendPixel(out, o, s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]! * opacity);
    }
  }
  return dst;
}

/**
 * The colour (r, g, b) at alpha `a` (0..255, fractional allowed) drawn source-over onto the
 * straight-alpha pixel at byte offset `o` of `out`, rounded. An alpha under half a level adds nothing.
 */
export function blendPixel(out: Uint8Array, o: number, r: number, g: number, b: number, a: number): void {
  const sa = a / 255;
  if (sa < 0.5 / 255) return;
  // Read directly: the shared at() has seen every array type by the time a worker draws, so its
  // reads are megamorphic (about a tenth of a mesh's drawing time here).
  const da = out[o + 3]!;
  if (da === 0) {
    out[o] = r + 0.5; out[o + 1] = g + 0.5; out[o + 2] = b + 0.5; out[o + 3] = sa * 255 + 0.5;
    return;
  }
  const keep = (da / 255) * (1 - sa);
  const oa = sa + keep;
  out[o] = (r * sa + out[o]! * keep) / oa + 0.5;
  out[o + 1] = (g * sa + out[o + 1]! * keep) / oa + 0.5;
  out[o + 2] = (b * sa + out[o + 2]! * keep) / oa + 0.5;
  out[o + 3] = oa * 255 + 0.5;
}

/** `src` copied into `dst` with its origin at whole pixels (dx, dy), every pixel as it is, clipped to `dst`. Mutates `dst`. */
export function copyInto(dst: RawImage, src: RawImage, dx: number, dy: number): RawImage {
  checkImage(dst, 'destination');
  checkImage(src, 'source');
  const x0 = Math.max(0, dx), x1 = Math.min(dst.width, dx + src.width);
  if (x1 <= x0) return dst;
  for (let y = Math.max(0, dy); y < Math.min(dst.height, dy + src.height); y++) {
    const row = (y - dy) * src.width;
    dst.data.set(src.data.subarray((row + x0 - dx) * 4, (row + x1 - dx) * 4), (y * dst.width + x0) * 4);
  }
  return dst;
}
