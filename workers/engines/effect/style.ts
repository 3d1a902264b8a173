// Reading an effect description into a plan: which effect family draws it and in what colours.
// Words come in three kinds. Forms say what happens (explosion, portal, slash...), elements say
// what it is made of (fire, ice, poison...), each with its own effect and palette; colour words
// recolour. "ice explosion" is an explosion in ice colours; "fire" alone is fire. Weak forms
// (burst, nova, strike, wave) turn a sustained element into a one-shot ("fire burst" explodes) but
// leave one-shot elements alone ("lightning strike", "heal burst"). Nothing known: magic sparkle,
// recorded as not read from the text.
import type { RawImage } from '../../types.ts';
import type { Rgba } from '../../kernels/image.ts';
import { words } from '../../kernels/words.ts';
import { PALETTES, separateFrom, tintPalette, paletteFromColors } from './kinds/palette.ts';
import { toHex } from '../../kernels/tone.ts';
import type { PaletteName } from './kinds/palette.ts';
import { FAMILIES } from './kinds/index.ts';
import type { EffectName } from './kinds/index.ts';
import type { EffectPalette } from './kinds/types.ts';
import { colorTint } from './colors.ts';
import { referenceColors } from './reference.ts';

type Kind = 'form' | 'element' | 'weak';

interface Entry {
  kind: Kind;
  effect: EffectName;
  palette: PaletteName;
  words: readonly string[];
}

const E = (kind: Kind, effect: EffectName, palette: PaletteName, list: string): Entry => ({ kind, effect, palette, words: list.split(' ') });

const TABLE: readonly Entry[] = [
  E('form', 'explosion', 'fire', 'explosion explosions explode exploding explosive blast blasts boom bomb bombs detonation detonate kaboom grenade dynamite'),
  E('form', 'sparkle', 'magic', 'sparkle sparkles sparkling sparkly glitter glittering twinkle twinkling shimmer shimmering stars star starry glint glints shine shiny'),
  E('form', 'splash', 'water', 'splash splashes splashing splatter droplets droplet spray'),
  E('form', 'slash', 'steel', 'slash slashes slashing sword swing swipe cut cuts claw claws scratch cleave blade'),
  E('form', 'impact', 'impact', 'impact impacts hit hits punch smack bash crit critical clash collision bonk kick'),
  E('form', 'shockwave', 'force', 'shockwave shockwaves ripple ripples pulse ring rings quake earthquake stomp slam sonic'),
  E('form', 'portal', 'magic', 'portal portals vortex gate gateway rift warp wormhole teleport teleportation summon summoning'),
  E('form', 'orb', 'energy', 'orb orbs sphere ball charge charging'),
  E('form', 'orb', 'fire', 'fireball fireballs'),
  E('form', 'orb', 'ice', 'iceball snowball frostball'),
  E('weak', 'explosion', 'fire', 'burst bursts'),
  E('weak', 'shockwave', 'force', 'nova wave waves'),
  E('weak', 'impact', 'impact', 'strike strikes'),
  E('element', 'fire', 'fire', 'fire fires flame flames flaming burn burning blaze blazing inferno lava magma torch campfire bonfire ember embers pyro'),
  E('element', 'smoke', 'smoke', 'smoke smoky smoking fog foggy mist misty steam vapor vapour cloud clouds ash smog puff'),
  E('element', 'lightning', 'lightning', 'lightning thunder thunderbolt thunderstorm bolt bolts storm'),
  E('element', 'electric', 'lightning', 'electric electricity electrical electro shock shocking zap zaps spark sparks static tesla volt voltage arc arcs'),
  E('element', 'sparkle', 'magic', 'magic magical arcane spell spells mystic mystical enchant enchanted enchantment mana wizard sorcery fairy fairies'),
  E('element', 'ice', 'ice', 'ice icy frost frosty frozen freeze freezing snow snowy snowflake snowflakes blizzard cold chill glacier'),
  E('element', 'splash', 'water', 'water watery aqua liquid rain'),
  E('element', 'poison', 'poison', 'poison poisonous toxic toxin acid acidic venom venomous slime gas plague miasma sludge corrosive'),
  E('element', 'heal', 'heal', 'heal heals healing cure regen regeneration restore recovery health revive rejuvenate buff'),
  E('element', 'heal', 'holy', 'holy divine blessing bless blessed angelic sacred celestial radiant smite resurrect resurrection'),
  E('element', 'orb', 'energy', 'energy plasma'),
  E('element', 'dust', 'dust', 'dust dusty dirt sand sandy debris rubble earth mud gravel landing'),
  E('element', 'smoke', 'shadow', 'shadow shadows void curse cursed necrotic necro death evil demonic abyss unholy'),
];

/** The default when no word is known: a magic sparkle. */
const FALLBACK: Entry = E('element', 'sparkle', 'magic', 'sparkle');

export interface EffectPlan {
  /** The family that draws it; also the sheet's animation tag. */
  effect: EffectName;
  oneShot: boolean;
  /** False when no word of the description was known and the fallback was used. */
  fromText: boolean;
  /** The colours used, core to edge then smoke, as #rrggbb. */
  colors: string[];
  colorSource: 'effect' | 'words' | 'reference';
  palette: EffectPalette;
}

/** Joins phrases the tokenizer would split ("shock wave" is a shockwave, not electricity). */
const normalise = (text: string): string => text.toLowerCase().replace(/\bshock[\s-]*wave/g, 'shockwave').replace(/\bfire[\s-]*ball/g, 'fireball');

function choose(description: string): { entry: Entry; palette: PaletteName; fromText: boolean } {
  const hits: Entry[] = [];
  for (const w of words(normalise(description))) {
    const hit = TABLE.find((e) => e.words.includes(w));
    if (hit) hits.push(hit);
  }
  const form = hits.find((e) => e.kind === 'form');
  const element = hits.find((e) => e.kind === 'element');
  const weak = hits.find((e) => e.kind === 'weak');
  if (form) return { entry: form, palette: element?.palette ?? form.palette, fromText: true };
  if (element && weak && !FAMILIES[element.effect].oneShot) return { entry: weak, palette: element.palette, fromText: true };
  if (element) return { entry: element, palette: element.palette, fromText: true };
  if (weak) return { entry: weak, palette: weak.palette, fromText: true };
  return { entry: FALLBACK, palette: FALLBACK.palette, fromText: false };
}

/** The plan for `description`, with colours from its colour words, else the reference, else the effect's. */
export function planEffect(description: string, reference: RawImage | undefined, background: Rgba): EffectPlan {
  const { entry, palette: paletteName, fromText } = choose(description);
  let palette = PALETTES[paletteName];
  let colorSource: EffectPlan['colorSource'] = 'effect';
  const tint = colorTint(description);
  const refColors = reference ? referenceColors(reference) : [];
  if (tint) {
    palette = tintPalette(palette, tint);
    colorSource = 'words';
  } else if (refColors.length > 0) {
    palette = paletteFromColors(palette, refColors);
    colorSource = 'reference';
  }
  palette = separateFrom(palette, background);
  return {
    effect: entry.effect,
    oneShot: FAMILIES[entry.effect].oneShot,
    fromText,
    colors: [...palette.ramp, ...palette.smoke].map(toHex),
    colorSource,
    palette,
  };
}
