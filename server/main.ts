// CLI entry: `spritekiln serve | keys create|revoke | users disable | credits add | jobs list|prune`;
// `generate` and `batch` (clients of a running server) live in cli/ and parse their own flags;
// `mcp` (an MCP server for agents, also a client) in mcp/.
// What a command needs is loaded when it runs (the server's HTTP stack and image codecs alone take
// a few hundred ms), so `--help` and the small commands answer at once.
import { parseArgs } from 'node:util';
import type { AdminCommand } from './admin.ts';
import { loadConfig } from './config.ts';
import type { JobSummary } from './jobs/types.ts';

const USAGE = `usage: spritekiln <command>
  serve                                   run the server (PORT, HOST, SPRITEKILN_DATA, SPRITEKILN_CDN_URL, SPRITEKILN_WORKERS)
  keys create [--name N] [--credits N]    make a user and key; prints the key alone
  keys revoke <key>
  users disable --key <key>
  credits add --key <key> <n>
  jobs list
  jobs prune --older-than <days>
  store restore                           put back db.json as it was at the last start (after a loss)
  store reset                             start db.json afresh: a new local user and key; jobs stay
  generate <kind> [flags] --out dir       run one job to files (spritekiln generate --help)
  batch jobs.json [--out dir] [--concurrency N]   run many, resumable (spritekiln batch --help)
  mcp                                     a Model Context Protocol server on stdio for coding agents
                                          (SPRITEKILN_URL, SPRITEKILN_KEY; starts a local server if none answers)`;

async function main(argv: string[]) {
  if (argv[0] === 'generate' || argv[0] === 'batch') {
    const cli = await import('./cli/index.ts');
    process.exitCode = await (argv[0] === 'generate' ? cli.runGenerate : cli.runBatch)(argv.slice(1));
    return;
  }
  if (argv[0] === 'mcp') {
    const { runMcp } = await import('./mcp/mcpServer.ts');
    return runMcp();
  }
  const { values, positionals } = parsed(() => parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, credits: { type: 'string' }, key: { type: 'string' }, 'older-than': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }));
  const [group, action, arg] = positionals;
  if (values.help || !group) return usage(0);
  const config = loadConfig();
  if (group === 'serve') return serve(config);

  if (group === 'store' && (action === 'restore' || action === 'reset')) {
    const { resetStore, restoreStore } = await import('./jobs/storeRepair.ts');
    return console.log(await (action === 'restore' ? restoreStore : resetStore)(config.dataDir));
  }
  const command = toCommand(group, action, arg, values);
  if (!command) return usage(2);
  const result = await runCommand(config.dataDir, command);
  print(command, result);
}

/** A command line that cannot run: exit code 2, as for usage. */
class UsageError extends Error {}

/**
 * A whole number typed on the command line (digits, a minus sign where `negative` allows), checked
 * here so the command means the same with a server running (a NaN sent to it arrives as null) or not.
 */
function wholeNumber(flag: string, raw: string, negative = false): number {
  const n = Number(raw);
  if (!(negative ? /^-?\d+$/ : /^\d+$/).test(raw) || !Number.isSafeInteger(n)) throw new UsageError(`${flag} takes a whole number of credits, not "${raw}"`);
  return n;
}

/** parseArgs's verdict on a command line, its complaints (an unknown flag, a value like "-5") as usage errors. */
function parsed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** A number of days, fractions allowed (`--older-than 0.5`). */
function days(raw: string): number {
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new UsageError(`--older-than takes a number of days, not "${raw}"`);
  return Number(raw);
}

function toCommand(group: string, action: string | undefined, arg: string | undefined, values: Record<string, string | boolean | undefined>): AdminCommand | undefined {
  const str = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const credits = str('credits');
  switch (`${group} ${action}`) {
    case 'keys create':
      return { command: 'keys.create', name: str('name'), credits: credits === undefined ? undefined : wholeNumber('--credits', credits) };
    case 'keys revoke':
      return arg ? { command: 'keys.revoke', key: arg } : undefined;
    case 'users disable':
      return str('key') ? { command: 'users.disable', key: str('key')! } : undefined;
    case 'credits add':
      return str('key') && arg !== undefined ? { command: 'credits.add', key: str('key')!, amount: wholeNumber('credits add', arg, true) } : undefined;
    case 'jobs list':
      return { command: 'jobs.list' };
    case 'jobs prune':
      return str('older-than') ? { command: 'jobs.prune', olderThanDays: days(str('older-than')!) } : undefined;
  }
  return undefined;
}

/** Through the running server when there is one, so the store keeps a single writer; else directly. */
async function runCommand(dataDir: string, command: AdminCommand) {
  const { sendControl } = await import('./control.ts');
  const viaServer = await sendControl(dataDir, command);
  if (viaServer !== undefined) return viaServer;
  const [{ acquireWriterLock }, { LowdbJobStore }, { runAdmin }] = await Promise.all([import('./lock.ts'), import('./jobs/lowdbStore.ts'), import('./admin.ts')]);
  const release = acquireWriterLock(dataDir);
  const store = new LowdbJobStore(dataDir);
  try {
    await store.open();
    return await runAdmin(store, dataDir, command);
  } finally {
    await store.close();
    release();
  }
}

function print(command: AdminCommand, result: unknown) {
  if (command.command === 'keys.create') return console.log((result as { key: string }).key);
  if (command.command === 'jobs.list') {
    for (const j of result as JobSummary[]) console.log([j.id, j.status.padEnd(7), j.kind.padEnd(20), String(j.cost).padStart(3), j.createdAt, j.owner].join('  '));
    return;
  }
  console.log(JSON.stringify(result));
}

async function serve(config: ReturnType<typeof loadConfig>) {
  // Files the server creates are its user's alone, whatever umask it was started with.
  process.umask(0o077);
  const { startService } = await import('./service.ts');
  const service = await startService(config);
  console.log(`spritekiln listening on ${service.url}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing running work and flushing the store`);
    await service.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // Started by the launcher (bin/spritekiln.js): when it is gone, killed or not, so is the server.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => void stop('launcher gone'));
  }
}

function usage(code: number) {
  (code ? console.error : console.log)(USAGE);
  process.exitCode = code;
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`spritekiln: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(err instanceof UsageError ? 2 : 1);
});
