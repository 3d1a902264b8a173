import { hero, pixelKnight, png } from '../../test/fixtures/sprites.ts';
import { input, type Preset } from '../preset.ts';

const smooth = (name: string, text: string, frames = 36): Preset => ({
  name: `animate-${name}`,
  note: `"${text}", ${frames} frames`,
  build: async (dir) => ({ kind: 'animate', text, frames, isPixel: false, promptEnhancement: true, start: await input(dir, 'start.png', await png(hero(96))), layout: 'sheet+gif' }),
});

const pixel = (name: string, text: string, frames = 36): Preset => ({
  name: `animate-pixel-${name}`,
  note: `"${text}", pixel art, ${frames} frames`,
  build: async (dir) => ({ kind: 'animate', text, frames, isPixel: true, promptEnhancement: true, start: await input(dir, 'start.png', await png(pixelKnight())), layout: 'sheet+gif' }),
});

export const presets: Preset[] = [smooth('idle', 'idle breathing'), smooth('jump', 'jump'), pixel('walk', 'walk')];
