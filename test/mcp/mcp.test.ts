// `spritekiln mcp` driven by the official SDK's client over stdio, as an agent's host drives it,
// against a started server: the tools (one per job kind, from /openapi.json, plus job_status,
// account and download), an animation and an effect run with progress and their files written,
// a validation error and a 402 as tool errors carrying the API's status and message, and a server
// started for it when none answers.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../workers/codecs/encode.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { freePort } from '../helpers/serverProcess.ts';
import { still } from '../fixtures/realSprites.ts';

const BIN = fileURLToPath(new URL('../../bin/spritekiln.js', import.meta.url));

async function connect(env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'spritekiln-test', version: '1.0.0' });
  const base = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env: { ...base, ...env }, stderr: 'pipe' }));
  return client;
}

type ToolResult = { isError?: boolean; content: { type: string; text: string }[] };
const body = (r: unknown) => JSON.parse((r as ToolResult).content[0]!.text) as Record<string, unknown>;
const errorText = (r: unknown) => { expect((r as ToolResult).isError).toBe(true); return (r as ToolResult).content[0]!.text; };

let server: TestServer;
let client: Client;
let sprite: string;
let out: string;

beforeAll(async () => {
  server = await startTestServer({ concurrency: 2 });
  out = await mkdtemp(join(tmpdir(), 'spritekiln-mcp-'));
  sprite = join(out, 'adventurer.png');
  await writeFile(sprite, await encodePng(still('adventurer-front').image));
  client = await connect({ SPRITEKILN_URL: server.url, SPRITEKILN_KEY: server.key });
}, 60_000);
afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('spritekiln mcp', () => {
  it('lists a tool per job kind (its fields from /openapi.json, files as paths), and job_status, account, download', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of ['zenith', 'pulsar', 'plus', 'make_sprite_v1', 'make_sprite_v2', 'effect_v1', 'effect_v2', 'generate_image', 'image_tune_upscale', 'reskin_v1', 'job_status', 'account', 'download']) expect(names).toContain(name);
    // Deprecated unversioned twins are not tools of their own.
    expect(names.filter((n) => n === 'reskin' || n === 'image_tune_inpaint')).toEqual([]);
    const make = tools.find((t) => t.name === 'make_sprite_v1')!;
    expect(make.inputSchema.required).toEqual(['image', 'text', 'frame', 'is_pixel']);
    expect(make.inputSchema.properties!.image).toMatchObject({ type: 'string' });
    expect(make.inputSchema.properties!.frame).toMatchObject({ type: 'integer', enum: [25, 36, 49, 64, 81, 100, 121, 144, 169] });
  });

  it('runs an animation with progress and writes its files into the folder named', async () => {
    const folder = join(out, 'walk');
    const progress: number[] = [];
    const result = await client.callTool({ name: 'make_sprite_v1', arguments: { image: sprite, text: 'walk', frame: 169, is_pixel: false, download_to: folder } }, undefined, { onprogress: (p) => progress.push(p.progress), timeout: 120_000 });
    const job = body(result);
    expect(job.status).toBe('Succeed');
    const files = await readdir(folder);
    for (const f of ['anim.gif', 'frame_000.png', 'frame_168.png', 'sheet.json', 'sheet.png', 'sprite_frames.tres', 'pack.json']) expect(files).toContain(f);
    // Every state seen is reported, the end as 1 (of 1), however fast the job ran.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
  }, 120_000);

  it('runs an effect, then job_status and download fetch it again', async () => {
    const created = body(await client.callTool({ name: 'effect_v2', arguments: { description: 'fire burst', frame: 4, wait: false } }));
    const id = created.job_id as string;
    const done = body(await client.callTool({ name: 'job_status', arguments: { job_id: id, wait: true } }));
    expect(done.status).toBe('Succeed');
    const folder = join(out, 'fire');
    const written = body(await client.callTool({ name: 'download', arguments: { job_id: id, folder } })).written as string[];
    expect(written.map((p) => p.split('/').pop())).toEqual(expect.arrayContaining(['sheet.png', 'sheet.json', 'sprite_frames.tres']));
    expect((await readFile(join(folder, 'sheet.png'))).subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);

  it('a validation error comes back as a tool error with the API\'s status and message', async () => {
    expect(errorText(await client.callTool({ name: 'make_sprite_v1', arguments: { image: sprite, text: 'walk', frame: 50, is_pixel: true } }))).toBe('400 frame should be one of 25, 36, 49, 64, 81, 100, 121, 144, 169');
    expect(errorText(await client.callTool({ name: 'make_sprite_v1', arguments: { image: sprite, frame: 25, is_pixel: true } }))).toMatch(/^422 .*"loc":\["body","text"\]/);
    expect(errorText(await client.callTool({ name: 'image_tune_upscale', arguments: { image: join(out, 'missing.png'), scale: '1K' } }))).toMatch(/^image: cannot read .*missing\.png \(ENOENT\)/);
  });

  it('the account tool reads the balance; without credits a job is a 402', async () => {
    expect(body(await client.callTool({ name: 'account', arguments: {} }))).toMatchObject({ credits: expect.any(Number) });
    const broke = server.addUser(0);
    const poor = await connect({ SPRITEKILN_URL: server.url, SPRITEKILN_KEY: broke.key });
    try {
      expect(errorText(await poor.callTool({ name: 'effect_v2', arguments: { description: 'spark', frame: 4 } }))).toBe('402 Insufficient credits');
    } finally {
      await poor.close();
    }
  }, 60_000);

  it('starts a server on this machine when none answers, and reads the key it writes', async () => {
    const data = await mkdtemp(join(tmpdir(), 'spritekiln-mcp-data-'));
    const port = await freePort();
    const fresh = await connect({ SPRITEKILN_URL: `http://127.0.0.1:${port}`, SPRITEKILN_DATA: data, SPRITEKILN_KEY: '' });
    try {
      expect(body(await fresh.callTool({ name: 'account', arguments: {} }))).toMatchObject({ credits: expect.any(Number) });
    } finally {
      await fresh.close();
      const pid = Number((await readFile(join(data, 'writer.pid'), 'utf8')).split(' ')[0]);
      process.kill(pid, 'SIGTERM');
    }
  }, 60_000);
});
