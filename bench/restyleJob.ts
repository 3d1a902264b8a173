// A whole restyle job against the pipeline a user could script from the strongest tools, on the same
// 100-frame 256x256 GIF (the hero walking): ours is one render task on a one-thread pool, as the
// runner runs a job (decode the upload, restyle "golden", sheet PNG, GIF, sheet.json, every file
// written). The peer: ffmpeg decodes the GIF and tints every frame gold (`colorchannelmixer`, a
// plain colour matrix: less work than our luma ramp), writes the frames as PNG files, `vips
// arrayjoin` makes the sheet from them and ffmpeg the GIF (palettegen + paletteuse). Interleaved,
// the order alternating, `runs` times; min/median/max ms.
// Run alone: node --import tsx bench/restyleJob.ts
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPool } from '../workers/pool.ts';
import type { JobSpec } from '../workers/specs.ts';
import { heroWalkGif } from '../test/fixtures/sprites.ts';
import { ensureTool, ffmpegGifArgs, interleaved, run, spread } from './peers.ts';
import type { Spread } from './peers.ts';

export interface RestyleJobRow {
  frames: number;
  oursMs: Spread;
  peerMs: Spread;
}

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
    const peer = async () => {
      const out = join(dir, `peer-${n++}`);
      await mkdir(out);
      run('ffmpeg', ['-v', 'error', '-i', source, '-vf', GOLD, join(out, 'f%03d.png')]);
      const files = Array.from({ length: 100 }, (_, i) => join(out, `f${String(i + 1).padStart(3, '0')}.png`));
      run('vips', ['arrayjoin', files.join(' '), join(out, 'sheet.png'), '--across', '10']);
      run('ffmpeg', ffmpegGifArgs(join(out, 'f%03d.png'), join(out, 'anim.gif')));
    };
    await ours(); // the worker's code loaded, as on a running server
    const [oursMs, peerMs] = await interleaved(runs, ours, peer);
    return { frames: 100, oursMs: spread(oursMs), peerMs: spread(peerMs) };
  } finally {
    await pool.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchRestyleJob(), null, 1));
}
