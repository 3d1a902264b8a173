// Colour and material words of image prompts. A plain colour ("red") only recolours the part it
// lands on; a material ("golden", "wooden", "stone") also brings its finish and texture where the
// part can take one; an element ("fire", "ice", "poison") also gives the icon a glow of its colour.
import type { Rgba } from '../../kernels/image.ts';
import type { Finish, Texture } from './material.ts';

export type Element = 'fire' | 'ice' | 'poison' | 'dark' | 'holy' | 'lightning' | 'magic';

export interface IconColor {
  name: string;
  color: Rgba;
  /** The finish a material word brings (null: a plain colour, the part keeps its own). */
  finish: Finish | null;
  texture?: Texture;
  element?: Element;
}

const rgb = (r: number, g: number, b: number): Rgba => ({ r, g, b, a: 255 });
const GRAIN: Texture = { kind: 'grain', amount: 0.07, scale: 9 };
const SPECKLE: Texture = { kind: 'speckle', amount: 0.08, scale: 7 };

const ENTRIES: [string, Omit<IconColor, 'name'>][] = [
  // Plain colours.
  ['red crimson scarlet blood bloody health healing life cherry', { color: rgb(214, 40, 48), finish: null }],
  ['orange amber tangerine', { color: rgb(240, 128, 30), finish: null }],
  ['autumn autumnal', { color: rgb(222, 112, 36), finish: null }],
  ['blossom sakura', { color: rgb(246, 160, 200), finish: null }],
  ['moss mossy', { color: rgb(90, 150, 60), finish: null }],
  ['yellow lemon stamina', { color: rgb(245, 206, 50), finish: null }],
  ['green lime verdant jade', { color: rgb(60, 178, 70), finish: null }],
  ['cyan teal turquoise aqua', { color: rgb(40, 190, 200), finish: null }],
  ['blue azure navy cobalt mana water ocean sea', { color: rgb(46, 96, 220), finish: null }],
  ['purple violet lavender indigo', { color: rgb(140, 62, 210), finish: null }],
  ['pink rose magenta', { color: rgb(240, 100, 180), finish: null }],
  ['brown chocolate', { color: rgb(128, 80, 44), finish: null }],
  ['black onyx', { color: rgb(44, 40, 52), finish: null }],
  ['white ivory snowy', { color: rgb(236, 236, 240), finish: null }],
  ['grey gray', { color: rgb(138, 140, 150), finish: null }],
  // Gem colours (also gem variants).
  ['ruby', { color: rgb(220, 24, 60), finish: 'gem' }],
  ['sapphire', { color: rgb(36, 80, 230), finish: 'gem' }],
  ['emerald', { color: rgb(30, 190, 100), finish: 'gem' }],
  ['amethyst', { color: rgb(150, 70, 220), finish: 'gem' }],
  ['topaz', { color: rgb(250, 160, 40), finish: 'gem' }],
  ['diamond', { color: rgb(200, 235, 255), finish: 'gem' }],
  // Materials.
  ['gold golden gilded', { color: rgb(238, 180, 40), finish: 'metal' }],
  ['silver chrome platinum mithril', { color: rgb(196, 204, 218), finish: 'metal' }],
  ['iron steel metal metallic', { color: rgb(150, 160, 178), finish: 'metal' }],
  ['bronze copper brass', { color: rgb(196, 118, 56), finish: 'metal' }],
  ['rusty rust', { color: rgb(160, 82, 40), finish: 'matte', texture: SPECKLE }],
  ['wood wooden oak timber', { color: rgb(150, 98, 52), finish: 'matte', texture: GRAIN }],
  ['stone stony granite', { color: rgb(128, 128, 134), finish: 'matte', texture: SPECKLE }],
  ['marble', { color: rgb(226, 224, 228), finish: 'soft', texture: { kind: 'speckle', amount: 0.05, scale: 4 } }],
  ['bone skeletal', { color: rgb(226, 214, 184), finish: 'matte' }],
  ['leather', { color: rgb(130, 78, 44), finish: 'matte' }],
  ['obsidian', { color: rgb(40, 30, 56), finish: 'gem' }],
  ['glass crystal crystalline', { color: rgb(176, 226, 250), finish: 'glass' }],
  // Elements: a colour, a finish and a glow.
  ['fire flame flaming fiery burning lava magma inferno ember', { color: rgb(250, 110, 24), finish: 'glow', element: 'fire' }],
  ['ice icy frost frosty frozen snow glacial', { color: rgb(140, 214, 250), finish: 'glass', element: 'ice' }],
  ['poison poisonous toxic acid venom venomous', { color: rgb(120, 220, 40), finish: 'glow', element: 'poison' }],
  ['dark shadow shadowy void evil cursed demonic undead night', { color: rgb(78, 46, 112), finish: 'soft', element: 'dark' }],
  ['holy divine angelic sacred blessed celestial', { color: rgb(255, 236, 160), finish: 'soft', element: 'holy' }],
  ['lightning electric thunder storm shock', { color: rgb(255, 232, 80), finish: 'glow', element: 'lightning' }],
  ['magic magical arcane enchanted mystic mystical', { color: rgb(168, 90, 250), finish: 'glow', element: 'magic' }],
];

export const ICON_COLORS: ReadonlyMap<string, IconColor> = new Map(
  ENTRIES.flatMap(([words, c]) => {
    const name = words.split(' ')[0] as string;
    return words.split(' ').map((w): [string, IconColor] => [w, { name, ...c }]);
  }),
);

/** Words that make the colour word after them lighter or darker ("dark blue", "pale green"). */
export const SHADE_WORDS: ReadonlyMap<string, number> = new Map([
  ['dark', -0.17], ['deep', -0.12], ['light', 0.18], ['pale', 0.26], ['bright', 0.06], ['pastel', 0.22],
]);

/** Glow colour of each element. */
export const ELEMENT_GLOW: Record<Element, Rgba> = {
  fire: rgb(255, 120, 30),
  ice: rgb(140, 220, 255),
  poison: rgb(130, 240, 60),
  dark: rgb(120, 50, 170),
  holy: rgb(255, 230, 140),
  lightning: rgb(255, 240, 100),
  magic: rgb(190, 110, 255),
};
