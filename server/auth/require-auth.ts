import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../app-deps.js';
import type { AppConfig } from '../config.js';
import type { ReadCache } from '../db/read-cache.js';
import type { TokenClaims } from '@contract/auth.contract.js';
import { HttpError } from '../http/errors.js';
import { findTokenHolder } from './franchise-users.repository.js';
import { revokeSession } from './revocations.repository.js';
import type { Tokens } from './tokens.js';

export const unauthenticated = () => new HttpError(401, 'Unauthenticated', { headers: { 'WWW-Authenticate': 'Bearer' } });

type Windows = Pick<AppConfig, 'refreshWindow' | 'accessTokenTtl'>;

/** A token's revocation is kept while it could still be used: until it expires or its refresh window ends, whichever is later. */
export const tokenRevocationExpiry = (config: Windows, claims: TokenClaims) =>
  new Date(Math.max(claims.exp, claims.auth_time + config.refreshWindow) * 1000);

/** The last token of a sign-in is issued at the end of its refresh window and lives one token lifetime more. */
export const sessionRevocationExpiry = (config: Windows, claims: TokenClaims) =>
  new Date((claims.auth_time + config.refreshWindow + config.accessTokenTtl) * 1000);

/**
 * Accepts `Authorization: Bearer <jwt>` signed by us, not revoked (nor its sign-in), and issued
 * after the user's last password change. With `allowExpired` (refresh and logout) an expired token
 * passes while its first sign-in is within the refresh window; and there a token that refresh
 * already rotated is a replay (OAuth 2.1 refresh-token reuse): its whole sign-in is revoked.
 * Each route module applies it to its own paths; where two modules' paths overlap, a request whose
 * token was already accepted (and, for the strict check, has not expired) is not checked again.
 */
export function requireAuth(
  deps: AppDeps,
  tokens: Tokens,
  reads: ReadCache,
  options: { allowExpired?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const accepted = c.get('auth');
    if (accepted && (options.allowExpired || deps.clock() < accepted.claims.exp * 1000)) return next();
    const match = /^Bearer +([^\s]+) *$/i.exec(c.req.header('authorization') ?? '');
    const claims = match?.[1] && (await tokens.verify(match[1], options));
    if (!claims) throw unauthenticated();
    if (options.allowExpired && deps.clock() >= (claims.auth_time + deps.config.refreshWindow) * 1000) throw unauthenticated();
    const holder = await reads.read(`token|${claims.sub}|${claims.jti}|${claims.sid}`, () =>
      findTokenHolder(deps.db, { userId: Number(claims.sub), jti: claims.jti, sid: claims.sid }),
    );
    if (!holder || holder.sessionRevoked) throw unauthenticated();
    if (holder.tokenRevoked) {
      if (options.allowExpired) await revokeSession(deps.db, claims.sid, sessionRevocationExpiry(deps.config, claims));
      throw unauthenticated();
    }
    if (holder.user.token_version !== claims.ver) throw unauthenticated();
    c.set('auth', { claims, user: holder.user });
    await next();
  };
}
