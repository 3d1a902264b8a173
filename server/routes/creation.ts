// Every job-creation endpoint by path under /public/v1: the routes are registered from this table and
// the OpenAPI document is built from it, so the two cannot disagree.
import type Router from '@koa/router';
import { GENERATE_ENDPOINTS } from './generate.ts';
import { SPRITE_ENDPOINTS, SPRITE_UNVERSIONED_ENDPOINTS } from './sprite.ts';
import { IMAGE_TUNE_ENDPOINTS, IMAGE_TUNE_UNVERSIONED_ENDPOINTS } from './imageTune.ts';
import { submit, type AnyEndpoint, type SubmitDeps } from './submit.ts';
import type { JobKind } from '../jobs/types.ts';

const VERSIONED: Record<string, AnyEndpoint> = { ...GENERATE_ENDPOINTS, ...SPRITE_ENDPOINTS, ...IMAGE_TUNE_ENDPOINTS };

/**
 * Unversioned routes the hosted service's real clients call, each standing in for its versioned
 * twin (listed in /openapi.json as deprecated): most take the twin's fields, rules and cost; those
 * whose clients send other fields have an endpoint of their own (OWN_FIELDS).
 */
export const UNVERSIONED: Readonly<Record<string, string>> = {
  // Where the hosted docs' model-values examples post a generate/image request.
  '/generate': '/generate/image',
  '/generate/effect': '/generate/effect/v1',
  '/sprite/character-overlay': '/sprite/character-overlay/v1',
  '/sprite/make-sprite': '/sprite/make-sprite/v1',
  '/sprite/reskin': '/sprite/reskin/v1',
  '/image-tune/inpaint': '/image-tune/inpaint/v2',
};

const OWN_FIELDS: Record<string, AnyEndpoint> = { ...SPRITE_UNVERSIONED_ENDPOINTS, ...IMAGE_TUNE_UNVERSIONED_ENDPOINTS };

export const CREATION_ENDPOINTS: Record<string, AnyEndpoint> = {
  ...VERSIONED,
  ...Object.fromEntries(Object.entries(UNVERSIONED).map(([alias, path]) => [alias, OWN_FIELDS[alias] ?? VERSIONED[path]!])),
};

/** Every job kind, in the table's order (provider config names them). */
export const JOB_KINDS: readonly JobKind[] = [...new Set(Object.values(CREATION_ENDPOINTS).map((e) => e.kind))];

/** Each kind's path under /public/v1 (the first one that makes it: where a remote service is asked for it). */
export const KIND_PATHS = Object.fromEntries(
  [...Object.entries(CREATION_ENDPOINTS)].reverse().map(([path, e]) => [e.kind, path]),
) as Record<JobKind, string>;

export function creationRoutes(router: Router, deps: SubmitDeps) {
  for (const [path, endpoint] of Object.entries(CREATION_ENDPOINTS)) router.post(path, deps.upload, submit(endpoint, deps));
}
