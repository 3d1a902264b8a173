// Form field parsers with FastAPI's semantics. Each failure message is the pydantic v2 error
// (type, msg, ctx) as JSON; formErrors.ts adds loc and input. Empty strings never reach these:
// readForm drops them, so an empty value is a missing field, as in FastAPI.
import * as v from 'valibot';

/** A file part as the upload layer hands it over. */
export interface Upload {
  path: string;
  size: number;
  name: string;
  /** The content, while the part is held in memory rather than in its file (server/uploadSink.ts). */
  held?: Uint8Array;
}

export interface PydanticError {
  type: string;
  msg: string;
  ctx?: Record<string, string | number>;
}

const error = (e: PydanticError) => JSON.stringify(e);
const MISSING = error({ type: 'missing', msg: 'Field required' });

const TRUE = new Set(['true', '1', 'yes', 'on', 't', 'y']);
const FALSE = new Set(['false', '0', 'no', 'off', 'f', 'n']);

const notMissing = (message: string) => (issue: v.BaseIssue<unknown>) =>
  issue.input === undefined ? MISSING : message;

export const text = () => v.string(notMissing(error({ type: 'string_type', msg: 'Input should be a valid string' })));

/** pydantic's words for a string it does not take as an int. */
export const INT_PARSING = { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' } as const;

const DIGITS = /^[+-]?\d+$/;

/**
 * The int pydantic reads from a string (pydantic-core's str_as_int), or undefined: digits with an
 * optional sign; failing that, the same with an all-zero fraction ("4.0", "4."); failing that, with
 * single underscores between them ("1_000"), as Python's int() takes. Surrounding whitespace is ignored.
 */
export function intFromText(text: string): number | undefined {
  const s = text.trim();
  if (DIGITS.test(s)) return Number(s);
  const dot = s.indexOf('.');
  if (dot >= 0 && /^0*$/.test(s.slice(dot + 1))) return DIGITS.test(s.slice(0, dot)) ? Number(s.slice(0, dot)) : undefined;
  if (!s.includes('_') || s.startsWith('_') || s.endsWith('_') || s.includes('__')) return undefined;
  const joined = s.replaceAll('_', '');
  return DIGITS.test(joined) ? Number(joined) : undefined;
}

/**
 * A string holding JSON (`rows`, `sprite_grid`): its rules parse it, with the endpoint's own 400 messages;
 * `content` is the JSON's shape, published in /openapi.json (contentSchema) and typed in the client.
 */
export const jsonText = (content: Record<string, unknown>) => v.pipe(text(), v.metadata({ json: content }));

export const integer = () => v.pipe(text(), v.check((s) => intFromText(s) !== undefined, error(INT_PARSING)), v.transform((s) => intFromText(s) as number));

export const boolean = () =>
  v.pipe(
    text(),
    v.check((s) => TRUE.has(s.toLowerCase()) || FALSE.has(s.toLowerCase()), error({ type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input' })),
    v.transform((s) => TRUE.has(s.toLowerCase())),
  );

/** pydantic's enum wording: Input should be 'a', 'b' or 'c'. */
export const choice = <const T extends readonly string[]>(values: T) => {
  const quoted = values.map((s) => `'${s}'`);
  const expected = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : (quoted[0] ?? '');
  return v.pipe(text(), v.picklist(values, error({ type: 'enum', msg: `Input should be ${expected}`, ctx: { expected } })));
};

const upload = v.object({ path: v.string(), size: v.number(), name: v.string(), held: v.optional(v.instance(Uint8Array)) });
const NOT_A_FILE = error({ type: 'value_error', msg: "Value error, Expected UploadFile, received: <class 'str'>" });

/** A repeated file field: every part, in order. */
export const files = () => v.array(upload, notMissing(NOT_A_FILE));

/** A single file field: FastAPI keeps the last part when several are sent. */
export const file = () => v.pipe(files(), v.minLength(1, MISSING), v.transform((list) => list[list.length - 1] as Upload));
