// The image engine (generate/image): a procedural sprite and icon maker. The prompt's head noun
// picks a generator (potion, sword, axe, bow, gem, coin, chest, shield, tree, rock, creature,
// character, and sixty item and enemy nouns: apple, key, lantern, crown, skull...), its colour and
// material words the palette, "pixel"/"8-bit"/"16-bit" pixel art; with reference images the result
// is a variation of them instead (their palette and silhouette). The plan (image.json) says what
// was drawn, which words were understood and which were not.
// 1024x1024, transparent, centred with a margin. Shapes are seeded by the job and the prompt's
// shape words only, so "red potion" and "blue potion" are the same bottle in two colours.
import type { RawImage } from '../../types.ts';
import { checkInt } from '../../kernels/check.ts';
import { createRandom, hashString } from '../../kernels/random.ts';
import { readIconPrompt } from './words.ts';
import type { Subject, WordSkip, WordUse } from './words.ts';
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
  /** What the image shows, in words: the subject (and variant), or why something else was drawn. */
  drawn: string;
  /** The prompt's words that decided something, in order: subject, variant, colours, materials, pixel words. */
  understood: WordUse[];
  /** The prompt's words that did not, with why (unknown words only vary the seeded shape). */
  ignored: WordSkip[];
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
    understood: read.understood,
    ignored: read.ignored,
  };
  if (input.refs.length > 0) {
    const { image, notes } = refVariation({ refs: input.refs, rng, palette, read, size, texSeed });
    const drawn = `a variation of the reference image${input.refs.length > 1 ? 's' : ''} (their palette and silhouette)`;
    return { image, plan: { ...base, generator: 'variation', drawn, notes } };
  }
  const drawing = GENERATORS[read.subject]({ rng, colorRng, palette, variant: read.variant, pixel: read.pixel !== null });
  // Element words add their touches (flames, frost, drips...) from a stream of their own.
  if (palette.element) drawing.parts.push(...elementParts(palette.element, drawing.parts, createRandom(input.seed, `element\u0000${read.shapeKey}`), read.pixel !== null));
  const image = renderDrawing(drawing, { size, pixel: read.pixel, seed: texSeed });
  return { image, plan: { ...base, generator: read.subject, drawn: drawnText(read.subject, read.variant, read.subjectWord, drawing.notes), notes: drawing.notes } };
}

/** "sword (katana)", "apple", or, when no word named a subject, what was drawn instead and why. */
function drawnText(subject: Subject, variant: string | null, word: string | null, notes: Record<string, string | number | boolean>): string {
  if (word === null) return `a seeded creature (${String(notes.species ?? 'beast')}): nothing in the prompt names a subject we draw`;
  // Where no word named the variant, the one the generator picked.
  const kind = variant ?? (subject === 'creature' ? notes.species : subject === 'character' ? notes.class : subject === 'tree' ? notes.kind : undefined);
  return kind !== undefined && kind !== subject ? `${subject} (${String(kind)})` : subject;
}
