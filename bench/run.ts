// npm run bench: every benchmark, printed as tables. Figures for this machine go in the issue notes
// (and, with the comparisons of the load issue, in bench/RESULTS.md).
import { benchHttp } from './http.ts';
import { benchGenerators } from './generators.ts';
import { benchJobs } from './jobs.ts';
import { benchStore } from './store.ts';

const fmt = (n: number, digits = 1) => n.toFixed(digits);

console.log('\n## Job creation over HTTP (real app, loopback, 16 concurrent clients)\n');
console.log('| case | answered | req/s | p50 ms | p99 ms | unexpected |\n|---|---|---|---|---|---|');
for (const r of await benchHttp()) console.log(`| ${r.label} | ${r.requests} | ${fmt(r.perSecond)} | ${fmt(r.p50Ms)} | ${fmt(r.p99Ms)} | ${r.errors} |`);

console.log('\n## Store (lowdb hot file + append-only archive)\n');
console.log('| finished jobs in store | sequential createJob+flush /s | 50 concurrent creators, jobs/s |\n|---|---|---|');
for (const r of await benchStore()) console.log(`| ${r.jobs} | ${fmt(r.writesPerSecond)} | ${fmt(r.createPerSecond)} |`);

console.log('\n## Job time: zenith image_to_video, 256x256 start image, one worker\n');
console.log('| frames | median ms |\n|---|---|');
for (const r of await benchJobs()) console.log(`| ${r.frames} | ${fmt(r.medianMs, 0)} |`);

console.log('\n## Generators vs the encoding after them: 256x256 frames, one thread\n');
console.log('| generator | frames | generate ms | sheet PNG + GIF ms | ratio |\n|---|---|---|---|---|');
for (const r of await benchGenerators()) console.log(`| ${r.name} | ${r.frames} | ${fmt(r.generateMs, 0)} | ${fmt(r.encodeMs, 0)} | ${fmt(r.generateMs / r.encodeMs, 2)} |`);
