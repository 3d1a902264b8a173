// Golden sheets: every effect as effect v2 with 4 frames, at a test-only size of 256 px (128 px
// cells, the engine takes the size as a parameter) so the expected files stay small: the opaque
// sheet on chroma green and the keyed (transparent) sheet, byte for byte as PNG. Plus the colour
// words. UPDATE=1 rewrites them (look at them first: test/expected/effect/).
import { describe, it } from 'vitest';
import { effect } from '../../../../workers/engines/effect/effect.ts';
import { encodePng } from '../../../../workers/codecs/encode.ts';
import { expectGolden } from '../../../helpers/golden.ts';

const SIZE = 256;
const green = { r: 0x52, g: 0xff, b: 0x60, a: 255 };
const grey = { r: 0x6a, g: 0x6a, b: 0x6a, a: 255 };

const EFFECTS: [string, string][] = [
  ['fire', 'fire'], ['explosion', 'explosion'], ['smoke', 'smoke'], ['lightning', 'lightning strike'],
  ['electric', 'electric sparks'], ['sparkle', 'magic sparkle'], ['ice', 'ice aura'], ['splash', 'water splash'],
  ['poison', 'poison cloud'], ['heal', 'heal'], ['holy', 'holy light'], ['slash', 'sword slash'], ['impact', 'impact'],
  ['shockwave', 'shockwave'], ['portal', 'portal'], ['orb', 'energy orb'], ['dust', 'dust cloud'],
];

const COLORS: [string, string][] = [
  ['green-fire', 'green fire'], ['blue-explosion', 'blue explosion'], ['purple-portal', 'purple portal'], ['golden-heal', 'golden heal'],
];

describe('effect goldens', () => {
  it.each(EFFECTS)('%s: opaque and keyed sheets', async (name, text) => {
    const { sheet, transparent } = effect({ description: text, frames: 4, size: SIZE, background: green, seed: `golden:${name}` });
    expectGolden(`effect/${name}.png`, await encodePng(sheet.image));
    expectGolden(`effect/${name}_transparent.png`, await encodePng(transparent.image));
  });

  it.each(COLORS)('%s: colour words', async (name, text) => {
    const { sheet } = effect({ description: text, frames: 4, size: SIZE, background: grey, seed: `golden:${name}` });
    expectGolden(`effect/${name}.png`, await encodePng(sheet.image));
  });
});
