// The MCP tools of the job kinds, read from the server's /openapi.json (itself built from the
// endpoint table), so every kind the server has is a tool with its own fields and nothing here
// restates them. An agent passes files as paths on disk; the tool reads and uploads them.
import { toFormData } from '../../plugins/client/index.ts';
import { readUpload } from '../cli/fields.ts';

export interface KindTool {
  name: string;
  description: string;
  /** The path under /public/v1 the job is created at. */
  path: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required: string[] };
  /** Which inputs are files: one path, or a list of paths. */
  files: Record<string, 'one' | 'many'>;
}

type Json = Record<string, unknown>;

/** What every kind tool takes beside its API fields: wait for the result, and where to put it. */
export const RUN_OPTIONS = {
  wait: { type: 'boolean', default: true, description: 'Wait for the job to end (progress is reported) and answer its result; false answers the job id at once.' },
  download_to: { type: 'string', description: 'A folder to write the results into when the job succeeds (sheet, GIF, frames, sheet.json, sprite_frames.tres, pack.json).' },
} as const;

const FILE_HINT = 'Path of an image file on disk (PNG, JPEG or WebP; a GIF where the API takes an animation).';

/** `generate/image` -> generate_image, `make-sprite/v1` -> make_sprite_v1, `image-tune/upscale` -> image_tune_upscale. */
export const toolName = (kind: string): string => kind.replace(/[^a-z0-9]+/gi, '_').toLowerCase();

export function kindTools(doc: Json): KindTool[] {
  const tools: KindTool[] = [];
  const resolve = (node: unknown): Json => {
    let n = node as Json | undefined;
    for (let i = 0; n && typeof n.$ref === 'string' && i < 16; i++) {
      n = (n.$ref as string).replace(/^#\//, '').split('/').reduce<unknown>((o, k) => (o as Json)?.[k], doc) as Json | undefined;
    }
    return n ?? {};
  };
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) {
    const op = resolve((item as Json).post);
    if (!path.startsWith('/public/v1/') || typeof op['x-job-kind'] !== 'string' || op.deprecated === true) continue;
    const schema = resolve(resolve(resolve(resolve(op.requestBody).content)['multipart/form-data']).schema);
    const properties: Json = {};
    const files: KindTool['files'] = {};
    for (const [name, raw] of Object.entries((schema.properties ?? {}) as Json)) {
      const prop = resolve(raw);
      if (prop.format === 'binary') {
        files[name] = 'one';
        properties[name] = { type: 'string', description: FILE_HINT };
      } else if (prop.type === 'array' && resolve(prop.items).format === 'binary') {
        files[name] = 'many';
        properties[name] = { type: 'array', items: { type: 'string' }, description: `${FILE_HINT} One path or several.` };
      } else {
        properties[name] = prop;
      }
    }
    const kind = op['x-job-kind'] as string;
    tools.push({
      name: toolName(kind),
      description: `${String(op.summary ?? `Create a ${kind} job`)} (POST ${path}). Files are paths on disk.`,
      path: path.slice('/public/v1'.length),
      inputSchema: { type: 'object', properties: { ...properties, ...RUN_OPTIONS }, required: (schema.required ?? []) as string[] },
      files,
    });
  }
  return tools;
}

/** The tool's arguments as the API's multipart form: files read from disk, other values as the client sends them. */
export async function formOf(tool: KindTool, args: Json): Promise<FormData> {
  const fields: Json = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null || name in RUN_OPTIONS) continue;
    if (!tool.files[name]) {
      fields[name] = value;
      continue;
    }
    const paths = Array.isArray(value) ? value : [value];
    fields[name] = await Promise.all(paths.map((p) => {
      if (typeof p !== 'string') throw new Error(`${name}: expected a file path, got ${JSON.stringify(p)}`);
      return readUpload(name, p);
    }));
  }
  return toFormData(fields);
}
