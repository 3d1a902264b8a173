// The probe's PNG check: decides that a PNG decodes completely (decisions §2) without decoding it.
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
import { crc32 } from 'node:zlib';
import { MAX_IMAGE_SIDE } from '../limits.ts';
import { exifOrientation } from './exif.ts';
import { checkImageData } from './pngImageData.ts';

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
  const { ihdr, palette, idat, orientation } = readChunks(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const header = readHeader(ihdr);
  checkPalette(header.colourType, palette);
  await checkImageData(idat, header);
  const swap = orientation >= 5 && orientation <= 8;
  return swap ? { width: header.height, height: header.width } : { width: header.width, height: header.height };
}

interface Chunks {
  ihdr: Buffer;
  palette: Buffer | undefined;
  idat: Buffer[];
  orientation: number;
}

/**
 * Walks the chunks: lengths in bounds, critical CRCs right, the order libpng enforces up to the end of
 * the image data. After it libpng reads nothing, so only a sound IEND is required there.
 */
function readChunks(buf: Buffer): Chunks {
  let ihdr: Buffer | undefined;
  let palette: Buffer | undefined;
  const idat: Buffer[] = [];
  let afterImage = false;
  let orientation: number | undefined;
  for (let at = 8; ; ) {
    if (at + 12 > buf.length) throw new Error('png: truncated (no IEND chunk)');
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (length > buf.length - at - 12) throw new Error(`png: ${type} chunk runs past the end of the file`);
    const data = buf.subarray(at + 8, at + 8 + length);
    // libpng checks the CRCs of critical chunks only (an ancillary chunk's is a warning).
    if (CRITICAL.has(type) && (crc32(buf.subarray(at + 4, at + 8 + length)) >>> 0) !== buf.readUInt32BE(at + 8 + length)) {
      throw new Error(`png: bad CRC in ${type}`);
    }
    at += 12 + length;
    if (type === 'IEND') break;
    if (idat.length > 0 && type !== 'IDAT') afterImage = true;
    if (afterImage) continue;
    if (!/^[A-Za-z]{4}$/.test(type)) throw new Error('png: invalid chunk name');
    if ((ihdr === undefined) !== (type === 'IHDR')) throw new Error('png: IHDR must come first, once');
    if (type === 'IHDR') ihdr = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'PLTE') {
      if (palette !== undefined) throw new Error('png: PLTE repeated');
      palette = data;
    } else if (type === 'eXIf') orientation ??= exifOrientation(data); // libpng keeps the first with a byte order, CRC unchecked
    else if ((type.charCodeAt(0) & 0x20) === 0) throw new Error(`png: unknown critical chunk ${type}`);
  }
  if (!ihdr) throw new Error('png: missing IHDR chunk');
  if (idat.length === 0) throw new Error('png: no IDAT chunk');
  return { ihdr, palette, idat, orientation: orientation ?? 1 };
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
function checkPalette(colourType: number, palette: Buffer | undefined): void {
  if (colourType === 3 && (palette === undefined || palette.length < 3 || palette.length > 768 || palette.length % 3 !== 0)) {
    throw new Error('png: palette image without a valid PLTE');
  }
  if ((colourType & 2) !== 0 && palette?.length === 0) throw new Error('png: empty PLTE');
}
