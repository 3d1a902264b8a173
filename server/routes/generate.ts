// generate/image and generate/effect v1, v2.
import type * as v from 'valibot';
import { BACKGROUND_COLORS, EFFECT_FRAMES, EffectV1Schema, EffectV2Schema, effectV1Rules, effectV2Rules } from '../../schemas/effect.ts';
import { GenerateImageSchema, generateImageRules, MODEL_NAMES, MODEL_REF_LIMITS } from '../../schemas/generateImage.ts';
import { M } from '../../schemas/messages.ts';
import { PRICES } from '../../schemas/prices.ts';
import type { AnyEndpoint, Endpoint } from './submit.ts';

export const RESOLUTION_PX = { '1K': 1024, '2K': 2048, '4K': 4096 } as const;
/** Effect v1 sheets hold 16 frames (docs/contract.md §3). */
const EFFECT_V1_FRAMES = 16;

const generateImage: Endpoint<v.InferOutput<typeof GenerateImageSchema>, Awaited<ReturnType<typeof generateImageRules>>> = {
  kind: 'generate/image',
  result: 'picture',
  schema: GenerateImageSchema,
  messages: [
    M.invalidImage,
    // The per-model limit, under each name of the model.
    ...MODEL_NAMES.flatMap((names) => { const limit = MODEL_REF_LIMITS[names[0]]; return limit === undefined ? [] : names.map((name) => M.modelRefs(name, limit)); }),
    M.refImagesMax,
  ],
  rules: generateImageRules,
  cost: () => PRICES.image,
  spec: (input, checked, keep) => ({
    kind: 'image',
    prompt: input.prompt,
    model: input.ai_model,
    refs: input.ref_images.map((f, i) => keep(f, checked.refs[i]!)),
  }),
};

const effectV1: Endpoint<v.InferOutput<typeof EffectV1Schema>, Awaited<ReturnType<typeof effectV1Rules>>> = {
  kind: 'effect/v1',
  result: 'sheet',
  schema: EffectV1Schema,
  messages: [M.invalidImage],
  rules: effectV1Rules,
  cost: (input) => PRICES.resolution[input.resolution],
  spec: (input, checked, keep) => ({
    kind: 'effect',
    description: input.description,
    frames: EFFECT_V1_FRAMES,
    size: RESOLUTION_PX[input.resolution],
    background: BACKGROUND_COLORS[input.background_color],
    reference: input.image && checked.image ? keep(input.image, checked.image) : undefined,
  }),
};

const effectV2: Endpoint<v.InferOutput<typeof EffectV2Schema>, Awaited<ReturnType<typeof effectV2Rules>>> = {
  kind: 'effect/v2',
  result: 'sheet',
  schema: EffectV2Schema,
  messages: [M.invalidImage, M.effectFrame],
  frames: EFFECT_FRAMES,
  rules: effectV2Rules,
  cost: () => PRICES.effectV2,
  spec: (input, checked, keep) => ({
    kind: 'effect',
    description: input.description,
    frames: input.frame,
    size: 1024,
    background: BACKGROUND_COLORS[input.background_color],
    reference: input.image && checked.image ? keep(input.image, checked.image) : undefined,
  }),
};

/** Path (under /public/v1) -> endpoint (routes/creation.ts registers them). */
export const GENERATE_ENDPOINTS = {
  '/generate/image': generateImage,
  '/generate/effect/v1': effectV1,
  '/generate/effect/v2': effectV2,
} as const satisfies Record<string, AnyEndpoint>;
