// Hostile images, made by code in milliseconds: PNG zip bombs (a zlib stream that inflates to
// gigabytes, built by repeating one flushed deflate segment of zeros), headers that claim huge sizes
// (PNG, JPEG SOF, WebP VP8X/VP8L), bad CRCs, missing IEND.
import { constants, deflateRawSync } from 'node:zlib';
import { pngChunks } from '../fixtures/pngChunks.ts';
import { jpegBytes, pngBytes, webpBytes } from '../fixtures/images.ts';

const MiB = 1024 * 1024;

/** A zlib stream of `mib` MiB of zeros (about 1 KB per MiB), valid to the last byte (Adler-32 included). */
export function zerosZlib(mib: number): Uint8Array {
  // A full flush ends the segment byte-aligned and non-final; its back-references only reach zeros,
  // so the segment can be repeated as often as we like.
  const segment = deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const total = mib * MiB;
  const adler = ((total % 65521) << 16) | 1; // a = 1 + sum(bytes) = 1, b = sum of a's = total
  const out = Buffer.alloc(2 + segment.length * mib + 2 + 4);
  out.set([0x78, 0xda], 0);
  for (let i = 0; i < mib; i++) out.set(segment, 2 + i * segment.length);
  let at = 2 + segment.length * mib;
  out.set([0x03, 0x00], at); // final empty fixed-Huffman block
  at += 2;
  out.writeUInt32BE(adler >>> 0, at);
  return new Uint8Array(out);
}

export function rebuildPng(png: Uint8Array, edit: (c: { type: string; data: Uint8Array }) => Uint8Array | undefined): Uint8Array {
  const parts = [png.subarray(0, 8), ...pngChunks(png).map(edit).filter((c): c is Uint8Array => c !== undefined)];
  return new Uint8Array(Buffer.concat(parts));
}

/** A real JPEG with its SOF0 dimensions patched (the decoder sees the claim before any scan). */
export async function jpegClaiming(width: number, height: number): Promise<Uint8Array> {
  const bytes = Buffer.from(await jpegBytes(16, 16));
  for (let at = 2; at + 9 < bytes.length; ) {
    if (bytes[at] !== 0xff) throw new Error('jpegClaiming: lost sync');
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc2) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return new Uint8Array(bytes);
    }
    at += 2 + length;
  }
  throw new Error('jpegClaiming: no SOF');
}

/** A lossless WebP with a VP8X header claiming a width x height canvas (24-bit fields: up to 16M). */
export async function webpVp8xClaiming(width: number, height: number): Promise<Uint8Array> {
  const inner = Buffer.from(await webpBytes(16, 16)).subarray(12); // the VP8L chunk
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x[8] = 0x10; // alpha
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), vp8x, inner]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return new Uint8Array(Buffer.concat([head, body]));
}

/** A lossless WebP whose VP8L header claims width x height (14-bit fields: at most 16384). */
export async function webpVp8lClaiming(width: number, height: number): Promise<Uint8Array> {
  const bytes = Buffer.from(await webpBytes(16, 16));
  // RIFF(12) + 'VP8L' + size(4) + signature 0x2f, then 14 bits width-1, 14 bits height-1, alpha, version.
  const at = 21;
  const bits = bytes.readUInt32LE(at);
  const rest = bits & ~((1 << 28) - 1);
  bytes.writeUInt32LE((rest | ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14)) >>> 0, at);
  return new Uint8Array(bytes);
}

export const smallPng = () => pngBytes(16, 16, (x, y) => [x * 16, y * 16, 100, 255]);
