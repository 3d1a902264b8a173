import * as v from 'valibot';
import { choice, file, integer, text } from './fields.ts';
import { M, oneOf, PNG_JPEG, probeOptional, type Probe } from './rules.ts';

export const BACKGROUND_COLORS = {
  white: '#FFFFFF',
  chroma_green: '#52FF60',
  magenta: '#FF4CFF',
  light_gray: '#A6A6A6',
  light_purple: '#866CFE',
  dark_gray: '#6A6A6A',
} as const;
export type BackgroundColor = keyof typeof BACKGROUND_COLORS;
const backgrounds = Object.keys(BACKGROUND_COLORS) as BackgroundColor[];

export const RESOLUTIONS = ['1K', '2K', '4K'] as const;
export const EFFECT_QUALITIES = ['standard', 'pro'] as const;

// The hosted service's clients send no background_color (its docs have none): white, as the API's
// first value; effect v2's clients send a quality, which the built-in engine renders alike.
const background = () => v.optional(choice(backgrounds), 'white');
export const EFFECT_FRAMES = [4, 9, 16] as const;

const trimmed = () => v.pipe(text(), v.trim());

export const EffectV1Schema = v.object({
  description: trimmed(),
  resolution: choice(RESOLUTIONS),
  background_color: background(),
  image: v.optional(file()),
});
export type EffectV1Input = v.InferOutput<typeof EffectV1Schema>;

export const EffectV2Schema = v.object({
  description: trimmed(),
  frame: integer(),
  background_color: background(),
  quality: v.optional(choice(EFFECT_QUALITIES)),
  image: v.optional(file()),
});
export type EffectV2Input = v.InferOutput<typeof EffectV2Schema>;

export async function effectV1Rules(input: EffectV1Input, probe: Probe) {
  return { image: await probeOptional(input.image, PNG_JPEG, probe) };
}

export async function effectV2Rules(input: EffectV2Input, probe: Probe) {
  oneOf(input.frame, EFFECT_FRAMES, M.effectFrame);
  return { image: await probeOptional(input.image, PNG_JPEG, probe) };
}
