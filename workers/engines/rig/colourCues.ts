// What a pixel's colour tells the rig: skin (a face from hair, a hand from a sleeve), the dark
// lines of outlined art (what fences an arm drawn over the body), how bright it is, and how far
// apart two colours are.

/** The classic RGB skin rule: warm, red over green over blue, not grey. */
export const isSkin = (r: number, g: number, b: number): boolean => r > 95 && g > 40 && b > 20 && r > g && g > b && r - b > 15 && r - g < 110;

/** The integer luma (0..255) of the pixel whose red byte is at `i` of straight RGBA `data`. */
export const lumaAt = (data: Uint8Array, i: number): number => (77 * data[i]! + 150 * data[i + 1]! + 29 * data[i + 2]!) >> 8;

/** Luma under which a pixel is a drawn line. */
const LINE_LUMA = 70;

/** Whether pixel `p` of straight RGBA `data` is as dark as a drawn line. */
export const isLine = (data: Uint8Array, p: number): boolean => 0.299 * data[p * 4]! + 0.587 * data[p * 4 + 1]! + 0.114 * data[p * 4 + 2]! < LINE_LUMA;

/** How far apart pixels `p` and `q` of straight RGBA `data` are in colour: their RGB steps summed. */
export const colourStep = (data: Uint8Array, p: number, q: number): number =>
  Math.abs(data[p * 4]! - data[q * 4]!) + Math.abs(data[p * 4 + 1]! - data[q * 4 + 1]!) + Math.abs(data[p * 4 + 2]! - data[q * 4 + 2]!);

/** Colours closer than this (colourStep) are one flat fill, not a line's soft edge into it. */
export const SETTLED = 24;

/**
 * Whether pixel `p`, at column `x` of rows `width` wide, is settled fill: it and the next two along
 * its row in `dir` are `fill`, and as near in colour as one flat fill (not a line's soft edge).
 */
export function settledAlong(data: Uint8Array, p: number, x: number, dir: number, width: number, fill: (q: number) => boolean): boolean {
  if (!fill(p)) return false;
  for (let j = 1; j <= 2; j++) {
    const x2 = x + j * dir;
    if (x2 < 0 || x2 >= width || !fill(p + j * dir) || colourStep(data, p, p + j * dir) >= SETTLED) return false;
  }
  return true;
}
