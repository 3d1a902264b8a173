// A pose lying on the ground (a death row's last cells): much lower than the row stands and wider
// than it is tall. A standing character fitted into that box would be a small figure standing; it
// is laid down instead, turned a quarter either way, whichever covers the pose's own pixels better.
import type { Box } from '../../kernels/track.ts';
import type { RawImage } from '../../types.ts';

/** Lying: under this share of the row's standing height (a chibi lies as high as its head is wide,
 * about 0.7 of its height), and this much wider than tall. */
const LOW = 0.8;
const WIDE = 1.3;

export const isLying = (box: Box, rowHeight: number): boolean => box.height < LOW * rowHeight && box.width > WIDE * box.height;

/** `img` turned a quarter: clockwise (the head to the right of a figure lying on its back) or back. */
function quarterTurn(img: RawImage, clockwise: boolean): RawImage {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const nx = clockwise ? h - 1 - y : y, ny = clockwise ? x : w - 1 - x;
    out.set(data.subarray((y * w + x) * 4, (y * w + x) * 4 + 4), (ny * h + nx) * 4);
  }
  return { data: out, width: h, height: w };
}

/** Share of the box's cells where the turned character (stretched over the box) and the pose agree on opaque or clear. */
function agreement(img: RawImage, mask: Uint8Array, sheetWidth: number, box: Box): number {
  let same = 0;
  for (let y = 0; y < box.height; y++) for (let x = 0; x < box.width; x++) {
    const sx = Math.min(img.width - 1, Math.floor(((x + 0.5) * img.width) / box.width));
    const sy = Math.min(img.height - 1, Math.floor(((y + 0.5) * img.height) / box.height));
    const on = img.data[(sy * img.width + sx) * 4 + 3]! >= 128;
    if (on === (mask[(box.y + y) * sheetWidth + box.x + x] !== 0)) same++;
  }
  return same / Math.max(1, box.width * box.height);
}

/** The character laid down to match the lying pose in `box` of the sheet's sprite `mask`. */
export function layDown(character: RawImage, mask: Uint8Array, sheetWidth: number, box: Box): RawImage {
  const [a, b] = [quarterTurn(character, true), quarterTurn(character, false)];
  return agreement(a, mask, sheetWidth, box) >= agreement(b, mask, sheetWidth, box) ? a : b;
}
