// Per-colour adjustments of a sprite's own colours (darker, lighter, more or less vivid, negative),
// for restyles that name no material or colour. Each distinct colour is worked out once: sprites
// have few colours and many pixels.
// Hot loops read typed arrays directly (`d[i]!`): the shared at() helper is called with every array
// type in the engine, so its reads go megamorphic (measured ~5x slower per pixel than direct reads).
import type { RawImage } from '../types.ts';
import { checkImage } from './check.ts';
import type { Rgba } from './image.ts';

/**
 * `img` with `fn` applied to the RGB of every visible pixel, mixed in by `weight` (0..255 per
 * pixel, the subject mask on opaque sources; everything when omitted). Alpha is kept.
 */
export function adjustColors(img: RawImage, fn: (c: Rgba) => Rgba, weight?: Uint8Array): RawImage {
  checkImage(img, 'image');
  const n = img.width * img.height;
  if (weight && weight.length !== n) throw new RangeError(`Expected ${n} weights but received ${weight.length}`);
  const src = img.data;
  const out = new Uint8Array(src);
  const cache = new Map<number, number>();
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    if (src[i + 3]! === 0) continue;
    const w = weight ? weight[p]! / 255 : 1;
    if (w === 0) continue;
    const key = (src[i]! << 16) | (src[i + 1]! << 8) | src[i + 2]!;
    let v = cache.get(key);
    if (v === undefined) {
      const c = fn({ r: src[i]!, g: src[i + 1]!, b: src[i + 2]!, a: 255 });
      v = (c.r << 16) | (c.g << 8) | c.b;
      cache.set(key, v);
    }
    out[i] = src[i]! + (((v >> 16) & 255) - src[i]!) * w + 0.5;
    out[i + 1] = src[i + 1]! + (((v >> 8) & 255) - src[i + 1]!) * w + 0.5;
    out[i + 2] = src[i + 2]! + ((v & 255) - src[i + 2]!) * w + 0.5;
  }
  return { data: out, width: img.width, height: img.height };
}

/** The colour negative. */
export const invertColor = (c: Rgba): Rgba => ({ r: 255 - c.r, g: 255 - c.g, b: 255 - c.b, a: c.a });
