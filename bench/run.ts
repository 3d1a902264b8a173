// npm run bench: every benchmark, printed as markdown tables. The comparisons with other tools come first
// (each pair on the same inputs, interleaved); bench/RESULTS.md keeps the figures and commands.
// BENCH_ONLY=compare,peers,palette,restylejob,creation,kinds,memory,rate,http,store,jobs,generators,restyle,startup runs a subset.
import { benchHttp } from './http.ts';
import { benchGenerators } from './generators.ts';
import { benchJobs } from './jobs.ts';
import { benchStore } from './store.ts';
import { benchImageMagick } from './imagemagick.ts';
import { benchCreation } from './creation.ts';
import { benchKinds } from './kinds.ts';
import { benchMemory } from './memory.ts';
import type { MemoryResult } from './memory.ts';
import { benchAcceptedRate } from './acceptedRate.ts';
import { benchGifPalette } from './gifPalette.ts';
import { benchRestyleCost } from './restyleCost.ts';
import { benchStartup } from './startup.ts';
import { benchPeers } from './peers.ts';
import { benchRestyleJob } from './restyleJob.ts';
import { interleaved, spread } from './timing.ts';
import type { Spread } from './timing.ts';
import { spawnSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { benchEnv, underServerMalloc } from './env.ts';

// On Linux the bench runs again under the malloc settings the server ships with, so the work timed
// in this process (and the peers it spawns, which inherit them) runs as it does in the server.
if (process.platform === 'linux' && !underServerMalloc()) {
  const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: benchEnv(process.env) });
  process.exit(again.status ?? 1);
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
// What the figures below were measured on: the code, the machine and how busy it was (the host is
// shared: bench/RESULTS.md, machine and noise).
const load = () => loadavg().map((n) => n.toFixed(2)).join(' / ');
const commit = spawnSync('git', ['describe', '--always', '--dirty', '--abbrev=7'], { encoding: 'utf8' }).stdout?.trim() || 'unknown';
const startedAt = Date.now();
console.log(`Run of ${new Date(startedAt).toISOString()} at ${commit} (BENCH_ONLY=${process.env.BENCH_ONLY ?? 'all'}), node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}); load average (1 / 5 / 15 min) at the start: ${load()}`);
const only = process.env.BENCH_ONLY?.split(',');
const want = (name: string) => !only || only.includes(name);
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
/** A spread as "min/med/max" in whole units. */
const mmm = (s: Spread) => `${fmt(s.min, 0)}/${fmt(s.med, 0)}/${fmt(s.max, 0)}`;
/** The spread of `xs` as "min-max", one figure where both agree at that precision. */
const range = (xs: number[], digits = 0): string => {
  const lo = fmt(Math.min(...xs), digits), hi = fmt(Math.max(...xs), digits);
  return lo === hi ? lo : `${lo}-${hi}`;
};

if (want('compare')) {
  const { version, sheet, gif } = await benchImageMagick();
  console.log(`\n## Sheet and GIF vs ImageMagick (${version}), same ${sheet.frames} frames (a 256 px hero on a canvas grown for its motion), medians of 3 interleaved runs (convert as shipped: one run)\n`);
  console.log('| comparison | ours | ImageMagick | ratio | target | |\n|---|---|---|---|---|---|');
  const speed = sheet.montageMs / sheet.oursMs;
  const size = sheet.oursBytes / sheet.montageBytes;
  console.log(`| sheet 10x10 + PNG, time (frames in memory, as a job) | ${fmt(sheet.oursMs, 0)} ms | ${fmt(sheet.montageMs, 0)} ms (montage) | ${fmt(speed, 1)}x faster | >= 5x | ${verdict(speed >= 5)} |`);
  console.log(`| sheet, time (decoding the same 100 PNG files first) | ${fmt(sheet.oursFromFilesMs, 0)} ms | ${fmt(sheet.montageMs, 0)} ms | ${fmt(sheet.montageMs / sheet.oursFromFilesMs, 1)}x faster | | |`);
  console.log(`| sheet, time, ImageMagick with malloc tuned (from files) | ${fmt(sheet.oursFromFilesMs, 0)} ms | ${fmt(sheet.montageTunedMs, 0)} ms | ${fmt(sheet.montageTunedMs / sheet.oursFromFilesMs, 1)}x faster | | |`);
  console.log(`| sheet, file size | ${(sheet.oursBytes / 1e3).toFixed(0)} KB | ${(sheet.montageBytes / 1e3).toFixed(0)} KB | ${fmt(size, 2)}x | <= 1.5x | ${verdict(size <= 1.5)} |`);
  const gifSpeed = gif.convertMs / gif.oursMs;
  const psnrGap = gif.convertPsnr - gif.oursPsnr;
  console.log(`| 100-frame GIF, time | ${fmt(gif.oursMs, 0)} ms | ${fmt(gif.convertMs, 0)} ms (convert) | ${fmt(gifSpeed, 1)}x faster | >= 20x | ${verdict(gifSpeed >= 20)} |`);
  console.log(`| GIF, time, ImageMagick with malloc tuned | ${fmt(gif.oursMs, 0)} ms | ${fmt(gif.convertTunedMs, 0)} ms (convert) | ${fmt(gif.convertTunedMs / gif.oursMs, 1)}x faster | | |`);
  console.log(`| GIF, PSNR over opaque pixels | ${fmt(gif.oursPsnr, 2)} dB | ${fmt(gif.convertPsnr, 2)} dB | ${fmt(-psnrGap, 2)} dB | >= -1 dB | ${verdict(psnrGap <= 1)} |`);
  console.log(`| GIF, file size | ${(gif.oursBytes / 1e3).toFixed(0)} KB | ${(gif.convertBytes / 1e3).toFixed(0)} KB | ${fmt(gif.oursBytes / gif.convertBytes, 2)}x | | |`);
}

if (want('peers')) {
  const { versions, rows } = await benchPeers();
  console.log(`\n## Sheet and GIF vs the strongest peers (${versions.join('; ')}): the same 100 PNG files, two untimed runs each, then 3 interleaved, order alternating (min/median/max ms)\n`);
  console.log('| content | colours | sheet: ours | vips arrayjoin | size ours/vips | GIF: ours | ffmpeg | size ours/ffmpeg | PSNR ours | ffmpeg | targets |\n|---|---|---|---|---|---|---|---|---|---|---|');
  const db = (v: number) => (Number.isFinite(v) ? `${fmt(v, 2)} dB` : 'lossless');
  for (const r of rows) {
    const g = r.gif;
    const psnrOk = !Number.isFinite(g.ffmpegPsnr) ? !Number.isFinite(g.oursPsnr) : g.oursPsnr >= g.ffmpegPsnr - 1;
    const targets = `PSNR within 1 dB: ${verdict(psnrOk)}; size <= 1.25x: ${verdict(g.oursBytes <= 1.25 * g.ffmpegBytes)}; as fast (median): ${verdict(g.oursMs.med <= g.ffmpegMs.med)}`;
    console.log(`| ${r.content} | ${r.colors} | ${mmm(r.sheet.oursMs)} | ${mmm(r.sheet.vipsMs)} | ${fmt(r.sheet.oursBytes / r.sheet.vipsBytes, 2)} | ${mmm(g.oursMs)} | ${mmm(g.ffmpegMs)} | ${fmt(g.oursBytes / g.ffmpegBytes, 2)} | ${db(g.oursPsnr)} | ${db(g.ffmpegPsnr)} | ${targets} |`);
  }
}

if (want('palette')) {
  console.log('\n## GIF palettes past 256 colours: one for every frame (the default) or one per frame, with ffmpeg (palettegen + paletteuse) on the same frames; 100 frames, time over 3 interleaved runs (min/median/max ms)\n');
  console.log('| content | colours | global: ms | KB | PSNR | per frame: ms | KB | PSNR | ffmpeg: KB | PSNR |\n|---|---|---|---|---|---|---|---|---|---|');
  for (const r of await benchGifPalette()) {
    console.log(`| ${r.content} | ${r.colors} | ${mmm(r.global.ms)} | ${fmt(r.global.bytes / 1e3, 0)} | ${fmt(r.global.psnr, 2)} | ${mmm(r.perFrame.ms)} | ${fmt(r.perFrame.bytes / 1e3, 0)} | ${fmt(r.perFrame.psnr, 2)} | ${fmt(r.ffmpeg.bytes / 1e3, 0)} | ${fmt(r.ffmpeg.psnr, 2)} |`);
  }
}

if (want('restylejob')) {
  const r = await benchRestyleJob();
  console.log('\n## A 100-frame 256 px restyle job vs ffmpeg + vips: scripted from three tools, and one ffmpeg filter graph; interleaved, 3 runs (min/median/max ms)\n');
  console.log('| ours (one render task) | ffmpeg + vips + ffmpeg (files between) | one ffmpeg graph | ratio vs the graph (medians) | target |\n|---|---|---|---|---|');
  const ratio = r.graphMs.med / r.oursMs.med;
  console.log(`| ${mmm(r.oursMs)} | ${mmm(r.scriptedMs)} | ${mmm(r.graphMs)} | ${fmt(ratio, 1)}x faster | >= 4x: ${verdict(ratio >= 4)} |`);
}

if (want('creation')) {
  const { pngBytes, rows } = await benchCreation();
  console.log(`\n## Job creation over HTTP vs bare Koa + koa-body: zenith image_to_video, ${(pngBytes / 1e3).toFixed(0)} KB PNG, 16 connections, medians of 3 alternating 5 s rounds after a 10 s warm-up\n`);
  console.log('| finished jobs in store | server | answered 200 | req/s | p50 ms | p99 ms | unexpected | server CPU ms/req | rate vs bare | target |\n|---|---|---|---|---|---|---|---|---|---|');
  for (let i = 0; i + 1 < rows.length; i += 2) {
    const bare = rows[i]!;
    const app = rows[i + 1]!;
    const ratio = app.perSecond / bare.perSecond;
    for (const r of [bare, app]) {
      const tail = r === app ? `${fmt(100 * ratio, 0)}% | rate >= 70%: ${verdict(ratio >= 0.7)}; p99 < 50 ms: ${verdict(r.p99Ms < 50)}` : ' | ';
      console.log(`| ${r.storeJobs.toLocaleString('en')} | ${r.server} | ${r.answered} | ${fmt(r.perSecond)} | ${fmt(r.p50Ms)} | ${fmt(r.p99Ms)} | ${r.unexpected} | ${fmt(r.cpuMsPerRequest, 2)} | ${tail} |`);
    }
  }
}

if (want('kinds')) {
  console.log('\n## End-to-end job time by kind: one render on one worker (decode, generate, encode, write), best of 2\n');
  console.log('| job kind | frames | output | ms |\n|---|---|---|---|');
  for (const r of await benchKinds()) console.log(`| ${r.kind} | ${r.frames} | ${r.output} | ${fmt(r.ms, 0)} |`);
}

if (want('memory')) {
  // The server as a user starts it (on Linux the launcher runs it with glibc's mmap threshold fixed at
  // 4 MiB and huge pages asked for), without the huge pages, with malloc also held to two arenas (a
  // setting a user can add), and the build's server started without the launcher (glibc's defaults:
  // the threshold rises to the largest block freed).
  const cases = [
    ['as shipped (the launcher: MALLOC_MMAP_THRESHOLD_=4 MiB, glibc.malloc.hugetlb=1)', {}, 'launcher'],
    ['as shipped without huge pages (GLIBC_TUNABLES=glibc.malloc.hugetlb=0)', { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }, 'launcher'],
    ['as shipped + MALLOC_ARENA_MAX=2', { MALLOC_ARENA_MAX: '2' }, 'launcher'],
    ['without the launcher (glibc defaults)', {}, 'server'],
  ] as const;
  // Each configuration runs twice, in the order given and then reversed (ABC CBA), so the machine's
  // drift over the minutes they take falls on every one alike; each figure is the two runs' range.
  const runs = cases.map(() => [] as MemoryResult[]);
  await interleaved(2, ...cases.map(([, env, start], i) => async () => void runs[i]!.push(await benchMemory(40, env, start))));
  const first = runs[0]![0]!;
  console.log(`\n## Memory: ${first.uploads} concurrent uploads of ${(first.fileBytes / 1e6).toFixed(1)} MB PNGs while their jobs render (the serving process, workers included; the shipped build; two runs each, ABC CBA, min-max)\n`);
  console.log('| malloc | accepted | upload seconds | jobs rendered while sampled | RSS idle (after one upload) | peak RSS sampled | VmHWM | launcher VmHWM | target |\n|---|---|---|---|---|---|---|---|---|');
  cases.forEach(([label], i) => {
    const ms = runs[i]!;
    const of = (f: (m: MemoryResult) => number, digits = 0) => range(ms.map(f), digits);
    const launcher = ms.some((m) => m.launcherHwmMb > 0) ? `${of((m) => m.launcherHwmMb)} MB` : '-';
    console.log(`| ${label} | ${ms.map((m) => `${m.accepted}/${m.uploads}`).join(', ')} | ${of((m) => m.seconds, 1)} | ${of((m) => m.rendered)} | ${of((m) => m.idleRssMb)} MB | ${of((m) => m.peakSampledRssMb)} MB | ${of((m) => m.vmHwmMb)} MB | ${launcher} | < 600 MB: ${verdict(ms.every((m) => m.vmHwmMb < 600))} |`);
  });
}

if (want('rate')) {
  const { serviceRate, rows } = await benchAcceptedRate();
  console.log(`\n## Accepted rate with the real runner rendering: one user, a 32 px zenith jump (36 frames) at fixed rates, open loop; service rate from a burst ${fmt(serviceRate)} jobs/s\n`);
  console.log('| offered jobs/s | accepted | refused (503) | backlog each second | queue |\n|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${fmt(r.offeredPerSecond)} | ${r.accepted} | ${r.refused} | ${r.backlog.join(' ')} | ${r.bounded ? 'bounded' : 'growing'} |`);
}

if (want('http')) {
  console.log('\n## Job creation over HTTP (real app, loopback, 16 concurrent clients)\n');
  console.log('| case | answered | req/s | p50 ms | p99 ms | unexpected |\n|---|---|---|---|---|---|');
  for (const r of await benchHttp()) console.log(`| ${r.label} | ${r.requests} | ${fmt(r.perSecond)} | ${fmt(r.p50Ms)} | ${fmt(r.p99Ms)} | ${r.errors} |`);
}

if (want('store')) {
  console.log('\n## Store (lowdb hot file + append-only archive)\n');
  console.log('| finished jobs in store | sequential createJob+flush /s | 50 concurrent creators, jobs/s |\n|---|---|---|');
  for (const r of await benchStore()) console.log(`| ${r.jobs} | ${fmt(r.writesPerSecond)} | ${fmt(r.createPerSecond)} |`);
}

if (want('jobs')) {
  console.log('\n## Job time: zenith image_to_video, 256x256 start image, one worker\n');
  console.log('| frames | median ms |\n|---|---|');
  for (const r of await benchJobs()) console.log(`| ${r.frames} | ${fmt(r.medianMs, 0)} |`);
}

if (want('generators')) {
  console.log('\n## Generators vs the encoding after them: 256x256 frames, one thread, one untimed run, two early runs, then 5 warm ones, interleaved (median, ratio min-max)\n');
  console.log('| generator | frames | generate ms | sheet PNG + GIF ms | ratio, median | ratio, min-max | early runs\' ratios |\n|---|---|---|---|---|---|---|');
  for (const r of await benchGenerators()) {
    const ratios = r.generateMs.map((g, i) => g / (r.encodeMs[i] ?? NaN));
    const early = r.earlyGenerateMs.map((g, i) => g / (r.earlyEncodeMs[i] ?? NaN));
    console.log(`| ${r.name} | ${r.frames} | ${fmt(spread(r.generateMs).med, 0)} | ${fmt(spread(r.encodeMs).med, 0)} | ${fmt(spread(ratios).med, 2)} | ${range(ratios, 2)} | ${range(early, 2)} |`);
  }
}

if (want('restyle')) {
  console.log('\n## Restyle vs decoding its input once (ours, and libvips\' on one thread): 100-frame GIFs, one untimed run, two early runs, then 3 warm ones, interleaved (min-max)\n');
  console.log('| source | text | decode ms: ours | libvips | restyle / our decode | target <= 1x | restyle / libvips decode | target <= 1x | early runs (ours) |\n|---|---|---|---|---|---|---|---|---|');
  for (const r of await benchRestyleCost()) {
    console.log(`| ${r.source} (${(r.bytes / 1e3).toFixed(0)} KB) | ${r.text} | ${range(r.decodeMs, 0)} | ${range(r.vipsDecodeMs, 0)} | ${range(r.ratios, 2)}x | ${verdict(Math.max(...r.ratios) <= 1)} | ${range(r.vipsRatios, 2)}x | ${verdict(Math.max(...r.vipsRatios) <= 1)} | ${range(r.earlyRatios, 2)}x |`);
  }
}

if (want('startup')) {
  const runs = 5;
  console.log(`\n## Start-up: the compiled build vs the TypeScript sources through tsx, ${runs} interleaved runs (min/median/max ms)\n`);
  console.log('| build | `--help` | `jobs list` | server ready | first job | second job | warm job (3rd-5th) | first / warm, medians | targets (in every run; first against the fastest warm job) |\n|---|---|---|---|---|---|---|---|---|');
  for (const r of await benchStartup(runs)) {
    const first = Math.max(...r.firstJobMs) / Math.min(...r.warmJobMs);
    const ratio = spread(r.firstJobMs).med / spread(r.warmJobMs).med;
    const targets = `CLI <= 250: ${verdict(Math.max(...r.helpMs, ...r.listMs) <= 250)}; ready <= 500: ${verdict(Math.max(...r.readyMs) <= 500)}; first <= 2x warm: ${verdict(first <= 2)} (${fmt(first, 2)}x)`;
    const cells = [r.helpMs, r.listMs, r.readyMs, r.firstJobMs, r.secondJobMs, r.warmJobMs].map((xs) => mmm(spread(xs)));
    console.log(`| ${r.build} | ${cells.join(' | ')} | ${fmt(ratio, 2)}x | ${r.build === 'dist' ? targets : ''} |`);
  }
}

console.log(`\nThe run took ${fmt((Date.now() - startedAt) / 60_000, 1)} minutes; load average at its end: ${load()}`);
