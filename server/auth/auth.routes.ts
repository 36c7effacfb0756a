import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { loginInput, type ConnectivityCheck, type TokenResponse } from '@contract/auth.contract.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { findUserByEmail, toFranchiseUser, type AuthUser } from './franchise-users.repository.js';
import { prepareDummyHash, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { passwordAttempt } from './rate-limit.js';
import { sessionRevocationExpiry, tokenRevocationExpiry, unauthenticated } from './require-auth.js';
import { revoke, revokeSession } from './revocations.repository.js';

const INVALID_CREDENTIALS = 'Invalid email or password';

export function authRoutes(deps: RouteDeps) {
  const { db, clock, config, tokens, authenticatedOrExpired } = deps;
  void prepareDummyHash();

  async function tokenResponse(user: AuthUser, session?: { authTime: number; sid: string }): Promise<TokenResponse> {
    const { token, claims } = await tokens.issue({ ...user, franchise_id: user.franchise.id }, session);
    return { access_token: token, token_type: 'bearer', expires_in: claims.exp - claims.iat, user: toFranchiseUser(user) };
  }

  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const input = await readJson(c, loginInput);
      const user = await findUserByEmail(db, input.email);
      // Counted before the password is checked, so a concurrent burst gets no more checks than the limits.
      const counted = await passwordAttempt(deps, c, { user, email: input.email }, 'login attempts');
      const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
      if (!user || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
      await counted.succeeded();
      return success(c, await tokenResponse(user), 'Login successful');
    })
    .post('/logout', authenticatedOrExpired, async (c) => {
      const { claims } = c.get('auth');
      await revokeSession(db, claims.sid, sessionRevocationExpiry(config, claims));
      return success(c, null, 'Logged out');
    })
    .post('/refresh', authenticatedOrExpired, async (c) => {
      const { claims, user } = c.get('auth');
      if (!(await revoke(db, claims.jti, tokenRevocationExpiry(config, claims)))) {
        // Another refresh of this token won the race: a second use of one token, as much a replay as a later one.
        await revokeSession(db, claims.sid, sessionRevocationExpiry(config, claims));
        throw unauthenticated();
      }
      return success(c, await tokenResponse(user, { authTime: claims.auth_time, sid: claims.sid }), 'Token refreshed');
    })
    .get('/test', async (c) => {
      // Raw SQL: a round trip that reads no table, which is all the connectivity check asks.
      await sql`select 1`.execute(db);
      const data: ConnectivityCheck = { ok: true, time: new Date(clock()).toISOString() };
      return success(c, data, 'Connection successful');
    });
}
