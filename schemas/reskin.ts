// sprite/reskin v1, v2 and the unversioned /sprite/reskin (the hosted service's docs and real
// clients; docs/contract.md §7).
import * as v from 'valibot';
import { choice, file, text } from './fields.ts';
import { RESOLUTIONS } from './effect.ts';
import { QUALITIES, STYLES } from './characterOverlay.ts';

const common = {
  image: file(),
  style: v.optional(choice(STYLES)),
};

export const ReskinV1Schema = v.object({ ...common, description: text(), resolution: choice(RESOLUTIONS) });
export const ReskinV2Schema = v.object({ ...common, description: text(), quality: choice(QUALITIES) });

/**
 * What older clients send to /sprite/reskin: the subject, the change and the result described
 * apart. Their texts are read together as the description; the change is the one required.
 */
export const ReskinUnversionedSchema = v.object({
  ...common,
  sprite_subject: v.optional(text()),
  change_description: text(),
  final_result_description: v.optional(text()),
  resolution: choice(RESOLUTIONS),
});

/** The description the unversioned route's three texts make. */
export const legacyDescription = (input: v.InferOutput<typeof ReskinUnversionedSchema>): string =>
  [input.sprite_subject, input.change_description, input.final_result_description].filter((t) => t && t.trim()).join('. ');
