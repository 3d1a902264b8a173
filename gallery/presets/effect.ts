// Effect presets: every family, colour words, a reference image's palette, every background colour,
// and the sizes the API asks for (v1 4K with 16 frames; v2 4, 9 and 16 frames on 1024).
import sharp from 'sharp';
import { BACKGROUND_COLORS } from '../../schemas/effect.ts';
import type { BackgroundColor } from '../../schemas/effect.ts';
import { input, type Preset } from '../preset.ts';

const effect = (name: string, description: string, options: { frames?: number; size?: number; background?: BackgroundColor; reference?: () => Promise<Uint8Array> } = {}): Preset => {
  const { frames = 16, size = 1024, background = 'dark_gray' } = options;
  return {
    name: `effect-${name}`,
    note: `"${description}", ${frames} frames, ${size} px, ${background}${options.reference ? ', reference image' : ''}`,
    build: async (dir) => ({
      kind: 'effect', description, frames, size, background: BACKGROUND_COLORS[background],
      reference: options.reference ? await input(dir, 'reference.png', await options.reference(), ['png', 'jpeg']) : undefined,
    }),
  };
};

/** A reference picture: a teal-and-gold emblem on a flat cream backdrop (keyed out for the palette). */
async function emblem(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#f4ecd8"/>
    <circle cx="48" cy="48" r="34" fill="#138a8a"/><circle cx="48" cy="48" r="20" fill="#f2b632"/><circle cx="48" cy="48" r="8" fill="#fff6d8"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

const FAMILIES: [string, string][] = [
  ['fire', 'fire'], ['explosion', 'explosion'], ['smoke', 'smoke'], ['lightning', 'lightning strike'],
  ['electric', 'electric sparks'], ['sparkle', 'magic sparkle'], ['ice', 'ice aura'], ['splash', 'water splash'],
  ['poison', 'poison cloud'], ['heal', 'heal'], ['holy', 'holy light'], ['slash', 'sword slash'], ['impact', 'impact hit'],
  ['shockwave', 'shockwave'], ['portal', 'portal'], ['orb', 'energy orb'], ['dust', 'dust cloud'],
];

const COLORS: [string, string][] = [
  ['green-fire', 'green fire'], ['blue-explosion', 'blue explosion'], ['purple-portal', 'purple portal'],
  ['golden-heal', 'golden heal'], ['red-lightning', 'red lightning'], ['black-smoke', 'black smoke'],
  ['white-sparkle', 'white sparkle'], ['pink-orb', 'pink energy orb'], ['silver-slash', 'silver slash'],
  ['cyan-poison', 'cyan poison'], ['ice-explosion', 'ice explosion'], ['fire-portal', 'fire portal'],
];

export const presets: Preset[] = [
  ...FAMILIES.map(([name, text]) => effect(name, text)),
  ...COLORS.map(([name, text]) => effect(`color-${name}`, text)),
  effect('reference', 'magic sparkle', { reference: emblem }),
  effect('unknown', 'something nobody wrote a rule for'),
  ...(Object.keys(BACKGROUND_COLORS) as BackgroundColor[]).map((bg) => effect(`bg-${bg}`, 'fire', { background: bg, frames: 9 })),
  effect('v1-4k', 'explosion', { size: 4096, frames: 16 }),
  effect('v2-4', 'fire', { frames: 4 }),
  effect('v2-9', 'portal', { frames: 9 }),
  effect('v2-16', 'lightning', { frames: 16 }),
];
