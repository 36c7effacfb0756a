import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../app-deps.js';
import { HttpError } from '../http/errors.js';
import { findUserById } from './franchise-users.repository.js';
import { isRevoked } from './revocations.repository.js';
import type { Tokens } from './tokens.js';

export const unauthenticated = () => new HttpError(401, 'Unauthenticated', { headers: { 'WWW-Authenticate': 'Bearer' } });

/**
 * Accepts `Authorization: Bearer <jwt>` signed by us, not revoked, and issued after the user's
 * last password change. With `allowExpired` (refresh only) an expired token passes while its
 * first sign-in is within the refresh window.
 */
export function requireAuth(deps: AppDeps, tokens: Tokens, options: { allowExpired?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = /^Bearer +([^\s]+) *$/i.exec(c.req.header('authorization') ?? '');
    const claims = match?.[1] && (await tokens.verify(match[1], options));
    if (!claims) throw unauthenticated();
    if (options.allowExpired && deps.clock() >= (claims.auth_time + deps.config.refreshWindow) * 1000) throw unauthenticated();
    if (await isRevoked(deps.db, claims.jti)) throw unauthenticated();
    const user = await findUserById(deps.db, Number(claims.sub));
    if (!user || user.token_version !== claims.ver) throw unauthenticated();
    c.set('auth', { claims, user });
    await next();
  };
}
