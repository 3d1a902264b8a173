// Where uploads go on disk, through the real server: a valid held upload is written by its probe
// (over a spare file once a job has ended and released its inputs), a refused one never reaches
// inputs/ or takes a spare, and a large upload streams to its file as before.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputPaths } from '../../../server/jobs/paths.ts';
import { HELD_FILE_BYTES } from '../../../server/uploadSink.ts';
import { pngBytes } from '../../fixtures/images.ts';
import { startTestServer, waitForJob, type TestServer } from '../../helpers/testServer.ts';
import { expectAccepted, expectRejected, INVALID, makeImages, part, type Images } from './helpers.ts';

let server: TestServer;
let img: Images;
const spareDir = () => join(server.config.dataDir, 'spare');

beforeAll(async () => {
  server = await startTestServer();
  img = await makeImages();
});
afterAll(async () => {
  await server?.close();
});

const pulsar = (images: Images['png']) => ({ mode: 'image_to_video', images, text: 'jump' });

async function inputOf(id: string) {
  const job = await server.store.getJob(id);
  return join(server.config.dataDir, inputPaths(job!)[0]!);
}

describe('upload files', () => {
  it('writes an accepted upload as sent; its job releases it to spare/ at its end', async () => {
    const id = await expectAccepted(server, '/sprite/pulsar', pulsar(img.png));
    expect(Buffer.from(await readFile(await inputOf(id))).equals(Buffer.from((img.png as { bytes: Uint8Array }).bytes))).toBe(true);
    expect((await waitForJob(server, id)).status).toBe('Succeed');
    await expect.poll(() => server.runner.inputs.spares).toBe(1);
    expect(await readdir(join(server.config.dataDir, 'inputs'))).toEqual([]);
  });

  it('writes the next accepted upload over that spare (same inode), cut to its length', async () => {
    const [spare] = await readdir(spareDir());
    const inode = (await stat(join(spareDir(), spare!))).ino;
    const small = await pngBytes(3, 3);
    const id = await expectAccepted(server, '/sprite/pulsar', pulsar(part(small, 'small.png')));
    const path = await inputOf(id);
    expect((await stat(path)).ino).toBe(inode);
    expect(Buffer.from(await readFile(path)).equals(Buffer.from(small))).toBe(true);
    expect(await readdir(spareDir())).toEqual([]);
    await waitForJob(server, id);
  });

  it('never writes a refused upload, nor uses up a spare for it', async () => {
    await expect.poll(() => server.runner.inputs.spares).toBeGreaterThan(0);
    const spares = await readdir(spareDir());
    await expectRejected(server, '/sprite/pulsar', pulsar(img.truncatedPng), 400, INVALID);
    expect(await readdir(join(server.config.dataDir, 'inputs'))).toEqual([]);
    expect((await readdir(spareDir())).sort()).toEqual(spares.sort());
    expect(server.runner.inputs.spares).toBe(spares.length);
  });

  it('streams an upload larger than what is held in memory to its file', async () => {
    // Pixels that compress poorly make a valid PNG past the held size.
    const side = Math.ceil(Math.sqrt(HELD_FILE_BYTES / 3)) + 64;
    const big = await pngBytes(side, side, (x, y) => [(x * 7919 + y * 104729) % 251, (x * y) % 253, (x + y * 31) % 255, 255]);
    expect(big.length).toBeGreaterThan(HELD_FILE_BYTES);
    const id = await expectAccepted(server, '/sprite/pulsar', pulsar(part(big, 'big.png')));
    expect(Buffer.from(await readFile(await inputOf(id))).equals(Buffer.from(big))).toBe(true);
    await waitForJob(server, id);
  });
});
