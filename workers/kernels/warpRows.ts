// A row-wise warp: each output row samples one (fractional) source row, scaled horizontally about
// a centre and shifted. Enough for a shear (a lean, the three-quarter skew), a squash, and chibi
// proportions (head rows wider and taller, body rows shorter) without a general mesh warp.
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../types.ts';
import { checkImage, checkInt } from './check.ts';
import type { ResizeMode } from './resize.ts';

export interface RowWarp {
  /** Source row (fractional; pixel centres at +0.5). */
  srcY: number;
  /** Horizontal scale of this row (output px per source px). */
  scaleX: number;
  /** The source column that lands on `dstCx`. */
  srcCx: number;
  dstCx: number;
}

/**
 * A new `width` x `height` image whose row y samples `img` as `rowAt(y + 0.5)` says; outside the
 * source is transparent. 'nearest' copies source pixels only (pixel art); 'smooth' is bilinear in
 * premultiplied alpha.
 */
export function warpRows(img: RawImage, width: number, height: number, rowAt: (y: number) => RowWarp, mode: ResizeMode): RawImage {
  checkImage(img, 'image');
  checkInt(width, 1, 1 << 14, 'width');
  checkInt(height, 1, 1 << 14, 'height');
  const sw = img.width, sh = img.height, src = img.data;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const w = rowAt(y + 0.5);
    if (!(w.scaleX > 0)) continue;
    const fy = w.srcY - 0.5;
    const y0 = Math.floor(fy);
    const ay = mode === 'nearest' ? 0 : fy - y0;
    const rowNear = Math.floor(w.srcY);
    for (let x = 0; x < width; x++) {
      const sx = w.srcCx + (x + 0.5 - w.dstCx) / w.scaleX;
      const o = (y * width + x) * 4;
      if (mode === 'nearest') {
        const ix = Math.floor(sx);
        if (ix < 0 || ix >= sw || rowNear < 0 || rowNear >= sh) continue;
        const i = (rowNear * sw + ix) * 4;
        out[o] = src[i]!;
        out[o + 1] = src[i + 1]!;
        out[o + 2] = src[i + 2]!;
        out[o + 3] = src[i + 3]!;
        continue;
      }
      const fx = sx - 0.5;
      const x0 = Math.floor(fx);
      const ax = fx - x0;
      let r = 0, g = 0, b = 0, a = 0;
      for (let k = 0; k < 4; k++) {
        const xx = x0 + (k & 1);
        const yy = y0 + (k >> 1);
        if (xx < 0 || yy < 0 || xx >= sw || yy >= sh) continue;
        const wgt = ((k & 1) ? ax : 1 - ax) * ((k >> 1) ? ay : 1 - ay);
        if (wgt === 0) continue;
        const i = (yy * sw + xx) * 4;
        const wa = wgt * src[i + 3]!;
        r += src[i]! * wa;
        g += src[i + 1]! * wa;
        b += src[i + 2]! * wa;
        a += wa;
      }
      if (a < 0.5) continue;
      out[o] = r / a + 0.5;
      out[o + 1] = g / a + 0.5;
      out[o + 2] = b / a + 0.5;
      out[o + 3] = a + 0.5;
    }
  }
  return { data: out, width, height };
}
