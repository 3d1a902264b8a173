// Which provider runs which job: spritekiln.config.json (in the working directory, or the file named
// by SPRITEKILN_CONFIG), then environment overrides. Secrets are never in the file: an entry names
// the environment variable that holds its key ("keyEnv"), read here once, kept in memory only.
// Everything is checked at start-up, so a typo or a missing key stops the server with a message
// naming it rather than failing jobs later.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { JobKind } from '../jobs/types.ts';
import { JOB_KINDS } from '../routes/creation.ts';
import { AI_MODELS, neutralModel } from '../../schemas/generateImage.ts';

export const PROVIDER_TYPES = ['local', 'upstream', 'images-api', 'generate-content'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];


/** One configured backend, its secret resolved. */
export interface ProviderSettings {
  name: string;
  type: ProviderType;
  baseUrl: string;
  /** The remote's model name (images-api, generate-content). */
  model?: string;
  /** The variable the key came from (for messages), and the key itself (memory only). */
  keyEnv?: string;
  key?: string;
  /** Per request; a slower answer is a failure (default 120 s, upstream 60 s). */
  timeoutMs: number;
  /** Attempts after the first, for transient errors (network, 5xx, 429/503). */
  retries: number;
  /** First backoff step, doubled each retry (capped at 30 s); a Retry-After header wins. */
  backoffMs: number;
  /** upstream: shortest time between two status polls, and the ?wait= asked for. */
  pollIntervalMs: number;
  pollSeconds: number;
  /** images-api: the response_format sent; false sends none (models that always answer b64_json). */
  responseFormat: 'b64_json' | 'url' | false;
}

export interface ProviderPlan {
  /** Every provider in use, by name ("local" always there). */
  providers: Map<string, ProviderSettings>;
  /** Provider name per job kind. */
  kinds: Map<JobKind, string>;
  /** generate/image: provider name per ai_model (wins over kinds). */
  models: Map<string, string>;
  /** Where the config came from, for the start-up log; undefined = none (built-in engine only). */
  source?: string;
}

interface FileEntry {
  type?: unknown; baseUrl?: unknown; model?: unknown; keyEnv?: unknown; key?: unknown;
  timeoutMs?: unknown; retries?: unknown; backoffMs?: unknown; pollIntervalMs?: unknown; pollSeconds?: unknown; responseFormat?: unknown;
}

const envName = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

export function loadProviderPlan(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ProviderPlan {
  const path = env.SPRITEKILN_CONFIG ? resolve(cwd, env.SPRITEKILN_CONFIG) : resolve(cwd, 'spritekiln.config.json');
  let file: Record<string, unknown> = {};
  let source: string | undefined;
  if (env.SPRITEKILN_CONFIG && !existsSync(path)) throw new Error(`SPRITEKILN_CONFIG names ${path}, which does not exist`);
  if (existsSync(path)) {
    source = path;
    try {
      file = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    } catch (err) {
      throw new Error(`${path}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    if (typeof file !== 'object' || file === null || Array.isArray(file)) throw new Error(`${path}: expected a JSON object`);
  }
  const where = source ?? 'the environment';
  const problem = (msg: string) => new Error(`${where}: ${msg}`);

  const entries = new Map<string, FileEntry>([['local', { type: 'local' }]]);
  const declared = objectOf(file.providers, 'providers', problem);
  for (const [name, raw] of Object.entries(declared)) {
    if (name === 'local') throw problem('"local" is the built-in engine and cannot be redefined');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw problem(`providers.${name} must be an object`);
    entries.set(name, { ...(raw as FileEntry) });
  }
  // Environment overrides of an entry's address and model: SPRITEKILN_BASE_URL_<NAME>, SPRITEKILN_MODEL_<NAME>.
  for (const [name, entry] of entries) {
    const url = env[`SPRITEKILN_BASE_URL_${envName(name)}`];
    const model = env[`SPRITEKILN_MODEL_${envName(name)}`];
    if (url) entry.baseUrl = url;
    if (model) entry.model = model;
  }

  const kinds = new Map<JobKind, string>();
  const kindMap = { ...stringsOf(file.kinds, 'kinds', problem) };
  if (env.SPRITEKILN_PROVIDER) kindMap['*'] = env.SPRITEKILN_PROVIDER;
  for (const kind of JOB_KINDS) {
    const override = env[`SPRITEKILN_PROVIDER_${envName(kind)}`];
    if (override) kindMap[kind] = override;
  }
  for (const key of Object.keys(kindMap)) {
    if (key !== '*' && !JOB_KINDS.includes(key as JobKind)) throw problem(`kinds.${key}: not a job kind (one of *, ${JOB_KINDS.join(', ')})`);
  }
  for (const kind of JOB_KINDS) kinds.set(kind, kindMap[kind] ?? kindMap['*'] ?? 'local');

  // models: "Alpha Image 2": "name" or {"provider": "name", "model"?, "baseUrl"?, "keyEnv"?} (a variant of that provider).
  // Keyed by the neutral name, so an entry under either of a model's names routes both.
  const models = new Map<string, string>();
  for (const [named, raw] of Object.entries(objectOf(file.models, 'models', problem))) {
    const aiModel = neutralModel(named);
    if (!aiModel) throw problem(`models["${named}"]: not an ai_model (one of ${AI_MODELS.join(', ')})`);
    if (models.has(aiModel)) throw problem(`models["${named}"]: "${aiModel}" is mapped twice`);
    if (typeof raw === 'string') {
      models.set(aiModel, raw);
    } else if (typeof raw === 'object' && raw !== null && typeof (raw as { provider?: unknown }).provider === 'string') {
      const { provider, ...over } = raw as { provider: string } & FileEntry;
      const base = entries.get(provider);
      if (!base) throw problem(`models["${aiModel}"]: no provider named "${provider}"`);
      const variant = `${provider}[${aiModel}]`;
      entries.set(variant, { ...base, ...over });
      models.set(aiModel, variant);
    } else {
      throw problem(`models["${aiModel}"] must be a provider name or {"provider": name, "model": ...}`);
    }
  }

  const used = new Set(['local', ...kinds.values(), ...models.values()]);
  const providers = new Map<string, ProviderSettings>();
  for (const name of used) {
    const entry = entries.get(name);
    if (!entry) throw problem(`no provider named "${name}" (defined: ${[...entries.keys()].filter((n) => !n.includes('[')).join(', ')})`);
    providers.set(name, settingsOf(name, entry, env, problem));
  }
  for (const [kind, name] of kinds) {
    const type = providers.get(name)!.type;
    if ((type === 'images-api' || type === 'generate-content') && kind !== 'generate/image') {
      throw problem(`${kind} is mapped to "${name}", a ${type} provider, which only makes generate/image`);
    }
  }
  return { providers, kinds, models, source };
}

function settingsOf(name: string, e: FileEntry, env: NodeJS.ProcessEnv, problem: (m: string) => Error): ProviderSettings {
  const at = `providers.${name.replace(/\[.*$/, '')}`;
  const type = e.type;
  if (typeof type !== 'string' || !PROVIDER_TYPES.includes(type as ProviderType)) throw problem(`${at}.type must be one of ${PROVIDER_TYPES.join(', ')}`);
  if (e.key !== undefined) throw problem(`${at}: keys are not read from the config file; put the key in an environment variable and name it in "keyEnv"`);
  const num = (v: unknown, field: string, fallback: number) => {
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw problem(`${at}.${field} must be a number of at least 0`);
    return v;
  };
  const settings: ProviderSettings = {
    name,
    type: type as ProviderType,
    baseUrl: '',
    timeoutMs: num(e.timeoutMs, 'timeoutMs', type === 'upstream' ? 60_000 : 120_000),
    retries: Math.floor(num(e.retries, 'retries', 4)),
    backoffMs: num(e.backoffMs, 'backoffMs', 1000),
    pollIntervalMs: num(e.pollIntervalMs, 'pollIntervalMs', 1500),
    pollSeconds: Math.min(30, Math.floor(num(e.pollSeconds, 'pollSeconds', 10))),
    responseFormat: e.responseFormat === false || e.responseFormat === 'url' ? e.responseFormat : 'b64_json',
  };
  if (type === 'local') return settings;
  if (typeof e.baseUrl !== 'string' || !/^https?:\/\//.test(e.baseUrl)) throw problem(`${at}.baseUrl must be an http(s) URL`);
  settings.baseUrl = e.baseUrl.replace(/\/+$/, '');
  if (type !== 'upstream') {
    if (typeof e.model !== 'string' || e.model === '') throw problem(`${at}.model must name the remote model`);
    settings.model = e.model;
  }
  if (e.keyEnv !== undefined) {
    if (typeof e.keyEnv !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(e.keyEnv)) throw problem(`${at}.keyEnv must be an environment variable name`);
    const key = env[e.keyEnv];
    if (!key) throw new Error(`The environment variable ${e.keyEnv} is not set: provider "${name}" (${type}) takes its API key from it`);
    settings.keyEnv = e.keyEnv;
    settings.key = key;
  } else if (type === 'upstream') {
    throw problem(`${at}.keyEnv must name the environment variable holding the upstream's API key`);
  }
  return settings;
}

function objectOf(v: unknown, field: string, problem: (m: string) => Error): Record<string, unknown> {
  if (v === undefined) return {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw problem(`${field} must be an object`);
  return v as Record<string, unknown>;
}

function stringsOf(v: unknown, field: string, problem: (m: string) => Error): Record<string, string> {
  const o = objectOf(v, field, problem);
  for (const [k, s] of Object.entries(o)) if (typeof s !== 'string') throw problem(`${field}.${k} must be a provider name`);
  return o as Record<string, string>;
}
