// Runs a batch's planned entries, at most `concurrency` in progress, and records each step in the
// state file as it happens. Submissions go one at a time (uploads are quick next to the jobs): the
// server then queues entries in the jobs file's order, and a kill can leave at most one request whose
// fate is unknown. A submission is never cut short by a stop: it finishes and its job id is recorded,
// so the next run waits on that job instead of submitting the entry again.
import { rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { download } from '../../plugins/client/download.ts';
import { describe, SpritekilnError, type Job, type SpritekilnClient } from '../../plugins/client/index.ts';
import type { Plan } from './batchPlan.ts';
import type { BatchState } from './batchState.ts';
import type { CliError } from './cliError.ts';
import { estimateCost } from './cost.ts';
import { explain } from './explain.ts';
import { loadFields } from './fields.ts';
import { submit, waitJob } from './jobSteps.ts';
import type { Connection } from './localKey.ts';
import type { ProgressBar } from './progressBar.ts';

export interface Outcome {
  name: string;
  result: 'done' | 'failed' | 'skipped' | 'unfinished';
  cost?: number;
  /** What went wrong (failed), or where the entry was left (unfinished). */
  message: string;
}

export interface BatchRunOptions {
  client: SpritekilnClient;
  conn: Connection;
  state: BatchState;
  bar: ProgressBar;
  /** jobs.json's folder: file fields are relative to it. */
  baseDir: string;
  outDir: string;
  concurrency: number;
}

export class BatchRun {
  /** Why the run stopped early (a signal, the server gone, the key refused). */
  stoppedBy?: CliError;
  readonly #o: BatchRunOptions;
  readonly #abort = new AbortController();
  #submitting: Promise<unknown> = Promise.resolve();
  readonly #running = new Map<string, number>();
  readonly #counts = { total: 0, done: 0, failed: 0, skipped: 0 };
  #note: string | undefined;

  constructor(options: BatchRunOptions) {
    this.#o = options;
  }

  stop(reason: CliError) {
    if (this.stoppedBy) return;
    this.stoppedBy = reason;
    this.#abort.abort(reason);
  }

  async run(plans: Plan[]): Promise<Outcome[]> {
    const outcomes: (Outcome | undefined)[] = new Array(plans.length);
    this.#counts.total = plans.length;
    const queue: { i: number; plan: Exclude<Plan, { action: 'skip' }> }[] = [];
    plans.forEach((plan, i) => {
      if (plan.action === 'skip') {
        this.#counts.skipped++;
        outcomes[i] = { name: plan.entry.name, result: 'skipped', cost: plan.previous.cost, message: '' };
        this.#o.bar.log(`skipped ${plan.entry.name} (done by an earlier run)`);
      } else {
        if (plan.action === 'run' && plan.warning) this.#o.bar.log(`warning: ${plan.warning}`);
        queue.push({ i, plan });
      }
    });
    this.#redraw();
    const worker = async () => {
      for (let next = queue.shift(); next && !this.stoppedBy; next = queue.shift()) outcomes[next.i] = await this.#entry(next.plan);
    };
    await Promise.all(Array.from({ length: Math.min(this.#o.concurrency, queue.length) }, worker));
    return plans.map((p, i) => outcomes[i] ?? { name: p.entry.name, result: 'unfinished', message: 'not started' });
  }

  async #entry(plan: Exclude<Plan, { action: 'skip' }>): Promise<Outcome> {
    const { client, state, bar, conn } = this.#o;
    const { name, kind, fingerprint } = plan.entry;
    let jobId = plan.action === 'resume' ? plan.jobId : undefined;
    let cost = plan.action === 'resume' ? plan.cost : undefined;
    this.#running.set(name, 0);
    this.#redraw();
    try {
      if (jobId) bar.log(`waiting for ${name} (job ${jobId}, submitted by an earlier run)`);
      else {
        const fields = await loadFields(kind, plan.entry.fields, this.#o.baseDir);
        cost = estimateCost(kind, fields);
        jobId = await this.#oneAtATime(async () => {
          if (this.stoppedBy) throw this.stoppedBy;
          state.set(name, { status: 'submitting', fingerprint });
          try {
            const id = await submit(client, kind, fields);
            state.set(name, { status: 'submitted', fingerprint, jobId: id, cost });
            return id;
          } catch (err) {
            // An HTTP answer means nothing was created. A network error leaves "submitting": unknown.
            if (err instanceof SpritekilnError) state.set(name, { status: 'failed', fingerprint, error: describe(err.detail) });
            throw err;
          }
        });
        bar.log(`submitted ${name} (job ${jobId}${cost === undefined ? '' : `, ${cost} credits`})`);
      }
      const job = await waitJob(client, jobId, {
        signal: this.#abort.signal,
        onProgress: (p) => (this.#running.set(name, p), this.#redraw()),
        onNote: (note) => ((this.#note = note), this.#redraw()),
      });
      const files = await this.#download(name, job);
      state.set(name, { status: 'done', fingerprint, jobId, files, cost });
      this.#counts.done++;
      bar.log(`done ${name}: ${listFiles(files)}`, process.stdout);
      return { name, result: 'done', cost, message: '' };
    } catch (err) {
      if (this.#abort.signal.aborted) return { name, result: 'unfinished', message: jobId ? `job ${jobId} is recorded; the next run waits for it` : 'not submitted' };
      if (plan.action === 'resume' && err instanceof SpritekilnError && err.status === 404 && err.detail === 'Job not found') {
        bar.log(`${name}: the server does not know job ${jobId} (pruned, or another server?): submitting it again`);
        this.#running.delete(name);
        return this.#entry({ action: 'run', entry: plan.entry });
      }
      const problem = await explain(err, { conn, client, label: name, cost });
      if (problem.fatal) {
        this.stop(problem);
        return { name, result: 'unfinished', message: problem.message };
      }
      state.set(name, { status: 'failed', fingerprint, jobId, error: problem.message });
      this.#counts.failed++;
      bar.log(`failed ${problem.message}`);
      return { name, result: 'failed', message: problem.message };
    } finally {
      this.#running.delete(name);
      this.#redraw();
    }
  }

  /** Into `<out>/<name>/` whole: downloaded beside it, then swapped in, so a folder is never half an entry. */
  async #download(name: string, job: Job): Promise<string[]> {
    const dir = join(this.#o.outDir, name);
    const partial = join(this.#o.outDir, `.${name}.partial`);
    await rm(partial, { recursive: true, force: true });
    const written = await download(job, partial);
    await rm(dir, { recursive: true, force: true });
    await rename(partial, dir);
    return written.map((p) => basename(p));
  }

  #oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#submitting.then(fn);
    this.#submitting = result.catch(() => undefined);
    return result;
  }

  #redraw() {
    this.#o.bar.update({ ...this.#counts, running: this.#running, note: this.#note });
  }
}

/** "sheet.png, anim.gif, sheet.json"; a long list (make-sprite's frames) as a count and its ends. */
function listFiles(files: string[]): string {
  return files.length <= 6 ? files.join(', ') : `${files.length} files: ${files.slice(0, 3).join(', ')} … ${files.at(-1)}`;
}
