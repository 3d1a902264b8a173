// Files of the project itself (package.json, the dashboard's web/), found from wherever this code
// runs: the TypeScript sources, or the compiled bundle in dist/, which sits at another depth.
import { existsSync } from 'node:fs';

let root: URL | undefined;

/** `path` (relative to the project's root folder, the one holding package.json) as a file URL. */
export function projectFile(path: string): URL {
  if (!root) {
    let dir = new URL('.', import.meta.url);
    while (!existsSync(new URL('package.json', dir))) {
      const up = new URL('..', dir);
      if (up.href === dir.href) throw new Error(`spritekiln: no package.json above ${import.meta.url}`);
      dir = up;
    }
    root = dir;
  }
  return new URL(path, root);
}
