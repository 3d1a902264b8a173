import * as v from 'valibot';
import { choice, file, files, jsonText } from './fields.ts';
import { RESOLUTIONS } from './effect.ts';
import { parseRows, ROWS_JSON } from './rows.ts';
import { fail, M, probeAll, STILLS, type Probe } from './rules.ts';

export const STYLES = ['pixel', 'cartoon', 'sd', 'quater_view'] as const;
export const QUALITIES = ['standard', 'pro'] as const;

const common = {
  sprite_sheet: file(),
  character_images: files(),
  rows: jsonText(ROWS_JSON),
  style: v.optional(choice(STYLES)),
};

export const CharacterOverlayV1Schema = v.object({ ...common, resolution: choice(RESOLUTIONS) });
export type CharacterOverlayV1Input = v.InferOutput<typeof CharacterOverlayV1Schema>;

export const CharacterOverlayV2Schema = v.object({ ...common, quality: choice(QUALITIES) });
export type CharacterOverlayV2Input = v.InferOutput<typeof CharacterOverlayV2Schema>;

export async function characterOverlayRules(input: CharacterOverlayV1Input | CharacterOverlayV2Input, probe: Probe) {
  const count = input.character_images.length;
  if (count < 1 || count > 4) fail(M.characterCount);
  const rows = parseRows(input.rows);
  const [sheet, ...characters] = await probeAll([input.sprite_sheet, ...input.character_images], STILLS, probe);
  return { rows, sheet: sheet!, characters };
}
