// Real-sprite presets: every still of test/fixtures/realSprites.ts through every animation kind the
// way a user's job goes (render(), the specs the routes build): zenith image_to_video with each
// motion, first_last_frame to another pose of the same character, video_restyle of the real GIFs,
// strip and sheet, and character overlay of the real pose sheets. Named real-<subject>-<what>, so
// `npm run gallery real-pirate` renders one character. Extra stills come from GALLERY_SPRITES=DIR
// (or `npm run gallery -- --sprites DIR`): every PNG in DIR, named real-x-<file name>.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { png } from '../../test/fixtures/sprites.ts';
import { poseSheets, sources, stills, still } from '../../test/fixtures/realSprites.ts';
import type { AnimationSource, PoseSheet } from '../../test/fixtures/realSprites.ts';
import type { JobSpec } from '../../workers/specs.ts';
import { input, type Preset } from '../preset.ts';

/** What a preset needs of a subject: its upload's bytes and whether it is pixel art. */
interface Subject {
  name: string;
  bytes: () => Promise<Uint8Array>;
  isPixel: boolean;
  end?: { pose: string; bytes: () => Promise<Uint8Array> };
}

// One word each, as a user types it: the engine's own motion names.
const MOTIONS = ['walk', 'run', 'jump', 'attack', 'die', 'idle', 'float', 'hit', 'cast', 'dash', 'spin', 'cheer', 'crouch', 'kick'] as const;

// The text of a start -> end job, by the end pose's name; a pose not listed just idles into it.
const MORPH_TEXT: Record<string, string> = { attack: 'attack', windup: 'attack', punch: 'attack', dead: 'die', run: 'run', stride: 'run' };

const RESTYLE_WORDS = ['golden', 'ghost'];
// A character for each restyle source's reference replacement, and for overlay: a pixel figure and
// the cartoon one, so both fitting paths are seen.
const REFERENCE_FOR: Record<string, string> = { 'skeleton-walk-gif': 'warrior-front', 'mage-walk-gif': 'pirate-front', 'wizard-run-strip': 'knight-side', 'adventurer-sheet': 'skeleton-front' };
const OVERLAY_CHARACTERS = ['pirate-front', 'wizard-side', 'adventurer-front'];

const catalogue: Subject[] = stills.map((s) => ({
  name: s.name,
  isPixel: s.isPixel,
  bytes: () => png(s.image),
  ...(s.end ? { end: { pose: s.end.pose, bytes: () => png(s.end!.image) } } : {}),
}));

/**
 * PNGs from GALLERY_SPRITES, uploaded as they are. Pixel art is guessed the way an artist's file
 * shows it: only fully opaque or fully clear pixels, and a palette of at most 256 colours.
 */
async function extraStills(dir: string | undefined): Promise<Subject[]> {
  if (!dir) return [];
  const files = readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.png')).sort();
  return Promise.all(files.map(async (file) => {
    const bytes = new Uint8Array(readFileSync(join(dir, file)));
    return { name: `x-${file.slice(0, -4).toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, bytes: async () => bytes, isPixel: await looksPixel(bytes) };
  }));
}

async function looksPixel(bytes: Uint8Array): Promise<boolean> {
  const { data } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] !== 0 && data[i + 3] !== 255) return false;
    if (data[i + 3]) colours.add(data.readUInt32LE(i));
    if (colours.size > 256) return false;
  }
  return true;
}

const animate = (s: Subject, motion: string): Preset => ({
  name: `real-${s.name}-${motion}`,
  note: `"${motion}"${s.isPixel ? ', pixel art' : ''}, 36 frames`,
  build: async (dir): Promise<JobSpec> => ({
    kind: 'animate', text: motion, frames: 36, isPixel: s.isPixel, promptEnhancement: true, start: await input(dir, 'start.png', await s.bytes()), layout: 'sheet+gif',
  }),
});

const morph = (s: Subject & { end: NonNullable<Subject['end']> }): Preset => {
  const text = MORPH_TEXT[s.end.pose] ?? 'idle';
  return {
    name: `real-${s.name}-to-${s.end.pose}`,
    note: `first_last_frame to the ${s.end.pose} pose, "${text}"${s.isPixel ? ', pixel art' : ''}, 36 frames`,
    build: async (dir): Promise<JobSpec> => ({
      kind: 'animate', text, frames: 36, isPixel: s.isPixel, promptEnhancement: true,
      start: await input(dir, 'start.png', await s.bytes()), end: await input(dir, 'end.png', await s.end.bytes()), layout: 'sheet+gif',
    }),
  };
};

const sourceFile = (dir: string, src: AnimationSource) => input(dir, `source.${src.format}`, src.bytes, [src.format]);

const restyle = (src: AnimationSource, text: string, reference?: string): Preset => ({
  name: `real-${src.name}-restyle-${reference ? `as-${reference}` : text}`,
  note: reference ? `video_restyle, ${reference} replaces the subject` : `video_restyle "${text}"${src.grid ? `, ${src.grid.columns}x${src.grid.rows} grid` : ''}, 36 frames`,
  build: async (dir): Promise<JobSpec> => ({
    kind: 'restyle', text, frames: 36, source: await sourceFile(dir, src),
    ...(src.grid ? { grid: src.grid } : {}),
    ...(reference ? { reference: await input(dir, 'ref.png', await png(still(reference).image)) } : {}),
  }),
});

const overlay = (sheet: PoseSheet, character: string): Preset => ({
  name: `real-${sheet.name}-overlay-${character}`,
  note: `character overlay of ${character} on rows ${sheet.rows.map((r) => r.row).join(', ')}, ${sheet.isPixel ? 'pixel' : 'cartoon'} style, scale 2`,
  build: async (dir): Promise<JobSpec> => ({
    kind: 'overlay',
    sheet: await input(dir, 'sheet.png', sheet.bytes, ['png']),
    characters: [await input(dir, 'character1.png', await png(still(character).image))],
    rows: sheet.rows,
    style: sheet.isPixel ? 'pixel' : 'cartoon',
    output: { scale: 2 },
  }),
});

const subjects = [...catalogue, ...(await extraStills(process.env.GALLERY_SPRITES))];

export const presets: Preset[] = [
  ...subjects.flatMap((s) => MOTIONS.map((m) => animate(s, m))),
  ...subjects.flatMap((s) => (s.end ? [morph({ ...s, end: s.end })] : [])),
  ...sources.flatMap((src) => [...RESTYLE_WORDS.map((w) => restyle(src, w)), restyle(src, '', REFERENCE_FOR[src.name] ?? 'pirate-front')]),
  ...poseSheets.flatMap((sheet) => OVERLAY_CHARACTERS.map((c) => overlay(sheet, c))),
];
