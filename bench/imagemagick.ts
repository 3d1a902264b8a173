// Our sheet and GIF writers side by side with ImageMagick 6 on the same 100 frames (about 260x260: an
// animate 'walk then attack' of the hero fixture: shaded, outlined, on transparency). ImageMagick
// reads the frames as PNG files; we are timed as a job runs (frames in memory) and, for a fairer
// sheet figure, also from the same PNG files (decode included). The contenders run interleaved,
// the order alternating, 3 times, reported as medians (convert as shipped, ~10 s, once).
// Run alone: node --import tsx bench/imagemagick.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { userEnv } from './env.ts';
import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { decodeStillFile } from '../workers/codecs/decode.ts';
import { encodeGif, encodePng } from '../workers/codecs/encode.ts';
import { animate } from '../workers/engines/animate/animate.ts';
import { assembleSheet } from '../workers/output/sheet.ts';
import { frameDelaysCs } from '../workers/kernels/timing.ts';
import type { RawImage } from '../workers/types.ts';
import { hero } from '../test/fixtures/sprites.ts';
import { interleaved, spread } from './timing.ts';

export interface SheetComparison {
  frames: number;
  oursMs: number;
  oursFromFilesMs: number;
  montageMs: number;
  montageTunedMs: number;
  oursBytes: number;
  montageBytes: number;
}

export interface GifComparison {
  frames: number;
  oursMs: number;
  convertMs: number;
  convertTunedMs: number;
  oursBytes: number;
  convertBytes: number;
  oursPsnr: number;
  convertPsnr: number;
}

// The real binaries: /usr/local/bin/convert may be a stand-in script that only forwards to these.
const MONTAGE = '/usr/bin/montage';
const CONVERT = '/usr/bin/convert';

/** Installs Debian's imagemagick when montage is missing (or only a stand-in is there). */
export function ensureImageMagick(): string {
  const real = () => existsSync(MONTAGE) && existsSync(CONVERT) && !realpathSync(CONVERT).startsWith('/usr/local/');
  if (!real() || spawnSync(MONTAGE, ['-version']).status !== 0) {
    console.error('ImageMagick missing: apt-get install -y imagemagick');
    execFileSync('apt-get', ['install', '-y', 'imagemagick'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return String(execFileSync(MONTAGE, ['-version'])).split('\n')[0]!.replace(/^Version:\s*/, '');
}

/** The comparison frames: realistic sprite frames, not flat colours. */
export function benchFrames(n = 100): RawImage[] {
  return animate({ start: hero(256), text: 'walk then attack', frames: n, isPixel: false, seed: 'bench' }).frames;
}


// glibc's malloc as shipped hands ImageMagick's per-frame 128 MB colour cache back to the kernel and
// faults it in again every frame; kept mapped, the same binaries write the same bytes several times
// faster. Both are reported, so the peer is not only measured at its weakest.
const TUNED_MALLOC = { MALLOC_MMAP_THRESHOLD_: String(1 << 30), MALLOC_TRIM_THRESHOLD_: String(1 << 30) };

const run = (cmd: string, args: string[], env?: Record<string, string>) => {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...userEnv(), ...env } });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${String(r.stderr)}`);
};

export async function benchImageMagick(runs = 3): Promise<{ version: string; sheet: SheetComparison; gif: GifComparison }> {
  const version = ensureImageMagick();
  const frames = benchFrames(100);
  const dir = await mkdtemp(join(tmpdir(), 'spritekiln-bench-im-'));
  try {
    const files = frames.map((_, i) => join(dir, `f${String(i).padStart(3, '0')}.png`));
    await Promise.all(frames.map(async (f, i) => writeFile(files[i]!, await sharp(f.data, { raw: { width: f.width, height: f.height, channels: 4 } }).png().toBuffer())));

    // 1. Sheet: rows copied into one buffer + sharp PNG, vs montage 10x10 with no gaps.
    const oursSheet = join(dir, 'ours-sheet.png');
    const imSheet = join(dir, 'im-sheet.png');
    const montageArgs = [...files, '-tile', '10x10', '-geometry', '+0+0', '-background', 'none', imSheet];
    const [oursSheetTimes = [], fromFilesTimes = [], montageTimes = [], montageTunedTimes = []] = await interleaved(runs, async () => writeFile(oursSheet, await encodePng(assembleSheet(frames).image)), async () => {
      const decoded = await Promise.all(files.map((f) => decodeStillFile(f)));
      await writeFile(oursSheet, await encodePng(assembleSheet(decoded).image));
    }, () => run(MONTAGE, montageArgs), () => run(MONTAGE, montageArgs, TUNED_MALLOC));
    const med = (xs: number[]) => spread(xs).med;
    const [oursMs, oursFromFilesMs, montageMs, montageTunedMs] = [oursSheetTimes, fromFilesTimes, montageTimes, montageTunedTimes].map(med) as [number, number, number, number];
    const sheet: SheetComparison = {
      frames: frames.length, oursMs, oursFromFilesMs, montageMs, montageTunedMs,
      oursBytes: (await stat(oursSheet)).size, montageBytes: (await stat(imSheet)).size,
    };

    // 2. GIF: gifenc with one global palette vs convert (per-frame palettes, its default).
    const delays = frameDelaysCs(frames.length);
    const oursGif = join(dir, 'ours.gif');
    const imGif = join(dir, 'im.gif');
    const convertArgs = ['-dispose', 'Background', '-delay', '8', ...files, '-loop', '0', imGif];
    const [gifTimes = [], convertTunedTimes = []] = await interleaved(runs, () => writeFile(oursGif, encodeGif(frames, delays)), () => run(CONVERT, convertArgs, TUNED_MALLOC));
    const [gifMs, convertTunedMs] = [med(gifTimes), med(convertTunedTimes)];
    // One convert run is ~8 s here: a single run is enough for a ratio of that size.
    const t = performance.now();
    run(CONVERT, convertArgs);
    const convertMs = performance.now() - t;
    const gif: GifComparison = {
      frames: frames.length, oursMs: gifMs, convertMs, convertTunedMs,
      oursBytes: (await stat(oursGif)).size, convertBytes: (await stat(imGif)).size,
      oursPsnr: await gifPsnr(await readFile(oursGif), frames),
      convertPsnr: await gifPsnr(await readFile(imGif), frames),
    };
    return { version, sheet, gif };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * PSNR (dB) of a GIF's frames, as a browser composes them (libvips' loader), against the source frames,
 * over the source's opaque pixels (alpha 255) and RGB only. A pixel the GIF left transparent there
 * counts as black, so dropped pixels cost too.
 */
export async function gifPsnr(gif: Uint8Array, source: readonly RawImage[]): Promise<number> {
  const { data, info } = await sharp(gif, { pages: -1 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width } = source[0]!;
  const pageHeight = info.pageHeight ?? source[0]!.height;
  if (info.width !== width || info.height / pageHeight !== source.length) throw new Error(`GIF is ${info.width}x${info.height} (${pageHeight} a page), expected ${source.length} frames`);
  let sum = 0;
  let count = 0;
  source.forEach((frame, f) => {
    const base = f * frame.data.length;
    for (let i = 0; i < frame.data.length; i += 4) {
      if (frame.data[i + 3] !== 255) continue;
      const shown = data[base + i + 3]! >= 128;
      for (let c = 0; c < 3; c++) {
        const d = frame.data[i + c]! - (shown ? data[base + i + c]! : 0);
        sum += d * d;
      }
      count += 3;
    }
  });
  const mse = sum / count;
  return mse === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / mse);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchImageMagick(), null, 1));
}
