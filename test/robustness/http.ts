// Raw HTTP for the robustness suites: any method, headers and body bytes (fetch cannot send a bad
// multipart envelope or stop half-way), and a multipart writer with a chosen boundary.
import { request } from 'node:http';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { inputPaths } from '../../server/jobs/paths.ts';
import { HELD_FILE_BYTES } from '../../server/uploadSink.ts';
import type { JobStore } from '../../server/jobs/types.ts';

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: unknown;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** Send only this many body bytes (with the full Content-Length), then cut the connection. */
  abortAfter?: number;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length). */
  chunked?: boolean;
}

/** One request on a fresh connection; resolves undefined when the request was aborted on purpose. */
export function raw(baseUrl: string, req: RawRequest): Promise<RawReply | undefined> {
  const url = new URL(req.path, baseUrl);
  return new Promise((resolve, reject) => {
    const r = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: req.method, headers: req.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => (req.abortAfter !== undefined ? resolve(undefined) : reject(e)));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // keep the text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    r.on('error', (e) => (req.abortAfter !== undefined ? resolve(undefined) : reject(e)));
    const body = req.body ?? new Uint8Array(0);
    if (req.abortAfter !== undefined) {
      r.setHeader('Content-Length', String(body.length));
      r.write(body.subarray(0, req.abortAfter), () => setTimeout(() => (r.destroy(), resolve(undefined)), 5));
      return;
    }
    if (req.chunked) {
      // No Content-Length: the body goes in pieces of up to 64 KiB, as a streaming client sends it.
      for (let at = 0; at < body.length; at += 65536) r.write(body.subarray(at, at + 65536));
      r.end();
      return;
    }
    if (req.body) r.setHeader('Content-Length', String(body.length));
    r.end(req.body ? body : undefined);
  });
}

export type Part = { name: string; value: string } | { name: string; filename: string; type?: string; bytes: Uint8Array };

/** A multipart/form-data body with `boundary`; parts without a type get no Content-Type header. */
export function multipart(parts: Part[], boundary: string): Uint8Array {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
    } else {
      const type = p.type === undefined ? '' : `Content-Type: ${p.type}\r\n`;
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n${type}\r\n`), Buffer.from(p.bytes), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

export const listDir = (dir: string) => readdir(dir).catch(() => [] as string[]);

/** True when spare/ (server/jobs/inputFiles.ts) holds more than 64 files, or one larger than a held upload. */
export async function spareOverBound(dataDir: string): Promise<boolean> {
  const dir = join(dataDir, 'spare');
  const sizes = await Promise.all((await listDir(dir)).map(async (name) => (await stat(join(dir, name))).size));
  return sizes.length > 64 || sizes.some((size) => size > HELD_FILE_BYTES);
}

/**
 * Files in inputs/ that no Pending job names: uploads of refused or aborted requests, which must be
 * gone within `ms` (an aborted upload is cleaned up when the server notices the connection went).
 */
export async function strayUploads(dataDir: string, store: JobStore, ms = 0): Promise<string[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const named = new Set(store.pendingJobs().flatMap((job) => inputPaths(job).map((path) => basename(path))));
    const left = (await listDir(join(dataDir, 'inputs'))).filter((name) => !named.has(name));
    if (left.length === 0 || Date.now() >= deadline) return left;
    await new Promise((r) => setTimeout(r, 20));
  }
}
