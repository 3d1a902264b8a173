// Our sheet and GIF writers against the strongest tools a user has, on the same frames read from the
// same PNG files: libvips (`vips arrayjoin`) for the sheet, ffmpeg (palettegen + paletteuse without
// dither, its best-known GIF recipe) for the GIF. Three kinds of content: pixel art, a painted/shaded
// sprite, and a restyle job's output. Each pair runs twice untimed (warmUp), then interleaved, the
// order alternating, `runs` times; figures are min/median/max. Quality is PSNR over the source's
// opaque pixels, as a browser composes the GIF.
// Debian's ffmpeg and libvips-tools are installed when missing.
// Run alone: node --import tsx bench/peers.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { decodeStillFile } from '../workers/codecs/decode.ts';
import { encodeGif, encodePng } from '../workers/codecs/encode.ts';
import { animate } from '../workers/engines/animate/animate.ts';
import { restyle } from '../workers/engines/restyle/restyle.ts';
import { assembleSheet } from '../workers/output/sheet.ts';
import { frameDelaysCs } from '../workers/kernels/timing.ts';
import { resizeTo } from '../workers/kernels/resize.ts';
import type { RawImage } from '../workers/types.ts';
import { hero, heroWalkFrames, pixelKnight } from '../test/fixtures/sprites.ts';
import { gifPsnr } from './imagemagick.ts';
import { interleaved, spread, type Spread } from './timing.ts';

export interface PeerRow {
  content: string;
  frames: number;
  colors: number;
  sheet: { oursMs: Spread; vipsMs: Spread; oursBytes: number; vipsBytes: number };
  gif: { oursMs: Spread; ffmpegMs: Spread; oursBytes: number; ffmpegBytes: number; oursPsnr: number; ffmpegPsnr: number };
}

/** Installs `packages` from Debian when `binary` is missing; returns its version line. */
export function ensureTool(binary: string, versionArgs: string[], packages: string[]): string {
  if (spawnSync(binary, versionArgs).status !== 0) {
    console.error(`${binary} missing: apt-get install -y ${packages.join(' ')}`);
    execFileSync('apt-get', ['install', '-y', ...packages], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  return String(execFileSync(binary, versionArgs)).split('\n')[0]!.trim();
}

/**
 * ffmpeg's GIF mapping, as the strongest peer: no dither. A palette from every frame's colours
 * (`palettegen`) holds all of them at 256 or fewer, so then any dither maps each pixel to its own
 * colour, and its default (sierra2_4a) only costs time: the restyle job's graph took 387-404 ms
 * without it against 399-556 with it, the same GIF. Ours does not dither either, so past 256 colours
 * the two map pixels alike (nearest colour), and PSNR compares their palettes.
 */
export const PALETTEUSE = 'paletteuse=dither=none';

/** ffmpeg's best-known GIF recipe: one palette from every frame's colours, then mapped (PALETTEUSE). */
export const ffmpegGifArgs = (framesPattern: string, out: string): string[] => ['-v', 'error', '-y', '-framerate', '12', '-i', framesPattern,
  '-lavfi', `split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=1[p];[b][p]${PALETTEUSE}`, '-loop', '0', out];

export const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${String(r.stderr).slice(-400)}`);
};

/** Distinct opaque colours over all frames. */
/** Distinct colours of the frames' opaque pixels (alpha at least half). */
export function colorCount(frames: readonly RawImage[]): number {
  const seen = new Set<number>();
  for (const f of frames) for (let i = 0; i < f.data.length; i += 4) if (f.data[i + 3]! >= 128) seen.add((f.data[i]! << 16) | (f.data[i + 1]! << 8) | f.data[i + 2]!);
  return seen.size;
}

/** The three kinds of content, 100 frames each, as jobs make them. */
export function peerContent(): [string, RawImage[]][] {
  const knight = resizeTo(pixelKnight(), 128, 128, 'nearest');
  const walk = { frames: heroWalkFrames(12, 256), delaysMs: new Array(12).fill(100) };
  return [
    ['pixel art (knight, walk then attack)', animate({ start: knight, text: 'walk then attack', frames: 100, isPixel: true, seed: 'bench' }).frames],
    ['painted (hero, walk then attack)', animate({ start: hero(256), text: 'walk then attack', frames: 100, isPixel: false, seed: 'bench' }).frames],
    ['restyle output (golden)', restyle({ source: walk, frames: 100, text: 'golden', seed: 'bench' }).frames],
  ];
}

/**
 * Untimed runs of each contender before the timed ones, as on a server that has run jobs: V8 takes
 * a couple of runs to compile and optimise our encoders (the painted GIF's first runs are 350-400 ms,
 * then 200-300), and the tools' binaries and libraries come into the page cache.
 */
const WARM_RUNS = 2;

async function warmUp(...contenders: (() => unknown)[]): Promise<void> {
  for (let i = 0; i < WARM_RUNS; i++) for (const c of contenders) await c();
}

export async function benchPeers(runs = 3): Promise<{ versions: string[]; rows: PeerRow[] }> {
  const versions = [ensureTool('vips', ['--version'], ['libvips-tools']), ensureTool('ffmpeg', ['-version'], ['ffmpeg'])];
  const rows: PeerRow[] = [];
  for (const [content, frames] of peerContent()) {
    const dir = await mkdtemp(join(tmpdir(), 'spritekiln-bench-peers-'));
    try {
      const files = frames.map((_, i) => join(dir, `f${String(i).padStart(3, '0')}.png`));
      await Promise.all(frames.map(async (f, i) => writeFile(files[i]!, await sharp(f.data, { raw: { width: f.width, height: f.height, channels: 4 } }).png().toBuffer())));
      const columns = Math.ceil(Math.sqrt(frames.length));

      // Sheet: decode the same PNG files, assemble, write a PNG.
      const oursSheet = join(dir, 'ours-sheet.png'), vipsSheet = join(dir, 'vips-sheet.png');
      const oursSheetRun = async () => {
        const decoded = await Promise.all(files.map((f) => decodeStillFile(f)));
        await writeFile(oursSheet, await encodePng(assembleSheet(decoded).image));
      };
      const vipsRun = () => run('vips', ['arrayjoin', files.join(' '), vipsSheet, '--across', String(columns)]);
      await warmUp(oursSheetRun, vipsRun);
      const [oursSheetMs = [], vipsMs = []] = await interleaved(runs, oursSheetRun, vipsRun);

      // GIF: from the same PNG files; ffmpeg's palettegen (all frames' colours) + paletteuse (PALETTEUSE).
      const oursGif = join(dir, 'ours.gif'), ffGif = join(dir, 'ffmpeg.gif');
      const delays = frameDelaysCs(frames.length);
      const oursGifRun = async () => {
        const decoded = await Promise.all(files.map((f) => decodeStillFile(f)));
        await writeFile(oursGif, encodeGif(decoded, delays));
      };
      const ffmpegRun = () => run('ffmpeg', ffmpegGifArgs(join(dir, 'f%03d.png'), ffGif));
      await warmUp(oursGifRun, ffmpegRun);
      const [oursGifMs = [], ffmpegMs = []] = await interleaved(runs, oursGifRun, ffmpegRun);

      rows.push({
        content, frames: frames.length, colors: colorCount(frames),
        sheet: { oursMs: spread(oursSheetMs), vipsMs: spread(vipsMs), oursBytes: (await stat(oursSheet)).size, vipsBytes: (await stat(vipsSheet)).size },
        gif: {
          oursMs: spread(oursGifMs), ffmpegMs: spread(ffmpegMs), oursBytes: (await stat(oursGif)).size, ffmpegBytes: (await stat(ffGif)).size,
          oursPsnr: await gifPsnr(await readFile(oursGif), frames), ffmpegPsnr: await gifPsnr(await readFile(ffGif), frames),
        },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return { versions, rows };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchPeers(), null, 1));
}
