// What a job will cost, from the table the server charges by (schemas/prices.ts), so the CLI can
// name the price in a 402 message and per entry in a batch summary; `undefined` when the fields do
// not name a known price (the server then answers 400/422 anyway).
import type { FileInput, JobKind } from '../../plugins/client/index.ts';
import { PRICES } from '../../schemas/prices.ts';
import { restyleFrames, sheetMs } from '../../schemas/zenith.ts';
import { readGifStructure } from '../../workers/codecs/gif.ts';

export function estimateCost(kind: JobKind, fields: Record<string, unknown>): number | undefined {
  const s = (name: string) => (fields[name] === undefined ? undefined : String(fields[name]));
  const byFrames = (frames: string | undefined, allowed: readonly string[]) =>
    frames !== undefined && allowed.includes(frames) ? PRICES.frames[Number(frames)] : undefined;
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
    case 'make-sprite':
      return byFrames(s('frame'), ['49', '81', '121']);
    case 'plus':
      return byFrames(s('frame'), ['49', '81']);
    case 'zenith': {
      if (s('mode') !== 'video_restyle') return byFrames(s('frame'), ['36', '100']);
      const ms = sourceLengthMs(fields);
      return ms === undefined ? undefined : PRICES.frames[restyleFrames(ms)];
    }
    case 'pulsar':
      return s('mode') === 'video_restyle' ? PRICES.pulsar.restyle : PRICES.pulsar.images;
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
