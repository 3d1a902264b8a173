// image-tune endpoints of the hosted service (docs/contract.md §7; the hosted service's own docs): upscale, split-layer,
// inpaint v2 and the unversioned inpaint its real clients call.
import * as v from 'valibot';
import { choice, file, text } from './fields.ts';
import { RESOLUTIONS } from './effect.ts';
import { QUALITIES } from './characterOverlay.ts';

/** `scale` names the longest side of the result: 1K, 2K or 4K (1024, 2048, 4096 px). */
export const UpscaleSchema = v.object({
  image: file(),
  scale: choice(RESOLUTIONS),
});

/** `keyword` names the element to take out as a layer; what it cannot read fails the job, refunded. */
export const SplitLayerSchema = v.object({
  image: file(),
  keyword: text(),
});

/** inpaint v2: no mask; the prompt names the edit and where. */
export const InpaintV2Schema = v.object({
  image: file(),
  prompt: text(),
  quality: choice(QUALITIES),
});

/** The unversioned route: image and prompt (drawn as standard). */
export const InpaintUnversionedSchema = v.object({
  image: file(),
  prompt: text(),
});
