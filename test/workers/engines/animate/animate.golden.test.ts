// Golden sheets of the animate engine: every motion on the smooth hero (48 px) and on the pixel-art
// knight, 36 frames, plus a morph each way, a flat background and a sequence. Sheet PNG bytes are
// compared exactly; UPDATE=1 rewrites them (look at test/expected/animate/ before committing).
import { describe, it } from 'vitest';
import { animate } from '../../../../workers/engines/animate/animate.ts';
import type { AnimateInput } from '../../../../workers/engines/animate/animate.ts';
import { MOTION_NAMES } from '../../../../workers/engines/animate/motions/index.ts';
import { assembleSheet } from '../../../../workers/output/sheet.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import { encodePng } from '../../../../workers/codecs/encode.ts';
import { expectGolden } from '../../../helpers/golden.ts';
import { hero, heroOnBackground, pixelKnight, pixelSlime } from '../../../fixtures/sprites.ts';

async function sheetPng(input: Omit<AnimateInput, 'frames' | 'seed'>): Promise<Uint8Array> {
  const { frames } = animate({ ...input, frames: 36, seed: 'golden' });
  return encodePng(assembleSheet(frames).image);
}

describe('animate golden sheets', () => {
  it.each(MOTION_NAMES)('%s on the hero (smooth) and the knight (pixel art)', async (name) => {
    expectGolden(`animate/${name}.png`, await sheetPng({ start: hero(48), text: name, isPixel: false }));
    expectGolden(`animate/pixel-${name}.png`, await sheetPng({ start: pixelKnight(), text: name, isPixel: true }));
  });

  it.each([
    ['morph-hero-to-slime', { start: hero(48), end: resizeTo(pixelSlime(), 48, 48, 'smooth'), text: 'bounce', isPixel: false }],
    ['pixel-morph-knight-to-slime', { start: pixelKnight(), end: pixelSlime(), text: 'jump', isPixel: true }],
    ['background-dash', { start: heroOnBackground(48, [236, 226, 200, 255]), text: 'dash left', isPixel: false }],
    ['sequence-walk-jump-spin', { start: hero(48), text: 'walk then a big jump, then spin fast', isPixel: false }],
  ] as const)('%s', async (name, input) => {
    expectGolden(`animate/${name}.png`, await sheetPng(input));
  });
});
