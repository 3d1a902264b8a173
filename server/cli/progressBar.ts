// Progress on stderr, so stdout stays the list of results a script can read. On a terminal: one
// line, redrawn in place, with event lines printed above it. Anywhere else (CI logs, pipes): the
// event lines, plus a plain "progress N%" line at every tenth, since a log cannot be redrawn.

export interface ProgressCounts {
  total: number;
  done: number;
  failed: number;
  skipped: number;
  /** Progress (0..1) of each entry still running, by name. */
  running: ReadonlyMap<string, number>;
  /** Said after the counts while nothing else moves, e.g. "waiting for the server". */
  note?: string;
}

const WIDTH = 24;

export class ProgressBar {
  readonly #out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly #tty: boolean;
  #line = '';
  #lastTenth = -1;

  constructor(out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number } = process.stderr) {
    this.#out = out;
    this.#tty = Boolean(out.isTTY) && process.env.TERM !== 'dumb';
  }

  /** A line that stays (submitted, done, failed ...), on this stream or `to` (stdout for results). */
  log(message: string, to: NodeJS.WritableStream = this.#out) {
    if (this.#tty && this.#line) this.#out.write('\r\x1b[2K');
    to.write(`${message}\n`);
    if (this.#tty && this.#line) this.#out.write(this.#line);
  }

  update(counts: ProgressCounts) {
    const fraction = overall(counts);
    if (!this.#tty) {
      const tenth = Math.floor(fraction * 10);
      if (tenth > this.#lastTenth && tenth < 10 && counts.running.size > 0) this.#out.write(`progress ${tenth * 10}%\n`);
      this.#lastTenth = Math.max(this.#lastTenth, tenth);
      return;
    }
    const filled = Math.round(fraction * WIDTH);
    const parts = [`${counts.done + counts.failed + counts.skipped}/${counts.total}`, `done ${counts.done}`];
    if (counts.failed) parts.push(`failed ${counts.failed}`);
    if (counts.skipped) parts.push(`skipped ${counts.skipped}`);
    if (counts.running.size) parts.push(`running ${counts.running.size}`);
    if (counts.note) parts.push(counts.note);
    let line = `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%  ${parts.join(' · ')}`;
    if (this.#out.columns) line = line.slice(0, this.#out.columns - 1);
    if (line === this.#line) return;
    this.#line = line;
    this.#out.write(`\r\x1b[2K${line}`);
  }

  /** Leaves the terminal on a fresh line. */
  finish() {
    if (this.#tty && this.#line) this.#out.write('\n');
    this.#line = '';
  }
}

/** Finished entries count whole; running ones by their job's progress. */
export function overall(c: ProgressCounts): number {
  if (c.total === 0) return 1;
  let sum = c.done + c.failed + c.skipped;
  for (const p of c.running.values()) sum += Math.min(1, Math.max(0, p));
  return Math.min(1, sum / c.total);
}
