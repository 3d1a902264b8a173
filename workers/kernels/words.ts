// Reading a few words of a prompt: the built-in engine is not a language model, so it looks for
// colour and material words it knows and lets the first match decide.
import type { Rgba } from './image.ts';

/** Lower-case words of `text` (letters only): "Golden-armour knight!" -> golden, armour, knight. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** The first of `text`'s words that `table` names (by any of its synonyms), in text order. */
export function firstMatch<T extends { words: readonly string[] }>(text: string, table: readonly T[]): T | undefined {
  for (const w of words(text)) {
    const hit = table.find((entry) => entry.words.includes(w));
    if (hit) return hit;
  }
  return undefined;
}

export interface ColorWord {
  name: string;
  words: readonly string[];
  color: Rgba;
  /** How far a recolour goes toward `color` (materials replace more than plain colours). */
  strength: number;
}

const rgb = (r: number, g: number, b: number): Rgba => ({ r, g, b, a: 255 });

/** Colour and material words. Order matters only among words of one prompt (first wins). */
export const COLOR_WORDS: readonly ColorWord[] = [
  { name: 'gold', words: ['gold', 'golden', 'gilded', 'yellow'], color: rgb(255, 196, 48), strength: 0.85 },
  { name: 'ice', words: ['ice', 'icy', 'frost', 'frozen', 'frosty', 'snow', 'crystal', 'cyan'], color: rgb(140, 220, 255), strength: 0.8 },
  { name: 'fire', words: ['fire', 'flame', 'flaming', 'burning', 'lava', 'magma', 'orange', 'ember', 'inferno'], color: rgb(255, 112, 24), strength: 0.8 },
  { name: 'red', words: ['red', 'crimson', 'scarlet', 'ruby', 'blood', 'bloody'], color: rgb(220, 30, 40), strength: 0.75 },
  { name: 'blue', words: ['blue', 'azure', 'sapphire', 'navy', 'water', 'ocean'], color: rgb(40, 90, 230), strength: 0.75 },
  { name: 'green', words: ['green', 'emerald', 'poison', 'poisonous', 'toxic', 'acid', 'slime', 'jade', 'forest'], color: rgb(40, 200, 70), strength: 0.75 },
  { name: 'purple', words: ['purple', 'violet', 'magic', 'magical', 'arcane', 'amethyst', 'void'], color: rgb(150, 60, 230), strength: 0.75 },
  { name: 'pink', words: ['pink', 'rose', 'magenta', 'candy'], color: rgb(255, 100, 190), strength: 0.7 },
  { name: 'silver', words: ['silver', 'steel', 'iron', 'metal', 'metallic', 'chrome', 'grey', 'gray', 'stone'], color: rgb(190, 196, 210), strength: 0.85 },
  { name: 'bronze', words: ['bronze', 'copper', 'brass', 'rust', 'rusty', 'brown', 'wood', 'wooden'], color: rgb(190, 110, 50), strength: 0.8 },
  { name: 'shadow', words: ['shadow', 'dark', 'black', 'night', 'evil', 'undead', 'ghost', 'ghostly'], color: rgb(70, 50, 110), strength: 0.7 },
  { name: 'light', words: ['white', 'holy', 'light', 'angelic', 'divine', 'pale'], color: rgb(255, 248, 220), strength: 0.6 },
  { name: 'lightning', words: ['lightning', 'electric', 'thunder', 'spark', 'sparks', 'shock'], color: rgb(255, 240, 90), strength: 0.7 },
];

/** The colour word `text` names first, if any. */
export function colorWord(text: string): ColorWord | undefined {
  return firstMatch(text, COLOR_WORDS);
}
