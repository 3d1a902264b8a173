// Browsers: a game running on its own dev server (another origin) calls the API with an
// Authorization header, which needs a CORS preflight. Keys travel in that header, never in cookies,
// so allowing every origin exposes nothing a page could not already send with the key it holds.
import type { Context, Next } from 'koa';

export async function cors(ctx: Context, next: Next) {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Expose-Headers', 'Retry-After, WWW-Authenticate');
  if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
    ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    ctx.set('Access-Control-Max-Age', '600');
    ctx.status = 204;
    return;
  }
  await next();
}
