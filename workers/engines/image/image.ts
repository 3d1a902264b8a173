// The image engine (generate/image): a procedural sprite and icon maker. The prompt's head noun
// picks a generator (potion, sword, axe, bow, gem, coin, chest, shield, tree, rock, creature,
// character...), its colour and material words the palette, "pixel"/"8-bit"/"16-bit" pixel art;
// with reference images the result is a variation of them instead (their palette and silhouette).
// 1024x1024, transparent, centred with a margin. Shapes are seeded by the job and the prompt's
// shape words only, so "red potion" and "blue potion" are the same bottle in two colours.
import type { RawImage } from '../../types.ts';
import { checkInt } from '../../kernels/check.ts';
import { createRandom, hashString } from '../../kernels/random.ts';
import { readIconPrompt } from './words.ts';
import type { Subject } from './words.ts';
import { createPalette } from './icons/palette.ts';
import { renderDrawing } from './icons/renderDrawing.ts';
import { GENERATORS } from './icons/generators.ts';
import { refVariation } from './icons/variation.ts';
import { elementParts } from './icons/elements.ts';

export const IMAGE_SIZE = 1024;

export interface ImageInput {
  prompt: string;
  refs: RawImage[];
  seed: string;
  /** Output side; jobs use IMAGE_SIZE, tests a small size to keep golden files small. */
  size?: number;
}

/** How the prompt was read and what was drawn: written beside the image as image.json. */
export interface ImagePlan {
  generator: Subject | 'variation';
  subject: Subject;
  /** The word that chose the subject; null when none did (a seeded creature is drawn). */
  subjectWord: string | null;
  fallback: boolean;
  variant: string | null;
  colors: string[];
  element: string | null;
  /** Pixel-art grid side, or null for smooth art. */
  pixel: number | null;
  refs: number;
  notes: Record<string, string | number | boolean>;
}

export interface ImageResult {
  image: RawImage;
  plan: ImagePlan;
}

export function generateImage(input: ImageInput): ImageResult {
  const size = input.size ?? IMAGE_SIZE;
  checkInt(size, 16, 4096, 'size');
  const read = readIconPrompt(input.prompt);
  const rng = createRandom(input.seed, `shape\u0000${read.subject}\u0000${read.shapeKey}`);
  const colorRng = createRandom(input.seed, `colour\u0000${input.prompt}`);
  const palette = createPalette(read.colors, colorRng);
  const texSeed = hashString(`${input.seed}\u0000${read.shapeKey}`);
  const base = {
    subject: read.subject,
    subjectWord: read.subjectWord,
    fallback: read.subjectWord === null,
    variant: read.variant,
    colors: read.colors.map((c) => c.name),
    element: palette.element,
    pixel: read.pixel,
    refs: input.refs.length,
  };
  if (input.refs.length > 0) {
    const { image, notes } = refVariation({ refs: input.refs, rng, palette, read, size, texSeed });
    return { image, plan: { ...base, generator: 'variation', notes } };
  }
  const drawing = GENERATORS[read.subject]({ rng, colorRng, palette, variant: read.variant, pixel: read.pixel !== null });
  // Element words add their touches (flames, frost, drips...) from a stream of their own.
  if (palette.element) drawing.parts.push(...elementParts(palette.element, drawing.parts, createRandom(input.seed, `element\u0000${read.shapeKey}`), read.pixel !== null));
  const image = renderDrawing(drawing, { size, pixel: read.pixel, seed: texSeed });
  return { image, plan: { ...base, generator: read.subject, notes: drawing.notes } };
}
