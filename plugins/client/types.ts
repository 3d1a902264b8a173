// The wire types of the spritekiln API (as /openapi.json describes it), for the client and its callers.

export type JobStatus = 'Pending' | 'Succeed' | 'Failed';

export interface Job {
  job_id: string;
  status: JobStatus;
  image_urls: string[];
  /** 0..1 while Pending. */
  progress?: number;
  /** Why, when Failed. */
  error?: string;
  /** The same text as `error` (the hosted service's name for it). */
  error_message?: string;
  /** sheet.json, for sheet jobs once Succeed. */
  metadata_url?: string;
}

export interface Account {
  user_id: string;
  name: string;
  credits: number;
}

/** A file to upload: a Blob (browser File included) or bytes with a name. */
export type FileInput = Blob | { data: Blob | Uint8Array; name: string; type?: string };

export type AiModel =
  | 'Alpha Image 1.5'
  | 'Alpha Image 2'
  | 'Alpha Image 2.5 High'
  | 'Alpha Image 2.5 XHigh'
  | 'Beta Imagine'
  | 'Beta Imagine Pro'
  | 'Gamma'
  | 'Gamma 2'
  | 'Gamma Pro'
  // The hosted service's names of the same models.
  | 'GPT Image 1.5'
  | 'GPT Image 2'
  | 'GPT Image 2.5 High'
  | 'GPT Image 2.5 XHigh'
  | 'Grok Imagine'
  | 'Grok Imagine Pro'
  | 'Nano Banana'
  | 'Nano Banana 2'
  | 'Nano Banana Pro';
export type BackgroundColor = 'white' | 'chroma_green' | 'magenta' | 'light_gray' | 'light_purple' | 'dark_gray';
export type Resolution = '1K' | '2K' | '4K';
export type OverlayStyle = 'pixel' | 'cartoon' | 'sd' | 'quater_view';
export type SpriteMode = 'image_to_video' | 'first_last_frame' | 'video_restyle';

export interface RowEntry {
  row: number;
  title: string;
  description: string;
}

/** The fields of every job-creation endpoint, by the kind names the CLI and plugins use. */
export interface JobFields {
  image: { prompt: string; ai_model: AiModel; ref_images?: FileInput[] };
  'effect-v1': { description: string; resolution: Resolution; background_color?: BackgroundColor; image?: FileInput };
  'effect-v2': { description: string; frame: 4 | 9 | 16; background_color?: BackgroundColor; quality?: 'standard' | 'pro'; image?: FileInput };
  'overlay-v1': { sprite_sheet: FileInput; character_images: FileInput[]; rows: RowEntry[]; resolution: Resolution; style?: OverlayStyle };
  'overlay-v2': { sprite_sheet: FileInput; character_images: FileInput[]; rows: RowEntry[]; quality: 'standard' | 'pro'; style?: OverlayStyle };
  'make-sprite-v1': { image: FileInput; text: string; frame: 25 | 36 | 49 | 64 | 81 | 100 | 121 | 144 | 169; is_pixel: boolean };
  'make-sprite': { start_frame_image: FileInput; end_frame_image?: FileInput; text: string; frame: 49 | 81 | 121; is_pixel: boolean };
  plus: { start_image: FileInput; end_image?: FileInput; text: string; frame: 49 | 81; is_pixel?: boolean; is_prompt_enhancement?: boolean };
  zenith: {
    mode: SpriteMode;
    images: FileInput[];
    text?: string;
    frame?: 36 | 100;
    is_pixel?: boolean;
    is_prompt_enhancement?: boolean;
    reference_image?: FileInput;
    sprite_grid?: { columns: number; rows: number };
  };
  upscale: { image: FileInput; scale: Resolution };
  'split-layer': { image: FileInput; keyword: string };
  'reskin-v1': { image: FileInput; description: string; resolution: Resolution; style?: OverlayStyle };
  'reskin-v2': { image: FileInput; description: string; quality: 'standard' | 'pro'; style?: OverlayStyle };
  'inpaint-v2': { image: FileInput; prompt: string; quality: 'standard' | 'pro' };
  pulsar: {
    mode: SpriteMode;
    images: FileInput[];
    text?: string;
    is_pixel?: boolean;
    reference_image?: FileInput;
    sprite_grid?: { columns: number; rows: number };
  };
}

export type JobKind = keyof JobFields;

/** Each kind's endpoint path under /public/v1. */
export const ENDPOINTS: Record<JobKind, string> = {
  image: '/generate/image',
  'effect-v1': '/generate/effect/v1',
  'effect-v2': '/generate/effect/v2',
  'overlay-v1': '/sprite/character-overlay/v1',
  'overlay-v2': '/sprite/character-overlay/v2',
  'make-sprite-v1': '/sprite/make-sprite/v1',
  'make-sprite': '/sprite/make-sprite/v2',
  plus: '/sprite/plus',
  zenith: '/sprite/zenith',
  pulsar: '/sprite/pulsar',
  upscale: '/image-tune/upscale',
  'split-layer': '/image-tune/split-layer',
  'reskin-v1': '/sprite/reskin/v1',
  'reskin-v2': '/sprite/reskin/v2',
  'inpaint-v2': '/image-tune/inpaint/v2',
};
