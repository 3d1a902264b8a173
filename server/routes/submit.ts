// The one job-creation pipeline every endpoint goes through, in docs/contract.md §1's order:
// (auth ran before) schema 422 -> the endpoint's 400 rules (probing files in the pool) -> credits 402
// -> queue 503 -> job created and charged in one step, on disk -> 200 {job_id}. The inputs are the
// uploads as received (upload.ts wrote them to <data>/inputs): kept, not copied or moved.
// Nothing is written, charged or queued for a request that fails any check.
import { createHash, randomUUID } from 'node:crypto';
import { relative } from 'node:path';
import type { Context, Middleware } from 'koa';
import * as v from 'valibot';
import type { Upload } from '../../schemas/fields.ts';
import { toValidationEntries } from '../../schemas/formErrors.ts';
import { formJsonSchema, type FormJsonSchema } from '../../schemas/jsonSchema.ts';
import { fail, M, type Probe } from '../../schemas/rules.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import type { InputFile, JobSpec } from '../../workers/specs.ts';
import type { ProbeInfo } from '../../workers/types.ts';
import { ApiError, storageError, unprocessable } from '../errors.ts';
import type { Runner } from '../jobs/runner.ts';
import { InsufficientCredits, type JobKind, type JobRequest, type JobStore, type User } from '../jobs/types.ts';
import { probeUpload, type Form, type UploadState } from '../upload.ts';
import { sendJson } from '../json.ts';

/** Registers an upload as an input of the job; answers the input as the spec stores it. */
export type Keep = (upload: Upload, info: ProbeInfo) => InputFile;

export interface Endpoint<I, C> {
  kind: JobKind;
  /** What a finished job holds: a sheet (sheet.json at metadata_url) or pictures only. */
  result: 'sheet' | 'picture';
  schema: v.GenericSchema<unknown, I>;
  /** Every 400 message its rules may send (its error table), for /openapi.json. */
  messages: readonly string[];
  /** The `frame` values its rules allow, where they check one (the schema takes any integer). */
  frames?: readonly number[];
  rules(input: I, probe: Probe): Promise<C>;
  cost(input: I, checked: C): number;
  spec(input: I, checked: C, keep: Keep): JobSpec;
}

/** Any endpoint, its input and checked types erased (the route tables and the OpenAPI builder hold several). */
export type AnyEndpoint = Endpoint<any, any>;

/** The endpoint's multipart body as JSON Schema, its `frame` limited to the values its rules allow. */
export function endpointBody(endpoint: AnyEndpoint): FormJsonSchema {
  const body = formJsonSchema(endpoint.schema);
  if (endpoint.frames && body.properties.frame) body.properties.frame = { ...body.properties.frame, enum: [...endpoint.frames] };
  return body;
}

export interface SubmitDeps {
  /** Parses the multipart body into ctx.state.form (upload.ts). */
  upload: Middleware;
  store: JobStore;
  pool: WorkerPool;
  runner: Runner;
  dataDir: string;
}

export function submit<I, C>(endpoint: Endpoint<I, C>, deps: SubmitDeps) {
  return async (ctx: Context) => {
    const user = ctx.state.user as User;
    const probe: Probe = async (upload, accept) => {
      if (upload.size === 0) fail(M.invalidImage);
      const result = await probeUpload(ctx.state as UploadState, deps.pool, deps.runner.inputs, upload, [...accept]);
      return result.ok ? result.value : fail(M.invalidImage);
    };
    const parsed = v.safeParse(endpoint.schema, ctx.state.form);
    if (!parsed.success) throw unprocessable(toValidationEntries(parsed.issues));
    const input = parsed.output;
    const checked = await endpoint.rules(input, probe);
    const cost = endpoint.cost(input, checked);
    if (user.credits < cost) throw new ApiError(402, M.insufficientCredits);
    if (deps.runner.fullFor(user.id)) throw new ApiError(503, M.serverBusy, { 'Retry-After': '5' });

    const id = randomUUID();
    const kept = new Map<string, string>();
    const digests: string[] = [];
    const spec = endpoint.spec(input, checked, (upload, info) => {
      const path = relative(deps.dataDir, upload.path);
      kept.set(upload.path, path);
      digests.push(info.digest);
      return { path, info };
    });
    try {
      const request = requestOf(ctx.state.form as Form, input, kept);
      deps.store.createJob({ id, owner: user.id, kind: endpoint.kind, spec, cost, seed: seedOf(endpoint.kind, spec, digests), request });
    } catch (err) {
      if (err instanceof InsufficientCredits) throw new ApiError(402, M.insufficientCredits);
      throw err;
    }
    // Accepted only once on disk: a job that could not be saved is taken back (no charge, no job)
    // and its uploads are released as a refused request's are.
    try {
      await deps.store.flush();
    } catch (err) {
      deps.store.discardJob(id);
      throw storageError(err);
    }
    // From here the files are the job's: upload.ts leaves them in place.
    for (const path of kept.keys()) (ctx.state as UploadState).taken.add(path);
    deps.runner.enqueue(id, user.id);
    sendJson(ctx, { job_id: id });
  };
}

/**
 * The request as validated, for providers that forward it: the endpoint's own fields as sent (fields
 * its schema does not know are dropped, as the spec ignores them) and its kept files, in order.
 */
function requestOf(form: Form, input: unknown, kept: Map<string, string>): JobRequest {
  const known = typeof input === 'object' && input !== null ? input : {};
  const fields: Record<string, string> = {};
  const files: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(form)) {
    if (!(name in known)) continue;
    if (typeof value === 'string') fields[name] = value;
    else {
      const paths = value.map((u) => kept.get(u.path)).filter((p): p is string => p !== undefined);
      if (paths.length > 0) files[name] = paths;
    }
  }
  return { fields, files };
}

/** Same inputs, same seed: the kind, every parsed field and the content of every file, never paths. */
function seedOf(kind: JobKind, spec: JobSpec, digests: string[]) {
  const fields = JSON.stringify(spec, (key, value) => (key === 'path' ? undefined : value));
  return createHash('sha256').update(kind).update(fields).update(digests.join()).digest('hex');
}
