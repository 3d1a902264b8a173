#!/usr/bin/env node
// Entry for `npm start` and `npx spritekiln`. Runs the build that `npm install` made (dist/, see
// tools/build.mjs) while it is current; after a source file changed since, the TypeScript sources
// through tsx (worker threads then load their tasks the same way, see workers/pool.ts), as also
// with SPRITEKILN_FROM_SOURCE=1.
import { readFileSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);

function currentBuild() {
  try {
    const built = statSync(new URL('dist/spritekiln.js', root)).mtimeMs;
    const inputs = JSON.parse(readFileSync(new URL('dist/inputs.json', root), 'utf8'));
    return inputs.every((path) => statSync(new URL(path, root)).mtimeMs <= built);
  } catch {
    return false; // no build, or a source it read is gone
  }
}

if (process.env.SPRITEKILN_FROM_SOURCE !== '1' && currentBuild()) {
  await import('../dist/spritekiln.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../server/main.ts');
}
