// Turns what went wrong into what to fix. The server's own words come first (a 400's detail names
// the field: "frame should be one of 36, 100"); around them, the CLI adds what only it knows: which
// entry, where the key came from, the balance against the price, which address it could not reach.
import { describe, JobFailedError, SpritekilnError, type SpritekilnClient } from '../../plugins/client/index.ts';
import { CliError } from './cliError.ts';
import type { Connection } from './localKey.ts';

export interface ExplainContext {
  conn: Connection;
  client: SpritekilnClient;
  /** The entry or kind the error belongs to, put before the message. */
  label?: string;
  /** The job's price, when known (a 402 names it). */
  cost?: number;
}

/** A CliError whose message is ready to print; `fatal` when no other request could succeed either. */
export async function explain(err: unknown, ctx: ExplainContext): Promise<CliError> {
  const prefix = ctx.label ? `${ctx.label}: ` : '';
  if (err instanceof CliError) return new CliError(prefix + err.message, err.exitCode, err.fatal);
  if (isUnreachable(err)) return unreachable(ctx.conn);
  if (err instanceof JobFailedError) return new CliError(`${prefix}the job failed (${err.jobId}): ${err.reason}; its credits were refunded`, 1);
  if (!(err instanceof SpritekilnError)) return new CliError(prefix + (err instanceof Error ? err.message : String(err)), 1);

  const detail = describe(err.detail);
  switch (err.status) {
    case 400:
    case 422:
      return new CliError(`${prefix}${detail}`, 1);
    case 401:
      return new CliError(`the key was refused: check --key / api-key.txt (this key came from ${ctx.conn.keySource}; server ${ctx.conn.url})`, 1, true);
    case 402:
      return new CliError(`${prefix}${await notEnoughCredits(ctx)}`, 1);
    case 404:
      if (detail === 'Not Found User') return new CliError('the key is valid but its user is disabled or gone: ask for a new key (spritekiln keys create)', 1, true);
      return new CliError(`${prefix}${detail}: the server no longer has this job (pruned, or another data folder?)`, 1);
    case 413:
      return new CliError(`${prefix}${detail}: files are limited to 20 MiB each, 16 and 100 MiB a request`, 1);
    case 503:
      return new CliError(`${prefix}${detail} (the server's queue is full)`, 1);
  }
  return new CliError(`${prefix}the server answered ${err.status}: ${detail}`, 1);
}

export function unreachable(conn: Connection): CliError {
  const hint = conn.local ? 'is `npm start` running?' : 'is the server up and the address right?';
  return new CliError(`cannot reach ${conn.url}: ${hint}`, 1, true);
}

/** "not enough credits: balance 3, this job costs 9"; the balance is fetched, since the 402 does not carry it. */
async function notEnoughCredits(ctx: ExplainContext): Promise<string> {
  const balance = await ctx.client.account().then(
    (a) => a.credits,
    () => undefined,
  );
  const parts = [balance === undefined ? undefined : `balance ${balance}`, ctx.cost === undefined ? undefined : `this job costs ${ctx.cost}`].filter(Boolean);
  return `not enough credits${parts.length ? `: ${parts.join(', ')}` : ''} (spritekiln credits add --key <key> <n>)`;
}

/** fetch() rejects with TypeError("fetch failed") and the socket error as its cause. */
export function isUnreachable(err: unknown): boolean {
  if (!(err instanceof TypeError)) return false;
  const code = (err.cause as { code?: string } | undefined)?.code ?? '';
  return err.message === 'fetch failed' || /^(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ECONNRESET|ETIMEDOUT|EAI_AGAIN)$/.test(code);
}
