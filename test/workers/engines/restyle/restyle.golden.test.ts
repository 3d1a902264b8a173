// Golden sheets: every material and colour word set on the 48 px walking hero GIF, 36 frames,
// plus a reference replacement and an opaque source. UPDATE=1 rewrites test/expected/restyle/.
import { describe, it } from 'vitest';
import { restyle } from '../../../../workers/engines/restyle/restyle.ts';
import { decodeGif } from '../../../../workers/codecs/gif.ts';
import { encodePng } from '../../../../workers/codecs/encode.ts';
import { assembleSheet } from '../../../../workers/output/sheet.ts';
import type { Animation, RawImage } from '../../../../workers/types.ts';
import { heroWalkFrames, heroWalkGif, pixelKnight, pixelSlime } from '../../../fixtures/sprites.ts';
import { expectGolden } from '../../../helpers/golden.ts';

const WORD_SETS = [
  'golden', 'silver', 'bronze', 'ice', 'fire', 'shadow', 'ghost', 'neon', 'stone', 'wood', 'toxic', 'holy', 'electric',
  'grayscale', 'sepia', 'inverted', 'red', 'teal', 'purple and gold', 'icy blue', 'dark gold', 'blue fire', 'neon green',
  'pale', 'a brave knight',
];

const walk = (): Animation => decodeGif(heroWalkGif(8, 48));

function opaqueWalk(): Animation {
  const frames = heroWalkFrames(8, 48).map((f): RawImage => {
    const data = new Uint8Array(f.data.length);
    for (let i = 0; i < data.length; i += 4) {
      const a = (f.data[i + 3] ?? 0) / 255;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round((f.data[i + c] ?? 0) * a + [236, 232, 214][c]! * (1 - a));
      data[i + 3] = 255;
    }
    return { data, width: f.width, height: f.height };
  });
  return { frames, delaysMs: frames.map(() => 100) };
}

const slug = (t: string): string => t.replace(/[^a-z]+/gi, '-').toLowerCase();
const sheetPng = async (frames: RawImage[]): Promise<Uint8Array> => encodePng(assembleSheet(frames).image);

describe('restyle golden sheets', () => {
  it.each(WORD_SETS)('"%s"', async (text) => {
    const { frames } = restyle({ source: walk(), frames: 36, text, seed: 'golden' });
    expectGolden(`restyle/${slug(text)}.png`, await sheetPng(frames));
  });

  it.each([
    ['reference-knight', '', pixelKnight()],
    ['reference-slime-golden', 'golden', pixelSlime()],
  ])('%s', async (name, text, reference) => {
    const { frames } = restyle({ source: walk(), frames: 36, text, reference, seed: 'golden' });
    expectGolden(`restyle/${name}.png`, await sheetPng(frames));
  });

  it.each(['ice', 'ghost'])('opaque source, "%s"', async (text) => {
    const { frames } = restyle({ source: opaqueWalk(), frames: 36, text, seed: 'golden' });
    expectGolden(`restyle/opaque-${text}.png`, await sheetPng(frames));
  });
});
