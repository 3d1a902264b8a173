// Colour words for effects: "green fire", "golden heal", "black lightning". Each names a hue and
// saturation, and for the colourless ones (white, black, silver) a lightness curve, applied to the
// effect's own ramp by tintPalette (kinds/palette.ts). The first colour word of the text counts.
import { words } from '../../kernels/words.ts';
import type { Tint } from './kinds/palette.ts';

interface ColorEntry {
  name: string;
  words: readonly string[];
  tint: Tint;
}

const C = (name: string, list: string, h: number, s: number, light?: (l: number) => number): ColorEntry => ({
  name, words: list.split(' '), tint: light ? { h, s, light } : { h, s },
});

export const EFFECT_COLORS: readonly ColorEntry[] = [
  C('red', 'red crimson scarlet ruby blood bloody', 356, 0.9),
  C('orange', 'orange tangerine', 26, 1),
  C('yellow', 'yellow lemon', 54, 1),
  C('gold', 'gold golden gilded amber', 44, 0.95, (l) => 0.06 + 0.94 * l),
  C('green', 'green emerald jade', 125, 0.8),
  C('lime', 'lime chartreuse', 88, 0.9),
  C('cyan', 'cyan teal turquoise aqua aquamarine', 186, 0.9),
  C('blue', 'blue azure sapphire cobalt', 216, 0.92),
  C('navy', 'navy indigo', 238, 0.8, (l) => 0.85 * l),
  C('purple', 'purple violet amethyst lavender plum', 276, 0.8),
  C('pink', 'pink rose rosy', 330, 0.9),
  C('magenta', 'magenta fuchsia', 304, 0.95),
  C('brown', 'brown bronze copper rust rusty', 26, 0.55, (l) => 0.85 * l),
  C('white', 'white pale', 210, 0.06, (l) => 0.55 + 0.45 * l),
  C('black', 'black dark darkness', 272, 0.4, (l) => 0.04 + 0.42 * l * l),
  C('silver', 'silver silvery grey gray steel', 214, 0.1, (l) => 0.22 + 0.78 * l),
];

/** The tint of the first colour word in `text`, if any. */
export function colorTint(text: string): Tint | undefined {
  return colorName(text)?.tint;
}

export function colorName(text: string): ColorEntry | undefined {
  for (const w of words(text)) {
    const hit = EFFECT_COLORS.find((c) => c.words.includes(w));
    if (hit) return hit;
  }
  return undefined;
}
