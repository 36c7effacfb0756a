import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import * as z from 'zod';
import type { AppConfig, Config } from '../config.js';
import type { TokenClaims, TokenResponse } from '@contract/auth.contract.js';
import { toFranchiseUser, type AuthUser } from './franchise-users.repository.js';
import { LruMap } from '../lib/lru-map.js';

/** Longer than any token we issue; refusing early keeps garbage away from the verifier. */
export const MAX_TOKEN_LENGTH = 4096;

/** Verified tokens remembered per process; beyond this the least recently used is verified afresh on its next use. */
export const MAX_VERIFIED_TOKENS = 5000;

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  jti: z.string().min(1).max(100),
  sid: z.string().min(1).max(100),
  iat: z.number().int(),
  exp: z.number().int(),
  auth_time: z.number().int(),
  ver: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), franchise_id: z.number().int() }),
});

/** JWT_SECRET, else a secret generated on first start and kept (0600) in DATA_DIR across restarts. */
export function resolveJwtSecret(config: Config): AppConfig {
  if (config.jwtSecret) return { ...config, jwtSecret: config.jwtSecret };
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return { ...config, jwtSecret: readFileSync(file, 'utf8').trim() };
}

export type TokenUser = TokenClaims['user'] & { token_version: number };

export type Tokens = {
  /** A new sign-in, or with `session` a refresh that keeps the sign-in's time and session id. */
  issue(user: TokenUser, session?: { authTime: number; sid: string }): Promise<{ token: string; claims: TokenClaims }>;
  /** The token's claims, or undefined for anything not signed by us, malformed, or expired. */
  verify(token: string, options?: { allowExpired?: boolean }): Promise<TokenClaims | undefined>;
};

/** A sign-in's answer (login, refresh, an accepted invitation): a new token, or with `session` a refresh of that sign-in. */
export async function tokenResponse(tokens: Tokens, user: AuthUser, session?: { authTime: number; sid: string }): Promise<TokenResponse> {
  const { token, claims } = await tokens.issue({ ...user, franchise_id: user.franchise.id }, session);
  return { access_token: token, token_type: 'bearer', expires_in: claims.exp - claims.iat, user: toFranchiseUser(user) };
}

export function createTokens(config: AppConfig, clock: () => number): Tokens {
  // Imported once: given raw bytes, jose imports the key again on every call (about 6 % of a cached request's CPU).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(config.jwtSecret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A token's later requests skip the HMAC check (a quarter of a cached request's CPU): keyed by the
  // whole token, so a changed byte is verified afresh; expiry is checked on every use, as jose does (docs/caching.md).
  const verified = new LruMap<string, TokenClaims>(MAX_VERIFIED_TOKENS);
  return {
    async issue(user, session) {
      const iat = Math.floor(clock() / 1000);
      const claims: TokenClaims = {
        sub: String(user.id),
        jti: randomUUID(),
        sid: session?.sid ?? randomUUID(),
        iat,
        exp: iat + config.accessTokenTtl,
        auth_time: session?.authTime ?? iat,
        ver: user.token_version,
        user: { id: user.id, name: user.name, email: user.email, franchise_id: user.franchise_id },
      };
      const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(await key);
      return { token, claims };
    },
    async verify(token, options = {}) {
      if (token.length > MAX_TOKEN_LENGTH) return undefined;
      // The refresh window bounds an expired token's use (checked against auth_time by the caller).
      const clockTolerance = options.allowExpired ? config.refreshWindow : 0;
      const known = verified.get(token);
      if (known) return known.exp > Math.floor(clock() / 1000) - clockTolerance ? known : undefined;
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: new Date(clock()), clockTolerance });
        const parsed = claimsSchema.safeParse(payload);
        if (!parsed.success) return undefined;
        const claims = Object.freeze({ ...parsed.data, user: Object.freeze(parsed.data.user) });
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}
