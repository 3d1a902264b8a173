// `spritekiln generate <kind>` flags -> that kind's API fields (paths still paths). One short flag
// vocabulary across kinds (--image is whatever the kind's input images are called), and a flag the
// kind has no field for is refused with the list of those it does take, rather than silently dropped.
import type { JobKind } from '../../plugins/client/index.ts';
import { CliError } from './cliError.ts';

export interface GenerateFlags {
  text?: string;
  prompt?: string;
  description?: string;
  image?: readonly string[];
  end?: string;
  frame?: string;
  mode?: string;
  pixel?: boolean;
  'no-enhance'?: boolean;
  grid?: string;
  reference?: string;
  sheet?: string;
  rows?: string;
  resolution?: string;
  background?: string;
  quality?: string;
  style?: string;
  model?: string;
  scale?: string;
  keyword?: string;
}

/** The job flags parseArgs accepts (connection and output flags are the command's own). */
export const GENERATE_OPTIONS = {
  text: { type: 'string' },
  prompt: { type: 'string' },
  description: { type: 'string' },
  image: { type: 'string', multiple: true },
  end: { type: 'string' },
  frame: { type: 'string' },
  mode: { type: 'string' },
  pixel: { type: 'boolean' },
  'no-enhance': { type: 'boolean' },
  grid: { type: 'string' },
  reference: { type: 'string' },
  sheet: { type: 'string' },
  rows: { type: 'string' },
  resolution: { type: 'string' },
  background: { type: 'string' },
  quality: { type: 'string' },
  style: { type: 'string' },
  model: { type: 'string' },
  scale: { type: 'string' },
  keyword: { type: 'string' },
} as const;

type Flag = keyof GenerateFlags;

/** The flags each kind takes, in the order the usage lists them. */
export const KIND_FLAGS: Record<JobKind, Flag[]> = {
  image: ['prompt', 'text', 'model', 'image'],
  'effect-v1': ['description', 'text', 'resolution', 'background', 'image'],
  'effect-v2': ['description', 'text', 'frame', 'background', 'quality', 'image'],
  'overlay-v1': ['sheet', 'image', 'rows', 'resolution', 'style'],
  'overlay-v2': ['sheet', 'image', 'rows', 'quality', 'style'],
  'make-sprite-v1': ['image', 'text', 'frame', 'pixel'],
  'make-sprite': ['image', 'end', 'text', 'frame', 'pixel'],
  plus: ['image', 'end', 'text', 'frame', 'pixel', 'no-enhance'],
  zenith: ['image', 'end', 'mode', 'text', 'frame', 'pixel', 'no-enhance', 'grid', 'reference'],
  pulsar: ['image', 'end', 'mode', 'text', 'pixel', 'grid', 'reference'],
  upscale: ['image', 'scale'],
  'split-layer': ['image', 'keyword'],
  'reskin-v1': ['image', 'description', 'text', 'resolution', 'style'],
  'reskin-v2': ['image', 'description', 'text', 'quality', 'style'],
  'inpaint-v2': ['image', 'prompt', 'text', 'quality'],
};

export function fieldsFromFlags(kind: JobKind, flags: GenerateFlags): Record<string, unknown> {
  const allowed = new Set(KIND_FLAGS[kind]);
  const given = (Object.keys(flags) as Flag[]).filter((f) => flags[f] !== undefined);
  const stray = given.filter((f) => !allowed.has(f));
  if (stray.length) throw new CliError(`${stray.map((f) => `--${f}`).join(', ')} ${stray.length > 1 ? 'do' : 'does'} not apply to ${kind}; it takes ${KIND_FLAGS[kind].map((f) => `--${f}`).join(', ')}`);
  const images = flags.image ?? [];
  const one = (what: string) => {
    if (images.length > 1) throw new CliError(`${kind} takes one --image (${what}), got ${images.length}`);
    return images[0];
  };
  const pixel = flags.pixel ? true : undefined;
  const enhance = flags['no-enhance'] ? false : undefined;

  switch (kind) {
    case 'image':
      return { prompt: flags.prompt ?? flags.text, ai_model: flags.model, ref_images: images.length ? images : undefined };
    case 'effect-v1':
      return { description: flags.description ?? flags.text, resolution: flags.resolution, background_color: flags.background, image: one('a reference image') };
    case 'effect-v2':
      return { description: flags.description ?? flags.text, frame: flags.frame, background_color: flags.background, quality: flags.quality, image: one('a reference image') };
    case 'overlay-v1':
    case 'overlay-v2':
      return {
        sprite_sheet: flags.sheet,
        character_images: images.length ? images : undefined,
        rows: flags.rows,
        [kind === 'overlay-v1' ? 'resolution' : 'quality']: kind === 'overlay-v1' ? flags.resolution : flags.quality,
        style: flags.style,
      };
    case 'make-sprite-v1':
      return { image: one('the start frame'), text: flags.text, frame: flags.frame, is_pixel: Boolean(flags.pixel) };
    case 'make-sprite':
      // is_pixel is required here: the flag's absence means false.
      return { start_frame_image: one('the start frame'), end_frame_image: flags.end, text: flags.text, frame: flags.frame, is_pixel: Boolean(flags.pixel) };
    case 'plus':
      return { start_image: one('the start frame'), end_image: flags.end, text: flags.text, frame: flags.frame, is_pixel: pixel, is_prompt_enhancement: enhance };
    case 'upscale':
      return { image: one('the picture'), scale: flags.scale };
    case 'split-layer':
      return { image: one('the picture'), keyword: flags.keyword };
    case 'inpaint-v2':
      return { image: one('the picture'), prompt: flags.prompt ?? flags.text, quality: flags.quality };
    case 'reskin-v1':
    case 'reskin-v2':
      return {
        image: one('the sprite'),
        description: flags.description ?? flags.text,
        [kind === 'reskin-v1' ? 'resolution' : 'quality']: kind === 'reskin-v1' ? flags.resolution : flags.quality,
        style: flags.style,
      };
    case 'zenith':
    case 'pulsar':
      return {
        // With --end the two images are start and end: first_last_frame, unless --mode says otherwise.
        mode: flags.mode ?? (flags.end ? 'first_last_frame' : 'image_to_video'),
        images: flags.end ? [...images, flags.end] : images,
        text: flags.text,
        ...(kind === 'zenith' ? { frame: flags.frame, is_prompt_enhancement: enhance } : {}),
        is_pixel: pixel,
        reference_image: flags.reference,
        sprite_grid: flags.grid,
      };
  }
}
