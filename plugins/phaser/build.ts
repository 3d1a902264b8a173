// Bundles the plugin and the typed client into one browser ES module,
// plugins/phaser/dist/spritekiln-phaser.js. Phaser is not bundled: the plugin takes the game's own
// (the global `Phaser`, or usePhaser()). Run by `npm run build:phaser`, and by the Phaser tests
// before they open a page, so a clean checkout never serves a stale or missing build.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

export const PHASER_DIST = fileURLToPath(new URL('./dist/spritekiln-phaser.js', import.meta.url));
const ENTRY = fileURLToPath(new URL('./src/index.ts', import.meta.url));

export async function buildPhaserPlugin(): Promise<string> {
  await build({
    entryPoints: [ENTRY],
    outfile: PHASER_DIST,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // Phaser 3.60 and 4 both need a browser of this age (class fields, private methods, ??=).
    target: 'es2022',
    external: ['phaser'],
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    banner: { js: '// spritekiln Phaser plugin (Phaser 3.60+ and 4). Built from plugins/phaser/src; see plugins/phaser/README.md.' },
  });
  return PHASER_DIST;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await buildPhaserPlugin());
}
