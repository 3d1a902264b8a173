// What a job costs, as /openapi.json tells clients before they submit (`x-price` on each creation
// operation): read off the endpoint's own cost function by trying the values its fields allow, so
// the dashboard (or any client) shows the price the server will charge without a copy of the table.
import type { FormJsonSchema } from '../schemas/jsonSchema.ts';
import { sheetMs } from '../schemas/zenith.ts';
import type { AnyEndpoint } from './routes/submit.ts';

/**
 * One price; or the price by the value of one field; plus, for a restyle priced by its source's
 * length, the length up to which it costs `atMost` and past which `over`.
 */
export type PriceRule =
  | number
  | { by?: string; prices?: Record<string, number>; credits?: number; restyle?: Restyle };

/** A restyle's price by its source's length: a GIF's, or a sheet's (counted from its frames). */
export interface Restyle {
  overMs: number;
  /** The fewest sheet frames (sprite_grid columns x rows) that count as longer than overMs. */
  overSheetFrames: number;
  atMost: number;
  over: number;
}

/** Longest source a restyle is tried with when finding where its price steps (ms). */
const LONGEST_MS = 60_000;

export function priceRule(endpoint: AnyEndpoint, body: FormJsonSchema): PriceRule {
  const fields = Object.entries(body.properties);
  // A plain request: each choice at its first value, other fields filled in.
  const base: Record<string, unknown> = Object.fromEntries(fields.map(([name, p]) => [name,
    Array.isArray(p.enum) ? p.enum[0] : p.type === 'boolean' ? false : p.format === 'binary' || p.type === 'array' ? undefined : 'x']));
  const cost = (input: Record<string, unknown>, sourceMs = 0): number | undefined => {
    try {
      const n = endpoint.cost(input, { mode: input.mode, sourceMs });
      return Number.isFinite(n) ? n : undefined;
    } catch {
      return undefined;
    }
  };
  let rule: Exclude<PriceRule, number> = { credits: cost(base) };
  for (const [name, p] of fields) {
    if (!Array.isArray(p.enum)) continue;
    const prices = Object.fromEntries(p.enum.map((v) => [String(v), cost({ ...base, [name]: v })]));
    const values = Object.values(prices);
    if (new Set(values).size > 1 && values.every((v) => v !== undefined)) {
      rule = { by: name, prices: prices as Record<string, number> };
      break;
    }
  }
  const modes = body.properties.mode?.enum;
  if (Array.isArray(modes) && modes.includes('video_restyle')) {
    const at = (ms: number) => cost({ ...base, mode: 'video_restyle' }, ms);
    const atMost = at(0), over = at(LONGEST_MS);
    if (atMost !== undefined && over !== undefined && atMost !== over) {
      // The longest source still priced as the shortest.
      let lo = 0, hi = LONGEST_MS;
      while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (at(mid) === atMost) lo = mid; else hi = mid; }
      let frames = 1;
      while (sheetMs(frames) <= lo) frames++;
      rule = { ...rule, restyle: { overMs: lo, overSheetFrames: frames, atMost, over } };
    }
  }
  return rule.by === undefined && rule.restyle === undefined && rule.credits !== undefined ? rule.credits : rule;
}
