// Format detection by content. Uploads are named and typed by the client, so neither the file name
// nor the part's content type is trusted (docs/contract.md §2): only the leading magic bytes decide.
import type { ImageFormat } from '../types.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const; // \x89PNG\r\n\x1a\n
const JPEG_SOI = [0xff, 0xd8, 0xff] as const;
const GIF87A = ascii('GIF87a');
const GIF89A = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** The image format the bytes start with, or undefined when they are none of the four we read. */
export function detectFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG_SOI)) return 'jpeg';
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return 'gif';
  // RIFF container: 'RIFF', a 4-byte little-endian size, then the form type 'WEBP'.
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return undefined;
}

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((byte, i) => bytes[at + i] === byte);
}

function ascii(text: string): number[] {
  return Array.from(text, (ch) => ch.charCodeAt(0));
}
