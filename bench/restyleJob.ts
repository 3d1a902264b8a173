// A whole restyle job against the pipeline a user could script from the strongest tools, on the same
// 100-frame 256x256 GIF (the hero walking): ours is one render task on a one-thread pool, as the
// runner runs a job (decode the upload, restyle "golden", sheet PNG, GIF, sheet.json, every file
// written). The peers tint every frame gold with ffmpeg's `colorchannelmixer` (a plain colour
// matrix: less work than our luma ramp, so the pictures are not compared) and make the same two
// files: scripted from three tools (ffmpeg writes the tinted frames as PNG files, `vips arrayjoin`
// makes the sheet of them, ffmpeg the GIF with palettegen + paletteuse), and the strongest we could
// build, one ffmpeg filter graph that decodes once and writes both (the sheet by `tile`, no files
// between). Interleaved, the order alternating, `runs` times; min/median/max ms.
// Run alone: node --import tsx bench/restyleJob.ts
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPool } from '../workers/pool.ts';
import type { JobSpec } from '../workers/specs.ts';
import { heroWalkGif } from '../test/fixtures/sprites.ts';
import { ensureTool, ffmpegGifArgs, PALETTEUSE, run } from './peers.ts';
import { interleaved, spread, type Spread } from './timing.ts';

export interface RestyleJobRow {
  frames: number;
  oursMs: Spread;
  /** ffmpeg + vips + ffmpeg, with PNG files between. */
  scriptedMs: Spread;
  /** One ffmpeg filter graph. */
  graphMs: Spread;
}

const WARM_JOBS = 8;

const GOLD = 'colorchannelmixer=rr=0.55:rg=0.35:rb=0.1:gr=0.45:gg=0.35:gb=0.08:br=0.15:bg=0.15:bb=0.05';


export async function benchRestyleJob(runs = 3): Promise<RestyleJobRow> {
  ensureTool('vips', ['--version'], ['libvips-tools']);
  ensureTool('ffmpeg', ['-version'], ['ffmpeg']);
  const dir = await mkdtemp(join(tmpdir(), 'spritekiln-bench-restyle-job-'));
  const pool = createPool({ threads: 1 });
  try {
    const source = join(dir, 'walk.gif');
    await writeFile(source, heroWalkGif(100, 256, 8));
    const probed = await pool.probe({ path: source, accept: ['gif'] });
    if (!probed.ok) throw new Error(`walk.gif: ${probed.message}`);
    const spec: JobSpec = { kind: 'restyle', text: 'golden', frames: 100, source: { path: source, info: probed.value } };
    let n = 0;
    const ours = async () => {
      const outDir = join(dir, `ours-${n++}`);
      await mkdir(outDir);
      const result = await pool.render({ spec, outDir, seed: 'bench' });
      if (!result.ok) throw new Error(`restyle job: ${result.message}`);
    };
    const scripted = async () => {
      const out = join(dir, `peer-${n++}`);
      await mkdir(out);
      run('ffmpeg', ['-v', 'error', '-i', source, '-vf', GOLD, join(out, 'f%03d.png')]);
      const files = Array.from({ length: 100 }, (_, i) => join(out, `f${String(i + 1).padStart(3, '0')}.png`));
      run('vips', ['arrayjoin', files.join(' '), join(out, 'sheet.png'), '--across', '10']);
      run('ffmpeg', ffmpegGifArgs(join(out, 'f%03d.png'), join(out, 'anim.gif')));
    };
    const graph = async () => {
      const out = join(dir, `graph-${n++}`);
      await mkdir(out);
      run('ffmpeg', ['-v', 'error', '-i', source, '-filter_complex',
        `[0]${GOLD},split=3[t][u][v];[t]tile=10x10[sheet];[u]palettegen=stats_mode=full:reserve_transparent=1[p];[v][p]${PALETTEUSE}[gif]`,
        '-map', '[sheet]', '-frames:v', '1', join(out, 'sheet.png'), '-map', '[gif]', '-loop', '0', join(out, 'anim.gif')]);
    };
    // As on a server that has run jobs: the worker's code loaded and optimised (V8 takes several
    // jobs of this size to settle: 350-450 ms for the first, 130-160 from about the sixth on).
    for (let i = 0; i < WARM_JOBS; i++) await ours();
    const [oursMs = [], scriptedMs = [], graphMs = []] = await interleaved(runs, ours, scripted, graph);
    return { frames: 100, oursMs: spread(oursMs), scriptedMs: spread(scriptedMs), graphMs: spread(graphMs) };
  } finally {
    await pool.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchRestyleJob(), null, 1));
}
