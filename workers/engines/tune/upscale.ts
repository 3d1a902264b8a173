// image-tune/upscale: a picture brought to a longest side of 1024, 2048 or 4096 px. Pixel art (a
// palette of at most 256 colours and hard alpha) is scaled by nearest neighbour, so every art pixel
// becomes a crisp block of its exact colour (blocks differ by a pixel at most where the scale is not
// whole): no blur, no new colour. Everything else is resampled with Lanczos in premultiplied alpha
// (libvips) and, when enlarged, sharpened a little so edges do not go soft. Transparency is kept; a
// cartoon's anti-aliased outline (soft alpha only in a thin band at its edge) stays a crisp, smooth
// edge at any scale instead of a blur as wide as the scale.
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { RawImage } from '../../types.ts';
import { looksLikePixelArt } from '../../kernels/cutout.ts';
import { resizeTo } from '../../kernels/resize.ts';

export interface UpscalePlan {
  method: 'pixel-art' | 'smooth';
  /** The outline's anti-aliasing was rebuilt at the new size (soft alpha narrowed to a pixel or two). */
  crispEdge: boolean;
  from: { width: number; height: number };
  to: { width: number; height: number };
}

export interface Upscaled {
  image: RawImage;
  plan: UpscalePlan;
}

/** Pixel art: at most 256 colours, and every pixel either opaque or clear (no soft edge). */
export const isPixelArt = (img: RawImage): boolean => looksLikePixelArt(img, 256);

/** The size with the longest side `side`, aspect kept (each side at least 1 px). */
export function sizeFor(width: number, height: number, side: number): { width: number; height: number } {
  const k = side / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

const rawOf = async (s: Sharp, size: { width: number; height: number }): Promise<RawImage> => {
  const buf = await s.ensureAlpha().raw().toBuffer();
  return { ...size, data: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) };
};

const SHARPEN = { sigma: 0.8, m1: 0.5, m2: 1.5 } as const;

/** `pixelArt` overrides the test of the picture itself (a restyled sprite is still the pixel art it was). */
export async function upscale(img: RawImage, side: number, pixelArt = isPixelArt(img)): Promise<Upscaled> {
  const from = { width: img.width, height: img.height };
  const to = sizeFor(img.width, img.height, side);
  const raw = (i: RawImage) => sharp(i.data, { raw: { width: i.width, height: i.height, channels: 4 } });
  if (pixelArt) {
    return { image: resizeTo(img, to.width, to.height, 'nearest'), plan: { method: 'pixel-art', crispEdge: false, from, to } };
  }
  const scale = to.width / img.width;
  const crispEdge = scale >= 2 && antialiasedEdge(img);
  // Lanczos rings at a hard edge once enlarged several times; Mitchell does not.
  const enlarged = (i: RawImage) => {
    const resized = raw(i).resize(to.width, to.height, { kernel: scale > 2 ? 'mitchell' : 'lanczos3', fit: 'fill' });
    return scale > 1 ? resized.sharpen(SHARPEN) : resized;
  };
  if (!crispEdge) return { image: await rawOf(enlarged(img), to), plan: { method: 'smooth', crispEdge, from, to } };
  // The outline: the alpha resized alone and smoothed over about half a source pixel (so the
  // source's stair steps round off into a curve), then its ramp narrowed back to an edge.
  const [colour, edge] = await Promise.all([enlarged(solidEdge(img)).raw().toBuffer(), smoothedAlpha(img, to, scale)]);
  narrowAlphaRamp(colour, edge, scale);
  return { image: { ...to, data: new Uint8Array(colour.buffer, colour.byteOffset, colour.byteLength) }, plan: { method: 'smooth', crispEdge, from, to } };
}

/**
 * Past this scale the alpha is smoothed at this scale and then enlarged the rest of the way: the
 * blur's cost grows with the output's pixels times its width, and a 1 px picture taken to 1024 px
 * blurred a million pixels with a sigma of 410 (a minute of a core; at 2048 px, past the job's
 * time limit) for what enlarging the smoothed 16 px ramp gives.
 */
const MAX_BLUR_SCALE = 16;

/** `img`'s alpha at size `to`, smoothed over about half a source pixel (0.4 of one, as a sigma). */
async function smoothedAlpha(img: RawImage, to: { width: number; height: number }, scale: number): Promise<Buffer> {
  const alpha = sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } }).extractChannel(3);
  if (scale <= MAX_BLUR_SCALE) return alpha.resize(to.width, to.height, { kernel: 'cubic', fit: 'fill' }).blur(0.4 * scale).raw().toBuffer();
  const mid = sizeFor(img.width, img.height, MAX_BLUR_SCALE * Math.max(img.width, img.height));
  const smoothed = await alpha.resize(mid.width, mid.height, { kernel: 'cubic', fit: 'fill' }).blur(0.4 * MAX_BLUR_SCALE).raw().toBuffer();
  // (One band in, one band out: libvips would otherwise write a single band back as sRGB.)
  return sharp(smoothed, { raw: { width: mid.width, height: mid.height, channels: 1 } }).resize(to.width, to.height, { kernel: 'cubic', fit: 'fill' }).extractChannel(0).raw().toBuffer();
}

/**
 * Soft alpha only where an outline is anti-aliased: most partly transparent pixels touch a clear or
 * an opaque one. A glow or a soft shadow (wide ramps of partial alpha) is left soft.
 */
export function antialiasedEdge(img: RawImage): boolean {
  const { width: w, height: h, data } = img;
  const alpha = (x: number, y: number): number => (x < 0 || y < 0 || x >= w || y >= h ? 0 : data[(y * w + x) * 4 + 3]!);
  let soft = 0, edge = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const a = alpha(x, y);
    if (a === 0 || a === 255) continue;
    soft++;
    const near = [alpha(x - 1, y), alpha(x + 1, y), alpha(x, y - 1), alpha(x, y + 1)];
    if (near.some((n) => n === 0 || n === 255)) edge++;
  }
  return soft > 0 && edge >= 0.8 * soft;
}

/**
 * The colours for a rebuilt edge: each anti-aliased pixel made opaque in the colour of an opaque
 * neighbour (its own is the edge's colour mixed with whatever it was drawn over), so the widened
 * edge is not a pale rim.
 */
function solidEdge(img: RawImage): RawImage {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(data);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const i = (y * w + x) * 4;
    const a = data[i + 3]!;
    if (a === 0 || a === 255) continue;
    out[i + 3] = 255;
    for (const [dx, dy] of NEIGHBOURS) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const j = (ny * w + nx) * 4;
      if (data[j + 3] === 255) { out[i] = data[j]!; out[i + 1] = data[j + 1]!; out[i + 2] = data[j + 2]!; break; }
    }
  }
  return { width: w, height: h, data: out };
}

const NEIGHBOURS = [[-1, 0], [1, 0], [0, -1], [0, 1], [-1, -1], [1, -1], [-1, 1], [1, 1]] as const;

/** Each pixel's alpha from the smoothed `edge`, whose ramp (as wide as the scale) is narrowed to about 1.5 px. */
function narrowAlphaRamp(rgba: Uint8Array, edge: Uint8Array, scale: number): void {
  const k = scale / 1.5;
  for (let p = 0; p < edge.length; p++) {
    const a = edge[p]!;
    rgba[p * 4 + 3] = a === 0 || a === 255 ? a : Math.round(255 * Math.min(1, Math.max(0, (a / 255 - 0.5) * k + 0.5)));
  }
}
