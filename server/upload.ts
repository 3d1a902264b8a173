// Multipart parsing, each file part named for its place in <data>/inputs and held in memory or
// spilled there (uploadSink.ts), with formidable's errors mapped to the spec's statuses (koa-body
// rethrows them as 500). After the request every file that reached the disk is released (to spare/,
// or removed) unless the handler took it: an accepted job's inputs stay where they were received (ctx.state.taken), so
// accepting costs no folder and no move. A request that fails half-way (too many files, oversize)
// leaves partial files behind otherwise.
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, Next } from 'koa';
import type { Config } from './config.ts';
import type { InputFiles } from './jobs/inputFiles.ts';
import { ApiError } from './errors.ts';
import { HeldBudget, UploadSink } from './uploadSink.ts';
import { boundaryOf, dropBody, guardMultipart, PARSE_ERROR } from './bodyGuard.ts';
import { M } from '../schemas/messages.ts';
import type { Upload } from '../schemas/fields.ts';
import type { WorkerPool } from '../workers/pool.ts';
import type { ImageFormat, ProbeResult } from '../workers/types.ts';

/** Form fields and files after FastAPI's rules: last value wins, empty strings count as absent. */
export type Form = Record<string, string | Upload[]>;

export interface UploadState {
  form: Form;
  /** Upload paths the handler has kept as a job's inputs. */
  taken: Set<string>;
  /** Held uploads their probe wrote to their path (it writes only valid ones). */
  written: Set<string>;
  /** Probes of this request; the clean-up waits for them all. */
  probes: Promise<unknown>[];
}

// formidable error codes (formidable/src/FormidableError.js) and what they mean for the client.
const TOO_LARGE = new Set([1006, 1007, 1009, 1015, 1016]);
const MALFORMED = new Set([1002, 1011, 1012, 1013, 1014]);
// Bounds no API field comes near: the longest field name is a dozen characters, a part's header
// two short lines, and a request a few dozen fields.
const MAX_NAME = 256;
const MAX_FIELDS = 256;
const PART_HEADER_BYTES = 16 * 1024;
// co-body's limit for URL-encoded bodies (its default), and so for any body of fields alone.
const FORM_BYTES = 56 * 1024;
// How long, and how much more, a body refused part-way is read (and dropped) before its connection closes.
const LINGER_MS = 10_000;
const LINGER_BYTES = 64 * 1024 * 1024;
// Boundaries, part headers and the non-file fields on top of the files' own bytes.
const MULTIPART_SLACK = 2 * 1024 * 1024;

// koa-body (with formidable and zod, which it validates its options with) takes ~0.2 s to load: it
// is loaded once the server is up, not before it answers; a body arriving sooner waits for it.
let bodyParser: Promise<typeof import('koa-body')> | undefined;
const loadBodyParser = () => (bodyParser ??= import('koa-body'));

export function uploads(config: Config, inputs: InputFiles) {
  const { fileBytes, files, requestBytes } = config.limits;
  const budget = new HeldBudget();
  setTimeout(() => void loadBodyParser(), 50).unref();
  return async (ctx: Context, next: Next) => {
    if (Number(ctx.get('Content-Length') || 0) > requestBytes) throw new ApiError(413, M.fileTooLarge);
    // Every file formidable starts, in the order the parts were sent: formidable lists files as their
    // writes finish, which can reorder repeated fields (zenith's start and end images).
    const order = new Map<string, number>();
    const begun: BegunFile[] = [];
    let longName = false;
    const state = ctx.state as UploadState;
    Object.assign(state, { taken: new Set(), written: new Set(), probes: [] });
    try {
      const { koaBody } = await loadBodyParser();
      const parse = koaBody({
        multipart: true,
        urlencoded: true,
        formLimit: FORM_BYTES,
        json: false,
        text: false,
        formidable: {
          uploadDir: inputs.dir,
          // A random UUID names each file (formidable's default, cuid2, hashes with SHA-3 in JavaScript).
          filename: () => randomUUID(),
          fileWriteStreamHandler: (file) => new UploadSink((file as unknown as BegunFile).filepath, budget),
          maxFileSize: fileBytes,
          maxFiles: files,
          maxTotalFileSize: requestBytes,
          maxFieldsSize: 1024 * 1024,
          maxFields: MAX_FIELDS,
          allowEmptyFiles: true,
          minFileSize: 0,
          // A part with a filename is a file even when the client sent no Content-Type for it.
          onFileBegin: (_name, file) => {
            order.set(file.filepath, order.size);
            begun.push(file as unknown as BegunFile);
          },
          onPart: (part, handle) => {
            // (Refused once the body is read: throwing here escapes the parser's error path.)
            if ((part.name ?? '').length > MAX_NAME) longName = true;
            if (part.originalFilename !== undefined && part.originalFilename !== null && !part.mimetype) part.mimetype = 'application/octet-stream';
            handle(part);
          },
        },
      });
      // A JSON body is refused by its fields (422), once known not to pass the size a form may have.
      if (ctx.is('json')) await dropBody(ctx.req, FORM_BYTES).catch((err: unknown) => {
        lingerThenClose(ctx.req);
        throw err;
      });
      // A multipart body is read through the guard (bodyGuard.ts), whatever its framing.
      const request = ctx.req;
      const boundary = ctx.is('multipart') ? boundaryOf(ctx.get('Content-Type')) : null;
      const guard = boundary ? guardMultipart(request, boundary, { bodyBytes: requestBytes + MULTIPART_SLACK, partHeaderBytes: PART_HEADER_BYTES, parts: files + MAX_FIELDS }) : null;
      if (guard) ctx.req = guard as unknown as typeof ctx.req;
      try {
        await parse(ctx, async () => {}).catch((err: unknown) => {
          if (!guard?.failure) throw err;
        });
        if (guard?.failure) throw guard.failure;
        if (longName) throw new ApiError(400, PARSE_ERROR);
      } catch (err) {
        // Let the rest of the body drain so the client reads our answer; past a bound, for a while only.
        request.resume();
        if (guard?.failure) lingerThenClose(request);
        throw mapParseError(err);
      } finally {
        ctx.req = request;
      }
      state.form = readForm(ctx.request.body, ctx.request.files, order);
      await next();
    } finally {
      await Promise.allSettled(state.probes);
      await releaseBegun(begun, state, inputs);
    }
  };
}

/**
 * Probes an upload in the worker pool. A held one travels with the request (transferred, not copied)
 * with a spare file to write over, and the worker writes it to its path once it is valid: a job's
 * inputs are on disk before its 200, and nobody reads them back to check them.
 */
export function probeUpload(state: UploadState, pool: WorkerPool, inputs: InputFiles, upload: Upload, accept: ImageFormat[]): Promise<ProbeResult> {
  const held = upload.held;
  if (!held) return track(state, pool.probe({ path: upload.path, accept }));
  upload.held = undefined; // detached by the transfer; probed again, it is read from disk
  const spare = inputs.take();
  const probing = pool.probe({ path: upload.path, accept, held, spare }).then(
    (result) => {
      if (result.ok) {
        state.written.add(upload.path);
        inputs.wrote(upload.path, upload.size);
      } else if (spare) inputs.giveBack(spare); // an invalid upload is not written: the spare is untouched
      return result;
    },
    (err: unknown) => {
      state.written.add(upload.path); // a write that failed may have left the file (and used the spare)
      throw err;
    },
  );
  return track(state, probing);
}

function track<T>(state: UploadState, probing: Promise<T>): Promise<T> {
  state.probes.push(probing);
  return probing;
}

/** formidable's VolatileFile: its sink exists once open() ran (right after fileBegin). */
interface BegunFile {
  filepath: string;
  _writeStream?: UploadSink | null;
}

/**
 * Gives back every part's held bytes and releases every file on disk the handler did not take. A
 * part can still be opening its file when the parse fails (formidable opens the file that breaks
 * maxFiles after it has reported the error, and a part already past its header begins a tick later),
 * and moving it first would let the open create it again afterwards: so each sink is closed before
 * its file is released, and parts begun meanwhile are released too.
 */
async function releaseBegun(begun: BegunFile[], { taken, written }: UploadState, inputs: InputFiles) {
  for (let done = 0; done < begun.length; ) {
    const batch = begun.slice(done);
    done = begun.length;
    await Promise.all(
      batch.map(async (file) => {
        const sink = file._writeStream;
        if (sink && !sink.closed && !taken.has(file.filepath)) {
          const closed = once(sink, 'close').catch(() => {});
          sink.destroy();
          await closed;
        }
        sink?.dispose();
        if (!taken.has(file.filepath) && (sink?.onDisk || written.has(file.filepath))) await inputs.release([file.filepath]);
      }),
    );
  }
}

/**
 * Reads and drops what more a refused body sends, for a while, then closes its connection. Closing
 * at once would reset a client still sending before it reads the answer; reading on for ever would
 * let a body that never ends hold the connection.
 */
function lingerThenClose(req: IncomingMessage): void {
  let read = 0;
  const close = () => req.socket.destroy();
  const timer = setTimeout(close, LINGER_MS).unref();
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_BYTES) close();
  });
  req.once('end', () => clearTimeout(timer));
  req.resume();
}

function mapParseError(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  // co-body (URL-encoded bodies) says 413 past its limit, as raw-body's 'entity.too.large'.
  if ((err as { status?: unknown }).status === 413) return new ApiError(413, M.fileTooLarge);
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'number') return err;
  if (TOO_LARGE.has(code)) return new ApiError(413, M.fileTooLarge);
  if (MALFORMED.has(code)) return new ApiError(400, PARSE_ERROR);
  return new ApiError(400, M.invalidImage);
}

interface FormidableFile extends BegunFile {
  size: number;
  originalFilename: string | null;
}

function readForm(body: unknown, files: unknown, order: Map<string, number>): Form {
  const form: Form = {};
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, string | string[]>)) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (typeof last === 'string' && last !== '') form[name] = last;
  }
  for (const [name, value] of Object.entries((files ?? {}) as Record<string, FormidableFile | FormidableFile[]>)) {
    const list = (Array.isArray(value) ? value : [value]).sort((a, b) => order.get(a.filepath)! - order.get(b.filepath)!);
    form[name] = list.map((f) => ({ path: f.filepath, size: f.size, name: f.originalFilename ?? '', held: f._writeStream?.held }));
  }
  return form;
}
