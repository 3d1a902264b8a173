// What every icon generator receives and returns. A generator draws in its own unit space (about
// -1..1, y down) as a list of parts back to front; the engine fits, lights, outlines and shadows it.
import type { Rgba } from '../../../kernels/image.ts';
import type { Part } from '../partRaster.ts';
import type { Random } from '../../../kernels/random.ts';
import type { IconPalette } from './palette.ts';

export interface IconContext {
  /** Shape choices: seeded by the job and the prompt's shape words, not its colour words. */
  rng: Random;
  /** Colour choices where no word decided them. */
  colorRng: Random;
  palette: IconPalette;
  /** A variant named in the prompt ("katana", "pine", "slime"), or null. */
  variant: string | null;
  pixel: boolean;
}

export interface Drawing {
  parts: Part[];
  /** Standing subjects cast a shadow on the ground; floating icons a drop shadow. */
  ground?: boolean;
  /** Glow around the icon (elements, magic). */
  glow?: Rgba;
  /** What was drawn, for the plan: the variant actually used and notable choices. */
  notes: Record<string, string | number | boolean>;
}

export type Generator = (ctx: IconContext) => Drawing;
