// `spritekiln mcp`: a Model Context Protocol server over stdio for coding agents. Its tools are the
// server's job kinds (one each, their fields from /openapi.json), job_status, account and
// download. A kind tool uploads the files it is given as paths, waits for the job with MCP progress
// notifications, and can write the results into a folder. An API refusal comes back as a tool
// error carrying the API's status and message (400 Invalid image file, 402 Insufficient credits).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { download } from '../../plugins/client/download.ts';
import { SpritekilnClient, SpritekilnError, type Job } from '../../plugins/client/index.ts';
import { resolveConnection, serverAddress } from '../cli/localKey.ts';
import { ensureServer } from './ensureServer.ts';
import { formOf, kindTools, type KindTool } from './kindTools.ts';

type Json = Record<string, unknown>;

const text = (value: unknown, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }],
  ...(isError ? { isError: true } : {}),
});

const OTHER_TOOLS = [
  {
    name: 'job_status',
    description: 'A job\'s status and result URLs; with wait, waits for it to end (reporting progress).',
    inputSchema: { type: 'object', properties: { job_id: { type: 'string' }, wait: { type: 'boolean', default: false } }, required: ['job_id'] },
  },
  {
    name: 'account',
    description: 'The account the key belongs to and its credit balance.',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'download',
    description: 'Writes a succeeded job\'s results into a folder: every image URL, sheet.json and the engine exports it lists (sprite_frames.tres for Godot, pack.json for Phaser).',
    inputSchema: { type: 'object', properties: { job_id: { type: 'string' }, folder: { type: 'string' } }, required: ['job_id', 'folder'] },
  },
] as const;

export async function runMcp(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  // A server on this machine is started when none answers; the key file it writes is then read.
  const address = serverAddress({}, env);
  if (address.local) await ensureServer(address.url, env);
  const conn = resolveConnection({}, env);
  const client = new SpritekilnClient({ baseUrl: conn.url, apiKey: conn.key });
  const doc = (await (await fetch(`${conn.url}/openapi.json`)).json()) as Json;
  const tools = new Map(kindTools(doc).map((t) => [t.name, t]));

  const server = new Server({ name: 'spritekiln', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...[...tools.values()].map(({ name, description, inputSchema }) => ({ name, description, inputSchema })), ...OTHER_TOOLS],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = (request.params.arguments ?? {}) as Json;
    const token = request.params._meta?.progressToken;
    // Each state seen goes out as progress, the end too (as 1 of 1), so a job that ends before the
    // first poll answers still reports.
    const progress = async (job: Job) => {
      if (token === undefined) return;
      const done = job.status === 'Pending' ? (job.progress ?? 0) : 1;
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: done, total: 1, message: `job ${job.job_id} ${job.status}` } });
    };
    try {
      const tool = tools.get(request.params.name);
      if (tool) return text(await runKind(client, tool, args, progress, extra.signal));
      switch (request.params.name) {
        case 'job_status': {
          const id = String(args.job_id ?? '');
          return text(args.wait === true ? await waitEnded(client, id, progress, extra.signal) : await client.job(id));
        }
        case 'account':
          return text(await client.account());
        case 'download':
          return text({ written: await download(await client.job(String(args.job_id ?? '')), String(args.folder ?? '')) });
        default:
          return text(`unknown tool ${request.params.name}`, true);
      }
    } catch (err) {
      return text(refusal(err), true);
    }
  });
  await server.connect(new StdioServerTransport());
}

async function runKind(client: SpritekilnClient, tool: KindTool, args: Json, progress: (job: Job) => Promise<void>, signal: AbortSignal) {
  const jobId = await client.createAt(tool.path, await formOf(tool, args), signal);
  if (args.wait === false) return { job_id: jobId };
  const job = await waitEnded(client, jobId, progress, signal);
  const folder = typeof args.download_to === 'string' && job.status === 'Succeed' ? args.download_to : undefined;
  return folder ? { ...job, written: await download(job, folder) } : job;
}

/** Long-polls the job until it ends (Succeed or Failed, both answered), reporting each state it is seen in. */
async function waitEnded(client: SpritekilnClient, id: string, onState: (job: Job) => Promise<void>, signal: AbortSignal): Promise<Job> {
  for (;;) {
    const job = await client.job(id, 1, signal);
    await onState(job);
    if (job.status !== 'Pending') return job;
  }
}

/** A refusal as the API gave it: its status and message (or its 422 list as JSON). */
const refusal = (err: unknown): string =>
  err instanceof SpritekilnError ? `${err.status} ${typeof err.detail === 'string' ? err.detail : JSON.stringify(err.detail)}` : err instanceof Error ? err.message : String(err);
