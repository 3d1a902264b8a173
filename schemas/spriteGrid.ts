// sprite_grid: a string holding {"columns": c, "rows": r}, JSON integers 1-32 each, c*r <= 120 frames.
import type { SpriteGrid } from '../workers/specs.ts';
import { fail, M } from './rules.ts';

export const MAX_GRID_SIDE = 32;
export const MAX_SHEET_FRAMES = 120;

const side = { type: 'integer', minimum: 1, maximum: MAX_GRID_SIDE };
/** The JSON the field holds. */
export const SPRITE_GRID_JSON = { type: 'object', required: ['columns', 'rows'], properties: { columns: side, rows: side } };

export function parseSpriteGrid(raw: string, sheet: { width: number; height: number }): SpriteGrid {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail(M.gridMalformed);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) fail(M.gridMalformed);
  const { columns, rows } = parsed as Record<string, unknown>;
  if (!inRange(columns) || !inRange(rows) || columns * rows > MAX_SHEET_FRAMES) fail(M.gridMalformed);
  // A grid finer than the sheet would make cells of zero pixels.
  if (columns > sheet.width || rows > sheet.height) fail(M.gridMalformed);
  return { columns, rows };
}

const inRange = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= MAX_GRID_SIDE;
