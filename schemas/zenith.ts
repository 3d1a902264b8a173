// zenith and pulsar share modes, image rules, text rules and the video_restyle source rules;
// pulsar has no `frame` (always 36) and no `is_prompt_enhancement` (extra form fields are ignored).
import * as v from 'valibot';
import type { ProbeInfo } from '../workers/types.ts';
import type { SpriteGrid } from '../workers/specs.ts';
import { boolean, choice, file, files, integer, jsonText, text } from './fields.ts';
import { fail, M, oneOf, PNG_JPEG, probeAll, probeOptional, type Probe } from './rules.ts';
import { parseSpriteGrid, SPRITE_GRID_JSON } from './spriteGrid.ts';
import { MAX_GIF_FRAMES, MAX_GIF_MS, MAX_GIF_PIXELS } from '../workers/limits.ts';

export const MODES = ['image_to_video', 'first_last_frame', 'video_restyle'] as const;
export type Mode = (typeof MODES)[number];
export const ZENITH_FRAMES = [36, 100] as const;

// Keys in the hosted API's field order: FastAPI reports 422 entries in declaration order.
const mode = choice(MODES);
const images = files();
const text_ = v.optional(v.pipe(text(), v.trim()), '');
const isPixel = v.optional(boolean(), 'false');
const referenceImage = v.optional(file());
const spriteGrid = v.optional(jsonText(SPRITE_GRID_JSON));

export const ZenithSchema = v.object({
  mode,
  images,
  text: text_,
  frame: v.optional(integer()),
  is_pixel: isPixel,
  is_prompt_enhancement: v.optional(boolean(), 'true'),
  reference_image: referenceImage,
  sprite_grid: spriteGrid,
});
export type ZenithInput = v.InferOutput<typeof ZenithSchema>;

export const PulsarSchema = v.object({ mode, images, text: text_, is_pixel: isPixel, reference_image: referenceImage, sprite_grid: spriteGrid });
export type PulsarInput = v.InferOutput<typeof PulsarSchema>;

type SpriteModeInput = PulsarInput & { frame?: number };

export type SpriteModeChecked =
  | { mode: 'image_to_video' | 'first_last_frame'; images: ProbeInfo[] }
  | { mode: 'video_restyle'; source: ProbeInfo; grid?: SpriteGrid; reference?: ProbeInfo; sourceMs: number };

const COUNT = { image_to_video: [1, M.imageToVideoCount], first_last_frame: [2, M.firstLastCount], video_restyle: [1, M.restyleCount] } as const;

/** `frames` is zenith's allowed list; pulsar passes undefined (it has no frame field). */
export async function spriteModeRules(input: SpriteModeInput, probe: Probe, frames?: readonly number[]): Promise<SpriteModeChecked> {
  const restyle = input.mode === 'video_restyle';
  const [count, countMessage] = COUNT[input.mode];
  if (input.images.length !== count) fail(countMessage);
  if (frames && !restyle) oneOf(input.frame, frames, M.zenithFrame);
  if (frames && restyle && input.frame !== undefined) fail(M.frameWithRestyle);
  if (!restyle && input.reference_image) fail(M.referenceOnlyRestyle);
  if (!restyle && input.sprite_grid !== undefined) fail(M.gridOnlyRestyle);
  if (!restyle && input.text === '') fail(M.textEmpty);
  if (restyle && input.text === '' && !input.reference_image) fail(M.restyleNeedsText);
  if (input.mode !== 'video_restyle') return { mode: input.mode, images: await probeAll(input.images, PNG_JPEG, probe) };

  const [[source], reference] = await Promise.all([
    probeAll(input.images, ['png', 'gif'], probe),
    probeOptional(input.reference_image, ['png'], probe),
  ]);
  return { mode: 'video_restyle', reference, ...sourceRules(source!, input.sprite_grid) };
}

/** The restyle source: a PNG sheet needs sprite_grid, a GIF must not have one and must be within limits. */
function sourceRules(source: ProbeInfo, spriteGrid: string | undefined) {
  if (source.format === 'png') {
    if (spriteGrid === undefined) fail(M.gridRequired);
    const grid = parseSpriteGrid(spriteGrid, source);
    return { source, grid, sourceMs: sheetMs(grid.columns * grid.rows) };
  }
  if (spriteGrid !== undefined) fail(M.gridNotForGif);
  if (source.frames > MAX_GIF_FRAMES) fail(M.gifTooManyFrames);
  if (source.durationMs > MAX_GIF_MS) fail(M.gifTooLong);
  if (source.frames * source.width * source.height > MAX_GIF_PIXELS) fail(M.gifTooManyPixels);
  return { source, sourceMs: source.durationMs };
}

/** The hosted API: a PNG sheet of N frames counts as round(N x 3000 / 36) ms. */
export const sheetMs = (frames: number) => Math.round((frames * 3000) / 36);

/** The hosted API: a source longer than 5 seconds gives 100 frames; otherwise 36. */
export const restyleFrames = (sourceMs: number) => (sourceMs > 5000 ? 100 : 36);
