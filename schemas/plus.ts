import * as v from 'valibot';
import { boolean, file, integer, text } from './fields.ts';
import { fail, M, oneOf, PNG_JPEG, probeAll, type Probe } from './rules.ts';

export const PLUS_FRAMES = [49, 81] as const;

export const PlusSchema = v.object({
  start_image: file(),
  end_image: v.optional(file()),
  text: v.pipe(text(), v.trim()),
  frame: integer(),
  is_pixel: v.optional(boolean(), 'false'),
  is_prompt_enhancement: v.optional(boolean(), 'true'),
});
export type PlusInput = v.InferOutput<typeof PlusSchema>;

export async function plusRules(input: PlusInput, probe: Probe) {
  oneOf(input.frame, PLUS_FRAMES, M.plusFrame);
  if (input.text === '') fail(M.textEmpty);
  const uploads = [input.start_image, ...(input.end_image ? [input.end_image] : [])];
  const [start, end] = await probeAll(uploads, PNG_JPEG, probe);
  return { start: start!, end };
}
