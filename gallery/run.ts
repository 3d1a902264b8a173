// npm run gallery: renders every preset with the built-in engine into gallery/out/, then writes
// gallery/out/index.html (every result, GIFs playing) and gallery/out/contact.png (one tile each,
// in the page's order), to look at before calling an engine change done.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { render } from '../workers/render.ts';
import { seedFor, type Preset } from './preset.ts';

const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const PRESETS = fileURLToPath(new URL('./presets/', import.meta.url));
const TILE = 256;

const only = process.argv[2];
const presets: Preset[] = [];
for (const file of (await readdir(PRESETS)).filter((f) => f.endsWith('.ts')).sort()) {
  const mod = (await import(join(PRESETS, file))) as { presets: Preset[] };
  presets.push(...mod.presets.filter((p) => !only || p.name.includes(only)));
}

await mkdir(OUT, { recursive: true });
const rows: { preset: Preset; files: string[]; ms: number }[] = [];
for (const preset of presets) {
  const dir = join(OUT, preset.name);
  // Only this preset's folder is renewed: a filtered run leaves the others' results in place.
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'in'), { recursive: true });
  const spec = await preset.build(join(dir, 'in'));
  const t = performance.now();
  const result = await render({ spec, outDir: dir, seed: seedFor(preset.name) });
  const ms = performance.now() - t;
  if (!result.ok) throw new Error(`${preset.name}: ${result.message}`);
  rows.push({ preset, files: result.value.files, ms });
  console.log(`${preset.name.padEnd(36)} ${ms.toFixed(0).padStart(6)} ms  ${result.value.files.slice(0, 3).join(' ')}`);
}

// The page: the GIF where there is one, else the first image; the sheet beside it.
const cell = (r: (typeof rows)[number]) => {
  const shown = r.files.find((f) => f.endsWith('.gif')) ?? r.files[0]!;
  const others = r.files.filter((f) => f !== shown && !f.startsWith('frame_')).map((f) => `<a href="${r.preset.name}/${f}">${f}</a>`);
  return `<figure><img src="${r.preset.name}/${shown}"><figcaption><b>${r.preset.name}</b> ${r.ms.toFixed(0)} ms<br>${r.preset.note ?? ''}<br>${others.join(' ')} <a href="${r.preset.name}/in/">inputs</a></figcaption></figure>`;
};
await writeFile(
  join(OUT, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>spritekiln gallery</title>
<style>body{font:14px system-ui;background:#2b2b33;color:#eee}figure{display:inline-block;vertical-align:top;width:${TILE}px;margin:8px}
img{width:${TILE}px;height:${TILE}px;object-fit:contain;image-rendering:pixelated;background:repeating-conic-gradient(#555 0 25%,#444 0 50%) 0 0/16px 16px}a{color:#9cf}</style>
<h1>spritekiln built-in engine: ${rows.length} presets</h1>${rows.map(cell).join('\n')}`,
);

// The contact sheet: each preset's first image (its sheet, or the image) fitted into a tile on a checkerboard.
const columns = 6;
const tiles = await Promise.all(
  rows.map(async (r, i) => ({
    input: await sharp(join(OUT, r.preset.name, r.files.find((f) => f.endsWith('.png')) ?? r.files[0]!)).resize(TILE - 8, TILE - 8, { fit: 'contain', background: '#0000', kernel: 'nearest' }).png().toBuffer(),
    left: (i % columns) * TILE + 4,
    top: Math.floor(i / columns) * TILE + 4,
  })),
);
const width = columns * TILE;
const height = Math.max(1, Math.ceil(rows.length / columns)) * TILE;
const checker = Buffer.alloc(width * height * 3);
for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) checker.fill(((x >> 4) + (y >> 4)) % 2 ? 0x55 : 0x44, (y * width + x) * 3, (y * width + x) * 3 + 3);
await sharp(checker, { raw: { width, height, channels: 3 } }).composite(tiles).png().toFile(join(OUT, 'contact.png'));
console.log(`\n${rows.length} presets -> ${join(OUT, 'index.html')} and contact.png`);
