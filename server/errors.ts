// One error model: ApiError(status, detail) thrown anywhere, rendered as {"detail": ...} by the first
// middleware. Anything else is a 500 with a generic detail and a log line: internals never leak.
import type { Context, Next } from 'koa';
import { RuleViolation } from '../schemas/rules.ts';
import { M } from '../schemas/messages.ts';
import type { ValidationEntry } from '../schemas/formErrors.ts';
import { sendJson } from './json.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationEntry[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : 'Validation error');
  }
}

export const unprocessable = (entries: ValidationEntry[]) => new ApiError(422, entries);

/** Whether `err` says the disk (or a quota) is full: by its code, or by its message once it crossed a worker. */
const diskFull = (err: unknown): boolean =>
  ['ENOSPC', 'EDQUOT'].includes(String((err as NodeJS.ErrnoException)?.code)) || /^(ENOSPC|EDQUOT)\b/.test(err instanceof Error ? err.message : '');

/** The 503 for a write that failed: a request's data could not be kept, so nothing of it was. */
export function storageError(err: unknown): ApiError {
  return new ApiError(503, diskFull(err) ? M.storageFull : M.storageUnavailable, { 'Retry-After': '30' });
}

export function errorMiddleware(log: (message: string) => void) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new ApiError(404, M.notFound);
      if (ctx.status === 405 && typeof ctx.body !== 'object') throw new ApiError(405, M.methodNotAllowed);
    } catch (err) {
      // A full disk anywhere in a request (an upload written, a store flushed) is the client's 503.
      const error = err instanceof RuleViolation ? new ApiError(400, err.message) : diskFull(err) ? storageError(err) : err;
      if (error instanceof ApiError) {
        ctx.status = error.status;
        ctx.set(error.headers);
        sendJson(ctx, { detail: error.detail });
        return;
      }
      log(`500 ${ctx.method} ${ctx.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      ctx.status = 500;
      sendJson(ctx, { detail: M.internal });
    }
  };
}
