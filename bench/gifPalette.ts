// One GIF palette for every frame, or one per frame (local colour tables), on frames of more than 256
// colours (fewer are written with their exact colours either way): time interleaved over 3 runs,
// file size and PSNR over the source's opaque pixels as a browser composes the GIF, with ffmpeg's
// palettegen + paletteuse on the same frames beside them. Which one encodeGif uses by default
// follows from this table (bench/RESULTS.md). Run alone: node --import tsx bench/gifPalette.ts
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { encodeGif } from '../workers/codecs/encode.ts';
import { animate } from '../workers/engines/animate/animate.ts';
import { restyle } from '../workers/engines/restyle/restyle.ts';
import { frameDelaysCs } from '../workers/kernels/timing.ts';
import type { RawImage } from '../workers/types.ts';
import { hero, heroWalkFrames } from '../test/fixtures/sprites.ts';
import { still } from '../test/fixtures/realSprites.ts';
import { gifPsnr } from './imagemagick.ts';
import { colorCount, ensureTool, ffmpegGifArgs, run } from './peers.ts';
import { interleaved, spread, type Spread } from './timing.ts';

export interface PaletteRow {
  content: string;
  colors: number;
  global: { ms: Spread; bytes: number; psnr: number };
  perFrame: { ms: Spread; bytes: number; psnr: number };
  ffmpeg: { bytes: number; psnr: number };
}

/** Shaded content, 100 frames each: a painted hero, a real cartoon sprite, a restyle's fire. */
function shadedContent(): [string, RawImage[]][] {
  const walk = { frames: heroWalkFrames(12, 256), delaysMs: new Array(12).fill(100) };
  return [
    ['painted hero, walk then attack', animate({ start: hero(256), text: 'walk then attack', frames: 100, isPixel: false, seed: 'bench' }).frames],
    ['cartoon adventurer (real sprite), walk', animate({ start: still('adventurer-front').image, text: 'walk', frames: 100, isPixel: false, seed: 'bench' }).frames],
    ['restyle output (fire)', restyle({ source: walk, frames: 100, text: 'fire', seed: 'bench' }).frames],
  ];
}

export async function benchGifPalette(runs = 3): Promise<PaletteRow[]> {
  ensureTool('ffmpeg', ['-version'], ['ffmpeg']);
  const rows: PaletteRow[] = [];
  for (const [content, frames] of shadedContent()) {
    const dir = await mkdtemp(join(tmpdir(), 'spritekiln-bench-palette-'));
    try {
      const delays = frameDelaysCs(frames.length);
      let global: Uint8Array = new Uint8Array(), perFrame: Uint8Array = new Uint8Array();
      const [globalMs = [], perFrameMs = []] = await interleaved(runs,
        () => (global = encodeGif(frames, delays)),
        () => (perFrame = encodeGif(frames, delays, { palettes: 'per-frame' })));
      await Promise.all(frames.map(async (f, i) => writeFile(join(dir, `f${String(i).padStart(3, '0')}.png`), await sharp(f.data, { raw: { width: f.width, height: f.height, channels: 4 } }).png().toBuffer())));
      const ffGif = join(dir, 'ffmpeg.gif');
      run('ffmpeg', ffmpegGifArgs(join(dir, 'f%03d.png'), ffGif));
      rows.push({
        content, colors: colorCount(frames),
        global: { ms: spread(globalMs), bytes: global.length, psnr: await gifPsnr(global, frames) },
        perFrame: { ms: spread(perFrameMs), bytes: perFrame.length, psnr: await gifPsnr(perFrame, frames) },
        ffmpeg: { bytes: (await stat(ffGif)).size, psnr: await gifPsnr(await readFile(ffGif), frames) },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchGifPalette(), null, 1));
}
