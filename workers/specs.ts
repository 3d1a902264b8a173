// What a job asks the worker pool to make, after validation. Routes turn each endpoint's fields into
// one of these; the render task dispatches on `kind`. Paths are absolute at run time.
import type { ProbeInfo } from './types.ts';

export interface InputFile {
  path: string;
  info: ProbeInfo;
}

export interface SpriteGrid {
  columns: number;
  rows: number;
}

/** How the result files are laid out, per docs/contract.md §3. */
export type AnimationLayout = 'sheet+gif' | 'gif+frames';

/** zenith/pulsar image modes, plus, make-sprite v2. */
export interface AnimateSpec {
  kind: 'animate';
  text: string;
  frames: number;
  isPixel: boolean;
  promptEnhancement: boolean;
  start: InputFile;
  end?: InputFile;
  layout: AnimationLayout;
}

/** zenith/pulsar video_restyle: source is a PNG sheet (with grid) or a GIF. */
export interface RestyleSpec {
  kind: 'restyle';
  text: string;
  frames: number;
  source: InputFile;
  grid?: SpriteGrid;
  reference?: InputFile;
}

/** effect v1 (16 frames, 1024/2048/4096 px) and v2 (4/9/16 frames, 1024 px). */
export interface EffectSpec {
  kind: 'effect';
  description: string;
  frames: number;
  size: number;
  /** Background colour as #RRGGBB. */
  background: string;
  reference?: InputFile;
}

export interface RowEntry {
  row: number;
  title: string;
  description: string;
}

/** character overlay v1 (longest side 1024/2048/4096) and v2 (scale 1 standard, 2 pro). */
export interface OverlaySpec {
  kind: 'overlay';
  sheet: InputFile;
  characters: InputFile[];
  rows: RowEntry[];
  style?: 'pixel' | 'cartoon' | 'sd' | 'quater_view';
  output: { longestSide: number } | { scale: number };
}

/** generate/image. */
export interface ImageSpec {
  kind: 'image';
  prompt: string;
  model: string;
  refs: InputFile[];
}

/** image-tune/upscale: the image brought to a longest side of `side` px. */
export interface UpscaleSpec {
  kind: 'upscale';
  image: InputFile;
  side: number;
}

/** sprite/reskin: the sprite given the description's look and the style, in a `side` square. */
export interface ReskinSpec {
  kind: 'reskin';
  image: InputFile;
  description: string;
  style?: 'pixel' | 'cartoon' | 'sd' | 'quater_view';
  side: number;
}

/** image-tune/inpaint: the prompt's edit (background, removal, recolour); pro tries more patches. */
export interface InpaintSpec {
  kind: 'inpaint';
  image: InputFile;
  prompt: string;
  quality: 'standard' | 'pro';
}

/** image-tune/split-layer: the element `keyword` names as a layer, and the rest. */
export interface SplitLayerSpec {
  kind: 'split-layer';
  image: InputFile;
  keyword: string;
}

export type JobSpec = AnimateSpec | RestyleSpec | EffectSpec | OverlaySpec | ImageSpec | UpscaleSpec | SplitLayerSpec | ReskinSpec | InpaintSpec;

export interface RenderRequest {
  spec: JobSpec;
  /** Folder the result files are written to (created by the caller). */
  outDir: string;
  /** Hex digest of the inputs; the engine seeds every random choice from it (same inputs, same bytes). */
  seed: string;
  /** One Int32 cell; the task stores progress in thousandths (0..1000) so the server can report it. */
  progress?: Int32Array;
}

export interface RenderOutput {
  /** File names inside outDir, in image_urls order. */
  files: string[];
  /** sheet.json's file name, for sheet jobs. */
  metadata?: string;
}
