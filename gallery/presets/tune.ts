// The picture-editing kinds on real sprites: reskin in every style, upscale of pixel art and of a
// painted picture, inpaint's three edits, and split-layer's subject and body parts. Named
// tune-<kind>-<subject>-<what>.
import { png } from '../../test/fixtures/sprites.ts';
import { still } from '../../test/fixtures/realSprites.ts';
import type { JobSpec } from '../../workers/specs.ts';
import { input, type Preset } from '../preset.ts';

type Make = (image: Awaited<ReturnType<typeof input>>) => JobSpec;

const preset = (name: string, subject: string, make: Make, note?: string): Preset => ({
  name: `tune-${name}`,
  note,
  build: async (dir) => make(await input(dir, `${subject}.png`, await png(still(subject).image))),
});

const STYLES = ['pixel', 'cartoon', 'sd', 'quater_view'] as const;

export const presets: Preset[] = [
  ...STYLES.flatMap((style) => [
    preset(`reskin-adventurer-${style}`, 'adventurer-front', (image) => ({ kind: 'reskin', image, description: 'golden armor', style, side: 1024 })),
    preset(`reskin-knight-${style}`, 'knight-side', (image) => ({ kind: 'reskin', image, description: 'ice', style, side: 1024 })),
  ]),
  preset('reskin-king-purple', 'king-opaque', (image) => ({ kind: 'reskin', image, description: 'purple', side: 1024 })),
  preset('upscale-pirate-2k', 'pirate-front', (image) => ({ kind: 'upscale', image, side: 2048 }), 'pixel art: whole blocks of its own colours'),
  preset('upscale-key-1k', 'key', (image) => ({ kind: 'upscale', image, side: 1024 }), 'a cartoon outline rebuilt crisp at 14x'),
  preset('upscale-adventurer-1k', 'adventurer-front', (image) => ({ kind: 'upscale', image, side: 1024 })),
  preset('inpaint-king-sky', 'king-opaque', (image) => ({ kind: 'inpaint', image, prompt: 'change background to blue sky', quality: 'standard' })),
  preset('inpaint-pirate-hair', 'pirate-front', (image) => ({ kind: 'inpaint', image, prompt: 'make the red hair blue', quality: 'standard' })),
  preset('inpaint-adventurer-hair', 'adventurer-front', (image) => ({ kind: 'inpaint', image, prompt: 'make the hair green', quality: 'standard' })),
  ...(['character', 'head', 'arms', 'legs'] as const).map((keyword) =>
    preset(`split-adventurer-${keyword}`, 'adventurer-front', (image) => ({ kind: 'split-layer', image, keyword }))),
  preset('split-skeleton-weapon', 'skeleton-front', (image) => ({ kind: 'split-layer', image, keyword: 'weapon' })),
  preset('split-bat-wings', 'bat', (image) => ({ kind: 'split-layer', image, keyword: 'wings' })),
];
