// Finding and running real Godot 4 for the plugin tests: the binary from $SPRITEKILN_GODOT (what
// .ci/run exports) or from tools/install-godot4.sh (idempotent; exit 3 = the packages
// cannot be had, and the tests then skip themselves, loudly). Godot writes editor settings and
// caches under HOME/XDG dirs, so every run gets private ones in a temp folder.
import { execFile, spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const GODOT_PROJECT = join(ROOT, 'plugins/godot');
const INSTALLER = join(ROOT, 'tools/install-godot4.sh');
/** A first install unpacks ~100 MB of Debian packages. */
const INSTALL_TIMEOUT_MS = 15 * 60_000;

export type GodotLookup = { path: string; version: string } | { skip: string };

export async function locateGodot(): Promise<GodotLookup> {
  const given = process.env.SPRITEKILN_GODOT;
  if (given) {
    const version = await godotVersion(given);
    return version ? { path: given, version } : { skip: `$SPRITEKILN_GODOT=${given} does not start (godot --headless --version failed)` };
  }
  try {
    await access(INSTALLER);
  } catch {
    return { skip: `${INSTALLER} not found` };
  }
  try {
    const { stdout } = await promisify(execFile)('bash', [INSTALLER], { timeout: INSTALL_TIMEOUT_MS });
    const path = stdout.trim().split('\n').pop() ?? '';
    const version = await godotVersion(path);
    return version ? { path, version } : { skip: `install-godot4.sh printed ${path}, which does not start` };
  } catch (err) {
    const e = err as { code?: number; stderr?: string; message: string };
    const reason = e.stderr?.trim() || e.message;
    return { skip: e.code === 3 ? reason : `install-godot4.sh failed (exit ${e.code}): ${reason}` };
  }
}

async function godotVersion(path: string): Promise<string | undefined> {
  try {
    const { stdout } = await promisify(execFile)(path, ['--headless', '--version'], { timeout: 60_000, env: await godotEnv() });
    return stdout.trim().split('\n').pop();
  } catch {
    return undefined;
  }
}

/** The full path of a command on PATH, or undefined. */
export async function onPath(command: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const path = join(dir, command);
    if (await access(path, constants.X_OK).then(() => true, () => false)) return path;
  }
  return undefined;
}

let home: string | undefined;

/** HOME and XDG dirs Godot may write (editor settings, shader cache), private to this test run. */
export async function godotEnv(extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  home ??= join(process.env.TMPDIR ?? '/tmp', `spritekiln-godot-home-${process.pid}`);
  const dirs = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local/share'), XDG_CACHE_HOME: join(home, '.cache') };
  await Promise.all(Object.values(dirs).map((d) => mkdir(d, { recursive: true })));
  return { ...process.env, ...dirs, ...extra };
}

/** Removes the HOME/XDG dirs of godotEnv(). */
export async function removeGodotHome(): Promise<void> {
  if (home) await rm(home, { recursive: true, force: true });
}

export interface GodotRun {
  code: number | null;
  output: string;
  /** From the "N passed, N failed" line, when printed. */
  passed?: number;
  failed?: number;
}

/**
 * Runs Godot under coreutils `timeout` (a headless Godot that waits on something never ends by
 * itself). Async, so the test server in this process keeps answering while Godot calls it.
 */
export function runGodot(godot: string, args: string[], env: NodeJS.ProcessEnv, timeoutS: number, wrapper: string[] = []): Promise<GodotRun> {
  return new Promise((resolve, reject) => {
    // timeout signals its whole process group, so a wrapper (xvfb-run) and its X server go too.
    const child = spawn('timeout', ['-k', '5', String(timeoutS), ...wrapper, godot, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', reject);
    child.once('close', (code) => {
      // Godot colours its log lines; the counts are read from plain text.
      const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
      const m = /(\d+) passed, (\d+) failed/.exec(plain);
      resolve({ code, output: plain, ...(m ? { passed: Number(m[1]), failed: Number(m[2]) } : {}) });
    });
  });
}

/**
 * A copy of plugins/godot in `dir` (Godot writes .godot/ and downloads into the project it runs,
 * which must not be the repo), with the editor test plugin enabled beside the addon.
 */
export async function copyProject(dir: string): Promise<void> {
  // Top-level entries only: addons/spritekiln is the addon itself.
  const skip = new Set(['.godot', 'spritekiln', 'screenshot.png']);
  await cp(GODOT_PROJECT, dir, { recursive: true, filter: (src) => !skip.has(relative(GODOT_PROJECT, src)) });
  const projectFile = join(dir, 'project.godot');
  const text = await readFile(projectFile, 'utf8');
  const enabled = 'enabled=PackedStringArray("res://addons/spritekiln/plugin.cfg")';
  if (!text.includes(enabled)) throw new Error(`plugins/godot/project.godot no longer has the line ${enabled}`);
  await writeFile(projectFile, text.replace(enabled, 'enabled=PackedStringArray("res://addons/spritekiln/plugin.cfg", "res://tests/editor/plugin.cfg")'));
}
