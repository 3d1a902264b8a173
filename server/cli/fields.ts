// A job's fields as the command line holds them (file fields are paths) -> the client's JobFields
// (file fields are bytes). Shared by `generate` (paths relative to the working folder) and `batch`
// (paths relative to jobs.json). Values are passed through as given: the server is the one judge of
// what is valid, and its messages are the ones the API promises (schemas/messages.ts).
import { access, readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { kindOf, type FileInput, type JobKind } from '../../plugins/client/index.ts';
import type { FormJsonSchema } from '../../schemas/jsonSchema.ts';
import { CliError } from './cliError.ts';
import { JOB_KINDS, KIND_PATHS, CREATION_ENDPOINTS } from '../routes/creation.ts';
import { endpointBody } from '../routes/submit.ts';

/** Every kind, by the server's names (former names are taken too: kindOf). */
export const KINDS = JOB_KINDS;

/** The kind a name given on the command line or in jobs.json stands for. */
export function kindNamed(name: unknown): JobKind | undefined {
  return typeof name === 'string' ? kindOf(name) : undefined;
}

/** Each kind's multipart body, as the server validates it and /openapi.json publishes it. */
export const BODIES = Object.fromEntries(KINDS.map((kind) => [kind, endpointBody(CREATION_ENDPOINTS[KIND_PATHS[kind]]!)])) as Record<JobKind, FormJsonSchema>;

/** The file fields of each kind: `many` ones repeat (a list of paths), the others take one path. */
export const FILE_FIELDS = Object.fromEntries(KINDS.map((kind) => {
  const files = Object.entries(BODIES[kind].properties).flatMap(([name, p]): [string, 'one' | 'many'][] =>
    p.format === 'binary' ? [[name, 'one']] : p.type === 'array' ? [[name, 'many']] : []);
  return [kind, Object.fromEntries(files)];
})) as Record<JobKind, Record<string, 'one' | 'many'>>;

/** Every path a job's fields name, resolved against `baseDir` (paths are checked before anything is sent). */
export function filePaths(kind: JobKind, fields: Record<string, unknown>, baseDir: string): { field: string; path: string }[] {
  const out: { field: string; path: string }[] = [];
  for (const [field, arity] of Object.entries(FILE_FIELDS[kind])) {
    const value = fields[field];
    if (value === undefined || value === null) continue;
    const list = Array.isArray(value) ? value : [value];
    if (arity === 'one' && list.length !== 1) throw new CliError(`${field}: takes one file path, got ${list.length}`);
    for (const p of list) {
      if (typeof p !== 'string' || p === '') throw new CliError(`${field}: expected a file path${arity === 'many' ? ' or a list of paths' : ''}, got ${JSON.stringify(p)}`);
      out.push({ field, path: resolve(baseDir, p) });
    }
  }
  return out;
}

/**
 * A JSON-valued field holding a list (`rows`) may name a JSON file instead (anything not starting
 * like JSON is a path): the field and the path, for each such field given.
 */
function jsonPaths(kind: JobKind, fields: Record<string, unknown>, baseDir: string): { field: string; path: string }[] {
  return Object.entries(BODIES[kind].properties).flatMap(([field, p]) => {
    const value = fields[field];
    const list = (p.contentSchema as { type?: string } | undefined)?.type === 'array';
    return list && typeof value === 'string' && value.trim() !== '' && !/^\s*[[{]/.test(value) ? [{ field, path: resolve(baseDir, value) }] : [];
  });
}

/** Fails with the first unreadable file, naming the field and the path as resolved. */
export async function checkFiles(kind: JobKind, fields: Record<string, unknown>, baseDir: string): Promise<void> {
  for (const { field, path } of [...filePaths(kind, fields, baseDir), ...jsonPaths(kind, fields, baseDir)]) {
    await access(path).catch((err: NodeJS.ErrnoException) => {
      throw new CliError(`${field}: cannot read ${path} (${err.code ?? err.message})`);
    });
  }
}

/**
 * Reads every file field into bytes and writes the JSON-valued fields the way the API reads them:
 * `sprite_grid` also as "6x6", a list (`rows`) as a list, a JSON string, or the path of a JSON file.
 */
export async function loadFields(kind: JobKind, fields: Record<string, unknown>, baseDir: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...fields };
  const byField = new Map<string, FileInput[]>();
  for (const { field, path } of filePaths(kind, fields, baseDir)) {
    byField.set(field, [...(byField.get(field) ?? []), await readUpload(field, path)]);
  }
  for (const [field, files] of byField) out[field] = FILE_FIELDS[kind][field] === 'many' ? files : files[0];
  if (typeof out.sprite_grid === 'string') out.sprite_grid = parseGrid(out.sprite_grid);
  // Sent as written: the server's 400 says what is wrong with the list.
  for (const { field, path } of jsonPaths(kind, fields, baseDir)) {
    out[field] = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new CliError(`${field}: cannot read ${path} (${err.code ?? err.message})`);
    });
  }
  return out;
}

/** The file at `path` as an upload of `field` (named after the file, its type from its bytes). */
export async function readUpload(field: string, path: string): Promise<FileInput> {
  const data = await readFile(path).catch((err: NodeJS.ErrnoException) => {
    throw new CliError(`${field}: cannot read ${path} (${err.code ?? err.message})`);
  });
  return { data: new Uint8Array(data), name: basename(path), type: mimeOf(data) };
}

/** "6x6" -> {columns: 6, rows: 6}; anything else is sent as written, for the server's own message. */
export function parseGrid(value: string): unknown {
  const m = /^\s*(\d+)\s*[xX×]\s*(\d+)\s*$/.exec(value);
  return m ? { columns: Number(m[1]), rows: Number(m[2]) } : value;
}

/** The part's content type, from the first bytes (the server detects formats the same way). */
function mimeOf(data: Uint8Array): string {
  if (data[0] === 0x89 && data[1] === 0x50) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8) return 'image/jpeg';
  if (data[0] === 0x47 && data[1] === 0x49) return 'image/gif';
  if (data[8] === 0x57 && data[9] === 0x45) return 'image/webp';
  return 'application/octet-stream';
}
