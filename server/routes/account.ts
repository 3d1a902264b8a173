// GET /public/v1/account (extension, docs/contract.md §4).
import type Router from '@koa/router';
import type { User } from '../jobs/types.ts';
import { sendJson } from '../json.ts';

export function accountRoutes(router: Router) {
  router.get('/account', (ctx) => {
    const user = ctx.state.user as User;
    sendJson(ctx, { user_id: user.id, name: user.name, credits: user.credits });
  });
}
