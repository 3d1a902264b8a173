// A generator's drawing to pixels. Smooth: anti-aliased, lit parts, a dark outline, a drop or
// ground shadow and an elemental glow, at the output size. Pixel art: the same parts on a 32 or 64
// px grid with hard edges and five-step ramps, a one-pixel outline, at most 32 colours, binary
// alpha, then enlarged by a whole factor (nearest neighbour) to the output size.
import type { RawImage } from '../../../types.ts';
import { createImage } from '../../../kernels/image.ts';
import type { Rgba } from '../../../kernels/image.ts';
import { drawPart } from '../partRaster.ts';
import type { Part, View } from '../partRaster.ts';
import { fitView, partsExtent } from '../partLayout.ts';
import { outlineFromDistance, outlinePixel } from '../iconFinish.ts';
import { dropShadow, glowAura, groundShadow } from '../iconShadow.ts';
import { limitColors } from '../colorClusters.ts';
import { resizeTo } from '../../../kernels/resize.ts';
import type { Drawing } from './types.ts';

export const INK: Rgba = { r: 26, g: 18, b: 32, a: 255 };
const SHADOW: Rgba = { r: 10, g: 6, b: 18, a: 255 };
/** Pixel art keeps to this many colours (the usual limit of a retro sprite's palette). */
export const PIXEL_COLORS = 32;

export interface RenderSettings {
  /** Output side in px (1024 for jobs; tests use less). */
  size: number;
  /** Pixel-art canvas side, or null for smooth. */
  pixel: number | null;
  /** Texture seed. */
  seed: number;
}

export function renderDrawing(drawing: Drawing, s: RenderSettings): RawImage {
  return s.pixel ? renderPixel(drawing, s.size, s.pixel, s.seed) : renderSmooth(drawing, s.size, s.seed);
}

function renderSmooth(drawing: Drawing, size: number, seed: number): RawImage {
  const extent = partsExtent(drawing.parts);
  // Room for the outline, the shadow and the glow inside the canvas.
  const view = fitView(extent, size, drawing.glow ? 0.1 : 0.085, false, seed);
  const img = createImage(size, size);
  const ow = Math.max(1, size * 0.0105);
  const scaled = (p: Part): Part => (p.line ? { ...p, line: p.line * ow } : p);
  const union = new Float32Array(size * size).fill(ow + 8);
  for (const p of drawing.parts) if (!p.overlay) drawPart(img, scaled(p), view, union, ow + 2);
  outlineFromDistance(img, union, ow, INK);
  if (drawing.ground) {
    const cx = ((extent.x0 + extent.x1) / 2) * view.scale + view.ox;
    const bottom = extent.y1 * view.scale + view.oy;
    const half = ((extent.x1 - extent.x0) / 2) * view.scale;
    groundShadow(img, cx, bottom, half * 0.8, Math.max(2, size * 0.035), 0.3, SHADOW);
  } else if (!drawing.glow) {
    dropShadow(img, Math.round(size * 0.012), Math.round(size * 0.02), size * 0.012, 0.32, SHADOW);
  }
  if (drawing.glow) glowAura(img, size * 0.028, 0.6, drawing.glow);
  for (const p of drawing.parts) if (p.overlay) drawPart(img, scaled(p), view);
  return img;
}

function renderPixel(drawing: Drawing, size: number, side: number, seed: number): RawImage {
  const extent = partsExtent(drawing.parts);
  // One pixel of outline (two with a glow) and one spare all round.
  const ring = drawing.glow ? 3 : 2;
  const view: View = fitView(extent, side, ring / side, true, seed);
  let img = createImage(side, side);
  const solid = (p: Part): Part => ({ ...p, opacity: 1 });
  for (const p of drawing.parts) if (!p.overlay) drawPart(img, solid(p), view);
  outlinePixel(img, INK);
  if (drawing.glow) outlinePixel(img, dim(drawing.glow));
  for (const p of drawing.parts) if (p.overlay) drawPart(img, solid(p), view);
  img = limitColors(img, PIXEL_COLORS);
  // Binary alpha: a pixel is there or not.
  for (let i = 3; i < img.data.length; i += 4) img.data[i] = img.data[i]! >= 128 ? 255 : 0;
  const factor = Math.max(1, Math.floor(size / side));
  const up = resizeTo(img, side * factor, side * factor, 'nearest');
  if (up.width === size) return up;
  // Sizes that are not a multiple of the grid: centre the enlarged art on the canvas.
  const out = createImage(size, size);
  const off = Math.floor((size - up.width) / 2);
  for (let y = 0; y < up.height && y + off < size; y++) {
    out.data.set(up.data.subarray(y * up.width * 4, (y + 1) * up.width * 4).subarray(0, Math.min(up.width, size - off) * 4), ((y + off) * size + off) * 4);
  }
  return out;
}

/** A glow colour darkened a little, so a pixel-art aura sits behind the outline rather than shining. */
function dim(c: Rgba): Rgba {
  return { r: Math.round(c.r * 0.8), g: Math.round(c.g * 0.8), b: Math.round(c.b * 0.8), a: 255 };
}
