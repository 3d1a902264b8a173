import * as v from 'valibot';
import { boolean, file, integer, text } from './fields.ts';
import { M, oneOf, probeAll, STILLS, type Probe } from './rules.ts';

export const MAKE_SPRITE_FRAMES = [49, 81, 121] as const;
/** v1 makes square sheets: n x n frames for n = 5 ... 13. */
export const MAKE_SPRITE_V1_FRAMES = [25, 36, 49, 64, 81, 100, 121, 144, 169] as const;

/** v1: one start image, no end image. */
export const MakeSpriteV1Schema = v.object({
  image: file(),
  text: text(),
  frame: integer(),
  is_pixel: boolean(),
});
export type MakeSpriteV1Input = v.InferOutput<typeof MakeSpriteV1Schema>;

export async function makeSpriteV1Rules(input: MakeSpriteV1Input, probe: Probe) {
  oneOf(input.frame, MAKE_SPRITE_V1_FRAMES, M.makeSpriteV1Frame);
  const [start] = await probeAll([input.image], STILLS, probe);
  return { start: start! };
}

export const MakeSpriteV2Schema = v.object({
  start_frame_image: file(),
  end_frame_image: v.optional(file()),
  text: text(),
  frame: integer(),
  is_pixel: boolean(),
});
export type MakeSpriteV2Input = v.InferOutput<typeof MakeSpriteV2Schema>;

export async function makeSpriteV2Rules(input: MakeSpriteV2Input, probe: Probe) {
  oneOf(input.frame, MAKE_SPRITE_FRAMES, M.makeSpriteFrame);
  const uploads = [input.start_frame_image, ...(input.end_frame_image ? [input.end_frame_image] : [])];
  const [start, end] = await probeAll(uploads, STILLS, probe);
  return { start: start!, end };
}
