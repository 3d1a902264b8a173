// Character overlay presets: every style on the pose sheet with the pixel knight and the hero,
// both output modes, several characters picked by row words, and sheets whose grid must be found
// from flat-colour gutters or from touching sprites.
import type { RawImage } from '../../workers/types.ts';
import type { RowEntry } from '../../workers/specs.ts';
import { hero, heroWalkFrames, pixelKnight, pixelSlime, png, poseSheet } from '../../test/fixtures/sprites.ts';
import { input, type Preset } from '../preset.ts';

/** The pose sheet with its transparent background painted a flat colour. */
export function flatPoseSheet(columns = 4, rows = 3, cell = 48, bg: [number, number, number] = [255, 0, 255]): RawImage {
  const img = poseSheet(columns, rows, cell);
  for (let i = 0; i < img.data.length; i += 4) if (img.data[i + 3] === 0) img.data.set([...bg, 255], i);
  return img;
}

/** Walk frames packed with no gutter between them (each frame's empty sides cut off). */
export function touchingSheet(columns = 4, rows = 2, size = 48): RawImage {
  const frames = heroWalkFrames(columns * rows, size);
  const cut = Math.round(size * 0.28);
  const cw = size - 2 * cut;
  const width = cw * columns;
  const data = new Uint8Array(width * size * rows * 4);
  frames.forEach((f, i) => {
    const ox = (i % columns) * cw, oy = Math.floor(i / columns) * size;
    for (let y = 0; y < size; y++) data.set(f.data.subarray((y * size + cut) * 4, (y * size + cut + cw) * 4), ((oy + y) * width + ox) * 4);
  });
  return { data, width, height: size * rows };
}

const ROW2: RowEntry[] = [{ row: 2, title: 'walk', description: 'walking to the right' }];
const ROWS13: RowEntry[] = [{ row: 1, title: 'idle', description: '' }, { row: 3, title: 'run', description: '' }];

const preset = (name: string, note: string, make: () => { sheet: RawImage; chars: RawImage[]; rows: RowEntry[]; style?: 'pixel' | 'cartoon' | 'sd' | 'quater_view'; output: { longestSide: number } | { scale: number } }): Preset => ({
  name: `overlay-${name}`,
  note,
  build: async (dir) => {
    const m = make();
    return {
      kind: 'overlay',
      sheet: await input(dir, 'sheet.png', await png(m.sheet)),
      characters: await Promise.all(m.chars.map(async (c, i) => input(dir, `character${i + 1}.png`, await png(c)))),
      rows: m.rows,
      style: m.style,
      output: m.output,
    };
  },
});

const styles = ['pixel', 'cartoon', 'sd', 'quater_view'] as const;

export const presets: Preset[] = [
  preset('plain-hero', 'hero on rows 1 and 3, no style, scale 2', () => ({ sheet: poseSheet(), chars: [hero(48)], rows: ROWS13, output: { scale: 2 } })),
  ...styles.map((style) => preset(`${style}-knight`, `${style}, pixel knight on row 2, scale 2`, () => ({ sheet: poseSheet(), chars: [pixelKnight()], rows: ROW2, style, output: { scale: 2 } }))),
  ...styles.map((style) => preset(`${style}-hero`, `${style}, hero on rows 1 and 3, scale 2`, () => ({ sheet: poseSheet(), chars: [hero(48)], rows: ROWS13, style, output: { scale: 2 } }))),
  preset('v1-1024-two', 'v1 longest side 1024: knight and hero, row 3 says "second"', () => ({ sheet: poseSheet(), chars: [pixelKnight(), hero(48)], rows: [{ row: 1, title: 'idle', description: '' }, { row: 3, title: 'run', description: 'the second character' }], output: { longestSide: 1024 } })),
  preset('pick-by-colour', 'slime, knight and hero; row 1 "green", row 2 "blue tunic"', () => ({ sheet: poseSheet(), chars: [pixelKnight(), pixelSlime(), hero(48)], rows: [{ row: 1, title: 'green blob', description: '' }, { row: 2, title: 'walk', description: 'blue tunic' }], output: { scale: 2 } })),
  preset('flat-gutters', 'magenta background: grid from flat-colour gutters', () => ({ sheet: flatPoseSheet(5, 2, 40), chars: [hero(48)], rows: [{ row: 2, title: '', description: '' }], output: { scale: 2 } })),
  preset('no-gutters', 'touching walk frames, no gutter: grid from periodicity', () => ({ sheet: touchingSheet(), chars: [pixelKnight()], rows: [{ row: 1, title: '', description: '' }], style: 'pixel', output: { scale: 2 } })),
];
