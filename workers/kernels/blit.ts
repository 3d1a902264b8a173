// Drawing one layer over another at a whole-pixel offset with an opacity, without resampling:
// for things that follow a subject but need no warp (the soft halo behind a glow).
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
      const sa = (at(s, i + 3) * opacity) / 255;
      if (sa < 0.5 / 255) continue;
      const da = at(out, o + 3);
      if (da === 0) {
        out[o] = at(s, i); out[o + 1] = at(s, i + 1); out[o + 2] = at(s, i + 2); out[o + 3] = sa * 255 + 0.5;
        continue;
      }
      const keep = (da / 255) * (1 - sa);
      const oa = sa + keep;
      out[o] = (at(s, i) * sa + at(out, o) * keep) / oa + 0.5;
      out[o + 1] = (at(s, i + 1) * sa + at(out, o + 1) * keep) / oa + 0.5;
      out[o + 2] = (at(s, i + 2) * sa + at(out, o + 2) * keep) / oa + 0.5;
      out[o + 3] = oa * 255 + 0.5;
    }
  }
  return dst;
}
