// Reading an image prompt: which generator draws it (the head noun: "dragon sword" is a sword,
// "knight with a sword" a knight, "potion of fire" a potion), which variant ("katana", "pine"),
// colour and material words in order, and whether it is pixel art (and how many pixels).
import { ICON_COLORS, SHADE_WORDS } from './colors.ts';
import type { Rgba } from '../../kernels/image.ts';
import { fromHsl } from './material.ts';
import { toHsl } from '../../kernels/tone.ts';
import type { IconColor } from './colors.ts';

export type Subject =
  | 'potion' | 'sword' | 'dagger' | 'axe' | 'spear' | 'hammer' | 'bow' | 'staff'
  | 'gem' | 'coin' | 'chest' | 'shield' | 'tree' | 'rock' | 'creature' | 'character';

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
  bow: 'bow bows longbow shortbow crossbow arrow arrows',
  staff: 'staff staves stave rod:wand wand:wand wands:wand scepter:scepter sceptre:scepter cane',
  gem: 'gem gems jewel jewels gemstone gemstones ~crystal:crystal ~crystals:crystal shard:crystal ~ruby:ruby ~sapphire:sapphire ~emerald:emerald ~amethyst:amethyst ~diamond:diamond ~topaz:topaz opal',
  coin: 'coin:single token:single doubloon:single medallion:single coins:pile money:pile cash:pile',
  chest: 'chest chests coffer treasure:open lootbox:open loot:open trunk crate:crate box:crate',
  shield: 'shield shields buckler:round aegis',
  tree: 'tree trees ~oak:oak pine:pine fir:pine spruce:pine conifer:pine palm:palm birch:birch willow:oak bush:bush shrub:bush sapling:bush',
  rock: 'rock rocks boulder boulders ~stone pebble ore:ore crag cliff mineral',
  creature: 'monster monsters beast creature critter enemy mob fiend alien slime:slime blob:slime jelly:slime ooze:slime bat:bat bats:bat spider:bug bug:bug beetle:bug insect:bug ghost:ghost spirit:ghost phantom:ghost specter:ghost spectre:ghost golem:golem robot:golem dragon:dragon wyrm:dragon wyvern:dragon demon:demon imp:demon devil:demon goblin:demon',
  character: 'hero heroine character person adventurer player npc knight:knight paladin:knight soldier:knight guard:knight warrior:warrior fighter:warrior barbarian:warrior viking:warrior samurai:warrior mage:mage wizard:mage sorcerer:mage sorceress:mage warlock:mage witch:mage priest:cleric cleric:cleric healer:cleric monk:cleric rogue:rogue thief:rogue assassin:rogue ninja:rogue archer:archer ranger:archer hunter:archer king:king queen:king prince:king princess:king villager:villager farmer:villager',
};

const SUBJECTS = new Map<string, SubjectWord>();
for (const [subject, list] of Object.entries(TABLE) as [Subject, string][]) {
  for (const entry of list.split(' ')) {
    const weak = entry.startsWith('~');
    const [word, variant] = (weak ? entry.slice(1) : entry).split(':') as [string, string | undefined];
    SUBJECTS.set(word, { subject, variant: variant ?? null, weak });
  }
}

/** Words after which a noun is an accessory, not the subject ("knight with a sword"). */
const LINKS = new Set(['with', 'of', 'holding', 'and', 'in', 'on', 'for', 'from', 'wielding', 'carrying', 'inside', 'containing', 'full', 'filled']);
/** Words that neither pick a subject nor colour nor change the drawing. */
const FILLER = new Set(['a', 'an', 'the', 'some', 'icon', 'item', 'sprite', 'game', 'asset', 'art', 'style', 'image', 'picture', 'drawing', 'of', 'with', 'and', 'on', 'in', 'for']);

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

export function readIconPrompt(prompt: string): IconRead {
  const ws = tokens(prompt);
  const hits = ws.map((w, i) => ({ w, i, hit: SUBJECTS.get(w) })).filter((h) => h.hit !== undefined);
  const strong = hits.filter((h) => !h.hit?.weak);
  const pool = strong.length > 0 ? strong : hits;
  // The head noun: the last subject word before the first link word that follows one, else the first.
  const firstLink = ws.findIndex((w, i) => LINKS.has(w) && pool.some((h) => h.i < i));
  const before = pool.filter((h) => firstLink < 0 || h.i < firstLink);
  const head = before[before.length - 1] ?? pool[0];
  const subject: Subject = head?.hit?.subject ?? 'creature';
  // Any word of the same subject may name the variant ("oak tree", "blue slime monster").
  const variant = head?.hit?.variant ?? hits.find((h) => h.hit?.subject === subject && h.hit.variant)?.hit?.variant ?? null;
  const used = new Set(hits.filter((h) => h.hit?.subject === subject).map((h) => h.w));
  const colors: IconColor[] = [];
  ws.forEach((w, i) => {
    if (used.has(w)) return;
    const next = ICON_COLORS.get(ws[i + 1] ?? '');
    const shadeBy = SHADE_WORDS.get(w);
    // "dark blue": a shade of the next colour, not the dark element.
    if (shadeBy !== undefined && next && next.finish === null) return;
    let c = ICON_COLORS.get(w);
    const prevShade = SHADE_WORDS.get(ws[i - 1] ?? '');
    if (c && c.finish === null && prevShade !== undefined) c = { ...c, color: lighten(c.color, prevShade) };
    // A second word for nearly the same colour ("pink blossom") adds nothing: it would only
    // repaint the next part (the trunk) in that colour too.
    const close = (k: IconColor): boolean => k.name === c?.name || (k.finish === c?.finish && Math.abs(k.color.r - c.color.r) + Math.abs(k.color.g - c.color.g) + Math.abs(k.color.b - c.color.b) < 120);
    if (c && !colors.some(close)) colors.push(c);
  });
  const shapeWords = ws.filter((w) => !ICON_COLORS.has(w) && !SHADE_WORDS.has(w) && !PIXEL_WORDS.has(w) && !FILLER.has(w));
  return {
    subject,
    subjectWord: head?.w ?? null,
    variant,
    colors,
    pixel: pixelSize(prompt),
    shapeKey: [...new Set(shapeWords)].sort().join(' '),
  };
}

function lighten(c: Rgba, dl: number): Rgba {
  const { h, s, l } = toHsl(c);
  return fromHsl(h, dl > 0 ? s * (1 - dl) : Math.min(1, s * 1.1), l + dl);
}
