// The sink formidable writes each file part to: small parts stay in memory (and own their
// ArrayBuffer, so they can be transferred to a worker), large ones and ones over the server's
// allowance go to their file, and the allowance comes back when the request is over.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELD_FILE_BYTES, HeldBudget, UploadSink } from '../../server/uploadSink.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spritekiln-sink-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes `bytes` in chunks of `chunk` and ends the sink. */
async function pour(sink: UploadSink, bytes: Buffer, chunk = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += chunk) {
    if (!sink.write(bytes.subarray(at, at + chunk))) await new Promise((r) => sink.once('drain', r));
  }
  await new Promise<void>((resolve, reject) => sink.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

describe('UploadSink', () => {
  it('holds a small part in memory, in one buffer of its own, and writes nothing', async () => {
    const budget = new HeldBudget();
    const bytes = randomBytes(200_000);
    const sink = new UploadSink(join(dir, 'small'), budget);
    await pour(sink, bytes, 7_000);
    expect(sink.onDisk).toBe(false);
    expect(Buffer.from(sink.held!).equals(bytes)).toBe(true);
    expect([sink.held!.byteOffset, sink.held!.buffer.byteLength]).toEqual([0, bytes.length]);
    await expect(readFile(join(dir, 'small'))).rejects.toThrow(/ENOENT/);
    // Until dispose(), the part counts against the server's allowance.
    expect(budget.take(budget.limit - bytes.length + 1)).toBe(false);
    sink.dispose();
    expect(sink.held).toBeUndefined();
    expect(budget.take(budget.limit)).toBe(true);
  });

  it('spills a part larger than HELD_FILE_BYTES to its file, whole and in order', async () => {
    const budget = new HeldBudget();
    const bytes = randomBytes(HELD_FILE_BYTES + 300_000);
    const sink = new UploadSink(join(dir, 'large'), budget);
    await pour(sink, bytes);
    expect(sink.onDisk).toBe(true);
    expect(sink.held).toBeUndefined();
    expect((await readFile(join(dir, 'large'))).equals(bytes)).toBe(true);
    sink.dispose();
    expect(budget.take(budget.limit)).toBe(true); // the spill gave its held bytes back at once
  });

  it('spills a small part when the server already holds its allowance', async () => {
    const budget = new HeldBudget(100_000);
    const bytes = randomBytes(150_000);
    const sink = new UploadSink(join(dir, 'over-budget'), budget);
    await pour(sink, bytes, 40_000);
    expect(sink.onDisk).toBe(true);
    expect((await readFile(join(dir, 'over-budget'))).equals(bytes)).toBe(true);
  });

  it('an empty part is held as zero bytes', async () => {
    const sink = new UploadSink(join(dir, 'empty'), new HeldBudget());
    await pour(sink, Buffer.alloc(0));
    expect(sink.held?.length).toBe(0);
    expect(sink.onDisk).toBe(false);
  });

  it('closes its file before it reports closed when destroyed mid-spill', async () => {
    const sink = new UploadSink(join(dir, 'aborted'), new HeldBudget(10));
    sink.write(randomBytes(1000));
    const closed = new Promise((r) => sink.once('close', r));
    sink.destroy();
    await closed;
    expect(sink.onDisk).toBe(true);
    await rm(join(dir, 'aborted')); // removable, and not created again afterwards
    await new Promise((r) => setTimeout(r, 50));
    await expect(readFile(join(dir, 'aborted'))).rejects.toThrow(/ENOENT/);
  });
});
