// Decoding uploads to straight RGBA: stills through sharp, GIFs through gif.ts, PNG sheets sliced from
// one decode. Every path checks the claimed size before any pixel is decoded.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { FPS, MAX_IMAGE_SIDE } from '../limits.ts';
import type { Animation, ImageFormat, RawImage } from '../types.ts';
import { detectFormat } from './detect.ts';
import { gifFrames } from './gif.ts';
import { detectBackground } from '../kernels/track.ts';

export interface SpriteGrid {
  columns: number;
  rows: number;
}

const SHARP_INPUT = {
  // 'error' rejects truncated and corrupt data (libpng read error, "premature end of JPEG image");
  // the default 'warning' would also reject files browsers show fine, 'none' accepts a half PNG.
  failOn: 'error',
  // Second guard behind the per-side checks: libvips refuses before allocating.
  limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE,
  // Show photos upright, as browsers and editors do (EXIF orientation).
  autoOrient: true,
  // Animated WebP: the first frame is the still.
  animated: false,
} as const;

/** Decodes a PNG, JPEG or WebP (a GIF gives its first frame) that fits MAX_IMAGE_SIDE to RGBA. */
export async function decodeStill(bytes: Uint8Array, format: ImageFormat): Promise<RawImage> {
  if (bytes.length === 0) throw new Error('empty file');
  const found = detectFormat(bytes);
  if (found !== format) throw new Error(`expected ${format} content but found ${found ?? 'unknown'}`);
  if (format === 'gif') {
    for (const { image } of gifFrames(bytes)) return image; // leaving the loop leaves the canvas as it is
    throw new Error('gif: no frames');
  }
  const { width, height } = format === 'png' ? pngHeaderSize(bytes) : await sharp(bytes, SHARP_INPUT).metadata();
  checkSides(width, height);
  const { data, info } = await sharp(bytes, SHARP_INPUT)
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`decoded to ${info.channels} channels, expected 4`);
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/**
 * The probe's check of a JPEG or WebP (PNG: png.ts, GIF: gif.ts): decodes it completely with
 * decodeStill's header check and libvips options, so the same files fail, and answers only its size.
 * It skips the sRGB conversion and alpha channel a check does not need (a third of decodeStill's time).
 */
export async function verifyStill(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(bytes, SHARP_INPUT).metadata();
  checkSides(width, height);
  const { info } = await sharp(bytes, SHARP_INPUT).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

/** Reads and decodes a still image file; the format comes from its content. */
export async function decodeStillFile(path: string): Promise<RawImage> {
  const bytes = await readFile(path);
  return decodeStill(bytes, detectOrThrow(bytes));
}

/**
 * Reads an animation source: a GIF (no grid; its frames and browser delays) or a sprite sheet with
 * its grid (the cells of one decode, at 12 frames a second, less its empty trailing cells: see
 * dropEmptyTrailingCells). `fit` is applied to each frame as it is made, so a 120-frame 4096x4096
 * GIF never sits in memory at full size (that alone is ~8 GB). A GIF's repeated drawing is one object
 * in every frame that shows it (gif.ts): frames are read, not written to, unless the caller first
 * gives each its own.
 */
export async function decodeAnimationFile(path: string, grid?: SpriteGrid, fit: (frame: RawImage) => RawImage = (f) => f): Promise<Animation> {
  const bytes = await readFile(path);
  const format = detectOrThrow(bytes);
  if (format === 'gif') {
    if (grid) throw new Error('a GIF source takes no sprite grid');
    const animation: Animation = { frames: [], delaysMs: [] };
    const fitted = new Map<RawImage, RawImage>();
    for (const { image, delayMs, kept } of gifFrames(bytes)) {
      let frame = kept ? fitted.get(image) : undefined;
      if (!frame) {
        frame = fit(image);
        // A frame the fit left as it was shares the decoder's pixels: one not kept gets its own.
        if (!kept && frame.data.buffer === image.data.buffer) frame = { ...frame, data: frame.data.slice() };
        if (kept) fitted.set(image, frame);
      }
      animation.frames.push(frame);
      animation.delaysMs.push(delayMs);
    }
    return animation;
  }
  if (!grid) throw new Error(`a ${format} sprite sheet needs a sprite grid`);
  const image = await decodeStill(bytes, format);
  const frames = dropEmptyTrailingCells(sliceSheet(image, grid).frames);
  return { frames: frames.map(fit), delaysMs: sheetDelaysMs(frames.length) };
}

/**
 * A sheet's cells less the fully empty ones at its end (docs/contract.md §3): a 9x3 grid of 24 poses has
 * 3 blank cells after them, and as frames they would blink the sprite out once a loop. A cell is
 * empty when every pixel is fully transparent or, when the first cell stands on a flat colour
 * (found on its border, as the restyle engine finds the background), that colour. Only trailing
 * cells go: an empty cell between poses is a frame (a blink the author drew). The first cell stays.
 */
export function dropEmptyTrailingCells(cells: readonly RawImage[]): RawImage[] {
  const first = cells[0];
  if (!first) return [];
  const bg = detectBackground(first);
  const color = bg.kind === 'flat' ? bg.color : undefined;
  let count = cells.length;
  while (count > 1 && isEmptyCell(cells[count - 1] as RawImage, color)) count--;
  return cells.slice(0, count);
}

/**
 * How far (per channel) a pixel may be from the background colour and still be background: the
 * colour is a mean over the border, which anti-aliased edges touching it can pull by a few levels.
 */
const BACKGROUND_SLACK = 6;

function isEmptyCell(cell: RawImage, background: { r: number; g: number; b: number } | undefined): boolean {
  const d = cell.data;
  for (let i = 0; i < d.length; i += 4) {
    const alpha = d[i + 3] ?? 0;
    if (alpha === 0) continue;
    if (!background || alpha !== 255) return false;
    const near = Math.abs((d[i] ?? 0) - background.r) <= BACKGROUND_SLACK
      && Math.abs((d[i + 1] ?? 0) - background.g) <= BACKGROUND_SLACK
      && Math.abs((d[i + 2] ?? 0) - background.b) <= BACKGROUND_SLACK;
    if (!near) return false;
  }
  return true;
}

/**
 * Cuts a sheet into columns x rows cells of floor(width/columns) x floor(height/rows), row by row
 * (docs/contract.md §2); the remainder at the right and bottom edges is dropped. Copies rows of the one
 * decoded buffer rather than decoding or extracting per frame.
 */
export function sliceSheet(sheet: RawImage, grid: SpriteGrid): Animation {
  const { columns, rows } = grid;
  checkCount('columns', columns);
  checkCount('rows', rows);
  if (sheet.data.length !== sheet.width * sheet.height * 4) {
    throw new Error(`Expected ${sheet.width * sheet.height * 4} bytes for a ${sheet.width}x${sheet.height} sheet but received ${sheet.data.length}`);
  }
  const cellWidth = Math.floor(sheet.width / columns);
  const cellHeight = Math.floor(sheet.height / rows);
  if (cellWidth === 0 || cellHeight === 0) {
    throw new Error(`A ${sheet.width}x${sheet.height} sheet is too small for ${columns}x${rows} cells`);
  }
  const rowBytes = cellWidth * 4;
  const frames: RawImage[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const data = new Uint8Array(rowBytes * cellHeight);
      for (let y = 0; y < cellHeight; y++) {
        const from = ((row * cellHeight + y) * sheet.width + column * cellWidth) * 4;
        data.set(sheet.data.subarray(from, from + rowBytes), y * rowBytes);
      }
      frames.push({ data, width: cellWidth, height: cellHeight });
    }
  }
  return { frames, delaysMs: sheetDelaysMs(frames.length) };
}

/**
 * Whole-ms delays for n frames at FPS frames a second, spread (83, 84, 83, 83, 84, 83, ...) so the
 * total is round(n x 1000 / FPS), the sheet length of docs/contract.md §2: frame i ends at round((i+1) x 1000 / FPS).
 */
export function sheetDelaysMs(n: number): number[] {
  const endMs = (i: number): number => Math.round((i * 1000) / FPS);
  return Array.from({ length: n }, (_, i) => endMs(i + 1) - endMs(i));
}

/** Width and height from the IHDR chunk, which the PNG format requires to come first. */
export function pngHeaderSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ihdr = String.fromCharCode(...bytes.subarray(12, 16));
  if (bytes.length < 24 || ihdr !== 'IHDR') throw new Error('png: missing IHDR chunk');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function checkSides(width: number | undefined, height: number | undefined): void {
  // A small file can claim a huge canvas; decoding would allocate it all (docs/contract.md §2).
  if (!width || !height) throw new Error(`image size unknown or zero (${width}x${height})`);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new Error(`image is ${width}x${height}, over ${MAX_IMAGE_SIDE} on a side`);
  }
}

function checkCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`Expected positive integer for ${name} but received ${value}`);
  }
}

function detectOrThrow(bytes: Uint8Array): ImageFormat {
  if (bytes.length === 0) throw new Error('empty file');
  const format = detectFormat(bytes);
  if (!format) throw new Error('not a PNG, JPEG, WebP or GIF file');
  return format;
}
