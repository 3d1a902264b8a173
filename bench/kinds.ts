// End-to-end job time for every job kind: one render task on one pool worker, as the runner runs a
// job (decode the inputs from disk, generate, assemble the sheet, encode PNG and GIF, write every
// result file and sheet.json). Inputs are probed first, as the server does, and not timed.
// 256x256 frames; animation kinds at their frame counts (zenith 36/100, plus 49/81, make-sprite v2
// 49/121); restyle of a 120-frame 256x256 GIF. Best of `runs` (the CPU is shared).
// Run alone: node --import tsx bench/kinds.ts
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPool } from '../workers/pool.ts';
import type { InputFile, JobSpec } from '../workers/specs.ts';
import type { ImageFormat } from '../workers/types.ts';
import { resizeTo } from '../workers/kernels/resize.ts';
import { hero, heroWalkGif, png, poseSheet } from '../test/fixtures/sprites.ts';

export interface KindRow {
  kind: string;
  frames: number;
  output: string;
  ms: number;
}

export async function benchKinds(runs = 2): Promise<KindRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'spritekiln-bench-kinds-'));
  const pool = createPool({ threads: 1 });
  try {
    const input = async (name: string, bytes: Uint8Array, accept: ImageFormat[] = ['png']): Promise<InputFile> => {
      const path = join(dir, name);
      await writeFile(path, bytes);
      const probed = await pool.probe({ path, accept });
      if (!probed.ok) throw new Error(`${name}: ${probed.message}`);
      return { path, info: probed.value };
    };
    const start = await input('start.png', await png(hero(256)));
    const end = await input('end.png', await png(resizeTo(hero(128), 256, 256, 'smooth')));
    const walk = await input('walk120.gif', heroWalkGif(120, 256, 8), ['gif']);
    const sheet = await input('poses.png', await png(poseSheet(4, 3, 256)));
    const animate = (frames: number, extra: Partial<JobSpec> = {}): JobSpec =>
      ({ kind: 'animate', text: 'walk then attack', frames, isPixel: false, promptEnhancement: true, start, layout: 'sheet+gif', ...extra }) as JobSpec;
    const cases: [kind: string, frames: number, output: string, spec: JobSpec][] = [];
    for (const n of [36, 100]) cases.push([`zenith image_to_video`, n, '256 px sheet + GIF', animate(n)]);
    for (const n of [36, 100]) cases.push([`zenith first_last_frame`, n, '256 px sheet + GIF', animate(n, { end, text: 'spin' })]);
    cases.push(['pulsar image_to_video, is_pixel', 36, '256 px sheet + GIF', animate(36, { isPixel: true, text: 'cast' })]);
    for (const n of [49, 81]) cases.push(['plus', n, '256 px sheet + GIF', animate(n, { text: 'jump' })]);
    for (const n of [49, 121]) cases.push(['make-sprite v2', n, '256 px GIF + every frame PNG', animate(n, { text: 'run', layout: 'gif+frames' })]);
    for (const n of [36, 100]) cases.push(['video_restyle (120-frame GIF)', n, '256 px sheet + GIF', { kind: 'restyle', text: 'golden', frames: n, source: walk }]);
    cases.push(['video_restyle + reference_image', 100, '256 px sheet + GIF', { kind: 'restyle', text: '', frames: 100, source: walk, reference: end }]);
    for (const [frames, size] of [[16, 1024], [16, 2048], [9, 1024]] as const) cases.push([`effect ${frames === 9 ? 'v2' : 'v1'} fire`, frames, `${size} px sheet x2`, { kind: 'effect', description: 'fire', frames, size, background: '#FF4CFF' }]);
    cases.push(['character-overlay v1', 12, '1024 px sheet', { kind: 'overlay', sheet, characters: [start], rows: [{ row: 1, title: 'walk', description: 'walking' }, { row: 2, title: 'attack', description: 'attack' }], style: 'cartoon', output: { longestSide: 1024 } }]);
    cases.push(['character-overlay v2', 12, '1024 px sheet (scale 1)', { kind: 'overlay', sheet, characters: [start], rows: [{ row: 1, title: 'walk', description: 'walking' }], output: { scale: 1 } }]);
    cases.push(['generate/image', 1, '1024 px PNG', { kind: 'image', prompt: 'a golden sword with a ruby', model: 'bench', refs: [] }]);
    cases.push(['generate/image + ref_images', 1, '1024 px PNG', { kind: 'image', prompt: 'a hero', model: 'bench', refs: [start] }]);

    const rows: KindRow[] = [];
    let n = 0;
    for (const [kind, frames, output, spec] of cases) {
      let ms = Number.POSITIVE_INFINITY;
      for (let i = 0; i < runs; i++) {
        const outDir = join(dir, `out-${n++}`);
        await mkdir(outDir);
        const t = performance.now();
        const result = await pool.render({ spec, outDir, seed: `bench${i}` });
        if (!result.ok) throw new Error(`${kind} ${frames}: ${result.message}`);
        ms = Math.min(ms, performance.now() - t);
        await rm(outDir, { recursive: true, force: true });
      }
      rows.push({ kind, frames, output, ms });
    }
    return rows;
  } finally {
    await pool.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await benchKinds()) console.log(`${r.kind.padEnd(34)} ${String(r.frames).padStart(4)}  ${r.output.padEnd(28)} ${r.ms.toFixed(0).padStart(6)} ms`);
}
