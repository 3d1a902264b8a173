// image-tune/upscale, split-layer and inpaint (the hosted service's docs and real clients; docs/contract.md §7).
import type * as v from 'valibot';
import { InpaintUnversionedSchema, InpaintV2Schema, SplitLayerSchema, UpscaleSchema } from '../../schemas/imageTune.ts';
import { imageRules, M } from '../../schemas/rules.ts';
import { PRICES } from '../../schemas/prices.ts';
import { RESOLUTION_PX } from './generate.ts';
import type { AnyEndpoint, Endpoint } from './submit.ts';

type Checked = Awaited<ReturnType<typeof imageRules>>;

const upscale: Endpoint<v.InferOutput<typeof UpscaleSchema>, Checked> = {
  kind: 'image-tune/upscale',
  result: 'picture',
  schema: UpscaleSchema,
  messages: [M.invalidImage],
  rules: imageRules,
  cost: (input) => PRICES.upscale[input.scale],
  spec: (input, checked, keep) => ({ kind: 'upscale', image: keep(input.image, checked.image), side: RESOLUTION_PX[input.scale] }),
};

const splitLayer: Endpoint<v.InferOutput<typeof SplitLayerSchema>, Checked> = {
  kind: 'image-tune/split-layer',
  result: 'picture',
  schema: SplitLayerSchema,
  messages: [M.invalidImage],
  rules: imageRules,
  cost: () => PRICES.splitLayer,
  spec: (input, checked, keep) => ({ kind: 'split-layer', image: keep(input.image, checked.image), keyword: input.keyword }),
};

const inpaintV2: Endpoint<v.InferOutput<typeof InpaintV2Schema>, Checked> = {
  kind: 'image-tune/inpaint/v2',
  result: 'picture',
  schema: InpaintV2Schema,
  messages: [M.invalidImage],
  rules: imageRules,
  cost: (input) => PRICES.inpaint[input.quality],
  spec: (input, checked, keep) => ({ kind: 'inpaint', image: keep(input.image, checked.image), prompt: input.prompt, quality: input.quality }),
};

/** The unversioned route older clients call: image and prompt, drawn and charged as standard. */
const inpaintUnversioned: Endpoint<v.InferOutput<typeof InpaintUnversionedSchema>, Checked> = {
  kind: 'image-tune/inpaint',
  result: 'picture',
  schema: InpaintUnversionedSchema,
  messages: [M.invalidImage],
  rules: imageRules,
  cost: () => PRICES.inpaint.standard,
  spec: (input, checked, keep) => ({ kind: 'inpaint', image: keep(input.image, checked.image), prompt: input.prompt, quality: 'standard' }),
};

/** Unversioned routes whose fields differ from their versioned twin's (routes/creation.ts). */
export const IMAGE_TUNE_UNVERSIONED_ENDPOINTS = {
  '/image-tune/inpaint': inpaintUnversioned,
} as const satisfies Record<string, AnyEndpoint>;

/** Path (under /public/v1) -> endpoint (routes/creation.ts registers them). */
export const IMAGE_TUNE_ENDPOINTS = {
  '/image-tune/upscale': upscale,
  '/image-tune/split-layer': splitLayer,
  '/image-tune/inpaint/v2': inpaintV2,
} as const satisfies Record<string, AnyEndpoint>;
