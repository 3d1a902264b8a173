// jobs.json -> the batch's entries, every problem found before anything is sent: a list of
// `{ "name"?, "kind", "fields" }`, names unique and usable as folder names (each entry's files go to
// `<out>/<name>/`), kinds by the server's names (or former ones), fields an object. Paths in fields stay relative to jobs.json.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { JobKind } from '../../plugins/client/index.ts';
import { CliError } from './cliError.ts';
import { kindNamed, KINDS } from './fields.ts';

export interface Entry {
  /** 1-based position in jobs.json, for messages. */
  index: number;
  name: string;
  kind: JobKind;
  fields: Record<string, unknown>;
  /** Changes when the entry's kind or fields change, so a re-run does not skip an edited entry. */
  fingerprint: string;
}

/** A folder name on every OS: no separators, no leading dot (hidden, or "." / ".."). */
const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;

export async function readJobsFile(path: string): Promise<Entry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch (err) {
    throw new CliError(`${path} is not valid JSON: ${(err as Error).message}`);
  }
  return parseEntries(list, path);
}

export function parseEntries(list: unknown, source = 'jobs.json'): Entry[] {
  if (!Array.isArray(list)) throw new CliError(`${source} must hold a JSON list of jobs, like [{"name": "hero-jump", "kind": "zenith", "fields": {...}}]`);
  const width = String(list.length).length;
  const problems: string[] = [];
  const entries: Entry[] = [];
  const seen = new Map<string, number>();
  list.forEach((raw: unknown, i) => {
    const where = `entry ${i + 1}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return problems.push(`${where}: must be an object with "kind" and "fields"`);
    const { name: rawName, kind, fields } = raw as Record<string, unknown>;
    const name = rawName === undefined ? `${String(i + 1).padStart(width, '0')}-${String(kind).replaceAll('/', '-')}` : rawName;
    const label = typeof rawName === 'string' ? `${where} (${rawName})` : where;
    if (typeof name !== 'string' || !NAME.test(name)) return problems.push(`${label}: name must be letters, digits, "_", "-" or "." (it names the entry's folder), got ${JSON.stringify(rawName)}`);
    const first = seen.get(name);
    if (first !== undefined) return problems.push(`${label}: the name "${name}" is already used by entry ${first}`);
    seen.set(name, i + 1);
    const known = kindNamed(kind);
    if (!known) return problems.push(`${label}: kind must be one of ${KINDS.join(', ')}, got ${JSON.stringify(kind)}`);
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return problems.push(`${label}: "fields" must be an object of the endpoint's fields`);
    const fingerprint = createHash('sha256').update(JSON.stringify([kind, fields])).digest('hex').slice(0, 16);
    entries.push({ index: i + 1, name, kind: known, fields: fields as Record<string, unknown>, fingerprint });
  });
  if (problems.length) throw new CliError(`${source}:\n  ${problems.join('\n  ')}`);
  return entries;
}
