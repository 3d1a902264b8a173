// What a job will cost, from the table the server charges by (schemas/prices.ts), so the CLI can
// name the price in a 402 message and per entry in a batch summary; `undefined` when the fields do
// not name a known price (the server then answers 400/422 anyway).
import type { FileInput, JobKind } from '../../plugins/client/index.ts';
import { PRICES } from '../../schemas/prices.ts';
import { MAKE_SPRITE_FRAMES } from '../../schemas/makeSprite.ts';
import { PLUS_FRAMES } from '../../schemas/plus.ts';
import { restyleFrames, sheetMs, ZENITH_FRAMES } from '../../schemas/zenith.ts';
import { readGifStructure } from '../../workers/codecs/gif.ts';

export function estimateCost(kind: JobKind, fields: Record<string, unknown>): number | undefined {
  const s = (name: string) => (fields[name] === undefined ? undefined : String(fields[name]));
  // The frame counts each endpoint allows, as its schema lists them, compared as the form sends them.
  const byFrames = (frames: string | undefined, allowed: readonly number[]) =>
    frames !== undefined && allowed.map(String).includes(frames) ? PRICES.frames[Number(frames)] : undefined;
  switch (kind) {
    case 'image':
      return PRICES.image;
    case 'effect-v1':
    case 'overlay-v1':
      return PRICES.resolution[s('resolution') as keyof typeof PRICES.resolution];
    case 'effect-v2':
      return PRICES.effectV2;
    case 'overlay-v2':
      return PRICES.overlayV2[s('quality') as keyof typeof PRICES.overlayV2];
    case 'make-sprite-v1':
      return PRICES.makeSpriteV1[Number(s('frame'))];
    case 'make-sprite':
      return byFrames(s('frame'), MAKE_SPRITE_FRAMES);
    case 'plus':
      return byFrames(s('frame'), PLUS_FRAMES);
    case 'zenith': {
      if (s('mode') !== 'video_restyle') return byFrames(s('frame'), ZENITH_FRAMES);
      const ms = sourceLengthMs(fields);
      return ms === undefined ? undefined : PRICES.frames[restyleFrames(ms)];
    }
    case 'pulsar':
      return s('mode') === 'video_restyle' ? PRICES.pulsar.restyle : PRICES.pulsar.images;
    case 'upscale':
      return PRICES.upscale[s('scale') as keyof typeof PRICES.upscale];
    case 'split-layer':
      return PRICES.splitLayer;
    case 'reskin-v1':
      return PRICES.reskinV1[s('resolution') as keyof typeof PRICES.reskinV1];
    case 'reskin-v2':
      return PRICES.reskinV2[s('quality') as keyof typeof PRICES.reskinV2];
    case 'inpaint-v2':
      return PRICES.inpaint[s('quality') as keyof typeof PRICES.inpaint];
  }
}

function sourceLengthMs(fields: Record<string, unknown>): number | undefined {
  const grid = fields.sprite_grid as { columns?: unknown; rows?: unknown } | undefined;
  if (grid && typeof grid === 'object' && Number.isInteger(grid.columns) && Number.isInteger(grid.rows)) {
    return sheetMs((grid.columns as number) * (grid.rows as number));
  }
  const source = (fields.images as FileInput[] | undefined)?.[0];
  if (!source || source instanceof Blob || source.data instanceof Blob) return undefined;
  return gifLengthMs(source.data);
}

/** A GIF's browser playback length (decisions.md §2), by the same structural walk the server's probe uses. */
export function gifLengthMs(bytes: Uint8Array): number | undefined {
  try {
    return readGifStructure(bytes).durationMs;
  } catch {
    return undefined;
  }
}
