// image-tune/upscale (the hosted service's docs; not in api.md).
import type * as v from 'valibot';
import { UpscaleSchema, upscaleRules } from '../../schemas/imageTune.ts';
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

/** Path (under /public/v1) -> endpoint (routes/creation.ts registers them). */
export const IMAGE_TUNE_ENDPOINTS = {
  '/image-tune/upscale': upscale,
} as const satisfies Record<string, AnyEndpoint>;
