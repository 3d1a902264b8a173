import { describe, expect, it } from 'vitest';
import { WriteCoalescer } from '../../../server/jobs/writeCoalescer.ts';

/** A fake disk: each write captures the state when it starts and lands after a few ticks. */
function fakeDisk(opts: { failFirst?: number } = {}) {
  let state = 0;
  let onDisk = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let failures = opts.failFirst ?? 0;
  const writer = new WriteCoalescer(async () => {
    const snapshot = state; // captured before the first await, as WriteFn requires
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 2));
    inFlight--;
    if (failures > 0) {
      failures--;
      throw new Error('disk full');
    }
    onDisk = snapshot;
  });
  return {
    writer,
    change: () => {
      state++;
      writer.changed();
    },
    get state() {
      return state;
    },
    get onDisk() {
      return onDisk;
    },
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

describe('WriteCoalescer', () => {
  it('carries a synchronous burst of changes in one write', async () => {
    const disk = fakeDisk();
    for (let i = 0; i < 200; i++) disk.change();
    await disk.writer.flush();
    expect(disk.onDisk).toBe(200);
    expect(disk.writer.writes).toBe(1);
  });

  it('keeps one write in flight and folds changes made meanwhile into the next one', async () => {
    const disk = fakeDisk();
    const flushes: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      disk.change();
      flushes.push(disk.writer.flush());
      if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(flushes);
    expect(disk.onDisk).toBe(200);
    expect(disk.maxInFlight).toBe(1);
    expect(disk.writer.writes).toBeLessThan(30);
  });

  it('resolves flush only once the changes before it are on disk', async () => {
    const disk = fakeDisk();
    disk.change();
    const first = disk.writer.flush().then(() => disk.onDisk);
    await Promise.resolve();
    disk.change(); // made while the first write is (about to be) in flight
    const second = disk.writer.flush().then(() => disk.onDisk);
    expect(await first).toBeGreaterThanOrEqual(1);
    expect(await second).toBe(2);
  });

  it('resolves at once when nothing changed', async () => {
    const disk = fakeDisk();
    await disk.writer.flush();
    expect(disk.writer.writes).toBe(0);
  });

  it('rejects waiting flushes when a write fails, and writes again on the next flush', async () => {
    const disk = fakeDisk({ failFirst: 1 });
    disk.change();
    await expect(disk.writer.flush()).rejects.toThrow('disk full');
    expect(disk.onDisk).toBe(0);
    await disk.writer.flush();
    expect(disk.onDisk).toBe(1);
  });

  it('runs an exclusive section with no write in flight, and writes its changes after it', async () => {
    const disk = fakeDisk();
    disk.change();
    await Promise.resolve(); // let the write start
    await new Promise((resolve) => setTimeout(resolve, 0));
    const seen: number[] = [];
    const section = disk.writer.exclusive(async () => {
      seen.push(disk.onDisk); // the write in flight finished before the section began
      disk.change();
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen.push(disk.onDisk); // and no write started during it
      return 'done';
    });
    expect(await section).toBe('done');
    expect(seen).toEqual([1, 1]);
    await disk.writer.flush();
    expect(disk.onDisk).toBe(2);
  });

  it('runs exclusive sections one at a time, even when one throws', async () => {
    const disk = fakeDisk();
    const order: string[] = [];
    const a = disk.writer.exclusive(async () => {
      order.push('a start');
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('a end');
      throw new Error('a failed');
    });
    const b = disk.writer.exclusive(async () => {
      order.push('b');
    });
    await expect(a).rejects.toThrow('a failed');
    await b;
    expect(order).toEqual(['a start', 'a end', 'b']);
  });
});
