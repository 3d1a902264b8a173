// image-tune endpoints of the hosted service (not in api.md; its own docs): upscale.
import * as v from 'valibot';
import { choice, file } from './fields.ts';
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
