// image-tune endpoints of the hosted service (not in api.md; its own docs): upscale, split-layer.
import * as v from 'valibot';
import { choice, file, text } from './fields.ts';
import { RESOLUTIONS } from './effect.ts';
import { probeAll, STILLS, type Probe } from './rules.ts';

/** `scale` names the longest side of the result: 1K, 2K or 4K (1024, 2048, 4096 px). */
export const UpscaleSchema = v.object({
  image: file(),
  scale: choice(RESOLUTIONS),
});
export type UpscaleInput = v.InferOutput<typeof UpscaleSchema>;

export async function upscaleRules(input: UpscaleInput, probe: Probe) {
  const [image] = await probeAll([input.image], STILLS, probe);
  return { image: image! };
}

/** `keyword` names the element to take out as a layer; what it cannot read fails the job, refunded. */
export const SplitLayerSchema = v.object({
  image: file(),
  keyword: text(),
});
export type SplitLayerInput = v.InferOutput<typeof SplitLayerSchema>;

export async function splitLayerRules(input: SplitLayerInput, probe: Probe) {
  const [image] = await probeAll([input.image], STILLS, probe);
  return { image: image! };
}
