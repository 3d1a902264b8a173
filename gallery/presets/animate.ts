// Animate presets: every motion of the library on a smooth hero and on a pixel-art knight, the
// modifiers, sequences, the literal reading, start -> end morphs and subjects on a flat background.
import { hero, heroOnBackground, pixelKnight, pixelSlime, png } from '../../test/fixtures/sprites.ts';
import type { RawImage } from '../../workers/types.ts';
import type { JobSpec } from '../../workers/specs.ts';
import { resizeTo } from '../../workers/kernels/resize.ts';
import { input, type Preset } from '../preset.ts';

interface Options {
  frames?: number;
  pixel?: boolean;
  literal?: boolean;
  start?: () => RawImage;
  end?: () => RawImage;
}

function preset(name: string, text: string, o: Options = {}): Preset {
  const frames = o.frames ?? 36;
  const pixel = o.pixel ?? false;
  const start = o.start ?? (pixel ? pixelKnight : () => hero(96));
  return {
    name: `animate-${name}`,
    note: `"${text}"${pixel ? ', pixel art' : ''}${o.literal ? ', literal' : ''}${o.end ? ', start → end' : ''}, ${frames} frames`,
    build: async (dir): Promise<JobSpec> => ({
      kind: 'animate', text, frames, isPixel: pixel, promptEnhancement: !o.literal,
      start: await input(dir, 'start.png', await png(start())),
      ...(o.end ? { end: await input(dir, 'end.png', await png(o.end())) } : {}),
      layout: 'sheet+gif',
    }),
  };
}

// One phrase per motion, worded as a user might.
const MOTIONS: [string, string][] = [
  ['idle', 'idle breathing'], ['walk', 'walking'], ['run', 'run'], ['jump', 'jump'], ['attack', 'sword slash'],
  ['hit', 'gets hit'], ['die', 'dies'], ['spin', 'spin around'], ['float', 'hovering'], ['bounce', 'bounce'],
  ['shake', 'shaking'], ['pulse', 'glowing pulse'], ['wave', 'sway in the wind'], ['dash', 'dash right'], ['cast', 'charge a spell'],
  ['cheer', 'cheer for the victory'], ['crouch', 'duck down'], ['kick', 'a high kick'],
];

/** A slime the size of the hero, smooth: a different shape to morph into. */
const bigSlime = (): RawImage => resizeTo(pixelSlime(), 96, 96, 'smooth');
/** The hero with red and blue swapped (a red tunic): the same shape in other colours. */
function redHero(): RawImage {
  const h = hero(96);
  for (let i = 0; i < h.data.length; i += 4) h.data.set([h.data[i + 2]!, h.data[i + 1]!, h.data[i]!], i);
  return h;
}
/** The knight on a flat sky-blue background (no transparency). */
function knightOnBackground(): RawImage {
  const k = pixelKnight();
  for (let i = 0; i < k.data.length; i += 4) if (k.data[i + 3] === 0) k.data.set([96, 160, 220, 255], i);
  return k;
}

export const presets: Preset[] = [
  ...MOTIONS.map(([name, text]) => preset(name, text)),
  ...MOTIONS.map(([name, text]) => preset(`pixel-${name}`, text, { pixel: true })),
  // Modifiers.
  preset('mod-fast-big-jump', 'a big jump, fast'),
  preset('mod-small-slow-jump', 'little jump, slowly'),
  preset('mod-walk-left', 'walk left'),
  preset('mod-jumping-quickly', 'jumping quickly'),
  preset('mod-huge-wave', 'huge sway'),
  preset('mod-fall-left', 'fall to the left'),
  // Sequences.
  preset('seq-walk-then-jump', 'walk then jump'),
  preset('seq-charge-and-cast', 'charge and cast'),
  preset('seq-run-dash', 'run, dash'),
  preset('seq-jump-after-running', 'jump after running'),
  preset('seq-pixel-attack-hit-die', 'attack, get hit, then die', { pixel: true }),
  // Literal reading: "jumping" is not a motion's exact name, so the default plays; "jump fast" is.
  preset('literal-jumping', 'jumping', { literal: true }),
  preset('literal-jump-fast', 'jump fast', { literal: true }),
  // Start -> end.
  preset('end-hero-to-slime', 'bounce', { end: bigSlime }),
  preset('pixel-end-knight-to-slime', 'jump', { pixel: true, end: pixelSlime }),
  preset('end-recolour-spin', 'spin', { end: redHero }),
  // Flat backgrounds: found on the borders, refilled behind the moving subject.
  preset('bg-jump', 'jump', { start: () => heroOnBackground(96, [236, 226, 200, 255]) }),
  preset('bg-dash', 'dash left', { start: () => heroOnBackground(96, [236, 226, 200, 255]) }),
  preset('pixel-bg-walk', 'walk', { pixel: true, start: knightOnBackground }),
  // Long clip.
  preset('walk-100', 'walk', { frames: 100 }),
];
