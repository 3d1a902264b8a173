// createApp(deps) -> Koa app. It never listens: tests call app.callback(), service.ts listens.
import Router from '@koa/router';
import Koa, { type Context, type Middleware } from 'koa';
import type { WorkerPool } from '../workers/pool.ts';
import { authenticate } from './auth.ts';
import type { Config } from './config.ts';
import { cors } from './cors.ts';
import { errorMiddleware } from './errors.ts';
import type { Runner } from './jobs/runner.ts';
import type { JobStore } from './jobs/types.ts';
import { accountRoutes } from './routes/account.ts';
import { creationRoutes } from './routes/creation.ts';
import { cdnRoutes } from './routes/cdn.ts';
import { jobRoutes } from './routes/job.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { jobsRoutes } from './routes/jobs.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { rateLimit } from './rateLimit.ts';
import { uploads } from './upload.ts';
import { sendJson } from './json.ts';

export interface AppDeps {
  config: Config;
  store: JobStore;
  pool: WorkerPool;
  runner: Runner;
  log: (message: string) => void;
}

export function createApp(deps: AppDeps): Koa {
  const { config, store, pool, runner, log } = deps;
  const app = new Koa();
  app.proxy = false;
  // Errors after the response has started (koa's default prints them with a stack). A client that
  // hangs up before the last byte is sent (a script reading Content-Length bytes and closing) is
  // not an error of ours.
  app.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    log(`response error: ${err.message}`);
  });
  app.use(errorMiddleware(log));
  app.use(cors);

  const root = new Router();
  root.get('/healthz', (ctx) => {
    sendJson(ctx, { status: 'ok' });
  });
  openApiRoutes(root);
  dashboardRoutes(root);

  // Default {cdn_url}: this server, at the address the client reached it by.
  const cdnBase = (ctx: Context) => config.cdnUrl ?? `${ctx.protocol}://${ctx.host}/cdn`;
  const api = new Router({ prefix: '/public/v1' });
  api.use(authenticate(store));
  // Job creation: the per-key rate limit (after authentication, before the body is read), then the upload.
  const limit = rateLimit(config.rateLimitPerMinute);
  const parse = uploads(config, runner.inputs);
  const upload: Middleware = (ctx, next) => limit(ctx, () => parse(ctx, next));
  const submitDeps = { upload, store, pool, runner, dataDir: config.dataDir };
  creationRoutes(api, submitDeps);
  jobRoutes(api, { store, runner, cdnBase });
  jobsRoutes(api, { store, cdnBase });
  accountRoutes(api);

  const cdn = new Router({ prefix: '/cdn' });
  cdnRoutes(cdn, { store, dataDir: config.dataDir });

  for (const router of [root, api, cdn]) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
