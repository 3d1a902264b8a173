import { describe, expect, test } from 'vitest';
import { detectFormat } from '../../../workers/codecs/detect.ts';
import type { ImageFormat } from '../../../workers/types.ts';
import { gifBytes, jpegBytes, pngBytes, webpBytes } from '../../fixtures/images.ts';

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

describe('detectFormat', () => {
  const cases: Array<[string, () => Promise<Uint8Array> | Uint8Array, ImageFormat | undefined]> = [
    ['a PNG', () => pngBytes(4, 4), 'png'],
    ['a JPEG', () => jpegBytes(4, 4), 'jpeg'],
    ['a WebP', () => webpBytes(4, 4), 'webp'],
    ['a GIF89a', () => gifBytes({ width: 2, height: 2, frames: 1, delaysCs: 10 }), 'gif'],
    ['a GIF87a header', () => ascii('GIF87a\x01\x00\x01\x00'), 'gif'],
    ['the PNG signature alone', () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'png'],
    ['a PNG signature cut short', () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47]), undefined],
    ['RIFF that is not WEBP (a WAV)', () => ascii('RIFF\x24\x00\x00\x00WAVEfmt '), undefined],
    ['GIF with an unknown version', () => ascii('GIF90a\x01\x00\x01\x00'), undefined],
    ['text', () => ascii('hello, world'), undefined],
    ['zero bytes', () => new Uint8Array(0), undefined],
  ];

  test.each(cases)('%s', async (_name, make, expected) => {
    expect(detectFormat(await make())).toBe(expected);
  });
});
