// Restyle presets: every material and colour word set on the walking hero (transparent GIF), the
// same walk on an opaque background, a PNG sheet source, and reference replacements.
import { encodeGif } from '../../workers/codecs/encode.ts';
import type { RawImage } from '../../workers/types.ts';
import { hero, heroWalkFrames, heroWalkGif, heroWalkSheet, pixelKnight, pixelSlime, png } from '../../test/fixtures/sprites.ts';
import { input, type Preset } from '../preset.ts';

/** The walk composited on an opaque flat colour (a GIF without transparency). */
export function opaqueWalkGif(frames = 8, size = 64, bg: [number, number, number] = [236, 232, 214]): Uint8Array {
  const out = heroWalkFrames(frames, size).map((f): RawImage => {
    const data = new Uint8Array(f.data.length);
    for (let i = 0; i < data.length; i += 4) {
      const a = (f.data[i + 3] ?? 0) / 255;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round((f.data[i + c] ?? 0) * a + (bg[c] ?? 0) * (1 - a));
      data[i + 3] = 255;
    }
    return { data, width: f.width, height: f.height };
  });
  return encodeGif(out, new Array(frames).fill(10));
}

const words = (text: string, frames = 36): Preset => ({
  name: `restyle-${text.replace(/[^a-z]+/gi, '-').toLowerCase() || 'empty'}`,
  note: `"${text}" on the walking hero, ${frames} frames`,
  build: async (dir) => ({ kind: 'restyle', text, frames, source: await input(dir, 'source.gif', heroWalkGif(8, 64), ['gif']) }),
});

export const WORD_SETS = [
  'golden', 'silver', 'bronze', 'ice', 'fire', 'shadow', 'ghost', 'neon', 'stone', 'wood', 'toxic', 'holy', 'electric',
  'grayscale', 'sepia', 'inverted', 'red', 'teal', 'purple and gold', 'icy blue', 'dark gold', 'blue fire', 'neon green',
  'pale', 'a brave knight',
];

export const presets: Preset[] = [
  ...WORD_SETS.map((t) => words(t)),
  {
    name: 'restyle-opaque-ice',
    note: '"ice" on the walk over an opaque cream background: only the subject changes',
    build: async (dir) => ({ kind: 'restyle', text: 'ice', frames: 36, source: await input(dir, 'source.gif', opaqueWalkGif(), ['gif']) }),
  },
  {
    name: 'restyle-opaque-ghost',
    note: '"ghost" on an opaque source: fades toward the background',
    build: async (dir) => ({ kind: 'restyle', text: 'ghost', frames: 36, source: await input(dir, 'source.gif', opaqueWalkGif(), ['gif']) }),
  },
  {
    name: 'restyle-sheet-fire-100',
    note: '"fire", PNG sheet source 4x2, 100 frames',
    build: async (dir) => ({ kind: 'restyle', text: 'fire', frames: 100, source: await input(dir, 'source.png', await heroWalkSheet(4, 2, 64), ['png']), grid: { columns: 4, rows: 2 } }),
  },
  {
    name: 'restyle-reference-knight',
    note: 'reference pixel knight replaces the walking hero, following its bob and lean',
    build: async (dir) => ({ kind: 'restyle', text: '', frames: 36, source: await input(dir, 'source.gif', heroWalkGif(8, 64), ['gif']), reference: await input(dir, 'ref.png', await png(pixelKnight())) }),
  },
  {
    name: 'restyle-reference-knight-large',
    note: 'the 32 px pixel knight replaces a walker 225 px tall: posed in its own pixels, then grown by whole pixels',
    build: async (dir) => ({ kind: 'restyle', text: '', frames: 36, source: await input(dir, 'source.gif', heroWalkGif(8, 256), ['gif']), reference: await input(dir, 'ref.png', await png(pixelKnight())) }),
  },
  ...['stone', 'neon'].map((text) => ({
    name: `restyle-reference-knight-large-${text}`,
    note: `the same knight, "${text}": the material's grain or rim laid on in the knight's own pixels, so it stays on its grid`,
    build: async (dir: string) => ({ kind: 'restyle' as const, text, frames: 36, source: await input(dir, 'source.gif', heroWalkGif(8, 256), ['gif']), reference: await input(dir, 'ref.png', await png(pixelKnight())) }),
  })),
  {
    name: 'restyle-reference-slime-golden',
    note: 'reference slime + "golden": the reference, then the material on top',
    build: async (dir) => ({ kind: 'restyle', text: 'golden', frames: 36, source: await input(dir, 'source.gif', heroWalkGif(8, 64), ['gif']), reference: await input(dir, 'ref.png', await png(pixelSlime())) }),
  },
  {
    name: 'restyle-reference-opaque',
    note: 'reference hero (48px) into the opaque walk: subject filled with the background, reference drawn',
    build: async (dir) => ({ kind: 'restyle', text: '', frames: 36, source: await input(dir, 'source.gif', opaqueWalkGif(), ['gif']), reference: await input(dir, 'ref.png', await png(hero(48))) }),
  },
];
