// The job_id path parameter, parsed as pydantic parses a UUID (hyphenated, simple, braced or urn
// forms), with its error wording for the 422 body.
import type { ValidationEntry } from './formErrors.ts';

const HEX = /^[0-9a-fA-F]$/;
const GROUPS = [8, 4, 4, 4, 12];

/** The canonical lower-case hyphenated form, or the 422 entry that says why not. */
export function parseUuid(raw: string): { ok: true; value: string } | { ok: false; entry: ValidationEntry } {
  const reason = uuidProblem(raw);
  if (reason) {
    return { ok: false, entry: { type: 'uuid_parsing', loc: ['path', 'job_id'], msg: `Input should be a valid UUID, ${reason}`, input: raw, ctx: { error: reason } } };
  }
  const hex = strip(raw).replaceAll('-', '').toLowerCase();
  return { ok: true, value: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
}

const strip = (s: string) => s.replace(/^urn:uuid:/i, '').replace(/^\{(.*)\}$/, '$1');

function uuidProblem(raw: string): string | undefined {
  const s = strip(raw);
  const offset = raw.length - s.length - (raw.endsWith('}') ? 1 : 0);
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (!HEX.test(c) && c !== '-') {
      return `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${c}\` at ${i + offset + 1}`;
    }
  }
  if (!s.includes('-')) return s.length === 32 ? undefined : `invalid length: expected length 32 for simple format, found ${s.length}`;
  const groups = s.split('-');
  if (groups.length !== GROUPS.length) return `invalid group count: expected 5, found ${groups.length}`;
  for (let g = 0; g < GROUPS.length; g++) {
    if (groups[g]!.length !== GROUPS[g]) return `invalid group length in group ${g}: expected ${GROUPS[g]}, found ${groups[g]!.length}`;
  }
  return undefined;
}
