// `upstream`: a remote service speaking this same API (the hosted original, or another spritekiln).
// The job's validated request is sent as it came, with the configured key; the remote job id is
// saved on the job record (on disk) before the first poll, so after a restart the job is picked up
// by that id and never sent twice. Polls follow the remote's pace (?wait= long-polls where supported,
// otherwise at most one every pollIntervalMs). Every result file is downloaded into the local result
// folder under its own name, so the URLs a client sees are local and stay valid.
// A remote that answers a sheet job without sheet.json (the hosted original: only a sheet PNG and a
// GIF, a GIF and frame PNGs, or effect images, under its own names) gets the usual pipeline after
// the download: the worker pool's finish task turns its pictures into the engine's file set for the
// spec (sheet.png, anim.gif, frame PNGs, sheet.json, sprite_frames.tres, pack.json, the pixel-art
// palette lock). A spritekiln upstream sends sheet.json, so its files are kept byte for byte.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { detectFormat } from '../../workers/codecs/detect.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import type { JobSpec, RenderOutput } from '../../workers/specs.ts';
import { KIND_PATHS } from '../routes/creation.ts';
import { detailOf, exchange, httpOptions, jsonOf, type HttpAnswer } from './http.ts';
import type { ProviderSettings } from './providerConfig.ts';
import { failed, ProviderError, type Provider, type ProviderContext, type ProviderJob, type ProviderResult } from './provider.ts';


/** A result file name as we will store it: one path segment, nothing that climbs out of the folder. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

interface RemoteJob {
  status: 'Pending' | 'Succeed' | 'Failed';
  image_urls: string[];
  progress?: number;
  error?: string;
  metadata_url?: string;
}

export class UpstreamProvider implements Provider {
  readonly name: string;
  constructor(
    private readonly settings: ProviderSettings,
    private readonly pool: WorkerPool,
  ) {
    this.name = settings.name;
  }

  async run(job: ProviderJob, ctx: ProviderContext): Promise<ProviderResult> {
    try {
      let remoteId = typeof ctx.state?.remoteId === 'string' ? ctx.state.remoteId : undefined;
      if (remoteId) ctx.log(`job ${job.id}: resuming upstream job ${remoteId}`);
      else {
        remoteId = await this.#submit(job, ctx);
        await ctx.saveState({ remoteId });
      }
      const done = await this.#poll(remoteId, ctx);
      if (!done.metadata_url && makesSheet(job.spec)) return { ok: true, value: await this.#finish(done, remoteId, job, ctx) };
      return { ok: true, value: await this.#download(done, ctx) };
    } catch (err) {
      if (err instanceof ProviderError) return failed(err.message);
      throw err;
    }
  }

  #auth(): Record<string, string> {
    return { Authorization: `Bearer ${this.settings.key ?? ''}` };
  }

  async #submit(job: ProviderJob, ctx: ProviderContext): Promise<string> {
    if (!job.request) throw new ProviderError('upstream: this job was created before providers were configured and cannot be forwarded');
    const form = new FormData();
    for (const [name, value] of Object.entries(job.request.fields)) form.append(name, value);
    for (const [name, paths] of Object.entries(job.request.files)) {
      for (const [i, path] of paths.entries()) {
        // Inputs are stored under random names: send a file name a client would (images-0.png).
        const bytes = await readFile(path);
        form.append(name, new Blob([bytes]), `${name}-${i}.${detectFormat(bytes) ?? 'bin'}`);
      }
    }
    const url = `${this.settings.baseUrl}/public/v1${KIND_PATHS[job.kind]}`;
    const answer = await exchange(url, { method: 'POST', body: form, headers: this.#auth() }, httpOptions(this.settings, ctx.signal, false));
    if (answer.status !== 200) throw this.#refused('refused the job', answer);
    const id = (jsonOf(answer) as { job_id?: unknown } | undefined)?.job_id;
    if (typeof id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new ProviderError('upstream: malformed answer to the job request (no job_id)');
    ctx.log(`job ${job.id}: sent upstream as ${id}`);
    return id;
  }

  async #poll(remoteId: string, ctx: ProviderContext): Promise<RemoteJob> {
    const { pollSeconds, pollIntervalMs, baseUrl } = this.settings;
    const url = `${baseUrl}/public/v1/job/${encodeURIComponent(remoteId)}${pollSeconds > 0 ? `?wait=${pollSeconds}` : ''}`;
    for (;;) {
      const started = Date.now();
      const answer = await exchange(url, { headers: this.#auth() }, httpOptions(this.settings, ctx.signal, true, pollSeconds * 1000));
      if (answer.status === 404) throw new ProviderError(`upstream: job ${remoteId} not found there (404)`);
      if (answer.status !== 200) throw this.#refused(`answered for job ${remoteId}`, answer);
      const remote = parseJob(jsonOf(answer));
      if (!remote) throw new ProviderError(`upstream: malformed status of job ${remoteId}`);
      if (remote.status === 'Succeed') return remote;
      if (remote.status === 'Failed') throw new ProviderError(`upstream job failed: ${remote.error ?? 'no reason given'}`);
      if (typeof remote.progress === 'number') ctx.progress(0.9 * remote.progress);
      const rest = pollIntervalMs - (Date.now() - started);
      if (rest > 0) await delay(rest, undefined, { signal: ctx.signal });
    }
  }

  /** One result file, with the key only when it is on the remote's own origin. */
  async #fetch(url: string, name: string, ctx: ProviderContext): Promise<HttpAnswer> {
    const headers = new URL(url).origin === new URL(this.settings.baseUrl).origin ? this.#auth() : undefined;
    const answer = await exchange(url, { headers }, httpOptions(this.settings, ctx.signal, true));
    if (answer.status !== 200) throw new ProviderError(`upstream: download of ${name} failed (${answer.status})`);
    return answer;
  }

  /**
   * A sheet job answered without sheet.json: its pictures are downloaded aside (a hidden folder of
   * the result folder, removed after) and the finish task writes the engine's file set from them.
   */
  async #finish(remote: RemoteJob, remoteId: string, job: ProviderJob, ctx: ProviderContext): Promise<RenderOutput> {
    const names = remote.image_urls.map((url) => nameOf(url));
    const staging = join(ctx.outDir, '.received');
    await mkdir(staging, { recursive: true });
    try {
      const inputs: string[] = [];
      const seen = new Set<string>();
      for (const [i, url] of remote.image_urls.entries()) {
        if (seen.has(url)) continue;
        seen.add(url);
        const path = join(staging, `${i}-${names[i]!}`);
        await writeFile(path, (await this.#fetch(url, names[i]!, ctx)).body);
        inputs.push(path);
      }
      ctx.progress(0.95);
      const source = { provider: this.name, remoteJob: remoteId };
      const result = await this.pool.finish({ spec: job.spec, inputs, outDir: ctx.outDir, seed: job.seed, source }, ctx.signal);
      if (!result.ok) throw new ProviderError(`upstream: ${result.message}`);
      ctx.progress(1);
      return result.value;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  async #download(remote: RemoteJob, ctx: ProviderContext) {
    const outputs = remote.image_urls.map((url) => nameOf(url));
    const fetched = new Set<string>();
    const get = async (url: string, name: string) => {
      if (fetched.has(name)) return;
      fetched.add(name);
      const answer = await this.#fetch(url, name, ctx);
      await writeFile(join(ctx.outDir, name), answer.body);
      return answer;
    };
    for (const [i, url] of remote.image_urls.entries()) await get(url, outputs[i]!);
    let metadata: string | undefined;
    if (remote.metadata_url) {
      metadata = nameOf(remote.metadata_url);
      const answer = await get(remote.metadata_url, metadata);
      const meta = (answer && (jsonOf(answer) as { meta?: { image?: unknown; exports?: unknown } } | undefined))?.meta;
      if (!meta) throw new ProviderError(`upstream: ${metadata} is not valid JSON`);
      const base = remote.metadata_url.slice(0, remote.metadata_url.lastIndexOf('/') + 1);
      const extra = [meta.image, ...Object.values((meta.exports as Record<string, unknown> | undefined) ?? {})];
      for (const file of extra) {
        if (typeof file !== 'string') continue;
        if (!SAFE_NAME.test(file)) throw new ProviderError(`upstream: ${metadata} names an unusable file "${file.slice(0, 40)}"`);
        await get(base + file, file);
      }
    }
    ctx.progress(1);
    return { files: outputs, ...(metadata ? { metadata } : {}) };
  }

  #refused(what: string, answer: HttpAnswer) {
    const detail = detailOf(answer);
    const hint = answer.status === 401 ? ` (check the key in ${this.settings.keyEnv})` : '';
    return new ProviderError(`upstream ${what}: ${answer.status}${detail ? ` ${detail}` : ''}${hint}`);
  }
}

/** Jobs whose local result carries sheet.json (animations and effect sheets). */
function makesSheet(spec: JobSpec): boolean {
  return spec.kind === 'animate' || spec.kind === 'restyle' || spec.kind === 'effect';
}

function nameOf(url: string): string {
  let name: string;
  try {
    name = decodeURIComponent(basename(new URL(url).pathname));
  } catch {
    throw new ProviderError(`upstream: malformed result URL "${url.slice(0, 80)}"`);
  }
  if (!SAFE_NAME.test(name)) throw new ProviderError(`upstream: unusable result file name "${name.slice(0, 40)}"`);
  return name;
}

function parseJob(body: unknown): RemoteJob | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const j = body as Record<string, unknown>;
  if (j.status !== 'Pending' && j.status !== 'Succeed' && j.status !== 'Failed') return undefined;
  const urls = j.image_urls ?? [];
  if (!Array.isArray(urls) || !urls.every((u) => typeof u === 'string' && /^https?:\/\//.test(u))) return undefined;
  if (j.status === 'Succeed' && urls.length === 0) return undefined;
  if (j.metadata_url !== undefined && (typeof j.metadata_url !== 'string' || !/^https?:\/\//.test(j.metadata_url))) return undefined;
  return {
    status: j.status,
    image_urls: urls as string[],
    progress: typeof j.progress === 'number' ? j.progress : undefined,
    error: typeof j.error === 'string' ? j.error : undefined,
    metadata_url: j.metadata_url as string | undefined,
  };
}
