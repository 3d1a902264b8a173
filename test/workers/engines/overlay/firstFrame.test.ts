// A character image that is a strip or sheet of frames stands for its first frame; a single figure
// (however wide, however its profile looks) is left whole.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { firstFrame } from '../../../../workers/engines/overlay/firstFrame.ts';
import { overlay } from '../../../../workers/engines/overlay/overlay.ts';
import { crop } from '../../../../workers/kernels/compose.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { stills, poseSheets } from '../../../fixtures/realSprites.ts';
import { hero, pixelKnight } from '../../../fixtures/sprites.ts';

const file = async (name: string): Promise<RawImage> => {
  const { data, info } = await sharp(readFileSync(new URL(`../../../fixtures/sprites/${name}`, import.meta.url))).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
};

describe('firstFrame', () => {
  it.each([
    ['wizard-32-side-run-strip-6f.png', 32, 32],
    ['rhino-52x34-strip-6f.png', 52, 34],
    ['slime-44x30-strip-10f.png', 44, 30],
    ['mage-24-4dir-sheet-3x4.png', 24, 32],
    ['warrior-sheet-24x8-32px.png', 32, 32],
  ])('%s: the first frame (%ix%i)', async (name, w, h) => {
    const img = await file(name);
    const first = firstFrame(img);
    expect([first.width, first.height]).toEqual([w, h]);
    expect(first.data).toEqual(crop(img, 0, 0, w, h).data);
  });

  it('a single figure stays whole: every real still, the drawn ones, and sheets whose frames touch', async () => {
    for (const s of stills) expect(firstFrame(s.image), s.name).toBe(s.image);
    for (const img of [hero(64), pixelKnight()]) expect(firstFrame(img)).toBe(img);
    // Rows that touch give no sure cut: the picture is used as it is.
    const pirate = await file('pirate-16-4dir-sheet-3x4.png');
    expect(firstFrame(pirate)).toBe(pirate);
  });

  it('overlay draws a strip given as the character as its first frame', async () => {
    const sheet = poseSheets.find((s) => s.name === 'mage-sheet')!;
    const strip = await file('wizard-32-side-run-strip-6f.png');
    const rows = [{ row: 2, title: 'east', description: '' }];
    const fromStrip = overlay({ sheet: sheet.image, characters: [strip], rows, style: 'pixel', output: { scale: 1 } });
    const fromFrame = overlay({ sheet: sheet.image, characters: [crop(strip, 0, 0, 32, 32)], rows, style: 'pixel', output: { scale: 1 } });
    expect(fromStrip.image.data).toEqual(fromFrame.image.data);
  });
});
