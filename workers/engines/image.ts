// The image engine (generate/image), plain first version: a 1024x1024 transparent PNG holding a
// procedural pixel-art sprite seeded from the prompt: a left-right symmetric blob (random fill,
// smoothed, largest part kept), outlined, shaded from the top, with a few accent pixels. Its
// colour comes from the reference images' average colours, else a colour word, else the seed.
import type { RawImage } from '../types.ts';
import { createImage, fillRect } from '../kernels/image.ts';
import type { Rgba } from '../kernels/image.ts';
import { averageColor, hsl, mixColor } from '../kernels/recolor.ts';
import { createRandom } from '../kernels/random.ts';
import type { Random } from '../kernels/random.ts';
import { colorWord } from '../kernels/words.ts';

export const IMAGE_SIZE = 1024;
/** The sprite is drawn on GRID x GRID cells, each at most MAX_CELL px, centred on the canvas. */
const GRID = 24;
const MAX_CELL = 48;

export interface ImageInput {
  prompt: string;
  refs: RawImage[];
  seed: string;
}

const EMPTY = 0, BODY = 1, OUTLINE = 2;

/** Symmetric body mask, GRID x GRID, row-major: 1 = body. */
export function spriteMask(rng: Random): Uint8Array {
  const half = GRID / 2;
  let mask = new Uint8Array(GRID * GRID);
  const set = (m: Uint8Array, x: number, y: number, v: number): void => {
    m[y * GRID + x] = v;
    m[y * GRID + (GRID - 1 - x)] = v;
  };
  // Random fill, denser toward the centre (an ellipse, taller than wide), leaving a 1-cell rim
  // free for the outline.
  const stretch = rng.range(0.8, 1.3);
  for (let y = 1; y < GRID - 1; y++) {
    for (let x = 1; x < half; x++) {
      const dx = (half - 0.5 - x) / half;
      const dy = (y - (GRID - 1) / 2) / half;
      const d = Math.sqrt(dx * dx * stretch * 1.6 + dy * dy / stretch);
      set(mask, x, y, rng.next() < 1.3 - d * 1.1 ? BODY : EMPTY);
    }
  }
  // Two rounds of majority smoothing turn noise into a shape.
  for (let round = 0; round < 2; round++) {
    const next = new Uint8Array(mask.length);
    for (let y = 1; y < GRID - 1; y++) {
      for (let x = 1; x < half; x++) {
        let n = 0;
        for (let j = -1; j <= 1; j++) for (let i = -1; i <= 1; i++) n += mask[(y + j) * GRID + x + i] ?? 0;
        set(next, x, y, n >= 5 ? BODY : EMPTY);
      }
    }
    mask = next;
  }
  // The spine keeps the two halves joined; then only the part touching it is kept.
  for (let y = 5; y < GRID - 5; y++) set(mask, half - 1, y, BODY);
  return keepConnected(mask, (half - 1) + Math.floor(GRID / 2) * GRID);
}

/** Only the body cells 4-connected to cell `seedIndex`. */
function keepConnected(mask: Uint8Array, seedIndex: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  const stack = [seedIndex];
  while (stack.length > 0) {
    const i = stack.pop() as number;
    if (out[i] || !mask[i]) continue;
    out[i] = BODY;
    const x = i % GRID;
    if (x > 0) stack.push(i - 1);
    if (x < GRID - 1) stack.push(i + 1);
    if (i >= GRID) stack.push(i - GRID);
    if (i < GRID * (GRID - 1)) stack.push(i + GRID);
  }
  return out;
}

/** Base and accent colours: refs' averages, else a colour word, else seeded hues. */
export function imagePalette(prompt: string, refs: readonly RawImage[], rng: Random): { base: Rgba; accent: Rgba } {
  if (refs.length > 0) {
    const avgs = refs.map((r) => averageColor(r));
    const base = avgs[0] as Rgba;
    return { base, accent: avgs[1] ?? mixColor(base, { r: 255, g: 255, b: 255, a: 255 }, 0.6) };
  }
  const word = colorWord(prompt);
  const hue = rng.range(0, 360);
  const base = word ? word.color : hsl(hue, 0.55, 0.5);
  return { base, accent: hsl((hue + 150) % 360, 0.8, 0.6) };
}

export function generateImage(input: ImageInput): RawImage {
  const rng = createRandom(input.seed, 'image');
  const mask = spriteMask(rng);
  const { base, accent } = imagePalette(input.prompt, input.refs, createRandom(input.seed, 'image-colour'));
  const black: Rgba = { r: 0, g: 0, b: 0, a: 255 };
  const white: Rgba = { r: 255, g: 255, b: 255, a: 255 };
  const outline = mixColor(base, black, 0.75);
  const cells = new Uint8Array(mask);
  const bodyAt = (x: number, y: number): boolean =>
    x >= 0 && y >= 0 && x < GRID && y < GRID && cells[y * GRID + x] === BODY;
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      if (cells[y * GRID + x] === EMPTY && (bodyAt(x - 1, y) || bodyAt(x + 1, y) || bodyAt(x, y - 1) || bodyAt(x, y + 1))) {
        cells[y * GRID + x] = OUTLINE;
      }
    }
  }
  // Accent cells: a few symmetric body cells with four body neighbours (inside, not on an edge).
  const accents = new Set<number>();
  const tries = rng.int(1, 3);
  for (let k = 0; k < tries; k++) {
    const x = rng.int(3, GRID / 2 - 1);
    const y = rng.int(4, GRID - 6);
    if (bodyAt(x, y) && bodyAt(x - 1, y) && bodyAt(x + 1, y) && bodyAt(x, y - 1) && bodyAt(x, y + 1)) {
      accents.add(y * GRID + x).add(y * GRID + (GRID - 1 - x));
    }
  }
  // Centre the drawn cells and size them so the sprite fills about 80% of the canvas.
  let minX = GRID, minY = GRID, maxX = 0, maxY = 0;
  cells.forEach((kind, i) => {
    if (kind === EMPTY) return;
    minX = Math.min(minX, i % GRID);
    maxX = Math.max(maxX, i % GRID);
    minY = Math.min(minY, Math.floor(i / GRID));
    maxY = Math.max(maxY, Math.floor(i / GRID));
  });
  const cell = Math.min(MAX_CELL, Math.floor((IMAGE_SIZE * 0.8) / Math.max(maxX - minX + 1, maxY - minY + 1)));
  const left = Math.floor((IMAGE_SIZE - (maxX - minX + 1) * cell) / 2) - minX * cell;
  const top = Math.floor((IMAGE_SIZE - (maxY - minY + 1) * cell) / 2) - minY * cell;
  const texture = Float32Array.from({ length: GRID * GRID }, () => rng.range(-0.06, 0.06));
  const img = createImage(IMAGE_SIZE, IMAGE_SIZE);
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      const i = y * GRID + x;
      const kind = cells[i];
      if (kind === EMPTY) continue;
      let color: Rgba;
      if (kind === OUTLINE) color = outline;
      else if (accents.has(i)) color = accent;
      else {
        // Light from above: a top edge catches light, a bottom edge falls into shadow, and the
        // whole body darkens a little toward the feet.
        const lit = !bodyAt(x, y - 1) ? 0.35 : 0;
        const shade = !bodyAt(x, y + 1) ? 0.35 : 0;
        const c = lit > 0 ? mixColor(base, white, lit) : base;
        // A little symmetric per-cell noise gives the surface some texture.
        const grain = texture[y * GRID + Math.min(x, GRID - 1 - x)] ?? 0;
        color = mixColor(c, black, Math.max(0, shade + (0.18 * y) / GRID + grain));
      }
      fillRect(img, left + x * cell, top + y * cell, cell, cell, color);
    }
  }
  return img;
}
