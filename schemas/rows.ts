// The `rows` field of character overlay: a string holding a JSON list of {row, title, description}.
import type { RowEntry } from '../workers/specs.ts';
import { fail, M } from './rules.ts';

/** The JSON the field holds. */
export const ROWS_JSON = {
  type: 'array',
  items: { type: 'object', required: ['row', 'title', 'description'], properties: { row: { type: 'integer' }, title: { type: 'string' }, description: { type: 'string' } } },
};

export function parseRows(raw: string): RowEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail(M.rowsNotJson);
  }
  if (!Array.isArray(parsed)) fail(M.rowsNotList);
  return parsed.map((entry: unknown) => {
    if (!isRecord(entry) || !('row' in entry && 'title' in entry && 'description' in entry)) fail(M.rowEntryShape);
    const { row, title, description } = entry;
    if (typeof row !== 'number' || !Number.isInteger(row)) fail(M.rowNotInteger);
    if (typeof title !== 'string' || typeof description !== 'string') fail(M.rowStrings);
    return { row, title, description };
  });
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
