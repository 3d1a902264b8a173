#!/usr/bin/env node
// Entry for `npm start` and `npx spritekiln`: registers the TypeScript loader (tsx), then runs the CLI.
// Worker threads inherit this process's loader through execArgv set in workers/pool.ts.
import { register } from 'tsx/esm/api';
register();
await import('../server/main.ts');
