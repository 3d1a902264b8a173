// What an effect looks like, read from its description: how its particles move and their colours
// from the hot core to the fading edge. A reference image replaces the colours with its own.
import type { RawImage } from '../types.ts';
import type { Rgba } from '../kernels/image.ts';
import { averageColor, hsl, mixColor } from '../kernels/recolor.ts';
import { createRandom } from '../kernels/random.ts';
import { firstMatch } from '../kernels/words.ts';

export type EffectMotion = 'rise' | 'burst' | 'swirl' | 'bolt' | 'bubble' | 'shards';

export interface EffectStyle {
  name: string;
  words: readonly string[];
  motion: EffectMotion;
  /** Colours from the hot core to the fading edge. */
  colors: readonly Rgba[];
}

const rgb = (r: number, g: number, b: number): Rgba => ({ r, g, b, a: 255 });

const STYLES: readonly EffectStyle[] = [
  { name: 'fire', words: ['fire', 'flame', 'flames', 'burn', 'burning', 'blaze', 'inferno', 'lava', 'torch', 'campfire', 'ember', 'embers'], motion: 'rise', colors: [rgb(255, 250, 200), rgb(255, 210, 60), rgb(255, 120, 20), rgb(200, 40, 10)] },
  { name: 'explosion', words: ['explosion', 'explode', 'exploding', 'blast', 'boom', 'burst', 'bomb', 'impact', 'hit'], motion: 'burst', colors: [rgb(255, 255, 220), rgb(255, 200, 60), rgb(255, 100, 20), rgb(110, 90, 80)] },
  { name: 'ice', words: ['ice', 'icy', 'frost', 'frozen', 'freeze', 'snow', 'blizzard', 'cold', 'crystal', 'shard', 'shards'], motion: 'shards', colors: [rgb(255, 255, 255), rgb(190, 245, 255), rgb(90, 210, 255), rgb(40, 120, 220)] },
  { name: 'poison', words: ['poison', 'poisonous', 'toxic', 'acid', 'venom', 'slime', 'gas', 'plague'], motion: 'bubble', colors: [rgb(220, 255, 150), rgb(130, 240, 60), rgb(60, 180, 40), rgb(40, 100, 40)] },
  { name: 'lightning', words: ['lightning', 'thunder', 'electric', 'electricity', 'shock', 'spark', 'sparks', 'bolt', 'zap', 'storm'], motion: 'bolt', colors: [rgb(255, 255, 255), rgb(255, 250, 150), rgb(255, 230, 60), rgb(150, 140, 255)] },
  { name: 'magic', words: ['magic', 'magical', 'arcane', 'spell', 'portal', 'mystic', 'enchant', 'enchanted', 'sparkle', 'sparkles', 'teleport'], motion: 'swirl', colors: [rgb(255, 230, 255), rgb(230, 140, 255), rgb(160, 70, 240), rgb(80, 30, 170)] },
  { name: 'heal', words: ['heal', 'healing', 'holy', 'buff', 'regen', 'restore', 'life', 'nature', 'leaf', 'leaves'], motion: 'rise', colors: [rgb(255, 255, 230), rgb(190, 255, 170), rgb(90, 220, 110), rgb(40, 160, 90)] },
  { name: 'water', words: ['water', 'splash', 'wave', 'rain', 'bubble', 'bubbles', 'ocean'], motion: 'bubble', colors: [rgb(240, 250, 255), rgb(140, 210, 255), rgb(50, 140, 240), rgb(20, 70, 180)] },
  { name: 'smoke', words: ['smoke', 'dust', 'cloud', 'fog', 'mist', 'steam', 'ash'], motion: 'rise', colors: [rgb(235, 235, 235), rgb(190, 190, 195), rgb(140, 140, 150), rgb(90, 90, 100)] },
  { name: 'dark', words: ['dark', 'shadow', 'void', 'curse', 'cursed', 'necro', 'death', 'evil'], motion: 'swirl', colors: [rgb(200, 150, 255), rgb(120, 60, 200), rgb(70, 20, 120), rgb(30, 10, 50)] },
];

/** Colours from the reference's average: a lighter core, the colour itself, darker edges. */
function paletteFrom(c: Rgba): Rgba[] {
  const white = rgb(255, 255, 255);
  const black = rgb(0, 0, 0);
  return [mixColor(c, white, 0.7), mixColor(c, white, 0.3), c, mixColor(c, black, 0.45)];
}

/** The effect's motion and colours from the description (and reference, which sets the colour). */
export function effectStyle(description: string, reference: RawImage | undefined, seed: string): EffectStyle {
  const found = firstMatch(description, STYLES);
  const motions: readonly EffectMotion[] = ['burst', 'swirl', 'rise', 'shards'];
  const style = found ?? {
    name: 'effect',
    words: [],
    motion: createRandom(seed, 'effect-motion').pick(motions),
    colors: paletteFrom(hsl(createRandom(seed, 'effect-hue').range(0, 360), 0.8, 0.55)),
  };
  return reference ? { ...style, colors: paletteFrom(averageColor(reference)) } : style;
}
