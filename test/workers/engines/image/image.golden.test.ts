// Golden files for generate/image: one drawing per generator (and its pixel-art and reference
// variants; a few of the item and enemy nouns) at 128 px, PNG bytes compared with
// test/expected/image/. The engine takes a size for exactly this: at 1024 px each file would be a
// few hundred kilobytes.
import { describe, it } from 'vitest';
import { generateImage } from '../../../../workers/engines/image/image.ts';
import { encodePng } from '../../../../workers/codecs/encode.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { expectGolden } from '../../../helpers/golden.ts';
import { hero, pixelSlime } from '../../../fixtures/sprites.ts';

export const GOLDEN_SIZE = 128;

export const GOLDEN_CASES: [name: string, prompt: string, refs?: () => RawImage[]][] = [
  ['potion', 'red potion'], ['sword', 'sword'], ['katana', 'katana'], ['dagger', 'dagger'], ['axe', 'axe'], ['hammer', 'hammer'],
  ['spear', 'spear'], ['bow', 'bow'], ['staff', 'magic staff'], ['wand', 'wand'], ['gem', 'gem'], ['crystal', 'crystal'],
  ['coin', 'gold coin'], ['chest', 'chest'], ['shield', 'shield'], ['tree', 'oak tree'], ['pine', 'pine tree'], ['rock', 'rock'],
  ['slime', 'green slime'], ['bat', 'bat'], ['golem', 'golem'], ['monster', 'monster'], ['knight', 'knight'], ['mage', 'wizard'],
  ['fire-sword', 'fire sword'], ['unknown', 'a mysterious thing'],
  ['pixel-potion', 'pixel blue potion'], ['pixel-sword', '8-bit sword'], ['pixel-knight', '16-bit knight'], ['pixel-slime', 'pixel slime'],
  ['ref-hero', 'a hero', () => [hero(64)]], ['ref-slime-pixel', 'pixel', () => [pixelSlime()]],
  // Item and enemy nouns, one from each family.
  ['apple', 'red apple'], ['key', 'key'], ['lantern', 'lantern'], ['crown', 'golden crown'], ['helmet', 'helmet'], ['heart', 'heart'],
  ['skull', 'skull'], ['frog', 'frog'], ['pixel-bomb', '8-bit bomb'], ['pixel-mushroom', 'pixel mushroom'],
];

describe('generate/image golden files', () => {
  it.each(GOLDEN_CASES)('%s ("%s")', async (name, prompt, refs) => {
    const { image } = generateImage({ prompt, refs: refs ? refs() : [], seed: 'golden', size: GOLDEN_SIZE });
    expectGolden(`image/${name}.png`, await encodePng(image));
  });
});
