// Running `spritekiln generate|batch` as a user does: `node bin/spritekiln.js` in a child process,
// against a server started with `npm start`'s own entry (startServerProcess), the key found the way
// the CLI finds it (PORT and SPRITEKILN_DATA in the environment, api-key.txt in the data folder).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hero, heroWalkGif, heroWalkSheet, pixelKnight, png, poseSheet } from '../fixtures/sprites.ts';
import type { ServerProcess } from '../helpers/serverProcess.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/spritekiln.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment a user on the server's machine has: the port and data folder, no key. */
export function userEnv(server: ServerProcess, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), PORT: new URL(server.url).port, SPRITEKILN_DATA: dataDir, ...extra };
  delete env.SPRITEKILN_KEY;
  delete env.SPRITEKILN_URL;
  return env;
}

export function startCli(args: string[], options: { env: Record<string, string>; cwd?: string }): { child: ChildProcess; done: Promise<CliResult>; stderr: () => string } {
  const child = spawn('node', [BIN, ...args], { cwd: options.cwd ?? ROOT, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<CliResult>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done, stderr: () => stderr };
}

export function runCli(args: string[], options: { env: Record<string, string>; cwd?: string }): Promise<CliResult> {
  return startCli(args, options).done;
}

export const apiKey = async (dataDir: string) => (await readFile(join(dataDir, 'api-key.txt'), 'utf8')).trim();

export async function balance(server: ServerProcess, key: string): Promise<number> {
  const res = await fetch(`${server.url}/public/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
  return ((await res.json()) as { credits: number }).credits;
}

/** Input files a user would have: a hero, a big hero (256 px: a job that takes a while), a pixel knight, a walk GIF and sheet, a pose sheet. */
export async function writeInputs(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'hero.png'), await png(hero(48)));
  await writeFile(join(dir, 'big.png'), await png(hero(256)));
  await writeFile(join(dir, 'knight.png'), await png(pixelKnight()));
  await writeFile(join(dir, 'walk.gif'), heroWalkGif(8, 48));
  await writeFile(join(dir, 'walk-sheet.png'), await heroWalkSheet(4, 2, 48));
  await writeFile(join(dir, 'poses.png'), await png(poseSheet()));
}
