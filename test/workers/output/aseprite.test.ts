import { describe, expect, it } from 'vitest';
import { buildSheetJson } from '../../../workers/output/aseprite.ts';
import { assembleSheet } from '../../../workers/output/sheet.ts';
import { frameDurationsMs } from '../../../workers/kernels/timing.ts';
import { solid } from '../images.ts';

describe('buildSheetJson', () => {
  it.each([4, 36, 100])('describes %i frames the way Phaser createFromAseprite reads them', (n) => {
    const sheet = assembleSheet(Array.from({ length: n }, () => solid(8, 6, [0, 0, 0, 0])));
    const json = buildSheetJson({
      rects: sheet.rects, durationsMs: frameDurationsMs(n),
      sheetWidth: sheet.image.width, sheetHeight: sheet.image.height, tag: 'walk',
    });
    // Keys "0".."N-1": other names make createFromAseprite build 0-frame animations.
    expect(Object.keys(json.frames)).toEqual(Array.from({ length: n }, (_, i) => String(i)));
    expect(json.frames['1']).toEqual({
      frame: { x: 8, y: 0, w: 8, h: 6 }, rotated: false, trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w: 8, h: 6 }, sourceSize: { w: 8, h: 6 }, duration: 80,
    });
    expect(json.meta).toMatchObject({
      app: 'spritekiln', image: 'sheet.png', format: 'RGBA8888', scale: '1',
      size: { w: sheet.image.width, h: sheet.image.height },
      frameTags: [{ name: 'walk', from: 0, to: n - 1, direction: 'forward' }], layers: [], slices: [],
    });
  });

  it('an animation\'s ground point: meta.pivot in pixels, and each frame\'s pivot as a share of its size (TexturePacker\'s field, which Phaser reads)', () => {
    const sheet = assembleSheet(Array.from({ length: 4 }, () => solid(40, 60, [0, 0, 0, 0])));
    const input = { rects: sheet.rects, durationsMs: frameDurationsMs(4), sheetWidth: sheet.image.width, sheetHeight: sheet.image.height, tag: 'walk' };
    const json = buildSheetJson({ ...input, pivot: { x: 21, y: 57 } });
    expect(json.meta.pivot).toEqual({ x: 21, y: 57 });
    for (const frame of Object.values(json.frames)) expect(frame.pivot).toEqual({ x: 0.525, y: 0.95 });
    // Without one (a restyle, an effect), neither.
    const plain = buildSheetJson(input);
    expect(plain.meta.pivot).toBeUndefined();
    for (const frame of Object.values(plain.frames)) expect(frame.pivot).toBeUndefined();
  });

  it('several animations: a frame tag each, over the frames given', () => {
    const sheet = assembleSheet(Array.from({ length: 5 }, () => solid(8, 6, [0, 0, 0, 0])));
    const json = buildSheetJson({
      rects: sheet.rects, durationsMs: frameDurationsMs(5), sheetWidth: sheet.image.width, sheetHeight: sheet.image.height,
      tag: [{ name: 'idle', from: 0, to: 1 }, { name: 'run', from: 2, to: 4 }],
    });
    expect(json.meta.frameTags).toEqual([{ name: 'idle', from: 0, to: 1, direction: 'forward' }, { name: 'run', from: 2, to: 4, direction: 'forward' }]);
    expect(() => buildSheetJson({ rects: sheet.rects, durationsMs: frameDurationsMs(5), sheetWidth: 40, sheetHeight: 40, tag: [{ name: 'x', from: 0, to: 5 }] }))
      .toThrow('for last frame of "x" but received 5');
  });

  it('rejects a duration list of the wrong length', () => {
    expect(() => buildSheetJson({ rects: [{ x: 0, y: 0, w: 1, h: 1 }], durationsMs: [], sheetWidth: 1, sheetHeight: 1, tag: 't' }))
      .toThrow('Expected one duration per frame (1 frames) but received 0');
  });
});
