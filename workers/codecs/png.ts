// PNG structure check, run by the probe before sharp sees the file. libpng treats two kinds of damage
// as warnings and decodes anyway, which the spec does not allow (decisions §2: a valid image decodes
// completely) and which costs unbounded time:
//   - a missing IEND (a file cut right after its last IDAT still decodes every row);
//   - image data that inflates to more than the image holds ("extra compressed data"): a 20 MiB file
//     can carry a zlib stream of ~20 GiB of zeros behind a small, in-limits image, and libpng inflates
//     all of it (about 0.7 s a GiB on a worker).
// So: chunks are walked (lengths in bounds, CRCs of critical chunks, IHDR first, IDAT present, IEND
// last), and the IDAT stream is inflated with a counter that stops one byte past what the IHDR
// allows: never more than the image's own raw size (<= 64 MiB + rows) is inflated, nothing is kept.
import { crc32, createInflate, inflateSync } from 'node:zlib';
import { MAX_IMAGE_SIDE } from '../limits.ts';

const CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7: [x start, y start, x step, y step] of the seven passes. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Throws (with a short reason) unless the PNG is whole and its image data is exactly what the IHDR needs. */
export async function checkPng(bytes: Uint8Array): Promise<void> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const idat: Buffer[] = [];
  let ihdr: Buffer | undefined;
  let ended = false;
  for (let at = 8; !ended; ) {
    if (at + 12 > buf.length) throw new Error('png: truncated (no IEND chunk)');
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (length > buf.length - at - 12) throw new Error(`png: ${type} chunk runs past the end of the file`);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (CRITICAL.has(type) && (crc32(buf.subarray(at + 4, at + 8 + length)) >>> 0) !== buf.readUInt32BE(at + 8 + length)) {
      throw new Error(`png: bad CRC in ${type}`);
    }
    if (at === 8 && (type !== 'IHDR' || length !== 13)) throw new Error('png: IHDR must come first');
    if (type === 'IHDR') ihdr = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') ended = true;
    at += 12 + length;
  }
  if (!ihdr) throw new Error('png: missing IHDR chunk');
  if (idat.length === 0) throw new Error('png: no IDAT chunk');
  const expected = rawSize(ihdr);
  const inflated = await inflatedSize(idat, expected + 1);
  if (inflated > expected) throw new Error(`png: image data inflates past the ${expected} bytes the header needs`);
}

/** Bytes of filtered scanlines the IHDR calls for (filter byte + packed pixels per row, per pass). */
function rawSize(ihdr: Buffer): number {
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const depth = ihdr[8]!;
  const channels = CHANNELS[ihdr[9]!];
  if (channels === undefined) throw new Error(`png: colour type ${ihdr[9]} unknown`);
  if (width === 0 || height === 0 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) throw new Error(`png: image is ${width}x${height}`);
  const row = (w: number) => (w === 0 ? 0 : 1 + Math.ceil((w * depth * channels) / 8));
  if (ihdr[12] !== 1) return height * row(width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = Math.ceil(Math.max(0, width - x0) / dx);
    const h = Math.ceil(Math.max(0, height - y0) / dy);
    if (w > 0) total += h * row(w);
  }
  return total;
}

/** Below this many bytes of image data, IDAT is inflated in one synchronous call (see inflatedSize). */
const SYNC_INFLATE_BYTES = 8 * 1024 * 1024;

/** Inflates the concatenated IDAT data, counting output and stopping once it reaches `limit`. */
function inflatedSize(parts: Buffer[], limit: number): Promise<number> {
  // Small images (the usual upload): one inflateSync on this thread, its output capped at `limit`.
  // The stream below costs a libuv thread hop and a 1 MiB buffer per chunk: on a 200 KB 256x256 PNG
  // this check took 0.84 ms of CPU that way and 0.26 ms this way (bench/RESULTS.md, job creation).
  if (limit <= SYNC_INFLATE_BYTES) {
    try {
      return Promise.resolve(inflateSync(Buffer.concat(parts), { maxOutputLength: limit }).length);
    } catch (err) {
      // Output reached the cap: more than the header allows. A corrupt or short stream is left for
      // libpng to report, as below (what came out before the damage is within the cap).
      return Promise.resolve((err as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE' ? limit : 0);
    }
  }
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 1 << 20 });
    let total = 0;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(total);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total >= limit) done();
    });
    // A corrupt or short stream is for libpng to report (with the decode that follows): count what came out.
    inflate.on('error', done);
    inflate.on('end', done);
    for (const part of parts) {
      if (settled) break;
      inflate.write(part);
    }
    inflate.end();
  });
}
