// valibot issues -> FastAPI's 422 body: one entry per problem, all problems at once.
import type * as v from 'valibot';
import type { PydanticError } from './fields.ts';

export interface ValidationEntry extends PydanticError {
  loc: (string | number)[];
  input: unknown;
}

export function toValidationEntries(issues: readonly v.BaseIssue<unknown>[], where = 'body'): ValidationEntry[] {
  const seen = new Set<string>();
  const entries: ValidationEntry[] = [];
  for (const issue of issues) {
    const key = String(issue.path?.[0]?.key ?? '');
    if (seen.has(key)) continue; // one entry per field, the first problem found
    seen.add(key);
    const { type, msg, ctx } = parse(issue);
    // Keys in FastAPI's order, so bodies read the same.
    entries.push({ type, loc: [where, key], msg, input: issue.input === undefined ? null : describe(issue.input), ...(ctx ? { ctx } : {}) });
  }
  return entries;
}

function parse(issue: v.BaseIssue<unknown>): PydanticError {
  // valibot reports an absent key from the object schema itself, with its own wording.
  if (issue.input === undefined) return { type: 'missing', msg: 'Field required' };
  try {
    return JSON.parse(issue.message) as PydanticError;
  } catch {
    return { type: 'value_error', msg: issue.message };
  }
}

/** Files are echoed by name, as FastAPI shows an UploadFile, never by their temp path. */
function describe(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(describe);
  if (input && typeof input === 'object' && 'name' in input) return (input as { name: string }).name;
  return input;
}
