// `spritekiln generate <kind> [flags] --out dir`: one job, from files on disk to files on disk.
// Progress goes to stderr, the written files to stdout (one path a line), so a script can use them.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { download } from '../../plugins/client/download.ts';
import { SpritekilnClient } from '../../plugins/client/index.ts';
import { CliError } from './cliError.ts';
import { processIo, type CliIo } from './cliIo.ts';
import { estimateCost } from './cost.ts';
import { explain } from './explain.ts';
import { checkFiles, kindNamed, KINDS, loadFields } from './fields.ts';
import { fieldsFromFlags, GENERATE_OPTIONS, kindFlags, type GenerateFlags } from './flags.ts';
import { submit, waitJob } from './jobSteps.ts';
import { resolveConnection, type Connection } from './localKey.ts';
import { ProgressBar } from './progressBar.ts';

export const GENERATE_USAGE = `usage: spritekiln generate <kind> [job flags] [--out dir] [--server URL] [--key KEY]
  kinds and their flags:
${KINDS.map((k) => `    ${k.padEnd(Math.max(...KINDS.map((n) => n.length)))}  ${kindFlags(k).map((f) => `--${f}`).join(' ')}`).join('\n')}
  (earlier names still work: make-sprite, overlay-v1, effect-v2, upscale, ...)
  every field is a flag of its own name (--frame 36, --keyword head, --start_frame_image a.png); short ones:
  --image path      the kind's input image(s); repeat for several (images, ref_images, character_images)
  --end path        the end frame (zenith/pulsar: the second image, mode first_last_frame)
  --text T          the prompt or description  --pixel  --no-enhance  --grid 6x6  --reference path
  --sheet path  --rows rows.json|'[{"row":1,...}]'  --background magenta  --model "Alpha Image 2"
  --out dir         where the files go (default spritekiln/<job_id>)
  server: --server, SPRITEKILN_URL, or http://127.0.0.1:$PORT (8787)
  key: --key, SPRITEKILN_KEY, or for a local server <SPRITEKILN_DATA or ./data>/api-key.txt`;

export async function runGenerate(argv: string[], io: CliIo = processIo()): Promise<number> {
  const err = io.stderr;
  const bar = new ProgressBar(err);
  let conn: Connection | undefined;
  let client: SpritekilnClient | undefined;
  let kindLabel = 'generate';
  let cost: number | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { ...GENERATE_OPTIONS, out: { type: 'string' }, server: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) return (console.log(GENERATE_USAGE), 0);
    const [name, extra] = positionals;
    if (!name) throw new CliError(`which kind? one of ${KINDS.join(', ')}\n${GENERATE_USAGE}`);
    const kind = kindNamed(name);
    if (!kind) throw new CliError(`unknown kind "${name}": one of ${KINDS.join(', ')}`);
    if (extra !== undefined) throw new CliError(`unexpected "${extra}": flags take one value each; quote text with spaces`);
    kindLabel = kind;
    const { out, server, key, help: _help, ...jobFlags } = values;
    const raw = fieldsFromFlags(kind, jobFlags as GenerateFlags);
    await checkFiles(kind, raw, io.cwd);
    const fields = await loadFields(kind, raw, io.cwd);
    cost = estimateCost(kind, fields);
    conn = resolveConnection({ server, key }, io.env);
    client = new SpritekilnClient({ baseUrl: conn.url, apiKey: conn.key });

    const id = await submit(client, kind, fields);
    bar.log(`submitted ${kind} job ${id}${cost === undefined ? '' : ` (${cost} credits)`}`);
    const stop = new AbortController();
    const onSignal = () => stop.abort(new CliError(`stopped waiting; job ${id} goes on running on the server (GET ${conn!.url}/public/v1/job/${id})`, 130));
    process.once('SIGINT', onSignal);
    const running = new Map([[kind as string, 0]]);
    let note: string | undefined;
    const redraw = () => bar.update({ total: 1, done: 0, failed: 0, skipped: 0, running, note });
    try {
      const job = await waitJob(client, id, {
        signal: stop.signal,
        onProgress: (p) => (running.set(kind, p), redraw()),
        onNote: (n) => ((note = n), redraw()),
      });
      bar.finish();
      const dir = resolve(io.cwd, out ?? `spritekiln/${id}`);
      const files = await download(job, dir);
      for (const file of files) console.log(file);
      return 0;
    } catch (e) {
      throw stop.signal.aborted ? stop.signal.reason : e;
    } finally {
      process.off('SIGINT', onSignal);
    }
  } catch (e) {
    bar.finish();
    const problem = conn && client ? await explain(e, { conn, client, label: kindLabel, cost }) : asCliError(e);
    err.write(`spritekiln generate: ${problem.message}\n`);
    return problem.exitCode;
  }
}

/** parseArgs' own errors ("Unknown option '--fram'") are flag problems too. */
function asCliError(e: unknown): CliError {
  if (e instanceof CliError) return e;
  const code = (e as { code?: string }).code ?? '';
  if (code.startsWith('ERR_PARSE_ARGS')) return new CliError(`${(e as Error).message}; see spritekiln generate --help`);
  return new CliError(e instanceof Error ? e.message : String(e), 1);
}
