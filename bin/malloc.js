// The glibc malloc settings the server runs with on Linux (spritekiln.js says why). glibc reads them
// only as a process starts, so they are given to a process started for them: the launcher's server,
// and the bench (bench/run.ts), so it measures what ships.

/** `env` with the server's malloc settings: the mmap threshold fixed, huge pages unless the user set GLIBC_TUNABLES. */
export function withServerMalloc(env) {
  return { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1', ...env, MALLOC_MMAP_THRESHOLD_: String(4 << 20) };
}
