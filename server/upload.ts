// Multipart parsing into <data>/inputs, with formidable's errors mapped to the spec's statuses
// (koa-body rethrows them as 500) and every file formidable began removed after the request, unless
// the handler took it: an accepted job's inputs stay where they were received (ctx.state.taken), so
// accepting costs no folder and no move. A request that fails half-way (too many files, oversize)
// leaves partial files behind otherwise.
import { mkdirSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { unlink } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import type { Config } from './config.ts';
import { inputsRoot } from './jobs/paths.ts';
import { ApiError } from './errors.ts';
import { M } from '../schemas/messages.ts';
import type { Upload } from '../schemas/fields.ts';

/** Form fields and files after FastAPI's rules: last value wins, empty strings count as absent. */
export type Form = Record<string, string | Upload[]>;

export interface UploadState {
  form: Form;
  /** Upload paths the handler has kept as a job's inputs. */
  taken: Set<string>;
}

// formidable error codes (formidable/src/FormidableError.js) and what they mean for the client.
const TOO_LARGE = new Set([1006, 1007, 1009, 1015, 1016]);
const MALFORMED = new Set([1002, 1011, 1012, 1013, 1014]);
const PARSE_ERROR = 'There was an error parsing the body';

export function uploads(config: Config) {
  const { fileBytes, files, requestBytes } = config.limits;
  const dir = inputsRoot(config.dataDir);
  mkdirSync(dir, { recursive: true });
  return async (ctx: Context, next: Next) => {
    if (Number(ctx.get('Content-Length') || 0) > requestBytes) throw new ApiError(413, M.fileTooLarge);
    // Every file formidable starts, in the order the parts were sent: formidable lists files as their
    // writes finish, which can reorder repeated fields (zenith's start and end images).
    const order = new Map<string, number>();
    const begun: BegunFile[] = [];
    const taken = new Set<string>();
    ctx.state.taken = taken;
    try {
      const parse = koaBody({
        multipart: true,
        urlencoded: true,
        json: false,
        text: false,
        formidable: {
          uploadDir: dir,
          // A random UUID names each file (formidable's default, cuid2, hashes with SHA-3 in JavaScript).
          filename: () => randomUUID(),
          maxFileSize: fileBytes,
          maxFiles: files,
          maxTotalFileSize: requestBytes,
          maxFieldsSize: 1024 * 1024,
          maxFields: 256,
          allowEmptyFiles: true,
          minFileSize: 0,
          // A part with a filename is a file even when the client sent no Content-Type for it.
          onFileBegin: (_name, file) => {
            order.set(file.filepath, order.size);
            begun.push(file as unknown as BegunFile);
          },
          onPart: (part, handle) => {
            if (part.originalFilename !== undefined && part.originalFilename !== null && !part.mimetype) part.mimetype = 'application/octet-stream';
            handle(part);
          },
        },
      });
      try {
        await parse(ctx, async () => {});
      } catch (err) {
        ctx.req.resume(); // let the rest of the body drain so the client reads our answer
        throw mapParseError(err);
      }
      ctx.state.form = readForm(ctx.request.body, ctx.request.files, order);
      await next();
    } finally {
      await removeBegun(begun, taken);
    }
  };
}

/** formidable's PersistentFile: its write stream exists once open() ran (right after fileBegin). */
interface BegunFile {
  filepath: string;
  _writeStream?: WriteStream | null;
}

/**
 * Removes every file formidable began. A file can still be opening when the parse fails (formidable
 * opens the file that breaks maxFiles after it has reported the error, and a part already past its
 * header begins its file a tick later), and removing it first would let the open create it again
 * afterwards: so each write stream is closed before its file is removed, and files begun meanwhile
 * are removed too.
 */
async function removeBegun(begun: BegunFile[], taken: Set<string>) {
  for (let done = 0; done < begun.length; ) {
    const batch = begun.slice(done).filter((file) => !taken.has(file.filepath));
    done = begun.length;
    await Promise.all(
      batch.map(async (file) => {
        const stream = file._writeStream;
        if (stream && !stream.closed) {
          const closed = once(stream, 'close').catch(() => {});
          stream.destroy();
          await closed;
        }
        await unlink(file.filepath).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        });
      }),
    );
  }
}

function mapParseError(err: unknown): unknown {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'number') return err;
  if (TOO_LARGE.has(code)) return new ApiError(413, M.fileTooLarge);
  if (MALFORMED.has(code)) return new ApiError(400, PARSE_ERROR);
  return new ApiError(400, M.invalidImage);
}

interface FormidableFile {
  filepath: string;
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
    form[name] = list.map((f) => ({ path: f.filepath, size: f.size, name: f.originalFilename ?? '' }));
  }
  return form;
}
