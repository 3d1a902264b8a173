// A JSON answer, written out here rather than left to Koa. Koa tests an object body against the web's
// ReadableStream, Blob and Response before it serialises it, and the first look at `Response` loads
// node's fetch (undici): 50-60 ms on this project's 2-core test machine, spent on the server's first
// answer (it held /healthz back after the server was listening). A string is sent as it is.
import type { Context } from 'koa';

export function sendJson(ctx: Context, value: unknown): void {
  ctx.type = 'json';
  ctx.body = JSON.stringify(value);
}
