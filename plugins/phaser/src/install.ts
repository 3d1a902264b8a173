// Registers what the plugin adds to Phaser's loader, once per Phaser namespace: the `spritekiln`
// file type (FileTypesManager for loaders made later, LoaderPlugin.prototype for those that already
// exist) and pack-relative URLs for spritekiln pack.json files.
import { installPackPaths } from './packPaths.ts';
import { defineLoaderMethod } from './SpritekilnFile.ts';

const installed = new WeakSet<object>();

export function installSpritekiln(P: typeof Phaser): void {
  if (installed.has(P)) return;
  installed.add(P);
  const method = defineLoaderMethod(P);
  P.Loader.FileTypesManager.register('spritekiln', method);
  (P.Loader.LoaderPlugin.prototype as unknown as Record<string, unknown>).spritekiln = method;
  installPackPaths(P);
}
