import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { loginInput, type ConnectivityCheck, type TokenClaims, type TokenResponse } from '../contract/auth.contract.js';
import { clientAddress } from '../http/client-address.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { findUserByEmail, toFranchiseUser, type AuthUser } from './franchise-users.repository.js';
import { prepareDummyHash, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { clearFailures, loginRules, purgeAttempts, recordFailure, retryAfterSeconds } from './rate-limit.js';
import { unauthenticated } from './require-auth.js';
import { purgeRevoked, revoke } from './revocations.repository.js';

const INVALID_CREDENTIALS = 'Invalid email or password';
const PURGE_EVERY_MS = 60_000;

export function authRoutes(deps: RouteDeps) {
  const { db, clock, config, tokens, authenticated, authenticatedOrExpired } = deps;
  let lastPurge = -Infinity;
  void prepareDummyHash();

  /** Housekeeping of expired rows, at most once a minute per process. */
  async function purgeExpired(now: number) {
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    await purgeRevoked(db, new Date(now));
    await purgeAttempts(db, now);
  }

  async function tokenResponse(user: AuthUser, authTime?: number): Promise<TokenResponse> {
    const { token, claims } = await tokens.issue({ ...user, franchise_id: user.franchise.id }, authTime);
    return { access_token: token, token_type: 'bearer', expires_in: claims.exp - claims.iat, user: toFranchiseUser(user) };
  }

  /** A revocation is kept while the token could still be used: until it expires or its refresh window ends, whichever is later. */
  const revocationExpiry = (claims: TokenClaims) => new Date(Math.max(claims.exp, claims.auth_time + config.refreshWindow) * 1000);

  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const input = await readJson(c, loginInput);
      const now = clock();
      await purgeExpired(now);
      const [perAccount, perAddress] = loginRules(input.email, clientAddress(c, config.trustProxy));
      const wait = await retryAfterSeconds(db, [perAccount, perAddress], now);
      if (wait !== undefined) {
        throw new HttpError(429, `Too many login attempts. Try again in ${wait} seconds.`, { headers: { 'Retry-After': String(wait) } });
      }
      const user = await findUserByEmail(db, input.email);
      const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
      if (!user || !valid) {
        await recordFailure(db, [perAccount, perAddress], now);
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await clearFailures(db, perAccount);
      return success(c, await tokenResponse(user), 'Login successful');
    })
    .post('/logout', authenticated, async (c) => {
      const { claims } = c.get('auth');
      await revoke(db, claims.jti, revocationExpiry(claims));
      await purgeExpired(clock());
      return success(c, null, 'Logged out');
    })
    .get('/profile', authenticated, (c) => success(c, { user: toFranchiseUser(c.get('auth').user) }, 'Profile retrieved'))
    .post('/refresh', authenticatedOrExpired, async (c) => {
      const { claims, user } = c.get('auth');
      // Only the first of two racing refreshes of one token wins.
      if (!(await revoke(db, claims.jti, revocationExpiry(claims)))) throw unauthenticated();
      return success(c, await tokenResponse(user, claims.auth_time), 'Token refreshed');
    })
    .get('/test', async (c) => {
      await sql`select 1`.execute(db);
      const data: ConnectivityCheck = { ok: true, time: new Date(clock()).toISOString() };
      return success(c, data, 'Connection successful');
    });
}
