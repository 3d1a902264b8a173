// Makes the URLs of a spritekiln pack.json relative to the pack's own URL.
//
// Phaser resolves a pack's file URLs against the loader's `path` (or the section's `path`) and
// `baseURL`, never against the pack file's URL (LoaderPlugin#addPack, File, GetURL). A pack served
// at <cdn>/<job>/pack.json lists "sheet.png" and "sheet.json" beside it, so this wraps
// PackFile#onProcess: while a pack marked `meta.app: "spritekiln"` is added, every section that sets
// no `path` and no `baseURL` gets the directory of the pack's URL as its path. Other packs are left
// exactly as Phaser reads them.

const SPRITEKILN_PACK = 'spritekiln';
const patched = new WeakSet<object>();

type PackSection = { files?: unknown; path?: string; baseURL?: string };
type Pack = Record<string, PackSection> & { meta?: { app?: string } };

export function installPackPaths(P: typeof Phaser): void {
  const proto = P.Loader.FileTypes.PackFile.prototype as unknown as { onProcess(): void };
  if (patched.has(proto)) return;
  patched.add(proto);
  const onProcess = proto.onProcess;
  proto.onProcess = function (this: Phaser.Loader.FileTypes.PackFile) {
    const file = this;
    const loader = this.loader as Phaser.Loader.LoaderPlugin & { addPack(pack: unknown, packKey?: string): boolean };
    const hadOwn = Object.prototype.hasOwnProperty.call(loader, 'addPack');
    const addPack = loader.addPack;
    loader.addPack = function (pack: unknown, packKey?: string) {
      return addPack.call(this, withPackDirectory(pack, file.src), packKey);
    };
    try {
      onProcess.call(this);
    } finally {
      if (hadOwn) loader.addPack = addPack;
      else delete (loader as Partial<typeof loader>).addPack;
    }
  };
}

/** The pack with `path` set to the pack's directory on its path-less sections, if it is a spritekiln pack. */
export function withPackDirectory(pack: unknown, packSrc: string): unknown {
  if (!isSpritekilnPack(pack) || typeof packSrc !== 'string' || !packSrc) return pack;
  const absolute = new URL(packSrc, document.baseURI).href;
  const directory = absolute.slice(0, absolute.lastIndexOf('/') + 1);
  const out: Record<string, unknown> = {};
  for (const [name, section] of Object.entries(pack as Record<string, PackSection>)) {
    const plain = name !== 'meta' && section && typeof section === 'object' && section.path === undefined && section.baseURL === undefined;
    out[name] = plain ? { ...section, path: directory } : section;
  }
  return out;
}

// PackFile#onProcess hands addPack the whole parsed file (a dataKey is applied inside addPack), so
// the marker is always at the top level.
function isSpritekilnPack(pack: unknown): pack is Pack {
  return !!pack && typeof pack === 'object' && (pack as Pack).meta?.app === SPRITEKILN_PACK;
}
