// The Phaser asset pack builder. That Phaser really loads it (plain and through the plugin, from its
// /cdn/<job>/pack.json URL) is checked in the browser by test/plugins/phaser/phaser.test.ts.
import { describe, expect, it } from 'vitest';
import { PHASER_PACK_VERSION, phaserPack } from '../../../workers/output/phaserPack.ts';

describe('phaserPack', () => {
  it('lists the sheet as one aseprite file, relative to pack.json, in a section named after the key', () => {
    expect(phaserPack({ key: 'hero', sheet: 'sheet.png', json: 'sheet.json' })).toEqual({
      hero: { files: [{ type: 'aseprite', key: 'hero', textureURL: 'sheet.png', atlasURL: 'sheet.json' }] },
      meta: { app: 'spritekiln', version: PHASER_PACK_VERSION, url: 'relative to this file' },
    });
  });

  it('sets no path or baseURL, so the loader path (or the plugin) decides where the files are', () => {
    const section = phaserPack({ key: '0b6c1e4e-8d7a-4c1e-9a55-2f1f3f1e2d3c', sheet: 'sheet.png', json: 'sheet.json' })['0b6c1e4e-8d7a-4c1e-9a55-2f1f3f1e2d3c'];
    expect(section).not.toHaveProperty('path');
    expect(section).not.toHaveProperty('baseURL');
  });

  it('is plain JSON (what the server writes is what Phaser reads)', () => {
    const pack = phaserPack({ key: 'walk', sheet: 'sheet.png', json: 'sheet.json' });
    expect(JSON.parse(JSON.stringify(pack))).toEqual(pack);
  });

  it.each([
    [{ key: '', sheet: 'sheet.png', json: 'sheet.json' }, 'for key but received ""'],
    [{ key: 'meta', sheet: 'sheet.png', json: 'sheet.json' }, 'for key but received "meta"'],
    [{ key: 'a b', sheet: 'sheet.png', json: 'sheet.json' }, 'for key but received "a b"'],
    [{ key: 'x'.repeat(129), sheet: 'sheet.png', json: 'sheet.json' }, 'for key'],
    [{ key: 'hero', sheet: '../sheet.png', json: 'sheet.json' }, 'for sheet but received "../sheet.png"'],
    [{ key: 'hero', sheet: 'http://elsewhere/sheet.png', json: 'sheet.json' }, 'for sheet'],
    [{ key: 'hero', sheet: 'sheet.png', json: 'a/sheet.json' }, 'for json but received "a/sheet.json"'],
    [{ key: 'hero', sheet: 'sheet.png', json: '' }, 'for json but received ""'],
  ])('rejects %o', (input, message) => {
    expect(() => phaserPack(input)).toThrow(message);
  });
});
