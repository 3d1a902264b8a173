import * as v from 'valibot';
import { choice, files, text } from './fields.ts';
import { fail, M, probeAll, STILLS, type Probe } from './rules.ts';

/**
 * Each image model under the neutral name of the API and the hosted service's own, which its real
 * clients send; both are accepted, and limits and messages follow the name sent.
 */
export const MODEL_NAMES = [
  ['Alpha Image 1.5', 'GPT Image 1.5'],
  ['Alpha Image 2', 'GPT Image 2'],
  ['Alpha Image 2.5 High', 'GPT Image 2.5 High'],
  ['Alpha Image 2.5 XHigh', 'GPT Image 2.5 XHigh'],
  ['Beta Imagine', 'Grok Imagine'],
  ['Beta Imagine Pro', 'Grok Imagine Pro'],
  ['Gamma', 'Nano Banana'],
  ['Gamma 2', 'Nano Banana 2'],
  ['Gamma Pro', 'Nano Banana Pro'],
] as const;
export type NeutralModel = (typeof MODEL_NAMES)[number][0];

/** Every accepted value: the neutral names, then the hosted service's (the order a 422 lists them in). */
export const AI_MODELS = [...MODEL_NAMES.map((n) => n[0]), ...MODEL_NAMES.map((n) => n[1])];

/** The neutral name of a model sent under either of its names (undefined for anything else). */
export function neutralModel(name: string): NeutralModel | undefined {
  return MODEL_NAMES.find((names) => (names as readonly string[]).includes(name))?.[0];
}

export const DEPRECATED_MODELS: readonly NeutralModel[] = ['Alpha Image 1.5', 'Beta Imagine', 'Beta Imagine Pro', 'Gamma', 'Gamma 2'];

/** ref_images a model takes when it takes fewer than the 10 every model takes. */
export const MODEL_REF_LIMITS: Partial<Record<NeutralModel, number>> = { 'Beta Imagine': 5, 'Beta Imagine Pro': 1 };

export const GenerateImageSchema = v.object({
  prompt: text(),
  ai_model: choice(AI_MODELS),
  ref_images: v.optional(files(), []),
});
export type GenerateImageInput = v.InferOutput<typeof GenerateImageSchema>;

export async function generateImageRules(input: GenerateImageInput, probe: Probe) {
  const count = input.ref_images.length;
  const limit = MODEL_REF_LIMITS[neutralModel(input.ai_model) as NeutralModel];
  if (limit !== undefined && count > limit) fail(M.modelRefs(input.ai_model, limit));
  if (count > 10) fail(M.refImagesMax);
  return { refs: await probeAll(input.ref_images, STILLS, probe) };
}
