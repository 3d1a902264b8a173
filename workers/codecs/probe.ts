// What an upload really is, decided from its bytes (decisions §2). Answers fast and with bounded
// memory for hostile files: sizes are checked from headers before any pixel is decoded, and a GIF's
// frame count and length come from a structural walk that stops at MAX_GIF_FRAMES + 1 frames.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { MAX_GIF_FRAMES, MAX_GIF_MS } from '../limits.ts';
import type { ProbeInfo, ProbeRequest, ProbeResult } from '../types.ts';
import { verifyStill } from './decode.ts';
import { detectFormat } from './detect.ts';
import { readGifStructure, verifyGifData } from './gif.ts';
import { verifyPng } from './png.ts';

/**
 * Probes an uploaded file. Never throws: anything that is not a complete, accepted, in-limits image is
 * `{ok: false, code: 'invalid'}` with a short reason for logs.
 *
 * GIFs over MAX_GIF_FRAMES frames or MAX_GIF_MS long are answered `ok` with their counts and NOT
 * decoded, so the caller can give the specific 400 message; `frames` is then at most
 * MAX_GIF_FRAMES + 1 (meaning "over the limit") and `durationMs` covers the frames walked.
 */
export async function probeFile(req: ProbeRequest): Promise<ProbeResult> {
  try {
    return await withFileBytes(req.path, async (bytes) => {
      if (bytes.length === 0) return invalid('empty file');
      const format = detectFormat(bytes);
      if (!format) return invalid('not a PNG, JPEG, WebP or GIF file');
      if (!req.accept.includes(format)) return invalid(`${format} is not accepted here (${req.accept.join(', ')})`);
      const digest = createHash('sha256').update(bytes).digest('hex');
      if (format === 'gif') return { ok: true, value: probeGif(bytes, digest) };
      const image = format === 'png' ? await verifyPng(bytes) : await verifyStill(bytes);
      return { ok: true, value: { format, width: image.width, height: image.height, frames: 1, durationMs: 0, digest } };
    });
  } catch (error) {
    return invalid(error instanceof Error ? error.message : String(error));
  }
}

/** Uploads up to this size are read into one buffer each worker thread keeps. */
const REUSED_BYTES = 4 * 1024 * 1024;
/** That buffer; undefined while a probe is using it (a second probe at once reads into its own). */
let reusable: Buffer | undefined = Buffer.allocUnsafe(0);

/**
 * Reads a file for `use`, which must not keep the bytes past its end. Synchronous on a pool thread
 * (fs/promises' chunked read costs ten times the CPU), into a buffer kept between probes: reading
 * each 200 KB upload into a fresh buffer made the probe cost 1.7x as much (0.72 vs 0.43 ms a probe).
 */
async function withFileBytes<T>(path: string, use: (bytes: Buffer) => Promise<T>): Promise<T> {
  const fd = openSync(path, 'r');
  let bytes: Buffer;
  let held: Buffer | undefined;
  try {
    const size = fstatSync(fd).size;
    if (size > REUSED_BYTES || !reusable) bytes = readFileSync(fd);
    else {
      held = reusable.length >= size ? reusable : Buffer.allocUnsafe(Math.min(REUSED_BYTES, Math.max(size, 2 * reusable.length, 256 * 1024)));
      reusable = undefined;
      let got = 0;
      for (let n = -1; got < size && n !== 0; got += n) n = readSync(fd, held, got, size - got, got);
      bytes = held.subarray(0, got);
    }
  } finally {
    closeSync(fd);
  }
  try {
    return await use(bytes);
  } finally {
    if (held) reusable = held;
  }
}

function probeGif(bytes: Uint8Array, digest: string): ProbeInfo {
  const gif = readGifStructure(bytes);
  const { width, height, durationMs } = gif;
  const info: ProbeInfo = { format: 'gif', width, height, frames: gif.frames.length, durationMs, digest };
  if (gif.frames.length > MAX_GIF_FRAMES || gif.durationMs > MAX_GIF_MS) return info;
  // Within limits: every frame's LZW data must decode to its full size. Counting mode costs one step
  // per LZW code and no pixel memory, so a 120-frame 4096x4096 GIF is checked in file-size time.
  verifyGifData(bytes, gif);
  return info;
}

function invalid(message: string): ProbeResult {
  return { ok: false, code: 'invalid', message };
}
