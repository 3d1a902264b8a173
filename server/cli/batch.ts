// `spritekiln batch jobs.json [--out dir] [--concurrency N]`: many jobs, at most N at a time,
// resumable (see batchState.ts), with a progress bar on stderr and a summary with credits spent.
// Local problems (the jobs file, missing input files, no key) stop it before anything is sent; a
// job the server refuses or that fails is one failed entry; a server that cannot be reached or a
// key it refuses stops the rest (their recorded jobs are picked up by the next run).
import { mkdirSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SpritekilnClient, type Account } from '../../plugins/client/index.ts';
import { planEntries } from './batchPlan.ts';
import { BatchRun, type Outcome } from './batchRun.ts';
import { BATCH_LOCK, BatchState } from './batchState.ts';
import { takeLock } from '../lock.ts';
import { CliError } from './cliError.ts';
import { processIo, type CliIo } from './cliIo.ts';
import { explain } from './explain.ts';
import { checkFiles } from './fields.ts';
import { readJobsFile } from './jobsFile.ts';
import { resolveConnection } from './localKey.ts';
import { ProgressBar } from './progressBar.ts';

export const BATCH_USAGE = `usage: spritekiln batch jobs.json [--out dir] [--concurrency N] [--server URL] [--key KEY]
  jobs.json   a JSON list: [{"name": "hero-jump", "kind": "zenith", "fields": {"mode": "image_to_video",
              "images": ["hero.png"], "text": "jump", "frame": 36}}, ...]; file fields are paths relative
              to jobs.json; "name" (the entry's folder) defaults to its position and kind
  --out dir   default: <jobs file's folder>/<its name>-out; each entry's files go to <out>/<name>/
  --concurrency N   jobs in progress at once (default 2)
  Re-running the same command resumes: finished entries are skipped, submitted ones are waited on.`;

export async function runBatch(argv: string[], io: CliIo = processIo()): Promise<number> {
  const err = io.stderr;
  const bar = new ProgressBar(err);
  let release = () => {};
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { out: { type: 'string' }, concurrency: { type: 'string' }, server: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) return (console.log(BATCH_USAGE), 0);
    const [jobsArg, extra] = positionals;
    if (!jobsArg) throw new CliError(`which jobs file?\n${BATCH_USAGE}`);
    if (extra !== undefined) throw new CliError(`unexpected "${extra}": one jobs file a run`);
    const concurrency = Number(values.concurrency ?? 2);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new CliError(`--concurrency must be a whole number from 1 to 64, got "${values.concurrency}"`);

    const jobsPath = resolve(io.cwd, jobsArg);
    const baseDir = dirname(jobsPath);
    const entries = await readJobsFile(jobsPath);
    const outDir = resolve(io.cwd, values.out ?? join(baseDir, `${basename(jobsPath, extname(jobsPath))}-out`));
    const conn = resolveConnection({ server: values.server, key: values.key }, io.env);
    const client = new SpritekilnClient({ baseUrl: conn.url, apiKey: conn.key });
    // One run at a time on an output folder: a second would submit every entry again and race on its files.
    mkdirSync(outDir, { recursive: true });
    release = takeLock(join(outDir, BATCH_LOCK), (pid) => new CliError(`another spritekiln batch${pid ? ` (pid ${pid})` : ''} is running on ${relative(io.cwd, outDir) || outDir}: wait for it to end (it resumes where it stopped if interrupted), then run this again`, 1));
    const state = BatchState.open(outDir, conn.url);
    const plans = await planEntries(entries, state, outDir);

    // Every input file of every entry that will run, checked before the first credit is spent.
    const missing: string[] = [];
    for (const p of plans) if (p.action === 'run') await checkFiles(p.entry.kind, p.entry.fields, baseDir).catch((e: Error) => missing.push(`${p.entry.name}: ${e.message}`));
    if (missing.length) throw new CliError(`${relative(io.cwd, jobsPath) || jobsPath}: input files missing, nothing was sent:\n  ${missing.join('\n  ')}`);

    if (state.server !== conn.url) bar.log(`note: ${state.path} was recorded against ${state.server}; its job ids are looked up on ${conn.url}`);
    let before: Account;
    try {
      before = await client.account();
    } catch (e) {
      throw await explain(e, { conn, client });
    }

    const run = new BatchRun({ client, conn, state, bar, baseDir, outDir, concurrency });
    const stop = (signal: string) => run.stop(new CliError(`${signal}: stopped; re-run the same command to resume`, 130, true));
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
    let outcomes: Outcome[];
    try {
      outcomes = await run.run(plans);
    } finally {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      bar.finish();
    }
    const after = await client.account().catch(() => undefined);
    console.log(summary(outcomes, before, after, outDir, io.cwd));
    if (run.stoppedBy) {
      err.write(`spritekiln batch: ${run.stoppedBy.message}\n`);
      return run.stoppedBy.exitCode;
    }
    return outcomes.some((o) => o.result !== 'done' && o.result !== 'skipped') ? 1 : 0;
  } catch (e) {
    bar.finish();
    const problem = e instanceof CliError ? e : new CliError(e instanceof Error ? e.message : String(e), 1);
    const parseProblem = (e as { code?: string } | undefined)?.code?.startsWith('ERR_PARSE_ARGS');
    err.write(`spritekiln batch: ${problem.message}${parseProblem ? '; see spritekiln batch --help' : ''}\n`);
    return parseProblem ? 2 : problem.exitCode;
  } finally {
    release();
  }
}

/**
 * "summary: done 5 · failed 1 · skipped 2 · credits spent 34 (balance 1000 → 966)", then a line per
 * entry: its result, its price by the price table (what the server charged, unless it failed and was
 * refunded), and where its files are or what went wrong.
 */
export function summary(outcomes: Outcome[], before: Account, after: Account | undefined, outDir: string, cwd: string): string {
  const count = (r: Outcome['result']) => outcomes.filter((o) => o.result === r).length;
  const parts = [`done ${count('done')}`, `failed ${count('failed')}`, `skipped ${count('skipped')}`];
  if (count('unfinished')) parts.push(`unfinished ${count('unfinished')}`);
  parts.push(after ? `credits spent ${before.credits - after.credits} (balance ${before.credits} → ${after.credits})` : 'credits spent: unknown (the server stopped answering)');
  const width = Math.max(0, ...outcomes.map((o) => o.name.length));
  const lines = [`summary: ${parts.join(' · ')}`];
  for (const o of outcomes) {
    const price = o.cost === undefined ? '' : `${o.cost} credits${o.result === 'skipped' ? ', earlier run' : ''}`;
    const where = o.result === 'done' || o.result === 'skipped' ? relative(cwd, join(outDir, o.name)) || '.' : o.message.replace(`${o.name}: `, '');
    lines.push(`  ${o.result.padEnd(10)} ${o.name.padEnd(width)}  ${(o.result === 'failed' ? '' : price).padEnd(22)} ${where}`.trimEnd());
  }
  return lines.join('\n');
}
