// A variation of the reference images: their silhouettes fitted into one frame and averaged, the
// average perturbed by seeded noise (mirrored when the references are symmetric) and cut into a
// new silhouette; inside it, the references' own colours, sampled through a gentle seeded warp and
// posterized to their dominant colours (k-means), re-lit from the top-left and outlined like every
// other icon. A colour word turns the palette ("blue" on a red reference makes it blue).
import type { RawImage } from '../../../types.ts';
import { at } from '../../../kernels/check.ts';
import { colorClusters } from '../colorClusters.ts';
import type { Rgba } from '../../../kernels/image.ts';
import { fromHsl, makeMaterial } from '../material.ts';
import { toHsl } from '../../../kernels/tone.ts';
import type { Random } from '../../../kernels/random.ts';
import { hashString } from '../../../kernels/random.ts';
import { refSilhouette } from '../refSilhouette.ts';
import type { Silhouette } from '../refSilhouette.ts';
import { fitWithin } from '../../../kernels/resize.ts';
import { keepLargest, maskShape } from '../symmetricMask.ts';
import { noise2 } from '../valueNoise.ts';
import type { IconRead } from '../words.ts';
import type { IconPalette } from './palette.ts';
import { renderDrawing } from './renderDrawing.ts';

export interface VariationInput {
  refs: RawImage[];
  rng: Random;
  palette: IconPalette;
  read: IconRead;
  size: number;
  texSeed: number;
}

const SAMPLE = 128;
const GRID = 64;

interface Fitted {
  img: RawImage;
  sil: Silhouette;
  /** Unit square [-1, 1] -> reference pixels: px = x0 + (u + 1) * k. */
  k: number;
  ox: number;
  oy: number;
}

function fit(img: RawImage, sil: Silhouette): Fitted {
  // The subject's box, scaled so its longer side spans the square, centred.
  const k = Math.max(sil.width, sil.height) / 2;
  return { img, sil, k, ox: sil.x + sil.width / 2 - k, oy: sil.y + sil.height / 2 - k };
}

function maskAt(f: Fitted, u: number, v: number): number {
  const x = Math.floor(f.ox + (u + 1) * f.k), y = Math.floor(f.oy + (v + 1) * f.k);
  if (x < 0 || y < 0 || x >= f.img.width || y >= f.img.height) return 0;
  return f.sil.mask[y * f.img.width + x]!;
}

function colorAt(f: Fitted, u: number, v: number, out: Float32Array): void {
  const fx = Math.max(0, Math.min(f.img.width - 1, f.ox + (u + 1) * f.k - 0.5));
  const fy = Math.max(0, Math.min(f.img.height - 1, f.oy + (v + 1) * f.k - 0.5));
  const x0 = Math.floor(fx), y0 = Math.floor(fy), tx = fx - x0, ty = fy - y0;
  // Neighbours clamp at the edge (a reference may be a single pixel wide).
  const x1 = Math.min(f.img.width - 1, x0 + 1), y1 = Math.min(f.img.height - 1, y0 + 1);
  const d = f.img.data, w = f.img.width;
  for (let c = 0; c < 3; c++) {
    const a = at(d, (y0 * w + x0) * 4 + c), b = at(d, (y0 * w + x1) * 4 + c);
    const e = at(d, (y1 * w + x0) * 4 + c), g = at(d, (y1 * w + x1) * 4 + c);
    out[c] = (a + (b - a) * tx) * (1 - ty) + (e + (g - e) * tx) * ty;
  }
}

/** The palette turned so its main colour takes the hue of `word` (greys follow a grey word). */
function turnPalette(colors: Rgba[], word: Rgba): Rgba[] {
  const target = toHsl(word);
  const main = colors.map(toHsl).find((c) => c.s > 0.2) ?? toHsl(colors[0] as Rgba);
  return colors.map((c) => {
    const h = toHsl(c);
    if (target.s < 0.15) return fromHsl(h.h, h.s * 0.15, h.l);
    if (h.s < 0.12) return c;
    return fromHsl(h.h + target.h - main.h, Math.max(h.s, target.s * 0.8), h.l);
  });
}

export function refVariation(input: VariationInput): { image: RawImage; notes: Record<string, string | number | boolean> } {
  const { rng, palette, read, size } = input;
  const fitted = input.refs.map((r) => {
    const small = fitWithin(r, SAMPLE, SAMPLE, 'smooth');
    return fit(small, refSilhouette(small));
  });
  // The average silhouette on a grid over the unit square.
  const field = new Float32Array(GRID * GRID);
  const cell = 2 / GRID;
  for (let j = 0; j < GRID; j++) for (let i = 0; i < GRID; i++) {
    const u = -1 + (i + 0.5) * cell, v = -1 + (j + 0.5) * cell;
    let sum = 0;
    for (const f of fitted) sum += maskAt(f, u, v);
    field[j * GRID + i] = sum / fitted.length;
  }
  let diff = 0, total = 0;
  for (let j = 0; j < GRID; j++) for (let i = 0; i < GRID; i++) {
    diff += Math.abs(field[j * GRID + i]! - field[j * GRID + GRID - 1 - i]!);
    total += field[j * GRID + i]!;
  }
  const symmetric = total > 0 && diff / total < 0.2;
  // Seeded perturbation: the edge moves, the body stays; mirrored for symmetric references.
  const seed = hashString(`${rng.next()}`);
  const amp = rng.range(0.32, 0.5), freq = rng.range(2, 3.4);
  const stretchX = rng.range(0.86, 1.14), stretchY = rng.range(0.88, 1.12);
  const cells = new Uint8Array(GRID * GRID);
  for (let j = 0; j < GRID; j++) for (let i = 0; i < GRID; i++) {
    const u = (-1 + (i + 0.5) * cell) * stretchX, v = (-1 + (j + 0.5) * cell) * stretchY;
    const gi = Math.round((u + 1) / cell - 0.5), gj = Math.round((v + 1) / cell - 0.5);
    const base = gi >= 0 && gj >= 0 && gi < GRID && gj < GRID ? field[gj * GRID + gi]! : 0;
    const n = noise2(seed, (symmetric ? Math.abs(u) : u) * freq, v * freq);
    cells[j * GRID + i] = base + amp * n >= 0.5 ? 1 : 0;
  }
  const mask = keepLargest({ width: GRID, height: GRID, cells });
  const shape = maskShape(mask, { x0: -1, y0: -1, x1: 1, y1: 1 }, 2, 0.6);
  // The references' colours, posterized to their clusters (turned by a colour word).
  const subjects = fitted.map((f) => {
    const img = { data: new Uint8Array(f.img.data), width: f.img.width, height: f.img.height };
    for (let p = 0; p < f.sil.mask.length; p++) if (!f.sil.mask[p]!) img.data[p * 4 + 3] = 0;
    return img;
  });
  let colors = colorClusters(subjects, 8).map((w) => w.color);
  if (colors.length === 0) colors = [{ r: 128, g: 128, b: 128, a: 255 }];
  if (read.colors[0]) colors = turnPalette(colors, read.colors[0].color);
  const original = colorClusters(subjects, 8).map((w) => w.color);
  const warpSeed = seed ^ 0x5bd1e995;
  const warp = rng.range(0.04, 0.09);
  const sample = new Float32Array(3);
  const paintAt = (x: number, y: number, out: Float32Array): void => {
    const u = x + warp * noise2(warpSeed, x * 2.5, y * 2.5), v = y + warp * noise2(warpSeed + 1, x * 2.5, y * 2.5);
    // The first reference whose subject covers this point; else the nearest one's colour.
    let f = fitted[0] as Fitted;
    for (const g of fitted) if (maskAt(g, u, v)) { f = g; break; }
    colorAt(f, u, v, sample);
    let best = 0, bd = Infinity;
    for (let k = 0; k < original.length; k++) {
      const c = original[k] as Rgba;
      const q = 2 * (c.r - sample[0]!) ** 2 + 4 * (c.g - sample[1]!) ** 2 + 3 * (c.b - sample[2]!) ** 2;
      if (q < bd) { bd = q; best = k; }
    }
    const c = colors[best] ?? (colors[0] as Rgba);
    out[0] = c.r; out[1] = c.g; out[2] = c.b;
  };
  // The references are 128 px at most: painting a 256-cell grid once and reading it back is as
  // sharp as painting every output pixel, at a tenth of the work for a 1024 px image.
  const P = 256;
  const grid = new Uint8Array(P * P * 3);
  const cellRgb = new Float32Array(3);
  for (let j = 0; j < P; j++) for (let i = 0; i < P; i++) {
    paintAt(-1 + ((i + 0.5) * 2) / P, -1 + ((j + 0.5) * 2) / P, cellRgb);
    grid.set([cellRgb[0]!, cellRgb[1]!, cellRgb[2]!], (j * P + i) * 3);
  }
  const paint = (x: number, y: number, out: Float32Array): void => {
    const i = Math.max(0, Math.min(P - 1, Math.floor(((x + 1) / 2) * P))), j = Math.max(0, Math.min(P - 1, Math.floor(((y + 1) / 2) * P)));
    const o = (j * P + i) * 3;
    out[0] = grid[o]!; out[1] = grid[o + 1]!; out[2] = grid[o + 2]!;
  };
  const material = makeMaterial('reference', colors[0] as Rgba, 'soft');
  const drawing = { parts: [{ shape, material, bevel: 0.14, paint, line: 0.35 }], glow: palette.glow ?? undefined, notes: {} };
  const image = renderDrawing(drawing, { size, pixel: read.pixel, seed: input.texSeed });
  return { image, notes: { refs: fitted.length, symmetric, colors: colors.length } };
}
