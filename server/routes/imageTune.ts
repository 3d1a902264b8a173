// image-tune/upscale and split-layer (the hosted service's docs; not in api.md).
import type * as v from 'valibot';
import { SplitLayerSchema, splitLayerRules, UpscaleSchema, upscaleRules } from '../../schemas/imageTune.ts';
import { M } from '../../schemas/messages.ts';
import { PRICES } from '../../schemas/prices.ts';
import { RESOLUTION_PX } from './generate.ts';
import type { AnyEndpoint, Endpoint } from './submit.ts';

const upscale: Endpoint<v.InferOutput<typeof UpscaleSchema>, Awaited<ReturnType<typeof upscaleRules>>> = {
  kind: 'image-tune/upscale',
  schema: UpscaleSchema,
  messages: [M.invalidImage],
  rules: upscaleRules,
  cost: (input) => PRICES.upscale[input.scale],
  spec: (input, checked, keep) => ({ kind: 'upscale', image: keep(input.image, checked.image), side: RESOLUTION_PX[input.scale] }),
};

const splitLayer: Endpoint<v.InferOutput<typeof SplitLayerSchema>, Awaited<ReturnType<typeof splitLayerRules>>> = {
  kind: 'image-tune/split-layer',
  schema: SplitLayerSchema,
  messages: [M.invalidImage],
  rules: splitLayerRules,
  cost: () => PRICES.splitLayer,
  spec: (input, checked, keep) => ({ kind: 'split-layer', image: keep(input.image, checked.image), keyword: input.keyword }),
};

/** Path (under /public/v1) -> endpoint (routes/creation.ts registers them). */
export const IMAGE_TUNE_ENDPOINTS = {
  '/image-tune/upscale': upscale,
  '/image-tune/split-layer': splitLayer,
} as const satisfies Record<string, AnyEndpoint>;
