// GET /openapi.json (no auth): the document of server/openapi.ts, built once.
import type Router from '@koa/router';
import { openApiDocument } from '../openapi.ts';

export function openApiRoutes(router: Router) {
  const document = JSON.stringify(openApiDocument());
  router.get('/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = document;
  });
}
