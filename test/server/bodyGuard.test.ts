// The multipart guard counts parts and header bytes as the body streams past, however the body is
// cut into chunks: a delimiter or a header's end split across chunks (down to one byte a chunk) is
// seen once, and the bounds fall at the same byte as when the body arrives whole.
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { guardMultipart, type BodyLimits } from '../../server/bodyGuard.ts';

const BOUNDARY = 'XyZ--boundary-0123456789';

function body(parts: number, headerPad: number): { bytes: Buffer; longestHeader: number } {
  let text = '';
  let longestHeader = 0;
  for (let i = 0; i < parts; i++) {
    // The header block counted is what follows the delimiter up to the blank line.
    const header = `\r\nContent-Disposition: form-data; name="f${i}"${i % 2 ? `; filename="a${'x'.repeat(headerPad * i)}.png"\r\nContent-Type: image/png` : ''}`;
    longestHeader = Math.max(longestHeader, Buffer.byteLength(header));
    // Bodies hold near-misses of both markers: "\r\n\r" and the delimiter less its last byte.
    text += `--${BOUNDARY}${header}\r\n\r\nvalue ${i} \r\n\r --${BOUNDARY.slice(0, -1)} end\r\n`;
  }
  return { bytes: Buffer.from(`${text}--${BOUNDARY}--\r\n`), longestHeader };
}

/** Feeds `bytes` through the guard in chunks of the given sizes (cycled); what came out, and the failure. */
async function feed(bytes: Buffer, sizes: number[], limits: BodyLimits): Promise<{ out: Buffer; status: number | null }> {
  const req = Object.assign(new PassThrough(), { headers: {} }) as unknown as IncomingMessage & PassThrough;
  const guarded = guardMultipart(req, BOUNDARY, limits);
  const out: Buffer[] = [];
  guarded.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => guarded.on('end', resolve));
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    req.write(bytes.subarray(at, at + size));
    at += size;
  }
  req.end();
  await ended;
  return { out: Buffer.concat(out), status: guarded.failure?.status ?? null };
}

const CUTS = [[1], [2], [3], [7, 1, 13], [BOUNDARY.length + 1], [BOUNDARY.length + 2, 1], [64], [100_000]];

describe('guardMultipart', () => {
  const { bytes, longestHeader } = body(9, 7);
  const roomy: BodyLimits = { bodyBytes: bytes.length, partHeaderBytes: longestHeader, parts: 9 };

  it.each(CUTS)('passes a body within its bounds unchanged, cut into chunks of %j bytes', async (...sizes) => {
    expect(await feed(bytes, sizes, roomy)).toEqual({ out: bytes, status: null });
  });

  it.each(CUTS)('counts every part once, cut into chunks of %j bytes', async (...sizes) => {
    expect((await feed(bytes, sizes, { ...roomy, parts: 8 })).status).toBe(413);
  });

  it.each(CUTS)('measures each header block to the byte, cut into chunks of %j bytes', async (...sizes) => {
    expect((await feed(bytes, sizes, { ...roomy, partHeaderBytes: longestHeader - 1 })).status).toBe(400);
  });

  it('refuses a body past its size', async () => {
    expect((await feed(bytes, [5], { ...roomy, bodyBytes: bytes.length - 1 })).status).toBe(413);
  });
});
