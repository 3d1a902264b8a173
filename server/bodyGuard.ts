// Bounds on a multipart body whatever its framing. The Content-Length check cannot see a chunked
// body, and formidable keeps a part's header in a growing string until the header ends: a header
// that never ends grows until the process dies. The guard sits between the request and the parser
// and counts as the bytes pass: the whole body, each part's header block, the number of parts. Past
// a bound it fails the stream at once (the parser stops, nothing more is buffered) and the answer
// closes the connection rather than read the rest.
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors.ts';
import { M } from '../schemas/messages.ts';

export interface BodyLimits {
  /** The whole body, framing included. */
  bodyBytes: number;
  /** One part's header block (its Content-Disposition, Content-Type and any other lines). */
  partHeaderBytes: number;
  parts: number;
}

export const PARSE_ERROR = 'There was an error parsing the body';
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart Content-Type, or null. */
export function boundaryOf(contentType: string): string | null {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return (m?.[1] ?? m?.[2])?.trim() || null;
}

/** `req`'s bytes, in a stream that stands in for it (same headers) so a parser reads it as it would the request. */
export interface GuardedBody extends Transform {
  headers: IncomingMessage['headers'];
  /** Set once a bound is passed: the spec's 413 for the body or the number of parts, 400 for a part's header. */
  failure: ApiError | null;
}

/** `req` read through the bounds (see the file comment). */
export function guardMultipart(req: IncomingMessage, boundary: string, limits: BodyLimits): GuardedBody {
  const delimiter = Buffer.from(`--${boundary}`);
  let total = 0, parts = 0, headerBytes = 0;
  let inHeader = false;
  // The end of the previous chunk, so a delimiter or header end split across chunks is still seen.
  let carry: Buffer = Buffer.alloc(0);
  const scan = (chunk: Buffer): ApiError | null => {
    total += chunk.length;
    if (total > limits.bodyBytes) return new ApiError(413, M.fileTooLarge);
    // The carried tail and the chunk are read as one run of bytes without joining them (that would
    // copy every chunk): a match starting in the tail is looked for in the tail and the chunk's first bytes.
    const base = carry.length;
    const end = base + chunk.length;
    const find = (needle: Buffer, from: number): number => {
      if (from < base) {
        const found = Buffer.concat([carry.subarray(from), chunk.subarray(0, needle.length - 1)]).indexOf(needle);
        if (found >= 0) return from + found;
        from = base;
      }
      const found = chunk.indexOf(needle, from - base);
      return found < 0 ? -1 : base + found;
    };
    const rest = (from: number): Buffer => (from >= base ? chunk.subarray(from - base) : Buffer.concat([carry.subarray(from), chunk]));
    let at = 0;
    for (;;) {
      if (!inHeader) {
        const found = find(delimiter, at);
        if (found < 0) {
          carry = rest(Math.max(at, end - delimiter.length + 1));
          return null;
        }
        if (++parts > limits.parts + 1) return new ApiError(413, M.fileTooLarge); // the closing delimiter is one more
        inHeader = true;
        headerBytes = 0;
        at = found + delimiter.length;
      } else {
        const found = find(HEADER_END, at);
        if (found < 0) {
          // The bytes carried over may begin the header's end: they are counted once the next chunk tells.
          const kept = Math.max(at, end - HEADER_END.length + 1);
          headerBytes += kept - at;
          if (headerBytes > limits.partHeaderBytes) return new ApiError(400, PARSE_ERROR);
          carry = rest(kept);
          return null;
        }
        headerBytes += found - at;
        if (headerBytes > limits.partHeaderBytes) return new ApiError(400, PARSE_ERROR);
        inHeader = false;
        at = found + HEADER_END.length;
      }
    }
  };
  // On a bound passed the stream ends where it is (the parser then fails on a body cut short, or
  // has not started: either way it reads no more) and the failure waits for the caller to read it.
  // Failing the stream instead would go unheard by a parser not yet listening, which then waits forever.
  const guarded = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, done: TransformCallback) {
        if (guarded.failure) return done();
        const err = scan(chunk);
        if (!err) return done(null, chunk);
        guarded.failure = err;
        req.unpipe(guarded);
        this.push(null);
        done();
      },
    }),
    { headers: req.headers, failure: null as ApiError | null },
  );
  req.on('aborted', () => guarded.emit('aborted'));
  req.on('error', (err) => guarded.destroy(err));
  req.pipe(guarded);
  return guarded;
}

/**
 * Reads and drops a body the API does not take (JSON: every endpoint takes a form), failing with
 * the spec's 413 past `limit` bytes so an oversized one is refused as one of a taken kind would be.
 */
export function dropBody(req: IncomingMessage, limit: number): Promise<void> {
  // (Not for-await: leaving that loop early would destroy the request, and the answer with it.)
  return new Promise((resolve, reject) => {
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= limit) return;
      req.off('data', onData).off('end', resolve).off('error', reject);
      reject(new ApiError(413, M.fileTooLarge));
    };
    req.on('data', onData).once('end', resolve).once('error', reject);
  });
}
