// Where the command line finds the server and its key: flags, then the environment, then, for a
// server on this machine only, the key file the server wrote on first start (docs/contract.md §5). A key
// file is never read for a remote address: it belongs to the local server, and sending it elsewhere
// would hand it to whoever runs that server.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { CliError } from './cliError.ts';

export interface Connection {
  url: string;
  key: string;
  /** Where the key came from, for the 401 message: "--key", "SPRITEKILN_KEY" or the file's path. */
  keySource: string;
  local: boolean;
}

/** The server's address (flag, SPRITEKILN_URL, else this machine's PORT) and whether it is on this machine. */
export function serverAddress(flags: { server?: string }, env: NodeJS.ProcessEnv = process.env): { url: string; local: boolean } {
  const raw = flags.server ?? env.SPRITEKILN_URL ?? `http://127.0.0.1:${env.PORT || '8787'}`;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new CliError(`${flags.server ? '--server' : 'SPRITEKILN_URL'}: "${raw}" is not a URL (e.g. http://127.0.0.1:8787)`);
  }
  return { url: raw.replace(/\/+$/, ''), local: isLoopback(parsed.hostname) };
}

export function resolveConnection(flags: { server?: string; key?: string }, env: NodeJS.ProcessEnv = process.env): Connection {
  const { url, local } = serverAddress(flags, env);
  if (flags.key) return { url, key: flags.key, keySource: '--key', local };
  if (env.SPRITEKILN_KEY) return { url, key: env.SPRITEKILN_KEY, keySource: 'SPRITEKILN_KEY', local };
  if (!local) throw new CliError(`no API key for ${url}: pass --key or set SPRITEKILN_KEY (api-key.txt is only read for a server on this machine)`);
  const file = keyFile(env);
  let key: string;
  try {
    key = readFileSync(file, 'utf8').trim();
  } catch {
    throw new CliError(`no API key: pass --key, set SPRITEKILN_KEY, or start the server once (npm start) so it writes ${file}`);
  }
  if (!key) throw new CliError(`${file} is empty: pass --key or set SPRITEKILN_KEY`);
  return { url, key, keySource: file, local };
}

/** `<SPRITEKILN_DATA or ./data>/api-key.txt`, as the server resolves its data folder. */
export const keyFile = (env: NodeJS.ProcessEnv = process.env) => join(resolve(env.SPRITEKILN_DATA || './data'), 'api-key.txt');

/** localhost, 127.0.0.0/8 and ::1 (URL keeps IPv6 hosts in brackets). */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1' || host.startsWith('::ffff:127.') || host.startsWith('::ffff:7f');
  return false;
}
