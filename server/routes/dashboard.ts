// The dashboard: GET / and its two static files from web/, no build step and nothing
// from another origin. The files are read once at start; only these names are ever served.
// The CSP pins scripts, styles and fonts to this server (results may come from a separate {cdn_url}).
import { readFileSync } from 'node:fs';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { ApiError } from '../errors.ts';
import { M } from '../../schemas/messages.ts';
import { projectFile } from '../projectFile.ts';

const FILES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
};
const CSP = "default-src 'self'; img-src * data: blob:; connect-src *; script-src 'self'; style-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** The dashboard's routes as OpenAPI paths, for the document (which must list every route). */
export const DASHBOARD_PATHS = {
  '/': { get: { security: [], operationId: 'dashboard', summary: 'The web dashboard', responses: { 200: { description: 'HTML page', content: { 'text/html': {} } } } } },
  '/web/{file}': {
    get: {
      security: [],
      operationId: 'dashboard_file',
      summary: 'A static file of the dashboard',
      parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string', enum: Object.keys(FILES).filter((f) => f !== 'index.html') } }],
      responses: {
        200: { description: 'The file', content: { 'text/javascript': {}, 'text/css': {} } },
        404: { description: 'No such file', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    },
  },
};

export function dashboardRoutes(router: Router) {
  const body = Object.fromEntries(Object.keys(FILES).map((name) => [name, readFileSync(projectFile(`web/${name}`))]));
  const send = (ctx: Context, name: string) => {
    ctx.type = FILES[name]!;
    ctx.set('Content-Security-Policy', CSP);
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = body[name];
  };
  router.get('/', (ctx) => send(ctx, 'index.html'));
  router.get('/web/:file', (ctx) => {
    const name = ctx.params.file ?? '';
    if (name === 'index.html' || !Object.hasOwn(FILES, name)) throw new ApiError(404, M.notFound);
    send(ctx, name);
  });
}
