// Pixel art exported at a whole-number scale (a 16 px sprite saved at 256 px): every art pixel is a
// k x k block of one colour. Moving it at screen resolution would turn parts of it by screen pixels,
// blocks of mixed sizes ("mixels"); it is moved at its own resolution and scaled back by k.

import type { RawImage } from '../types.ts';

/** Largest block size tried: past it a "pixel" is a flat area of a picture, not art. */
const MAX_BLOCK = 32;

/**
 * The size k of the image's art pixels: the largest k (2..32) dividing its width and height such that
 * every pixel is the colour of its k x k block's top-left pixel; 1 when there is none.
 */
export function artPixelSize(img: RawImage): number {
  const { width, height } = img;
  if (img.data.byteOffset % 4 !== 0) return 1;
  const px = new Uint32Array(img.data.buffer, img.data.byteOffset, width * height);
  for (let k = Math.min(MAX_BLOCK, width, height); k >= 2; k--) {
    if (width % k !== 0 || height % k !== 0) continue;
    if (isBlocky(px, width, height, k)) return k;
  }
  return 1;
}

function isBlocky(px: Uint32Array, width: number, height: number, k: number): boolean {
  for (let y = 0; y < height; y++) {
    const top = (y - (y % k)) * width;
    const row = y * width;
    for (let x = 0; x < width; x += k) {
      const c = px[top + x]!;
      for (let i = 0; i < k; i++) if (px[row + x + i] !== c) return false;
    }
  }
  return true;
}
