// Files no longer needed go to spare/ (small ones, up to a bound) to be written over by the next
// held uploads, instead of a new inode per upload; the worker's probe writes a valid held upload over
// a spare and cuts it to its own length.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputFiles } from '../../../server/jobs/inputFiles.ts';
import { HELD_FILE_BYTES } from '../../../server/uploadSink.ts';
import { probeFile } from '../../../workers/codecs/probe.ts';
import { pngBytes, truncated } from '../../fixtures/images.ts';

let dataDir = '';
let files: InputFiles;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-inputs-'));
  files = new InputFiles(dataDir);
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const input = async (name: string, bytes: number) => {
  const path = join(files.dir, name);
  await writeFile(path, Buffer.alloc(bytes, 1));
  return path;
};

describe('InputFiles', () => {
  it('moves small released files to spare/ and removes large ones', async () => {
    const small = await input('small', 1000);
    const large = await input('large', HELD_FILE_BYTES + 1);
    await files.release([small, large, join(files.dir, 'never-written')]);
    expect(await readdir(files.dir)).toEqual([]);
    expect(files.spares).toBe(1);
    const spare = files.take()!;
    expect((await stat(spare)).size).toBe(1000);
    expect(files.take()).toBeUndefined();
  });

  it('trusts the size a probe recorded for a file it wrote (no stat on release)', async () => {
    const big = await input('big', HELD_FILE_BYTES + 1);
    files.wrote(big, 10); // as if the probe had written 10 bytes there
    await files.release([big]);
    expect(files.spares).toBe(1);
    const unrecorded = await input('unrecorded', HELD_FILE_BYTES + 1);
    await files.release([unrecorded]);
    expect(files.spares).toBe(1);
    expect(await readdir(files.dir)).toEqual([]);
  });

  it('keeps at most 64 spares; the rest are removed', async () => {
    const paths = await Promise.all(Array.from({ length: 70 }, (_, i) => input(`f${i}`, 10)));
    await files.release(paths);
    expect(files.spares).toBe(64);
    expect(await readdir(files.dir)).toEqual([]);
    expect((await readdir(join(dataDir, 'spare'))).length).toBe(64);
  });

  it('removes the files of older per-job folders rather than keeping them', async () => {
    await mkdir(join(files.dir, 'job'));
    const legacy = join(files.dir, 'job', 'images-0.png');
    await writeFile(legacy, 'x');
    await files.release([legacy]);
    expect(await readdir(join(files.dir, 'job'))).toEqual([]);
    expect(files.spares).toBe(0);
  });
});

describe('the probe of a held upload', () => {
  const held = async (bytes: Uint8Array) => {
    const copy = Buffer.allocUnsafeSlow(bytes.length);
    copy.set(bytes);
    return copy;
  };

  it('writes a valid upload over a longer spare, cut to its own length, on the spare inode', async () => {
    const png = await pngBytes(16, 16);
    const spare = join(dataDir, 'spare', 'old');
    await writeFile(spare, Buffer.alloc(png.length + 5000, 7));
    const inode = (await stat(spare)).ino;
    const path = join(files.dir, 'upload');
    const result = await probeFile({ path, accept: ['png'], held: await held(png), spare });
    expect(result.ok).toBe(true);
    expect(Buffer.from(await readFile(path)).equals(Buffer.from(png))).toBe(true);
    expect((await stat(path)).ino).toBe(inode);
    expect(await readdir(join(dataDir, 'spare'))).toEqual([]);
  });

  it('creates the file when there is no spare, or the spare is gone', async () => {
    const png = await pngBytes(4, 4);
    for (const spare of [undefined, join(dataDir, 'spare', 'gone')]) {
      const path = join(files.dir, `upload-${spare ? 'gone' : 'none'}`);
      expect((await probeFile({ path, accept: ['png'], held: await held(png), spare })).ok).toBe(true);
      expect(Buffer.from(await readFile(path)).equals(Buffer.from(png))).toBe(true);
    }
  });

  it('writes nothing for an invalid upload and leaves the spare where it was', async () => {
    const spare = join(dataDir, 'spare', 'kept');
    await writeFile(spare, 'old');
    const path = join(files.dir, 'upload');
    const result = await probeFile({ path, accept: ['png'], held: await held(truncated(await pngBytes(8, 8), 0.5)), spare });
    expect(result.ok).toBe(false);
    expect(await readdir(files.dir)).toEqual([]);
    expect(await readFile(spare, 'utf8')).toBe('old');
  });
});
