// pack.json: a Phaser asset pack (LoaderPlugin#pack) for one sheet job, written beside sheet.png
// and sheet.json so a game can `this.load.pack(key, '<cdn>/<job>/pack.json')`.
//
// How Phaser (3.60 .. 4.x) resolves the URLs in a pack, read from its source (LoaderPlugin#addPack,
// File, GetURL): each section's `path` (default: the loader's path at the time the pack is
// processed) is prepended to every relative file URL when the file is created, and the loader's
// `baseURL` when the file starts loading. A section's own `baseURL` is restored before its files
// load, so it has no effect. Nothing is relative to the pack file's own URL. So:
//   - the URLs here are plain file names, relative to pack.json, and the section sets no `path`:
//     `this.load.setPath('<cdn>/<job>/').pack(key, 'pack.json')` works in plain Phaser, and a game
//     that ships the downloaded folder sets its own path the same way;
//   - `meta.app = "spritekiln"` marks the pack, and the spritekiln Phaser plugin resolves the
//     sections of a marked pack against the pack's URL, so `this.load.pack(key, absoluteUrl)` works
//     too (plugins/phaser/src/packPaths.ts).
// The section is named after the key, so `this.load.pack(packKey, url, key)` selects it.

/** Version of this file's layout: bump when fields change meaning. */
export const PHASER_PACK_VERSION = '1.0';

export interface PhaserPackInput {
  /** Texture (and JSON cache) key of the sprite in the game, and the section's name. */
  key: string;
  /** The sheet PNG's file name, relative to pack.json (e.g. "sheet.png"). */
  sheet: string;
  /** The Aseprite sheet.json's file name, relative to pack.json. */
  json: string;
}

export interface PhaserPackFile {
  type: 'aseprite';
  key: string;
  textureURL: string;
  atlasURL: string;
}

export interface PhaserPack {
  [section: string]: { files: PhaserPackFile[] } | PhaserPackMeta;
  meta: PhaserPackMeta;
}

export interface PhaserPackMeta {
  app: 'spritekiln';
  version: string;
  /** Says how the URLs above are meant, for people reading the file. */
  url: 'relative to this file';
}

// A key is a Phaser texture key: any text, but bounded and printable so a pack never carries
// surprises into a game's caches. "meta" would collide with the pack's own meta section.
const KEY = /^[\x21-\x7e]{1,128}$/;
// A plain file name beside pack.json: no folder, no scheme, no query (GetURL would pass a scheme
// through untouched and a folder would escape the job's directory).
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

export function phaserPack(input: PhaserPackInput): PhaserPack {
  const { key, sheet, json } = input;
  if (typeof key !== 'string' || !KEY.test(key) || key === 'meta') {
    throw new RangeError(`Expected 1 to 128 printable characters other than "meta" for key but received ${JSON.stringify(key)}`);
  }
  for (const [name, value] of [['sheet', sheet], ['json', json]] as const) {
    if (typeof value !== 'string' || !FILE_NAME.test(value)) {
      throw new RangeError(`Expected a plain file name beside pack.json for ${name} but received ${JSON.stringify(value)}`);
    }
  }
  return {
    [key]: { files: [{ type: 'aseprite', key, textureURL: sheet, atlasURL: json }] },
    meta: { app: 'spritekiln', version: PHASER_PACK_VERSION, url: 'relative to this file' },
  };
}
