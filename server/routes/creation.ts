// Every job-creation endpoint by path under /public/v1: the routes are registered from this table and
// the OpenAPI document is built from it, so the two cannot disagree.
import type Router from '@koa/router';
import { GENERATE_ENDPOINTS } from './generate.ts';
import { SPRITE_ENDPOINTS } from './sprite.ts';
import { submit, type AnyEndpoint, type SubmitDeps } from './submit.ts';

export const CREATION_ENDPOINTS: Record<string, AnyEndpoint> = { ...GENERATE_ENDPOINTS, ...SPRITE_ENDPOINTS };

export function creationRoutes(router: Router, deps: SubmitDeps) {
  for (const [path, endpoint] of Object.entries(CREATION_ENDPOINTS)) router.post(path, deps.upload, submit(endpoint, deps));
}
