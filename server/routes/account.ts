// GET /public/v1/account (extension, docs/contract.md §4).
import type Router from '@koa/router';
import type { User } from '../jobs/types.ts';

export function accountRoutes(router: Router) {
  router.get('/account', (ctx) => {
    const user = ctx.state.user as User;
    ctx.body = { user_id: user.id, name: user.name, credits: user.credits };
  });
}
