// What a job will cost, worked out on this side from api.md's Limits table and decisions.md §4, so
// the CLI can name the price in a 402 message and per entry in a batch summary. The server charges
// by its own table; this is an estimate, and `undefined` when the fields do not name a known price
// (the server then answers 400/422 anyway).
import { parseGIF } from 'gifuct-js';
import type { FileInput, JobKind } from '../../plugins/client/index.ts';

const RESOLUTION: Record<string, number> = { '1K': 5, '2K': 7, '4K': 10 };
const MAKE_SPRITE: Record<string, number> = { '49': 9, '81': 13, '121': 25 };
const PLUS: Record<string, number> = { '49': 9, '81': 13 };
const ZENITH: Record<string, number> = { '36': 9, '100': 25 };

export function estimateCost(kind: JobKind, fields: Record<string, unknown>): number | undefined {
  const s = (name: string) => (fields[name] === undefined ? undefined : String(fields[name]));
  switch (kind) {
    case 'image':
      return 2;
    case 'effect-v1':
    case 'overlay-v1':
      return RESOLUTION[s('resolution') ?? ''];
    case 'effect-v2':
      return 3;
    case 'overlay-v2':
      return s('quality') === 'pro' ? 10 : s('quality') === 'standard' ? 5 : undefined;
    case 'make-sprite':
      return MAKE_SPRITE[s('frame') ?? ''];
    case 'plus':
      return PLUS[s('frame') ?? ''];
    case 'zenith':
      if (s('mode') !== 'video_restyle') return ZENITH[s('frame') ?? ''];
      return restyleFrames(fields) === undefined ? undefined : restyleFrames(fields) === 100 ? 25 : 9;
    case 'pulsar':
      return s('mode') === 'video_restyle' ? 4 : 3;
  }
}

/** api.md's restyle rule: a source longer than 5 s gives 100 frames, else 36. */
function restyleFrames(fields: Record<string, unknown>): 36 | 100 | undefined {
  const ms = sourceLengthMs(fields);
  return ms === undefined ? undefined : ms > 5000 ? 100 : 36;
}

function sourceLengthMs(fields: Record<string, unknown>): number | undefined {
  const grid = fields.sprite_grid as { columns?: unknown; rows?: unknown } | undefined;
  if (grid && typeof grid === 'object' && Number.isInteger(grid.columns) && Number.isInteger(grid.rows)) {
    return Math.round(((grid.columns as number) * (grid.rows as number) * 3000) / 36);
  }
  const source = (fields.images as FileInput[] | undefined)?.[0];
  if (!source || source instanceof Blob || source.data instanceof Blob) return undefined;
  return gifLengthMs(source.data);
}

/** A GIF's browser playback length: delays of 0 or 1 cs play as 10 cs (decisions.md §2). */
export function gifLengthMs(bytes: Uint8Array): number | undefined {
  if (bytes[0] !== 0x47 || bytes[1] !== 0x49 || bytes[2] !== 0x46) return undefined;
  try {
    const gif = parseGIF(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    let cs = 0;
    for (const frame of gif.frames) if ('image' in frame) cs += frame.gce && frame.gce.delay > 1 ? frame.gce.delay : 10;
    return cs * 10;
  } catch {
    return undefined;
  }
}
