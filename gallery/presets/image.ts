// generate/image presets: every generator and variant, colour and material words, pixel sizes,
// the item and enemy nouns (smooth and pixel art), reference-image variations and an unknown
// subject (the seeded-creature fallback, which image.json reports).
import { hero, heroOnBackground, pixelKnight, pixelSlime, png } from '../../test/fixtures/sprites.ts';
import { input, type Preset } from '../preset.ts';
import type { RawImage } from '../../workers/types.ts';
import { SUBJECT_NAMES } from '../../workers/engines/image/words.ts';

const image = (name: string, prompt: string, note?: string): Preset => ({
  name: `image-${name}`,
  note: note ?? `"${prompt}"`,
  build: async () => ({ kind: 'image', prompt, model: 'Gamma', refs: [] }),
});

const withRefs = (name: string, prompt: string, refs: (() => RawImage)[], note: string): Preset => ({
  name: `image-ref-${name}`,
  note: `"${prompt}" + ${note}`,
  build: async (dir) => ({
    kind: 'image',
    prompt,
    model: 'Gamma',
    refs: await Promise.all(refs.map(async (make, i) => input(dir, `ref${i}.png`, await png(make())))),
  }),
});

const GENERATORS: [string, string][] = [
  ['potion', 'potion'], ['flask', 'round flask'], ['vial', 'vial'], ['bottle', 'bottle of elixir'],
  ['sword', 'sword'], ['greatsword', 'greatsword'], ['katana', 'katana'], ['scimitar', 'scimitar'], ['rapier', 'rapier'], ['dagger', 'dagger'], ['kunai', 'kunai'],
  ['axe', 'axe'], ['battleaxe', 'battleaxe'], ['hatchet', 'hatchet'], ['hammer', 'war hammer'], ['mace', 'mace'], ['club', 'club'],
  ['spear', 'spear'], ['halberd', 'halberd'], ['trident', 'trident'], ['bow', 'bow'], ['staff', 'magic staff'], ['wand', 'wand'], ['scepter', 'scepter'],
  ['gem', 'gem'], ['diamond', 'diamond'], ['crystal', 'crystal'], ['coin', 'coin'], ['coins', 'pile of coins'],
  ['chest', 'chest'], ['treasure', 'treasure chest'], ['crate', 'crate'], ['shield', 'shield'], ['buckler', 'buckler'],
  ['tree', 'tree'], ['oak', 'oak tree'], ['pine', 'pine tree'], ['palm', 'palm tree'], ['birch', 'birch tree'], ['bush', 'bush'],
  ['rock', 'rock'], ['ore', 'gold ore'],
  ['monster', 'monster'], ['slime', 'slime'], ['bat', 'bat'], ['bug', 'beetle'], ['ghost', 'ghost'], ['golem', 'golem'], ['dragon', 'dragon'], ['demon', 'demon'],
  ['hero', 'hero'], ['knight', 'knight'], ['warrior', 'viking warrior'], ['mage', 'wizard'], ['cleric', 'cleric'], ['rogue', 'rogue'], ['archer', 'archer'], ['king', 'king'], ['villager', 'villager'],
];

const WORDS: [string, string][] = [
  ['red-potion', 'red potion'], ['blue-potion', 'blue potion'], ['green-potion', 'green potion'], ['health-potion', 'health potion'], ['mana-potion', 'mana potion'],
  ['golden-sword', 'golden sword'], ['wooden-sword', 'wooden sword'], ['fire-sword', 'fire sword'], ['ice-sword', 'ice sword'], ['dark-sword', 'dark sword'],
  ['poison-dagger', 'poison dagger'], ['crystal-staff', 'crystal staff'], ['lightning-spear', 'lightning spear'], ['holy-mace', 'holy mace'],
  ['silver-coin', 'silver coin'], ['iron-shield', 'iron shield'], ['wooden-shield', 'wooden shield'], ['red-gold-shield', 'red and gold shield'],
  ['ruby', 'ruby'], ['emerald', 'emerald'], ['obsidian-gem', 'obsidian gem'], ['purple-crystal', 'purple crystal'],
  ['autumn-tree', 'autumn tree'], ['blossom-tree', 'pink blossom tree'], ['snow-pine', 'snowy pine tree'], ['mossy-rock', 'mossy stone'],
  ['stone-golem', 'stone golem'], ['fire-slime', 'fire slime'], ['poison-bat', 'poison bat'], ['ice-dragon', 'ice dragon'],
  ['golden-knight', 'golden knight'], ['dark-mage', 'dark mage'], ['green-archer', 'green archer'], ['golden-chest', 'golden chest'],
];

const PIXEL: [string, string][] = [
  ['potion', 'pixel red potion'], ['sword', '8-bit sword'], ['axe', 'pixel axe'], ['bow', 'pixel bow'], ['staff', 'retro magic staff'],
  ['gem', 'pixel gem'], ['coin', 'pixel gold coin'], ['chest', 'retro treasure chest'], ['shield', 'pixel shield'], ['tree', 'pixel pine tree'],
  ['rock', 'pixel rock'], ['slime', 'pixel blue slime'], ['monster', 'pixel monster'], ['knight', 'pixel knight'], ['mage', 'pixel wizard'],
  ['16bit-knight', '16-bit knight'], ['16bit-sword', '16-bit fire sword'], ['16bit-dragon', '16-bit dragon'], ['16bit-tree', '16-bit oak tree'],
];

/** The item and enemy nouns: every subject after the sixteen original generators. */
const NOUNS = SUBJECT_NAMES.slice(SUBJECT_NAMES.indexOf('character') + 1);

const NOUN_WORDS: [string, string][] = [
  ['green-apple', 'green apple'], ['golden-apple', 'golden apple'], ['red-grapes', 'red grapes'], ['chocolate-cake', 'chocolate cake'],
  ['blue-mushroom', 'glowing blue mushroom'], ['autumn-leaf', 'autumn leaf'], ['yellow-flower', 'yellow flower'],
  ['silver-key', 'silver key'], ['trefoil-key', 'old iron key'], ['lamp', 'lamp'], ['spellbook', 'purple spellbook'], ['treasure-map', 'treasure map'],
  ['silver-ruby-ring', 'silver ruby ring'], ['emerald-necklace', 'emerald necklace'], ['crystal-ball', 'crystal ball'], ['ice-crown', 'ice crown'],
  ['fire-arrow', 'fire arrow'], ['golden-helmet', 'golden helmet'], ['iron-boots', 'iron boots'], ['gauntlet', 'iron gauntlet'], ['goblet', 'golden goblet'],
  ['mana-star', 'blue star'], ['poison-cauldron', 'poison cauldron'], ['black-feather', 'black feather'], ['cursed-skull', 'cursed skull'],
  ['red-snake', 'red snake'], ['ice-skeleton', 'ice skeleton'], ['poison-frog', 'poison frog'],
];

export const presets: Preset[] = [
  ...GENERATORS.map(([n, p]) => image(n, p)),
  ...WORDS.map(([n, p]) => image(n, p)),
  ...PIXEL.map(([n, p]) => image(`pixel-${n}`, p)),
  ...NOUNS.map((n) => image(`noun-${n}`, n)),
  ...NOUN_WORDS.map(([n, p]) => image(`noun-${n}`, p)),
  ...NOUNS.map((n) => image(`pixel-noun-${n}`, `pixel ${n}`)),
  image('unknown', 'a mysterious thing', '"a mysterious thing": no subject word, a seeded creature'),
  image('unknown-noun', 'a golden spaceship', '"a golden spaceship": an unknown noun; image.json says spaceship was ignored and what was drawn'),
  withRefs('hero', 'a hero', [() => hero(96)], 'the smooth hero: same palette, a new silhouette'),
  withRefs('hero-blue', 'red hero', [() => hero(96)], 'the hero turned red by a colour word'),
  withRefs('slime-pixel', 'pixel slime', [pixelSlime], 'the pixel slime, as pixel art'),
  withRefs('knight', 'knight', [pixelKnight], 'the pixel knight, smooth'),
  withRefs('mix', 'creature', [pixelSlime, pixelKnight], 'slime + knight: averaged silhouettes, mixed palette'),
  withRefs('background', 'hero', [() => heroOnBackground(96)], 'the hero on a white background (keyed out)'),
];
