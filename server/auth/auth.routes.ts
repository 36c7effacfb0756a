import { sql } from 'kysely';
import type { RouteDeps } from '../app-deps.js';
import { AUTH_CALLS } from '@contract/api/auth.calls.js';
import { callRoutes, type Handlers } from '../http/call-routes.js';
import { HttpError } from '../http/errors.js';
import { findUserByEmail } from './franchise-users.repository.js';
import { prepareDummyHash, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { passwordAttempt } from './rate-limit.js';
import { sessionRevocationExpiry, tokenRevocationExpiry, unauthenticated } from './require-auth.js';
import { passwordResetHandlers } from './password-reset.js';
import { revoke, revokeSession } from './revocations.repository.js';
import { tokenResponse } from './tokens.js';

const INVALID_CREDENTIALS = 'Invalid email or password';

/** Sign-in, tokens, the connectivity check and the password links (reset and invitation) (docs/product.md, Sign-in and passwords). */
export function authRoutes(deps: RouteDeps) {
  const { db, clock, config, tokens } = deps;
  void prepareDummyHash();

  type AuthCalls = typeof AUTH_CALLS;
  const signIn: Pick<
    Handlers<AuthCalls>,
    'POST /franchise/login' | 'POST /franchise/logout' | 'POST /franchise/refresh' | 'GET /franchise/test'
  > = {
    'POST /franchise/login': async ({ c, body }) => {
      const user = await findUserByEmail(db, body.email);
      // Counted before the password is checked, so a concurrent burst gets no more checks than the limits.
      const counted = await passwordAttempt(deps, c, { user, email: body.email }, 'login attempts');
      const valid = user ? await verifyPassword(user.password_hash, body.password) : await verifyAgainstDummy(body.password);
      if (!user || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
      await counted.succeeded();
      return { data: await tokenResponse(tokens, user), message: 'Login successful' };
    },
    'POST /franchise/logout': async ({ c }) => {
      const { claims } = c.get('auth');
      await revokeSession(db, claims.sid, sessionRevocationExpiry(config, claims));
      return { data: null, message: 'Logged out' };
    },
    'POST /franchise/refresh': async ({ c }) => {
      const { claims, user } = c.get('auth');
      if (!(await revoke(db, claims.jti, tokenRevocationExpiry(config, claims)))) {
        // Another refresh of this token won the race: a second use of one token, as much a replay as a later one.
        await revokeSession(db, claims.sid, sessionRevocationExpiry(config, claims));
        throw unauthenticated();
      }
      return { data: await tokenResponse(tokens, user, { authTime: claims.auth_time, sid: claims.sid }), message: 'Token refreshed' };
    },
    'GET /franchise/test': async () => {
      // Raw SQL: a round trip that reads no table, which is all the connectivity check asks.
      await sql`select 1`.execute(db);
      return { data: { ok: true, time: new Date(clock()).toISOString() }, message: 'Connection successful' };
    },
  };
  return callRoutes(deps, AUTH_CALLS, { ...signIn, ...passwordResetHandlers(deps) });
}
