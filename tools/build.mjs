#!/usr/bin/env node
// Compiles the server, the CLI and the worker tasks once, at install (`npm install` runs it as
// `prepare`), so nothing is transpiled at start: dist/spritekiln.js (the CLI and server) and
// dist/tasks.js (what each worker thread loads), with the code they share in chunks beside them.
// Packages are bundled in: node resolving, reading and compiling their many small files was a sixth
// of the server's start (ready 369-420 ms against 313-348 with koa, the router, lowdb and valibot
// bundled, started directly, interleaved), and koa-body (loaded once the server is up, with zod's
// 225 files and formidable) loads in 129-149 ms as one chunk against 173-183. These stay in
// node_modules: piscina (its worker is a file of its own), sharp (native), the MCP SDK (the `mcp`
// command's alone), and the build tools. dist/inputs.json lists the sources the build read:
// bin/spritekiln.js runs dist only while none of them is newer than the build, and the TypeScript
// sources otherwise.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// Installed without dev dependencies (npm install --omit=dev) there is no esbuild: the sources then
// run through tsx, as they would with a stale build, and the install still succeeds.
const esbuild = await import('esbuild').catch(() => null);
if (!esbuild) {
  console.warn('spritekiln: esbuild is not installed, so nothing is compiled; the sources run through tsx');
  process.exit(0);
}
const { build } = esbuild;

const root = fileURLToPath(new URL('..', import.meta.url));

// A JSON file becomes a JSON.parse of its text rather than an object literal: V8 reads a string of
// JSON much faster than the same data as code. mime-db's database (233 KB) was a third of what the
// server compiled at start.
const jsonAsText = {
  name: 'json-as-text',
  setup(build) {
    build.onLoad({ filter: /\.json$/ }, async ({ path }) => {
      const text = JSON.stringify(JSON.parse(await readFile(path, 'utf8')));
      return { contents: `module.exports = JSON.parse(${JSON.stringify(text)});`, loader: 'js' };
    });
  },
};
// koa asks for mime-db twice (1.52 through accepts and co-body's mime-types 2, 1.54 through its own
// mime-types 3): one copy, the one the project resolves (the newer: the same entries and fields,
// more of them), so it is compiled and indexed once. With both, the server was ready in 269-289 ms
// against 309-339 (started directly, 8 interleaved runs each).
const oneMimeDb = {
  name: 'one-mime-db',
  setup(build) {
    const mimeDb = createRequire(import.meta.url).resolve('mime-db');
    build.onResolve({ filter: /^mime-db$/ }, () => ({ path: mimeDb }));
  },
};
const outdir = process.argv[2] ?? `${root}dist`;
await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { spritekiln: 'server/main.ts', tasks: 'workers/tasks.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['piscina', 'sharp', '@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*', 'tsx', 'tsx/*', 'esbuild'],
  // The CommonJS packages bundled in require node's own modules: an ES module has no require of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  sourcemap: 'linked',
  metafile: true,
  plugins: [jsonAsText, oneMimeDb],
  logLevel: 'warning',
});
const inputs = Object.keys(result.metafile.inputs).filter((path) => !path.startsWith('node_modules/'));
await writeFile(`${outdir}/inputs.json`, `${JSON.stringify(inputs, null, 1)}\n`);
