#!/usr/bin/env node
// Entry for `npm start` and `npx spritekiln`. Runs the build that `npm install` made (dist/, see
// tools/build.mjs) while it is current; after a source file changed since, the TypeScript sources
// through tsx (worker threads then load their tasks the same way, see workers/pool.ts), as also
// with SPRITEKILN_FROM_SOURCE=1.
import { readFileSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);

function currentBuild() {
  try {
    const built = statSync(new URL('dist/spritekiln.js', root)).mtimeMs;
    const inputs = JSON.parse(readFileSync(new URL('dist/inputs.json', root), 'utf8'));
    return inputs.every((path) => statSync(new URL(path, root)).mtimeMs <= built);
  } catch {
    return false; // no build, or a source it read is gone
  }
}

// glibc's malloc reads its settings once, as a process starts. Left alone it raises the size from
// which it maps a block on its own to the largest block freed (up to 32 MB), so once a decoded
// 2560 px upload (26 MB) is freed, later ones come from, and stay in, the heap of the thread that
// freed them: under 40 uploads of 20 MB while jobs render, the server held 749-791 MB. With the
// size fixed at 4 MiB it held 524-554 MB, and jobs ran as fast (bench/RESULTS.md, memory).
// Mapped blocks also ask for transparent huge pages (glibc 2.35 on; older ones ignore the
// setting): a job writes megabytes of fresh frames and sheets, and faulting them in 4 KiB pages
// cost a 100-frame restyle job a third of its time (250-350 ms against 155-190 in-process; under
// the memory load above it held 429-564 MB over two runs, 447-631 without). So on Linux the server
// runs as a child process started with those settings (malloc.js), unless the threshold is already
// set or node was started to be debugged (the debugger is then attached to this process); a
// GLIBC_TUNABLES of the user's is kept.
const debugged = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => arg.startsWith('--inspect'));
if (process.platform === 'linux' && process.argv[2] === 'serve' && process.env.MALLOC_MMAP_THRESHOLD_ === undefined && !debugged) {
  const { spawn } = await import('node:child_process');
  const { withServerMalloc } = await import('./malloc.js');
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'], // the channel closes when this process ends, however it ends
    env: withServerMalloc(process.env),
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
} else if (process.env.SPRITEKILN_FROM_SOURCE !== '1' && currentBuild()) {
  await import('../dist/spritekiln.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../server/main.ts');
}
