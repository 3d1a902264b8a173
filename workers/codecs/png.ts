// The probe's PNG check: decides that a PNG decodes completely (docs/contract.md §2) without decoding it.
// A PNG's pixels can fail in exactly two places, the zlib stream and the per-row filter byte (PNG
// spec §9-10; unfiltering itself cannot fail), so a file whose chunks are sound, whose image data
// inflates to exactly the bytes its IHDR needs and whose every row starts with a filter type 0-4
// decodes completely in libpng. Checking that costs one inflate: 0.3 ms on a 200 KB 256x256 PNG,
// where the full libvips decode the probe did before cost 1 ms more (bench/RESULTS.md, job creation).
// test/workers/codecs/pngVerify.test.ts holds this to libvips' verdict (failOn: 'error') over
// thousands of damaged files.
//
// Stricter than libpng where libpng decodes damage with a warning, which the spec does not allow and
// which costs unbounded time: a missing IEND (a file cut after its last IDAT), image data that inflates
// past what the image holds (a 20 MiB file can carry ~20 GiB of zeros behind a small image), a short
// or unterminated zlib stream, a bad Adler-32.
import { readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { MAX_IMAGE_SIDE } from '../limits.ts';
import { exifOrientation } from './exif.ts';
import { checkImageData, ImageDataStream } from './pngImageData.ts';

const CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);
/** Bit depths each colour type allows, and its samples per pixel (PNG spec, table 11.1). */
const COLOUR_TYPES: Record<number, { depths: number[]; channels: number }> = {
  0: { depths: [1, 2, 4, 8, 16], channels: 1 },
  2: { depths: [8, 16], channels: 3 },
  3: { depths: [1, 2, 4, 8], channels: 1 },
  4: { depths: [8, 16], channels: 2 },
  6: { depths: [8, 16], channels: 4 },
};

/**
 * Throws (with a short reason) unless the PNG decodes completely and fits MAX_IMAGE_SIDE; answers its
 * size as a decoder shows it (an eXIf orientation of 5-8 swaps the sides, as libvips' autoOrient does).
 */
export async function verifyPng(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const idat: Buffer[] = [];
  const found = await readChunks({ size: buf.length, view: (at, length) => buf.subarray(at, at + length) }, Infinity, (data) => void idat.push(data));
  const header = readHeader(found.ihdr);
  checkPalette(header.colourType, found.paletteLength);
  await checkImageData(idat, header);
  return sizeShown(header, found.orientation);
}

/**
 * verifyPng of the file open as `fd` (`size` bytes), read a `piece` at a time into one buffer, so
 * a large upload is checked in bounded memory: its image data is inflated as it is read.
 */
export async function verifyPngFile(fd: number, size: number, piece = 1 << 20): Promise<{ width: number; height: number }> {
  // A piece of data, or a chunk's type and its first piece.
  const buffer = Buffer.allocUnsafe(Math.min(piece + 8, size));
  const view = (at: number, length: number): Buffer => {
    let got = 0;
    for (let n = -1; got < length && n !== 0; got += n) n = readSync(fd, buffer, got, length - got, at + got);
    if (got < length) throw new Error('png: the file ended while it was read');
    return buffer.subarray(0, length);
  };
  let image: ImageDataStream | undefined;
  const found = await readChunks({ size, view }, piece, (data, ihdr, paletteLength) => {
    if (!image) {
      const header = readHeader(ihdr);
      checkPalette(header.colourType, paletteLength);
      image = new ImageDataStream(header);
    }
    return image.write(data);
  });
  if (!image) throw new Error('png: no IDAT chunk');
  await image.end();
  return sizeShown(readHeader(found.ihdr), found.orientation);
}

const sizeShown = (header: Header, orientation: number) =>
  orientation >= 5 && orientation <= 8 ? { width: header.height, height: header.width } : { width: header.width, height: header.height };

/** A PNG's bytes: `view(at, length)` gives `length` bytes from `at`, valid until the next view. */
interface Reader {
  size: number;
  view(at: number, length: number): Buffer;
}

interface Chunks {
  ihdr: Buffer;
  /** The PLTE chunk's length, undefined without one. */
  paletteLength: number | undefined;
  orientation: number;
}

/**
 * Walks the chunks: lengths in bounds, critical CRCs right, the order libpng enforces up to the end of
 * the image data. After it libpng reads nothing, so only a sound IEND is required there. Each IDAT
 * chunk's data goes to `idat` in views of at most `piece` bytes once its CRC is found right, with
 * the IHDR and the PLTE's length seen before it.
 */
async function readChunks(reader: Reader, piece: number, idat: (data: Buffer, ihdr: Buffer, paletteLength: number | undefined) => void | Promise<void>): Promise<Chunks> {
  const { size } = reader;
  let ihdr: Buffer | undefined;
  let paletteLength: number | undefined;
  let images = 0;
  let afterImage = false;
  let orientation: number | undefined;
  for (let at = 8; ; ) {
    if (at + 12 > size) throw new Error('png: truncated (no IEND chunk)');
    const head = reader.view(at, 8);
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (length > size - at - 12) throw new Error(`png: ${type} chunk runs past the end of the file`);
    const from = at + 8;
    // libpng checks the CRCs of critical chunks only (an ancillary chunk's is a warning).
    if (CRITICAL.has(type)) {
      // Over the type and the data: the type with the first piece of data.
      let crc = crc32(reader.view(at + 4, 4 + Math.min(piece, length)));
      for (let p = from + piece; p < from + length; p += piece) crc = crc32(reader.view(p, Math.min(piece, from + length - p)), crc);
      if (crc >>> 0 !== reader.view(from + length, 4).readUInt32BE(0)) throw new Error(`png: bad CRC in ${type}`);
    }
    at += 12 + length;
    if (type === 'IEND') break;
    if (images > 0 && type !== 'IDAT') afterImage = true;
    if (afterImage) continue;
    if (!/^[A-Za-z]{4}$/.test(type)) throw new Error('png: invalid chunk name');
    if ((ihdr === undefined) !== (type === 'IHDR')) throw new Error('png: IHDR must come first, once');
    // (An IHDR of any other length than 13 is refused as it is read: its first 14 bytes tell.)
    if (type === 'IHDR') ihdr = whole(reader, from, Math.min(length, 14), piece);
    else if (type === 'IDAT') {
      images++;
      let p = from;
      do {
        const done = idat(reader.view(p, Math.min(piece, from + length - p)), ihdr as Buffer, paletteLength);
        if (done) await done;
        p += piece;
      } while (p < from + length);
    } else if (type === 'PLTE') {
      if (paletteLength !== undefined) throw new Error('png: PLTE repeated');
      paletteLength = length;
    } else if (type === 'eXIf') orientation ??= exifOrientation(whole(reader, from, length, piece)); // libpng keeps the first with a byte order, CRC unchecked
    else if ((type.charCodeAt(0) & 0x20) === 0) throw new Error(`png: unknown critical chunk ${type}`);
  }
  if (!ihdr) throw new Error('png: missing IHDR chunk');
  if (images === 0) throw new Error('png: no IDAT chunk');
  return { ihdr, paletteLength, orientation: orientation ?? 1 };
}

/** `length` bytes from `at` that stay as they are: a view of bytes held whole, else a copy. */
function whole(reader: Reader, at: number, length: number, piece: number): Buffer {
  if (piece === Infinity) return reader.view(at, length);
  const out = Buffer.allocUnsafe(length);
  for (let p = 0; p < length; p += piece) reader.view(at + p, Math.min(piece, length - p)).copy(out, p);
  return out;
}

export interface Header {
  width: number;
  height: number;
  depth: number;
  colourType: number;
  channels: number;
  interlaced: boolean;
}

function readHeader(ihdr: Buffer): Header {
  if (ihdr.length !== 13) throw new Error('png: IHDR is not 13 bytes');
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const [depth, colourType, compression, filter, interlace] = ihdr.subarray(8);
  if (width === 0 || height === 0 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) throw new Error(`png: image is ${width}x${height}`);
  const type = COLOUR_TYPES[colourType!];
  if (!type || !type.depths.includes(depth!)) throw new Error(`png: colour type ${colourType} with bit depth ${depth} is not valid`);
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) throw new Error('png: unknown compression, filter or interlace method');
  return { width, height, depth: depth!, colourType: colourType!, channels: type.channels, interlaced: interlace === 1 };
}

/** libpng's PLTE errors (libvips refuses these; a PLTE in a grey image, or a short one in a colour image, is ignored). */
function checkPalette(colourType: number, length: number | undefined): void {
  if (colourType === 3 && (length === undefined || length < 3 || length > 768 || length % 3 !== 0)) {
    throw new Error('png: palette image without a valid PLTE');
  }
  if ((colourType & 2) !== 0 && length === 0) throw new Error('png: empty PLTE');
}
