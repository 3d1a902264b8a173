// `spritekiln generate <kind>` flags -> that kind's API fields (paths still paths), read off each
// kind's body as the server validates it, so a new kind takes flags without a change here. Every field
// is a flag of its own name (--frame, --keyword, --start_frame_image); a short vocabulary stands for
// whichever of its fields a kind has (--image is the kind's input images, --text its prompt). A flag
// the kind has no field for is refused with the list of those it does take, rather than silently dropped.
import type { JobKind } from '../../plugins/client/index.ts';
import type { JsonSchema } from '../../schemas/jsonSchema.ts';
import { CliError } from './cliError.ts';
import { BODIES, KINDS } from './fields.ts';

/** The short flags: each stands for the first of its fields the kind has. */
const SHORT: Record<string, readonly string[]> = {
  image: ['images', 'image', 'start_frame_image', 'start_image', 'character_images', 'ref_images'],
  end: ['end_frame_image', 'end_image'],
  text: ['text', 'prompt', 'description'],
  pixel: ['is_pixel'],
  'no-enhance': ['is_prompt_enhancement'],
  grid: ['sprite_grid'],
  reference: ['reference_image'],
  sheet: ['sprite_sheet'],
  background: ['background_color'],
  model: ['ai_model'],
};

export type GenerateFlags = Readonly<Record<string, string | boolean | readonly string[] | undefined>>;

const props = (kind: JobKind) => BODIES[kind].properties;
const isFileList = (p: JsonSchema) => p.type === 'array';
const isBoolean = (p: JsonSchema) => p.type === 'boolean';

/**
 * What --end means for a kind: its end image field, or (a kind whose images are one list with a
 * first_last_frame mode) the second image of the list.
 */
function endField(kind: JobKind): { field: string; appends: boolean } | undefined {
  const p = props(kind);
  const own = SHORT.end!.find((f) => p[f]);
  if (own) return { field: own, appends: false };
  const modes = p.mode?.enum as unknown[] | undefined;
  return p.images && modes?.includes('first_last_frame') ? { field: 'images', appends: true } : undefined;
}

/** The field a flag stands for in a kind, or undefined when the kind has none. */
function fieldOf(kind: JobKind, flag: string): string | undefined {
  if (flag === 'end') return endField(kind)?.field;
  const short = SHORT[flag];
  return short ? short.find((f) => props(kind)[f]) : props(kind)[flag] ? flag : undefined;
}

/** The flags a kind takes, in its fields' order (a field's short flag in place of its name). */
export function kindFlags(kind: JobKind): string[] {
  const end = endField(kind);
  const out = new Set<string>();
  for (const field of Object.keys(props(kind))) {
    out.add(Object.keys(SHORT).find((flag) => fieldOf(kind, flag) === field && (flag !== 'end' || !end?.appends)) ?? field);
    if (end?.appends && field === end.field) out.add('end');
  }
  return [...out];
}

/** The job flags parseArgs accepts: every short flag and every field of every kind (files and lists repeat). */
export const GENERATE_OPTIONS = Object.fromEntries([
  ...KINDS.flatMap((kind) => Object.entries(props(kind)).map(([field, p]) => [field, option(p)] as const)),
  ...Object.keys(SHORT).map((flag) => [flag, flag === 'pixel' || flag === 'no-enhance' ? { type: 'boolean' } : flag === 'image' ? { type: 'string', multiple: true } : { type: 'string' }] as const),
]) as Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

function option(p: JsonSchema): { type: 'string' | 'boolean'; multiple?: boolean } {
  return isBoolean(p) ? { type: 'boolean' } : isFileList(p) ? { type: 'string', multiple: true } : { type: 'string' };
}

export function fieldsFromFlags(kind: JobKind, flags: GenerateFlags): Record<string, unknown> {
  const given = Object.keys(flags).filter((f) => flags[f] !== undefined);
  const stray = given.filter((f) => !fieldOf(kind, f));
  if (stray.length) throw new CliError(`${stray.map((f) => `--${f}`).join(', ')} ${stray.length > 1 ? 'do' : 'does'} not apply to ${kind}; it takes ${kindFlags(kind).map((f) => `--${f}`).join(', ')}`);
  const p = props(kind);
  const out: Record<string, unknown> = {};
  for (const flag of given) {
    const field = fieldOf(kind, flag)!;
    let value = flags[flag];
    if (flag === 'no-enhance') value = false;
    else if (Array.isArray(value) && !isFileList(p[field]!)) {
      if (value.length > 1) throw new CliError(`${kind} takes one --${flag} (${field}), got ${value.length}`);
      value = value[0];
    }
    if (flag === 'end' && endField(kind)?.appends) out[field] = [...((out[field] as string[] | undefined) ?? []), value];
    else out[field] = Array.isArray(value) && Array.isArray(out[field]) ? [...value, ...(out[field] as unknown[])] : value;
  }
  // A required yes/no field left out means no; a mode, when the images say which.
  for (const [field, prop] of Object.entries(p)) {
    if (isBoolean(prop) && BODIES[kind].required.includes(field)) out[field] ??= false;
  }
  const modes = (p.mode?.enum as unknown[] | undefined) ?? [];
  if (out.mode === undefined && modes.includes('image_to_video')) out.mode = flags.end && endField(kind)?.appends ? 'first_last_frame' : 'image_to_video';
  return out;
}
