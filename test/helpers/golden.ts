// Golden files: lossless outputs compared byte for byte with test/expected/<name>. UPDATE=1 rewrites
// them; a missing expectation fails (so a new case cannot pass by writing its own answer).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const EXPECTED = fileURLToPath(new URL('../expected/', import.meta.url));

export function expectGolden(name: string, actual: Uint8Array | string): void {
  const path = join(EXPECTED, name);
  const bytes = typeof actual === 'string' ? new TextEncoder().encode(actual) : actual;
  if (process.env.UPDATE === '1') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    return;
  }
  if (!existsSync(path)) throw new Error(`no golden file test/expected/${name}: run with UPDATE=1 and look at it before committing`);
  const expected = new Uint8Array(readFileSync(path));
  // Compare lengths and a digest-free equality; on failure say where they part.
  if (expected.length === bytes.length && Buffer.from(expected).equals(Buffer.from(bytes))) return;
  let at = 0;
  while (at < Math.min(expected.length, bytes.length) && expected[at] === bytes[at]) at++;
  expect.fail(`${name} differs from its golden file at byte ${at} (expected ${expected.length} bytes, got ${bytes.length}); UPDATE=1 rewrites it`);
}
