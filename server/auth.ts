// Bearer key -> user. 401 Invalid API key (with WWW-Authenticate) for anything but a live key;
// 404 Not Found User for a live key whose user is missing or disabled (docs/contract.md §5).
import { timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { JobStore, User } from './jobs/types.ts';
import { ApiError } from './errors.ts';
import { hashKey } from './keys.ts';
import { M } from '../schemas/messages.ts';

export interface AuthState {
  user: User;
}

const unauthorized = () => new ApiError(401, M.invalidApiKey, { 'WWW-Authenticate': 'Bearer' });

export function authenticate(store: JobStore) {
  return async (ctx: Context, next: Next) => {
    const header = ctx.get('Authorization');
    ctx.state.user = userFor(store, header);
    // The rate limiter's bucket key (rateLimit.ts): the key's hash, never the key.
    ctx.state.keyHash = hashKey(/^bearer (\S+)$/i.exec(header)![1]!);
    await next();
  };
}

export function userFor(store: JobStore, header: string): User {
  const match = /^bearer (\S+)$/i.exec(header);
  if (!match) throw unauthorized();
  const hash = hashKey(match[1]!);
  const key = store.findKey(hash);
  // The lookup is by hash, so its timing says nothing about the key; the compare is constant-time anyway.
  if (!key || !timingSafeEqual(Buffer.from(key.hash), Buffer.from(hash))) throw unauthorized();
  if (key.revokedAt || (key.expiresAt && Date.parse(key.expiresAt) <= Date.now())) throw unauthorized();
  const user = store.getUser(key.userId);
  if (!user || user.disabled) throw new ApiError(404, M.notFoundUser);
  return user;
}
