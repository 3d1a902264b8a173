// GET /openapi.json: an OpenAPI 3.1 document whose paths are exactly the routes the app registers
// (walked from the @koa/router stacks), whose bodies are the valibot schemas the routes validate with,
// and whose required fields are exactly the ones the server reports missing in a 422.
import type Router from '@koa/router';
import type Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { call, submit } from './api/helpers.ts';

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};
type Operation = {
  'x-job-kind'?: string;
  'x-price'?: Record<string, unknown> | number;
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, Record<string, unknown>>; required: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

let server: TestServer;
let doc: Doc;

beforeAll(async () => {
  server = await startTestServer();
  const res = await call(server, 'GET', '/openapi.json', { auth: null });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = res.body as Doc;
});
afterAll(async () => {
  await server?.close();
});

/** Every (method, OpenAPI path) the app's routers register, from their layer stacks. */
function registeredRoutes(app: Koa): string[] {
  const routers = new Set<Router>();
  for (const mw of app.middleware) {
    const router = (mw as { router?: Router }).router;
    if (router) routers.add(router);
  }
  const routes = new Set<string>();
  for (const router of routers) {
    for (const layer of router.stack) {
      for (const method of layer.methods) {
        if (method === 'HEAD') continue; // koa-router adds HEAD to every GET
        routes.add(`${method.toLowerCase()} ${String(layer.path).replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
      }
    }
  }
  return [...routes].sort();
}

const documented = (d: Doc) => Object.entries(d.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)).sort();

describe('GET /openapi.json', () => {
  it('documents exactly the routes the server registers', () => {
    const app = createApp({ config: server.config, store: server.store, pool: server.pool, runner: server.runner, log: () => {} });
    const routes = registeredRoutes(app);
    expect(routes.length).toBeGreaterThan(12);
    expect(routes).toContain('post /public/v1/sprite/zenith');
    expect(routes).toContain('get /public/v1/jobs');
    expect(documented(doc)).toEqual(routes);
  });

  it('is OpenAPI 3.1 and every $ref resolves', () => {
    expect(doc.openapi).toBe('3.1.0');
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const r of refs) {
      const name = /#\/components\/schemas\/(.+)"$/.exec(r)?.[1];
      expect(name && doc.components.schemas[name], r).toBeTruthy();
    }
  });

  it('describes multipart bodies with enums, binary files, file arrays, defaults and required flags', () => {
    const body = (path: string) => doc.paths[path]!.post!.requestBody!.content['multipart/form-data']!.schema;
    const zenith = body('/public/v1/sprite/zenith');
    expect(zenith.required).toEqual(['mode', 'images']);
    expect(zenith.properties.mode).toEqual({ type: 'string', enum: ['image_to_video', 'first_last_frame', 'video_restyle'] });
    expect(zenith.properties.images).toEqual({ type: 'array', items: { type: 'string', format: 'binary' } });
    expect(zenith.properties.reference_image).toEqual({ type: 'string', format: 'binary' });
    expect(zenith.properties.frame).toEqual({ type: 'integer', enum: [36, 100] });
    expect(zenith.properties.is_pixel).toEqual({ type: 'boolean', default: false });
    expect(zenith.properties.is_prompt_enhancement).toEqual({ type: 'boolean', default: true });
    // A JSON-valued field is a string holding JSON of a stated shape.
    expect(zenith.properties.sprite_grid).toMatchObject({ type: 'string', contentMediaType: 'application/json', contentSchema: { type: 'object', required: ['columns', 'rows'] } });
    expect(Object.keys(body('/public/v1/sprite/pulsar').properties)).toEqual(['mode', 'images', 'text', 'is_pixel', 'reference_image', 'sprite_grid']);

    const image = body('/public/v1/generate/image');
    expect(image.required).toEqual(['prompt', 'ai_model']);
    expect(image.properties.ai_model!.enum).toContain('Beta Imagine Pro');
    expect(image.properties.ref_images).toEqual({ type: 'array', items: { type: 'string', format: 'binary' } });

    const overlay = body('/public/v1/sprite/character-overlay/v2');
    expect(overlay.required).toEqual(['sprite_sheet', 'character_images', 'rows', 'quality']);
    expect(overlay.properties.quality).toEqual({ type: 'string', enum: ['standard', 'pro'] });
    expect(overlay.properties.style!.enum).toEqual(['pixel', 'cartoon', 'sd', 'quater_view']);
    expect(body('/public/v1/sprite/make-sprite/v2').required).toEqual(['start_frame_image', 'text', 'frame', 'is_pixel']);
    expect(body('/public/v1/generate/effect/v1').properties.background_color!.enum).toHaveLength(6);
  });

  it('gives every error status its body shape', () => {
    const zenith = doc.paths['/public/v1/sprite/zenith']!.post!;
    expect(Object.keys(zenith.responses).sort()).toEqual(['200', '400', '401', '402', '404', '413', '422', '429', '503']);
    expect(zenith.responses['422']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ValidationError' });
    const bad = JSON.stringify(zenith.responses['400']);
    expect(bad).toContain('#/components/schemas/Error');
    expect(bad).toContain('video_restyle requires text when no reference_image is given');
    expect(bad).toContain('GIF must have at most 125829120 pixels over all its frames (frames x width x height)');
    // The per-model limits, under both names of each model.
    const image = JSON.stringify(doc.paths['/public/v1/generate/image']!.post!.responses['400']);
    for (const name of ['Beta Imagine', 'Grok Imagine']) expect(image).toContain(`The ${name} model supports up to 5 ref_images.`);
    expect(JSON.stringify(zenith.responses['401'])).toContain('Invalid API key');
    const job = doc.paths['/public/v1/job/{job_id}']!.get!;
    expect(Object.keys(job.responses).sort()).toEqual(['200', '401', '404', '422']);
    expect(Object.keys(doc.paths['/public/v1/jobs']!.get!.responses).sort()).toEqual(['200', '401', '404', '422']);
    expect(doc.paths['/healthz']!.get!.security).toEqual([]);
    expect(doc.paths['/public/v1/jobs']!.get!.security).toBeUndefined(); // the global bearer applies
  });

  it('x-price on every creation operation is what the server charges: each priced value, submitted, takes that much', async () => {
    const priced: [string, Record<string, unknown> | number][] = Object.entries(doc.paths).flatMap(([path, ops]) =>
      ops.post?.['x-job-kind'] && ops.post['x-price'] !== undefined ? [[path, ops.post['x-price']]] : []);
    expect(priced.length).toBeGreaterThanOrEqual(15);
    for (const [path, rule] of priced) expect(typeof rule === 'number' || 'by' in rule || 'credits' in rule, path).toBe(true);
    // A field-priced kind, for real: effect v1 at each resolution.
    const effect = priced.find(([p]) => p === '/public/v1/generate/effect/v1')![1] as { by: string; prices: Record<string, number> };
    expect(effect.by).toBe('resolution');
    for (const [resolution, credits] of Object.entries(effect.prices)) {
      const user = server.addUser(100);
      const res = await submit(server, '/generate/effect/v1', { description: 'fire', resolution }, user.key);
      expect(res.status).toBe(200);
      const account = await call(server, 'GET', '/public/v1/account', { key: user.key });
      expect((account.body as { credits: number }).credits, resolution).toBe(100 - credits);
    }
    // A restyle priced by its source's length says where the price steps.
    const zenith = priced.find(([p]) => p === '/public/v1/sprite/zenith')![1] as { restyle: Record<string, number> };
    expect(zenith.restyle).toEqual({ overMs: 5000, overSheetFrames: 61, atMost: 9, over: 25 });
  });

  it('required fields are exactly those the server reports missing', async () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.post;
      if (!op) continue;
      const res = await submit(server, path.replace('/public/v1', ''), {});
      expect(res.status, path).toBe(422);
      const missing = (res.body as { detail: { type: string; loc: string[] }[] }).detail.filter((e) => e.type === 'missing').map((e) => e.loc[1]);
      expect(missing, path).toEqual(op.requestBody!.content['multipart/form-data']!.schema.required);
    }
  });
});
