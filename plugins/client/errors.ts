// Errors that carry what the server said: the HTTP status and the spec's `detail` (a message, or the
// list of 422 problems), so callers can show the message as is or act on the status.

export class SpritekilnError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
  ) {
    super(`${status}: ${describe(detail)}`);
    this.name = 'SpritekilnError';
  }
}

/** The job ended Failed; `job.error` says why (credits were refunded). */
export class JobFailedError extends Error {
  constructor(
    readonly jobId: string,
    readonly reason: string,
  ) {
    super(`job ${jobId} failed: ${reason}`);
    this.name = 'JobFailedError';
  }
}

/** "frame: Input should be a valid integer ..." for 422 lists; the message itself otherwise. */
export function describe(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).filter((p) => p !== 'body').join('.')}: ${d.msg ?? ''}`)
      .join('; ');
  }
  return JSON.stringify(detail);
}
