/** `env` with the server's malloc settings: the mmap threshold fixed, huge pages unless the user set GLIBC_TUNABLES. */
export function withServerMalloc(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
