// Reading an image prompt: which generator draws it (the head noun: "dragon sword" is a sword,
// "knight with a sword" a knight, "potion of fire" a potion), which variant ("katana", "pine"),
// colour and material words in order, whether it is pixel art (and how many pixels), and, word by
// word, what was understood and what was not, so image.json can say so.
import { ICON_COLORS, SHADE_WORDS } from './colors.ts';
import type { Rgba } from '../../kernels/image.ts';
import { fromHsl } from './material.ts';
import { toHsl } from '../../kernels/tone.ts';
import type { IconColor } from './colors.ts';

/** Subjects with their own generator: the first sixteen have variants; the rest are one noun each. */
export const SUBJECT_NAMES = [
  'potion', 'sword', 'dagger', 'axe', 'spear', 'hammer', 'bow', 'staff',
  'gem', 'coin', 'chest', 'shield', 'tree', 'rock', 'creature', 'character',
  // Food.
  'apple', 'pear', 'cherry', 'banana', 'grapes', 'strawberry', 'carrot', 'bread', 'cheese', 'meat', 'fish', 'egg', 'cake', 'cookie',
  // Plants.
  'mushroom', 'flower', 'leaf', 'clover', 'cactus',
  // Tools and light.
  'key', 'lantern', 'torch', 'candle', 'pickaxe', 'shovel', 'hourglass',
  // Paper.
  'scroll', 'book', 'map', 'letter',
  // Jewellery and regalia.
  'ring', 'amulet', 'crown', 'orb',
  // Missiles.
  'bomb', 'arrow', 'shuriken',
  // Armour.
  'helmet', 'armor', 'boots', 'gloves',
  // Symbols and pickups.
  'heart', 'star', 'moon', 'bolt', 'snowflake',
  // Containers.
  'bag', 'barrel', 'cauldron', 'trophy',
  // Oddments.
  'feather', 'bone',
  // Enemies of their own.
  'skeleton', 'skull', 'snake', 'rat', 'eyeball', 'crab', 'bee', 'frog',
] as const;

export type Subject = (typeof SUBJECT_NAMES)[number];

interface SubjectWord {
  subject: Subject;
  variant: string | null;
  /** Weak words ("crystal", "stone", "oak") name a subject only when no other subject word does. */
  weak: boolean;
}

// word -> [subject, variant]; '~' marks a weak word.
const TABLE: Record<Subject, string> = {
  potion: 'potion potions elixir tonic philter philtre brew draught flask:flask vial:vial phial:vial bottle:bottle decanter:bottle',
  sword: 'sword swords blade longsword broadsword greatsword:great claymore:great zweihander:great katana:katana saber:saber sabre:saber cutlass:saber scimitar:scimitar falchion:scimitar rapier:rapier',
  dagger: 'dagger daggers knife knives dirk stiletto shiv kunai:kunai sai:kunai',
  axe: 'axe axes hatchet:hatchet tomahawk:hatchet battleaxe:double cleaver:hatchet',
  spear: 'spear spears lance pike javelin polearm halberd:halberd glaive:halberd trident:trident',
  hammer: 'hammer hammers warhammer maul mallet mace:mace morningstar:mace club:club',
  bow: 'bow bows longbow shortbow crossbow',
  staff: 'staff staves stave rod:wand wand:wand wands:wand scepter:scepter sceptre:scepter cane',
  gem: 'gem gems jewel jewels gemstone gemstones ~crystal:crystal ~crystals:crystal shard:crystal ~ruby:ruby ~sapphire:sapphire ~emerald:emerald ~amethyst:amethyst ~diamond:diamond ~topaz:topaz opal',
  coin: 'coin:single token:single doubloon:single medallion:single coins:pile money:pile cash:pile',
  chest: 'chest chests coffer treasure:open lootbox:open loot:open trunk crate:crate box:crate',
  shield: 'shield shields buckler:round aegis',
  tree: 'tree trees ~oak:oak pine:pine fir:pine spruce:pine conifer:pine palm:palm birch:birch willow:oak bush:bush shrub:bush sapling:bush',
  rock: 'rock rocks boulder boulders ~stone pebble ore:ore crag cliff mineral',
  creature: 'monster monsters beast creature critter enemy mob fiend alien slime:slime blob:slime jelly:slime ooze:slime bat:bat bats:bat spider:bug bug:bug beetle:bug insect:bug ghost:ghost spirit:ghost phantom:ghost specter:ghost spectre:ghost golem:golem robot:golem dragon:dragon wyrm:dragon wyvern:dragon demon:demon imp:demon devil:demon goblin:demon',
  character: 'hero heroine character person adventurer player npc knight:knight paladin:knight soldier:knight guard:knight warrior:warrior fighter:warrior barbarian:warrior viking:warrior samurai:warrior mage:mage wizard:mage sorcerer:mage sorceress:mage warlock:mage witch:mage priest:cleric cleric:cleric healer:cleric monk:cleric rogue:rogue thief:rogue assassin:rogue ninja:rogue archer:archer ranger:archer hunter:archer king:king queen:king prince:king princess:king villager:villager farmer:villager',
  apple: 'apple',
  pear: 'pear',
  cherry: 'cherry cherries',
  banana: 'banana',
  grapes: 'grapes grape',
  strawberry: 'strawberry strawberries',
  carrot: 'carrot',
  bread: 'bread loaf loaves',
  cheese: 'cheese',
  meat: 'meat drumstick ham steak',
  fish: 'fish salmon trout tuna koi',
  egg: 'egg',
  cake: 'cake gateau',
  cookie: 'cookie biscuit',
  mushroom: 'mushroom toadstool shroom fungus',
  flower: 'flower tulip daisy',
  leaf: 'leaf leaves',
  clover: 'clover shamrock',
  cactus: 'cactus cacti',
  key: 'key',
  lantern: 'lantern lamp',
  torch: 'torch torches',
  candle: 'candle candlestick',
  pickaxe: 'pickaxe pick mattock',
  shovel: 'shovel spade',
  hourglass: 'hourglass sandglass',
  scroll: 'scroll parchment',
  book: 'book tome spellbook grimoire journal codex',
  map: 'map',
  letter: 'letter envelope message',
  ring: 'ring',
  amulet: 'amulet necklace pendant talisman locket charm',
  crown: 'crown tiara diadem circlet',
  orb: 'orb sphere ~ball',
  bomb: 'bomb grenade',
  arrow: 'arrow',
  shuriken: 'shuriken',
  helmet: 'helmet helm',
  armor: 'armor armour chestplate breastplate cuirass mail chainmail',
  boots: 'boots boot shoe',
  gloves: 'gloves glove gauntlet:gauntlet gauntlets:gauntlet',
  heart: 'heart',
  star: 'star',
  moon: 'moon crescent',
  bolt: 'bolt thunderbolt ~lightning',
  snowflake: 'snowflake flake',
  bag: 'bag pouch sack purse satchel',
  barrel: 'barrel keg cask',
  cauldron: 'cauldron pot',
  trophy: 'trophy cup goblet:goblet chalice:goblet grail:goblet',
  feather: 'feather quill plume',
  bone: 'bone',
  skeleton: 'skeleton',
  skull: 'skull cranium',
  snake: 'snake serpent viper cobra python',
  rat: 'rat mouse mice',
  eyeball: 'eyeball eye beholder',
  crab: 'crab',
  bee: 'bee wasp hornet',
  frog: 'frog toad',
};

const SUBJECTS = new Map<string, SubjectWord>();
for (const [subject, list] of Object.entries(TABLE) as [Subject, string][]) {
  for (const entry of list.split(' ')) {
    const weak = entry.startsWith('~');
    const [word, variant] = (weak ? entry.slice(1) : entry).split(':') as [string, string | undefined];
    SUBJECTS.set(word, { subject, variant: variant ?? null, weak });
  }
}

/** A subject word, or the singular of a plural one ("apples", "cherries", "torches", "knives" are listed). */
function subjectWord(w: string): SubjectWord | undefined {
  const hit = SUBJECTS.get(w);
  if (hit || w.length < 4 || !w.endsWith('s') || w.endsWith('ss')) return hit;
  const singulars = [w.endsWith('ies') ? `${w.slice(0, -3)}y` : '', w.endsWith('es') ? w.slice(0, -2) : '', w.slice(0, -1)];
  for (const one of singulars) {
    const found = one ? SUBJECTS.get(one) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Every word that names a subject (synonyms and variants), by subject: for documentation and tests. */
export function subjectWords(): Map<Subject, string[]> {
  const out = new Map<Subject, string[]>();
  for (const [word, hit] of SUBJECTS) out.set(hit.subject, [...(out.get(hit.subject) ?? []), word]);
  return out;
}

/** Words after which a noun is an accessory, not the subject ("knight with a sword"). */
const LINKS = new Set(['with', 'of', 'holding', 'and', 'in', 'on', 'for', 'from', 'wielding', 'carrying', 'inside', 'containing', 'full', 'filled']);
/** Words that neither pick a subject nor colour nor change the drawing. */
const FILLER = new Set(['a', 'an', 'the', 'some', 'icon', 'item', 'sprite', 'game', 'asset', 'art', 'style', 'image', 'picture', 'drawing', 'of', 'with', 'and', 'on', 'in', 'for']);

/** A word of the prompt that decided something, and what. */
export interface WordUse {
  word: string;
  /** What kind of word it was read as. */
  as: 'subject' | 'variant' | 'colour' | 'material' | 'element' | 'shade' | 'pixel';
  /** What it set: the subject (and variant), the colour or material, the pixel grid. */
  means: string;
}

/** A word of the prompt that changed nothing but the seeded shape, and why. */
export interface WordSkip {
  word: string;
  why: string;
}

export interface IconRead {
  subject: Subject;
  /** The word that chose the subject; null when none did and the fallback was used. */
  subjectWord: string | null;
  variant: string | null;
  /** Colour and material words, in text order (the first colours the main part). */
  colors: IconColor[];
  /** Side of the pixel-art canvas, or null for smooth art. */
  pixel: number | null;
  /** The words that shape the drawing (not colours, not pixel words): "red potion" and "blue potion" share them. */
  shapeKey: string;
  /** Words read, in prompt order (articles and linking words such as "a", "of", "with" are in neither list). */
  understood: WordUse[];
  /** Words not understood, or understood but not used (a second subject noun), with why. */
  ignored: WordSkip[];
}

export function tokens(prompt: string): string[] {
  return prompt.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The pixel-art canvas side the prompt asks for: "16-bit" draws on 64 px, other pixel words on 32. */
export function pixelSize(prompt: string): number | null {
  const text = prompt.toLowerCase();
  if (/\b(16|32)\s*-?\s*bits?\b/.test(text) || /\bhd[\s-]*pixel/.test(text)) return 64;
  if (/\b8\s*-?\s*bits?\b/.test(text)) return 32;
  if (/\b(pixel|pixels|pixelated|pixelart|pixel-art|retro|nes|gameboy|lowres|low-res)\b/.test(text)) return 32;
  return null;
}

const PIXEL_WORDS = new Set(['pixel', 'pixels', 'pixelated', 'pixelart', 'retro', 'nes', 'gameboy', 'lowres', 'low', 'res', 'hd', 'bit', 'bits', '8', '16', '32']);

const colourKind = (c: IconColor): WordUse['as'] => (c.element ? 'element' : c.finish === null ? 'colour' : 'material');

export function readIconPrompt(prompt: string): IconRead {
  const ws = tokens(prompt);
  const hits = ws.map((w, i) => ({ w, i, hit: subjectWord(w) })).filter((h) => h.hit !== undefined);
  const strong = hits.filter((h) => !h.hit?.weak);
  const pool = strong.length > 0 ? strong : hits;
  // The head noun: the last subject word before the first link word that follows one, else the first.
  const firstLink = ws.findIndex((w, i) => LINKS.has(w) && pool.some((h) => h.i < i));
  const before = pool.filter((h) => firstLink < 0 || h.i < firstLink);
  const head = before[before.length - 1] ?? pool[0];
  const subject: Subject = head?.hit?.subject ?? 'creature';
  // Any word of the same subject may name the variant ("oak tree", "blue slime monster").
  const variantHit = head?.hit?.variant ? head : hits.find((h) => h.hit?.subject === subject && h.hit.variant);
  const variant = variantHit?.hit?.variant ?? null;
  const used = new Set(hits.filter((h) => h.hit?.subject === subject).map((h) => h.w));
  const colors: IconColor[] = [];
  /** What each word index did: a colour it added, a shade it gave the next word, a colour it repeated. */
  const colourAt = new Map<number, IconColor>();
  const shadeAt = new Map<number, string>();
  const repeatAt = new Map<number, string>();
  ws.forEach((w, i) => {
    if (used.has(w)) return;
    const next = ICON_COLORS.get(ws[i + 1] ?? '');
    const shadeBy = SHADE_WORDS.get(w);
    // "dark blue": a shade of the next colour, not the dark element.
    if (shadeBy !== undefined && next && next.finish === null) {
      shadeAt.set(i, `${shadeBy < 0 ? 'darker' : 'lighter'} ${next.name}`);
      return;
    }
    let c = ICON_COLORS.get(w);
    const prevShade = SHADE_WORDS.get(ws[i - 1] ?? '');
    if (c && c.finish === null && prevShade !== undefined) c = { ...c, color: lighten(c.color, prevShade) };
    // A second word for nearly the same colour ("pink blossom") adds nothing: it would only
    // repaint the next part (the trunk) in that colour too.
    const close = (k: IconColor): boolean => k.name === c?.name || (k.finish === c?.finish && Math.abs(k.color.r - c.color.r) + Math.abs(k.color.g - c.color.g) + Math.abs(k.color.b - c.color.b) < 120);
    if (!c) return;
    const twin = colors.find(close);
    if (twin) repeatAt.set(i, twin.name);
    else {
      colors.push(c);
      colourAt.set(i, c);
    }
  });
  const pixel = pixelSize(prompt);
  const shapeWords = ws.filter((w) => !ICON_COLORS.has(w) && !SHADE_WORDS.has(w) && !PIXEL_WORDS.has(w) && !FILLER.has(w));
  const understood: WordUse[] = [];
  const ignored: WordSkip[] = [];
  ws.forEach((w, i) => {
    const hit = subjectWord(w);
    const colour = colourAt.get(i);
    if (head && i === head.i) {
      understood.push({ word: w, as: 'subject', means: variant && variantHit === head ? `${subject} (${variant})` : subject });
    } else if (hit && used.has(w)) {
      understood.push(hit.variant && hit.variant === variant ? { word: w, as: 'variant', means: `${subject} (${variant})` } : { word: w, as: 'subject', means: subject });
    } else if (colour) {
      understood.push({ word: w, as: colourKind(colour), means: colour.name });
    } else if (shadeAt.has(i)) {
      understood.push({ word: w, as: 'shade', means: shadeAt.get(i) as string });
    } else if (repeatAt.has(i)) {
      ignored.push({ word: w, why: `a colour like ${repeatAt.get(i)}, already given` });
    } else if (hit) {
      ignored.push({ word: w, why: `names another subject (${hit.subject}); "${head?.w}" was drawn` });
    } else if (PIXEL_WORDS.has(w) && pixel !== null) {
      understood.push({ word: w, as: 'pixel', means: `pixel art on ${pixel} px` });
    } else if (!FILLER.has(w) && !LINKS.has(w)) {
      ignored.push({ word: w, why: PIXEL_WORDS.has(w) ? 'not a pixel-art word on its own' : 'not a word we draw from (it only varies the seeded shape)' });
    }
  });
  return {
    subject,
    subjectWord: head?.w ?? null,
    variant,
    colors,
    pixel,
    shapeKey: [...new Set(shapeWords)].sort().join(' '),
    understood,
    ignored,
  };
}

function lighten(c: Rgba, dl: number): Rgba {
  const { h, s, l } = toHsl(c);
  return fromHsl(h, dl > 0 ? s * (1 - dl) : Math.min(1, s * 1.1), l + dl);
}
