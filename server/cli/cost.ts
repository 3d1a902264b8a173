// What a job will cost, read off the endpoint's own cost function as /openapi.json states it
// (x-price), so the CLI can name the price in a 402 message and per entry in a batch summary;
// `undefined` when the fields do not name a known price (the server then answers 400/422 anyway).
import type { FileInput, JobKind } from '../../plugins/client/index.ts';
import { sheetMs } from '../../schemas/zenith.ts';
import { readGifStructure } from '../../workers/codecs/gif.ts';
import { priceRule, type PriceRule } from '../priceRule.ts';
import { CREATION_ENDPOINTS, KIND_PATHS } from '../routes/creation.ts';
import { BODIES } from './fields.ts';
import type { FormJsonSchema } from '../../schemas/jsonSchema.ts';

const rules = new Map<JobKind, { rule: PriceRule; body: FormJsonSchema }>();

function ruleOf(kind: JobKind): { rule: PriceRule; body: FormJsonSchema } {
  let known = rules.get(kind);
  if (!known) {
    const body = BODIES[kind];
    const endpoint = CREATION_ENDPOINTS[KIND_PATHS[kind]]!;
    rules.set(kind, (known = { rule: priceRule(endpoint, body), body }));
  }
  return known;
}

export function estimateCost(kind: JobKind, fields: Record<string, unknown>): number | undefined {
  const { rule, body } = ruleOf(kind);
  if (typeof rule === 'number') return rule;
  const value = (name: string) => fields[name] ?? body.properties[name]?.default;
  if (rule.restyle && value('mode') === 'video_restyle') {
    const ms = sourceLengthMs(fields);
    return ms === undefined ? undefined : ms > rule.restyle.overMs ? rule.restyle.over : rule.restyle.atMost;
  }
  if (rule.by === undefined) return rule.credits;
  const v = value(rule.by);
  return v === undefined ? undefined : rule.prices?.[String(v)];
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

/** A GIF's browser playback length (docs/contract.md §2), by the same structural walk the server's probe uses. */
export function gifLengthMs(bytes: Uint8Array): number | undefined {
  try {
    return readGifStructure(bytes).durationMs;
  } catch {
    return undefined;
  }
}
