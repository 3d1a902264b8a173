// npm run gallery: renders every preset with the built-in engine into gallery/out/, then writes
// gallery/out/index.html (every result, GIFs playing) and gallery/out/contact.png (one tile each,
// in the page's order), to look at before calling an engine change done. Small results are shown
// at a whole-number scale, nearest neighbour, so pixel art stays crisp.
//   npm run gallery                      every preset
//   npm run gallery real-pirate          only presets whose name contains "real-pirate"
//   npm run gallery -- --sprites DIR     also every PNG in DIR as a real-sprite still (real-x-<file>),
//                                        animated with every motion; the same as GALLERY_SPRITES=DIR.
//                                        For sprites that may not live in this repo (a share-alike licence).
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { render } from '../workers/render.ts';
import { seedFor, type Preset } from './preset.ts';

const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const PRESETS = fileURLToPath(new URL('./presets/', import.meta.url));
const TILE = 256;

const args = process.argv.slice(2);
const spritesAt = args.indexOf('--sprites');
if (spritesAt >= 0) {
  const dir = args[spritesAt + 1];
  if (!dir) throw new Error('--sprites needs a folder of PNGs');
  // Read by presets/realSprites.ts when it is imported below.
  process.env.GALLERY_SPRITES = resolve(dir);
  args.splice(spritesAt, 2);
}
const only = args[0];
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

/** A whole-number upscale that fits the tile (1 for an image bigger than it, which the page fits down). */
async function shownSize(path: string): Promise<{ width: number; height: number; k: number }> {
  const m = await sharp(path).metadata();
  const width = m.width ?? TILE, height = m.pageHeight ?? m.height ?? TILE;
  return { width, height, k: Math.max(1, Math.floor((TILE - 8) / Math.max(width, height))) };
}

// The page: the GIF where there is one, else the first image; the sheet beside it.
const cell = async (r: (typeof rows)[number]) => {
  const shown = r.files.find((f) => f.endsWith('.gif')) ?? r.files[0]!;
  const { width, height, k } = await shownSize(join(OUT, r.preset.name, shown));
  const others = r.files.filter((f) => f !== shown && !f.startsWith('frame_')).map((f) => `<a href="${r.preset.name}/${f}">${f}</a>`);
  return `<figure><div class="tile"><img src="${r.preset.name}/${shown}" width="${width * k}" height="${height * k}"></div><figcaption><b>${r.preset.name}</b> ${r.ms.toFixed(0)} ms<br>${r.preset.note ?? ''}<br>${others.join(' ')} <a href="${r.preset.name}/in/">inputs</a></figcaption></figure>`;
};
await writeFile(
  join(OUT, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>spritekiln gallery</title>
<style>body{font:14px system-ui;background:#2b2b33;color:#eee}figure{display:inline-block;vertical-align:top;width:${TILE}px;margin:8px}
.tile{width:${TILE}px;height:${TILE}px;display:flex;align-items:center;justify-content:center;background:repeating-conic-gradient(#555 0 25%,#444 0 50%) 0 0/16px 16px}
img{max-width:${TILE}px;max-height:${TILE}px;object-fit:contain;image-rendering:pixelated}a{color:#9cf}</style>
<h1>spritekiln built-in engine: ${rows.length} presets</h1>${(await Promise.all(rows.map(cell))).join('\n')}`,
);

// The contact sheet: each preset's first image (its sheet, or the image) on a checkerboard, upscaled
// by a whole factor with nearest neighbour when it is small, fitted down smoothly when it is big.
const columns = 6;
const tiles = await Promise.all(
  rows.map(async (r, i) => {
    const path = join(OUT, r.preset.name, r.files.find((f) => f.endsWith('.png')) ?? r.files[0]!);
    const { width, height, k } = await shownSize(path);
    const side = TILE - 8;
    const input = width * k <= side && height * k <= side
      ? await sharp(path).resize(width * k, height * k, { kernel: 'nearest' }).png().toBuffer()
      : await sharp(path).resize(side, side, { fit: 'inside' }).png().toBuffer();
    const fitted = await sharp(input).metadata();
    return {
      input,
      left: (i % columns) * TILE + Math.floor((TILE - (fitted.width ?? side)) / 2),
      top: Math.floor(i / columns) * TILE + Math.floor((TILE - (fitted.height ?? side)) / 2),
    };
  }),
);
const width = columns * TILE;
const height = Math.max(1, Math.ceil(rows.length / columns)) * TILE;
const checker = Buffer.alloc(width * height * 3);
for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) checker.fill(((x >> 4) + (y >> 4)) % 2 ? 0x55 : 0x44, (y * width + x) * 3, (y * width + x) * 3 + 3);
await sharp(checker, { raw: { width, height, channels: 3 } }).composite(tiles).png().toFile(join(OUT, 'contact.png'));
console.log(`\n${rows.length} presets -> ${join(OUT, 'index.html')} and contact.png`);
