// Flattening a straight-alpha image onto an opaque colour: out = a·C + (1 - a)·B per channel,
// rounded, alpha 255. Effects are drawn on transparency and flattened for the opaque sheet, so the
// transparent sheet over its background gives the opaque sheet back, to the rounding.
import type { RawImage } from '../../types.ts';
import { checkImage } from '../../kernels/check.ts';
import type { Rgba } from '../../kernels/image.ts';

/** round(x / 255) for 0 <= x <= 65025, with shifts (exact over that range). */
export const div255 = (x: number): number => ((x + 128 + ((x + 128) >> 8)) >> 8);

export function flattenOnto(img: RawImage, background: Rgba): RawImage {
  checkImage(img, 'image');
  const src = img.data;
  const out = new Uint8Array(src.length);
  const br = background.r, bg = background.g, bb = background.b;
  for (let i = 0; i < src.length; i += 4) {
    const a = (src[i + 3] as number);
    if (a === 0) {
      out[i] = br; out[i + 1] = bg; out[i + 2] = bb; out[i + 3] = 255;
      continue;
    }
    // Integer blend, rounded: (c·a + b·(255 - a)) / 255. The 4K sheet is 16M pixels.
    const k = 255 - a;
    out[i] = div255((src[i] as number) * a + br * k);
    out[i + 1] = div255((src[i + 1] as number) * a + bg * k);
    out[i + 2] = div255((src[i + 2] as number) * a + bb * k);
    out[i + 3] = 255;
  }
  return { data: out, width: img.width, height: img.height };
}
