// Request bodies an attacker frames to get past the size check, against the real server process:
// a chunked multipart body (no Content-Length) whose part header never ends, a huge field name, too
// many parts, a chunked body past the request limit, URL-encoded and JSON bodies past theirs. Each
// gets its spec status and a JSON detail, the server reads no more than the bound (its peak memory
// stays within a budget) and keeps serving.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startServerProcess, type ServerProcess, stopServerProcess } from '../helpers/serverProcess.ts';

const MiB = 1024 * 1024;
const RSS_BUDGET_MIB = 150;

let server: ServerProcess;
let dataDir: string;
let key: string;

const peakKiB = () => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? NaN);

interface Sent {
  status: number;
  body: unknown;
  /** Body bytes written before the answer came. */
  sent: number;
}

/**
 * POSTs a chunked body on a raw socket, as an attacker would: `head`, then `filler` repeated until
 * the server answers or `max` bytes went out. Resolves with the answer and how much was sent by
 * then. (Node's HTTP client ends its socket when an early answer ends and can report that as a
 * failed write before the answer.)
 */
function streamed(path: string, contentType: string, head: string, filler: Buffer, max: number): Promise<Sent> {
  const url = new URL(server.url);
  const chunk = (b: Buffer | string) => (b.length ? Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), Buffer.from(b), Buffer.from('\r\n')]) : Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let sent = 0, reply = Buffer.alloc(0), settled = false;
    const settle = () => {
      const text = reply.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (settled || end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? NaN);
      const body = reply.subarray(end + 4).toString('utf8');
      if (body.length < length) return;
      settled = true;
      let parsed: unknown = body;
      try { parsed = JSON.parse(body); } catch { /* not JSON: kept as text */ }
      resolve({ status: Number(text.slice(9, 12)), body: parsed, sent });
      socket.destroy();
    };
    socket.on('data', (d: Buffer) => ((reply = Buffer.concat([reply, d])), settle()));
    socket.on('error', (err) => (reply.length ? settle() : reject(err)));
    socket.on('close', () => (settled ? undefined : reject(new Error(`closed without an answer after ${sent} bytes`))));
    socket.write(`POST /public/v1${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${key}\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\n\r\n`);
    socket.write(chunk(head));
    sent += head.length;
    const framed = chunk(filler);
    const pump = () => {
      while (reply.length === 0 && !socket.destroyed && sent < max && filler.length) {
        sent += filler.length;
        if (!socket.write(framed)) return void socket.once('drain', pump);
      }
      if (reply.length === 0 && !socket.destroyed) socket.write('0\r\n\r\n');
    };
    pump();
  });
}

const BOUNDARY = 'XyZ';
const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
const filler = Buffer.alloc(256 * 1024, 'a');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spritekiln-bodies-'));
  server = await startServerProcess(dataDir);
  key = await cli(dataDir, 'keys', 'create', '--name', 'bodies', '--credits', '0');
}, 90_000);

afterAll(async () => {
  if (server) {
    await stopServerProcess(server);
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('bodies framed to get past the size check', () => {
  it('a chunked part header that never ends is refused early; the server keeps its memory and keeps serving', async () => {
    const before = peakKiB();
    const got = await streamed('/sprite/zenith', multipart, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="`, filler, 512 * MiB);
    expect(got).toMatchObject({ status: 400, body: { detail: 'There was an error parsing the body' } });
    // The server answers once the header passes 16 KiB, and reads (and drops) at most 64 MiB more.
    expect(got.sent).toBeLessThan(100 * MiB);
    expect((peakKiB() - before) / 1024).toBeLessThan(RSS_BUDGET_MIB);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 60_000);

  it('a field name of a megabyte is refused', async () => {
    const name = 'n'.repeat(MiB);
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`;
    const got = await streamed('/sprite/zenith', multipart, body, Buffer.alloc(0), 0);
    expect(got).toMatchObject({ status: 400, body: { detail: 'There was an error parsing the body' } });
  });

  it('thousands of empty parts are refused', async () => {
    const part = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n`);
    const got = await streamed('/sprite/zenith', multipart, '', Buffer.concat(Array.from({ length: 1000 }, () => part)), 32 * MiB);
    expect(got.status).toBe(413);
    expect(got.sent).toBeLessThan(100 * MiB);
  }, 60_000);

  it('a chunked file past the request limit is refused once the limit is passed', async () => {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const before = peakKiB();
    const got = await streamed('/sprite/zenith', multipart, head, Buffer.alloc(MiB, 1), 400 * MiB);
    expect(got).toMatchObject({ status: 413, body: { detail: 'File too large' } });
    expect(got.sent).toBeLessThan(200 * MiB);
    expect((peakKiB() - before) / 1024).toBeLessThan(RSS_BUDGET_MIB);
  }, 60_000);

  it.each([
    ['URL-encoded', 'application/x-www-form-urlencoded', 'text='],
    ['JSON', 'application/json', '{"text": "'],
  ])('a %s body past its limit answers 413, not 500', async (_kind, type, head) => {
    const got = await streamed('/sprite/zenith', type, head, filler, 8 * MiB);
    expect(got).toMatchObject({ status: 413, body: { detail: 'File too large' } });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 60_000);
});
