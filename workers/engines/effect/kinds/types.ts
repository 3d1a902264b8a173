// What every effect family implements. An effect is a function of time drawn on a float layer:
// `t` is the loop phase (sustained effects: t and t + 1 are the same frame) or the time through
// a one-shot (0 = trigger, 1 = gone). Everything is laid out in fractions of the cell, so the same
// seed draws the same picture at every cell size.
import type { Rgba } from '../../../kernels/image.ts';
import type { Layer } from '../layer.ts';

/** Colours of one effect, after colour words and the reference image were applied. */
export interface EffectPalette {
  /** From the hottest, brightest core to the faint outer edge (5 stops). */
  ramp: readonly Rgba[];
  /** Smoke, mist and debris, light to dark (3 stops). */
  smoke: readonly Rgba[];
}

export interface EffectSetup {
  /** The job's seed; each family draws its own streams from it (createRandom(seed, label)). */
  seed: string;
  palette: EffectPalette;
  /** Frames in the sheet: flickering effects (lightning) pick a new shape per frame slot. */
  frames: number;
}

/** Draws the frame at time `t` on a cleared, square layer. */
export type DrawFrame = (layer: Layer, t: number) => void;

export interface EffectFamily {
  name: string;
  /** One-shot (starts small, peaks, fades) or sustained (loops seamlessly). */
  oneShot: boolean;
  /** Prepares particles and noise once per job; the returned function draws any frame. */
  create(setup: EffectSetup): DrawFrame;
}
