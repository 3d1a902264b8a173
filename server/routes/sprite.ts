// sprite/character-overlay v1, v2, make-sprite v1, v2, plus, zenith, pulsar, reskin v1, v2.
import * as v from 'valibot';
import { CharacterOverlayV1Schema, CharacterOverlayV2Schema, characterOverlayRules } from '../../schemas/characterOverlay.ts';
import { MAKE_SPRITE_FRAMES, MAKE_SPRITE_V1_FRAMES, MakeSpriteV1Schema, makeSpriteV1Rules, MakeSpriteV2Schema, makeSpriteV2Rules } from '../../schemas/makeSprite.ts';
import { PLUS_FRAMES, PlusSchema, plusRules } from '../../schemas/plus.ts';
import { M } from '../../schemas/messages.ts';
import { PulsarSchema, restyleFrames, spriteModeRules, ZenithSchema, ZENITH_FRAMES, type SpriteModeChecked } from '../../schemas/zenith.ts';
import type { InputFile, JobSpec, ReskinSpec } from '../../workers/specs.ts';
import { RESOLUTION_PX } from './generate.ts';
import { PRICES } from '../../schemas/prices.ts';
import type { AnyEndpoint, Endpoint, Keep } from './submit.ts';
import { legacyDescription, ReskinUnversionedSchema, ReskinV1Schema, ReskinV2Schema } from '../../schemas/reskin.ts';
import { imageRules } from '../../schemas/rules.ts';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;
type Checked<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;


const OVERLAY_MESSAGES = [M.invalidImage, M.characterCount, M.rowsNotJson, M.rowsNotList, M.rowEntryShape, M.rowNotInteger, M.rowStrings];
// Sprite modes (zenith, pulsar): the images each mode takes, text, and a restyle's source.
const MODE_MESSAGES = [
  M.invalidImage, M.imageToVideoCount, M.firstLastCount, M.restyleCount, M.textEmpty, M.restyleNeedsText, M.referenceOnlyRestyle,
  M.gridOnlyRestyle, M.gridRequired, M.gridNotForGif, M.gridMalformed, M.gifTooManyFrames, M.gifTooLong, M.gifTooManyPixels,
];

const overlayV1: Endpoint<Out<typeof CharacterOverlayV1Schema>, Checked<typeof characterOverlayRules>> = {
  kind: 'character-overlay/v1',
  // The new rows play as animations: sheet.json (one tag a named row) at metadata_url.
  result: 'sheet',
  schema: CharacterOverlayV1Schema,
  messages: OVERLAY_MESSAGES,
  rules: characterOverlayRules,
  cost: (input) => PRICES.resolution[input.resolution],
  spec: (input, checked, keep) => ({ ...overlaySpec(input, checked, keep), output: { longestSide: RESOLUTION_PX[input.resolution] } }),
};

const overlayV2: Endpoint<Out<typeof CharacterOverlayV2Schema>, Checked<typeof characterOverlayRules>> = {
  kind: 'character-overlay/v2',
  result: 'sheet',
  schema: CharacterOverlayV2Schema,
  messages: OVERLAY_MESSAGES,
  rules: characterOverlayRules,
  cost: (input) => PRICES.overlayV2[input.quality],
  spec: (input, checked, keep) => ({ ...overlaySpec(input, checked, keep), output: { scale: input.quality === 'pro' ? 2 : 1 } }),
};

function overlaySpec(input: Out<typeof CharacterOverlayV1Schema> | Out<typeof CharacterOverlayV2Schema>, checked: Checked<typeof characterOverlayRules>, keep: Keep) {
  return {
    kind: 'overlay' as const,
    sheet: keep(input.sprite_sheet, checked.sheet),
    characters: input.character_images.map((f, i) => keep(f, checked.characters[i]!)),
    rows: checked.rows,
    style: input.style,
  };
}

/** Both make-sprite versions: the animate engine, the GIF then every frame (the prompt always read in full). */
const makeSpriteSpec = (input: { text: string; frame: number; is_pixel: boolean }, start: InputFile, end?: InputFile): JobSpec =>
  ({ kind: 'animate', text: input.text, frames: input.frame, isPixel: input.is_pixel, promptEnhancement: true, start, end, layout: 'gif+frames' });

/** make-sprite v1: v2's engine and results from one start image, in square frame counts. */
const makeSpriteV1: Endpoint<Out<typeof MakeSpriteV1Schema>, Checked<typeof makeSpriteV1Rules>> = {
  kind: 'make-sprite/v1',
  result: 'sheet',
  schema: MakeSpriteV1Schema,
  messages: [M.invalidImage, M.makeSpriteV1Frame],
  frames: MAKE_SPRITE_V1_FRAMES,
  rules: makeSpriteV1Rules,
  cost: (input) => PRICES.makeSpriteV1[input.frame]!,
  spec: (input, checked, keep) => makeSpriteSpec(input, keep(input.image, checked.start)),
};

const makeSpriteV2: Endpoint<Out<typeof MakeSpriteV2Schema>, Checked<typeof makeSpriteV2Rules>> = {
  kind: 'make-sprite/v2',
  result: 'sheet',
  schema: MakeSpriteV2Schema,
  messages: [M.invalidImage, M.makeSpriteFrame],
  frames: MAKE_SPRITE_FRAMES,
  rules: makeSpriteV2Rules,
  cost: (input) => PRICES.frames[input.frame]!,
  spec: (input, checked, keep) =>
    makeSpriteSpec(input, keep(input.start_frame_image, checked.start), input.end_frame_image && checked.end ? keep(input.end_frame_image, checked.end) : undefined),
};

const plus: Endpoint<Out<typeof PlusSchema>, Checked<typeof plusRules>> = {
  kind: 'plus',
  result: 'sheet',
  schema: PlusSchema,
  messages: [M.invalidImage, M.plusFrame, M.textEmpty],
  frames: PLUS_FRAMES,
  rules: plusRules,
  cost: (input) => PRICES.frames[input.frame]!,
  spec: (input, checked, keep) => ({
    kind: 'animate',
    text: input.text,
    frames: input.frame,
    isPixel: input.is_pixel,
    promptEnhancement: input.is_prompt_enhancement,
    start: keep(input.start_image, checked.start),
    end: input.end_image && checked.end ? keep(input.end_image, checked.end) : undefined,
    layout: 'sheet+gif',
  }),
};

/** The frame count a zenith or pulsar job makes: restyle follows the source length (the hosted API's rule for restyles). */
const spriteFrames = (checked: SpriteModeChecked, frame: number | undefined) =>
  checked.mode === 'video_restyle' ? restyleFrames(checked.sourceMs) : frame!;

interface SpriteModeFields {
  images: Out<typeof PulsarSchema>['images'];
  text: string;
  is_pixel: boolean;
  reference_image?: Out<typeof PulsarSchema>['reference_image'];
}

function spriteModeSpec(input: SpriteModeFields, checked: SpriteModeChecked, keep: Keep, frames: number, promptEnhancement: boolean): JobSpec {
  if (checked.mode === 'video_restyle') {
    return {
      kind: 'restyle',
      text: input.text,
      frames,
      source: keep(input.images[0]!, checked.source),
      grid: checked.grid,
      reference: input.reference_image && checked.reference ? keep(input.reference_image, checked.reference) : undefined,
    };
  }
  const [start, end] = input.images.map((f, i) => keep(f, checked.images[i]!));
  // is_pixel and is_prompt_enhancement apply to the image modes only (forced false in video_restyle).
  return { kind: 'animate', text: input.text, frames, isPixel: input.is_pixel, promptEnhancement, start: start!, end, layout: 'sheet+gif' };
}

const zenith: Endpoint<Out<typeof ZenithSchema>, SpriteModeChecked> = {
  kind: 'zenith',
  result: 'sheet',
  schema: ZenithSchema,
  messages: [...MODE_MESSAGES, M.zenithFrame, M.frameWithRestyle],
  frames: ZENITH_FRAMES,
  rules: (input, probe) => spriteModeRules(input, probe, ZENITH_FRAMES),
  cost: (input, checked) => PRICES.frames[spriteFrames(checked, input.frame)]!,
  spec: (input, checked, keep) => spriteModeSpec(input, checked, keep, spriteFrames(checked, input.frame), input.is_prompt_enhancement),
};

/** pulsar always makes 36 frames. */
const PULSAR_FRAMES = 36;

const pulsar: Endpoint<Out<typeof PulsarSchema>, SpriteModeChecked> = {
  kind: 'pulsar',
  result: 'sheet',
  schema: PulsarSchema,
  messages: MODE_MESSAGES,
  rules: (input, probe) => spriteModeRules(input, probe),
  cost: (_input, checked) => (checked.mode === 'video_restyle' ? PRICES.pulsar.restyle : PRICES.pulsar.images),
  spec: (input, checked, keep) => spriteModeSpec(input, checked, keep, PULSAR_FRAMES, true),
};

const reskinSpec = (image: InputFile, description: string, style: ReskinSpec['style'], side: number): ReskinSpec =>
  ({ kind: 'reskin', image, description, style, side });

const reskinV1: Endpoint<Out<typeof ReskinV1Schema>, Checked<typeof imageRules>> = {
  kind: 'reskin/v1',
  result: 'picture',
  schema: ReskinV1Schema,
  messages: [M.invalidImage],
  rules: imageRules,
  cost: (input) => PRICES.reskinV1[input.resolution],
  spec: (input, checked, keep) => reskinSpec(keep(input.image, checked.image), input.description, input.style, RESOLUTION_PX[input.resolution]),
};

/** v2: standard draws at 1024 px, pro at 2048. */
const reskinV2: Endpoint<Out<typeof ReskinV2Schema>, Checked<typeof imageRules>> = {
  kind: 'reskin/v2',
  result: 'picture',
  schema: ReskinV2Schema,
  messages: [M.invalidImage],
  rules: imageRules,
  cost: (input) => PRICES.reskinV2[input.quality],
  spec: (input, checked, keep) => reskinSpec(keep(input.image, checked.image), input.description, input.style, input.quality === 'pro' ? 2048 : 1024),
};

/** The unversioned route older clients call, with its own fields (read as v1's description). */
const reskinUnversioned: Endpoint<Out<typeof ReskinUnversionedSchema>, Checked<typeof imageRules>> = {
  kind: 'reskin',
  result: 'picture',
  schema: ReskinUnversionedSchema,
  messages: [M.invalidImage],
  rules: imageRules,
  cost: (input) => PRICES.reskinV1[input.resolution],
  spec: (input, checked, keep) => reskinSpec(keep(input.image, checked.image), legacyDescription(input), input.style, RESOLUTION_PX[input.resolution]),
};

/** Unversioned routes whose fields differ from their versioned twin's (routes/creation.ts). */
export const SPRITE_UNVERSIONED_ENDPOINTS = {
  '/sprite/reskin': reskinUnversioned,
} as const satisfies Record<string, AnyEndpoint>;

/** Path (under /public/v1) -> endpoint (routes/creation.ts registers them). */
export const SPRITE_ENDPOINTS = {
  '/sprite/character-overlay/v1': overlayV1,
  '/sprite/character-overlay/v2': overlayV2,
  '/sprite/make-sprite/v1': makeSpriteV1,
  '/sprite/make-sprite/v2': makeSpriteV2,
  '/sprite/plus': plus,
  '/sprite/zenith': zenith,
  '/sprite/pulsar': pulsar,
  '/sprite/reskin/v1': reskinV1,
  '/sprite/reskin/v2': reskinV2,
} as const satisfies Record<string, AnyEndpoint>;

