// Golden sheets: every overlay style on the pose sheet, the pixel knight on row 1 and the 48 px
// hero on row 3 (picked by "second"), row 2 left alone. UPDATE=1 rewrites test/expected/overlay/.
import { describe, it } from 'vitest';
import { overlay } from '../../../../workers/engines/overlay/overlay.ts';
import { encodePng } from '../../../../workers/codecs/encode.ts';
import { hero, pixelKnight, poseSheet } from '../../../fixtures/sprites.ts';
import { expectGolden } from '../../../helpers/golden.ts';

describe('overlay golden sheets', () => {
  it.each([undefined, 'pixel', 'cartoon', 'sd', 'quater_view'] as const)('style %s', async (style) => {
    const image = overlay({
      sheet: poseSheet(4, 3, 48),
      characters: [pixelKnight(), hero(48)],
      rows: [{ row: 1, title: 'idle', description: '' }, { row: 3, title: 'run', description: 'the second character' }],
      style,
      output: { scale: 2 },
    }).image;
    expectGolden(`overlay/${style ?? 'plain'}.png`, await encodePng(image));
  });

  it('v1 1024 on a flat-colour sheet', async () => {
    const sheet = poseSheet(5, 2, 40);
    for (let i = 0; i < sheet.data.length; i += 4) if (sheet.data[i + 3] === 0) sheet.data.set([255, 0, 255, 255], i);
    const image = overlay({ sheet, characters: [hero(48)], rows: [{ row: 2, title: '', description: '' }], style: 'cartoon', output: { longestSide: 1024 } }).image;
    expectGolden('overlay/flat-cartoon-1024.png', await encodePng(image));
  });
});
