// Test images made by code: small sprites drawn with sharp from SVG, and hand-built RawImages.
import sharp from 'sharp';
import { writeFile } from 'node:fs/promises';
import type { RawImage } from '../../workers/types.ts';
import type { InputFile } from '../../workers/specs.ts';
import { extractPalette } from '../../workers/kernels/palette.ts';
import type { PackedColor } from '../../workers/kernels/palette.ts';

/** A sprite: a coloured body with a dark head on transparency (anti-aliased edges). */
export function spriteSvg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<ellipse cx="${width / 2}" cy="${height * 0.62}" rx="${width * 0.3}" ry="${height * 0.3}" fill="${body}"/>` +
      `<rect x="${width * 0.4}" y="${height * 0.12}" width="${width * 0.2}" height="${height * 0.22}" fill="#223"/></svg>`,
  );
}

/** Straight RGBA of an encoded image (or SVG) via sharp. */
export async function toRaw(input: Buffer | Uint8Array): Promise<RawImage> {
  const { data, info } = await sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** A PNG file of `img`. */
export async function writePng(path: string, img: RawImage): Promise<void> {
  await writeFile(path, await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } }).png().toBuffer());
}

/** Pixel art: a blob in four colours with hard edges and binary alpha, from a fixed pattern. */
export function pixelArt(width: number, height: number): RawImage {
  const colors = [
    [20, 20, 40, 255],
    [200, 60, 40, 255],
    [250, 200, 80, 255],
    [60, 160, 90, 255],
  ];
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x + 0.5 - width / 2) / (width * 0.35);
      const dy = (y + 0.5 - height * 0.6) / (height * 0.35);
      if (dx * dx + dy * dy > 1) continue;
      const c = colors[(x * 3 + y * 5) % 7 < 2 ? 0 : (x + y) % 3 + 1] as number[];
      data.set(c, (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

/** A solid w x h image. */
export function solid(width: number, height: number, rgba: readonly number[]): RawImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { data, width, height };
}

/** An InputFile record for a path (the probe info is not read by render). */
export function inputFile(path: string, width: number, height: number, format: 'png' | 'gif' = 'png'): InputFile {
  return { path, info: { format, width, height, frames: 1, durationMs: 0, digest: '0'.repeat(64) } };
}

/** The palette of `images`, which the test knows to be palette images. */
export function paletteOf(images: RawImage[]): PackedColor[] {
  const palette = extractPalette(images);
  if (!palette) throw new Error('test image has too many colours for a palette');
  return palette;
}

/** The bounding box of the pixels at least half opaque (x1, y1 inclusive; y1 the last such row), and their count. */
export function opaqueBox(img: RawImage): { x0: number; y0: number; x1: number; y1: number; count: number } {
  let x0 = img.width, y0 = img.height, x1 = -1, y1 = -1, count = 0;
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) {
    if ((img.data[(y * img.width + x) * 4 + 3] ?? 0) < 128) continue;
    count++;
    x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = y;
  }
  return { x0, y0, x1, y1, count };
}

/**
 * Pixel art as the image engine draws it: alpha 0 or 255, at most `maxColors` colours, and every
 * k x k block (k = the image's side / `side`, the art grid) one colour. Returns what broke, for
 * expect(...).toEqual({ softAlpha: 0, colours: <= max, mismatched: 0 }) style checks.
 */
export function pixelArtFaults(image: RawImage, side: number): { softAlpha: number; colours: number; mismatched: number } {
  const colors = new Set<number>();
  let softAlpha = 0, mismatched = 0;
  const d = image.data, w = image.width, k = w / side;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3] ?? 0;
    if (a !== 0 && a !== 255) softAlpha++;
    if (a) colors.add(((d[i] ?? 0) << 16) | ((d[i + 1] ?? 0) << 8) | (d[i + 2] ?? 0));
  }
  for (let y = 0; y < image.height; y++) for (let x = 0; x < w; x++) {
    const o = (y * w + x) * 4, b = ((y - (y % k)) * w + (x - (x % k))) * 4;
    for (let c = 0; c < 4; c++) if (d[o + c] !== d[b + c]) mismatched++;
  }
  return { softAlpha, colours: colors.size, mismatched };
}
