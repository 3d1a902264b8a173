import * as v from 'valibot';
import { choice, files, text } from './fields.ts';
import { fail, M, probeAll, STILLS, type Probe } from './rules.ts';

export const AI_MODELS = [
  'Alpha Image 1.5',
  'Alpha Image 2',
  'Alpha Image 2.5 High',
  'Alpha Image 2.5 XHigh',
  'Beta Imagine',
  'Beta Imagine Pro',
  'Gamma',
  'Gamma 2',
  'Gamma Pro',
] as const;

export const DEPRECATED_MODELS: readonly string[] = ['Alpha Image 1.5', 'Beta Imagine', 'Beta Imagine Pro', 'Gamma', 'Gamma 2'];

export const GenerateImageSchema = v.object({
  prompt: text(),
  ai_model: choice(AI_MODELS),
  ref_images: v.optional(files(), []),
});
export type GenerateImageInput = v.InferOutput<typeof GenerateImageSchema>;

export async function generateImageRules(input: GenerateImageInput, probe: Probe) {
  const count = input.ref_images.length;
  if (input.ai_model === 'Beta Imagine' && count > 5) fail(M.betaImagineRefs);
  if (input.ai_model === 'Beta Imagine Pro' && count > 1) fail(M.betaImagineProRefs);
  if (count > 10) fail(M.refImagesMax);
  return { refs: await probeAll(input.ref_images, STILLS, probe) };
}
