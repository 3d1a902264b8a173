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

/** One pixel per k x k block (its top-left), the image at its art resolution. */
export function shrinkBlocks(img: RawImage, k: number): RawImage {
  const width = img.width / k, height = img.height / k;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const o = ((y * k) * img.width + x * k) * 4;
    data.set(img.data.subarray(o, o + 4), (y * width + x) * 4);
  }
  return { data, width, height };
}

/** Every pixel made a k x k block. */
export function growBlocks(img: RawImage, k: number): RawImage {
  const width = img.width * k, height = img.height * k;
  const src = new Uint32Array(img.data.buffer, img.data.byteOffset, img.width * img.height);
  const out = new Uint32Array(width * height);
  for (let y = 0; y < img.height; y++) {
    const row = out.subarray(y * k * width, (y * k + 1) * width);
    for (let x = 0; x < img.width; x++) row.fill(src[y * img.width + x]!, x * k, (x + 1) * k);
    for (let r = 1; r < k; r++) out.copyWithin((y * k + r) * width, y * k * width, (y * k + 1) * width);
  }
  return { data: new Uint8Array(out.buffer), width, height };
}
