import type { Context, MiddlewareHandler } from 'hono';
import type { ApiKeyAccess } from '@contract/api-keys.contract.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { unauthenticated } from '../auth/require-auth.js';
import { HttpError } from '../http/errors.js';
import { findLiveApiKey, hashSecret, LAST_USED_RESOLUTION_MS, looksLikeSecret, touchApiKey } from './api-keys.repository.js';

/** What a live key of the other access is told: the key is good, the call is not one it may make. */
const WRONG_ACCESS: Record<ApiKeyAccess, string> = {
  ingest: 'This is a read key: it may call the analytics and page report GETs only',
  read: 'This is an ingest key: it may call the ingest calls only',
};

const bearerOf = (c: Context<AppEnv>) => /^Bearer +([^\s]+) *$/i.exec(c.req.header('authorization') ?? '')?.[1];

/**
 * Accepts `Authorization: Bearer <secret>` of a live API key of `access` and sets `apiKey` (its name,
 * franchise, branch or null for all, the franchise's time zone); a live key of the other access is a
 * 403, anything else the usual 401. The key is read from the database on every call, never from a
 * per-process cache, so a revoke through any server refuses the key on every server at once. Console
 * tokens are not keys: they are refused. A key already accepted for this request is not read again.
 */
export function requireApiKey(deps: Pick<RouteDeps, 'db' | 'clock'>, access: ApiKeyAccess): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get('apiKey')?.access === access) return next();
    const secret = bearerOf(c);
    if (!secret || !looksLikeSecret(secret)) throw unauthenticated();
    const key = await findLiveApiKey(deps.db, hashSecret(secret));
    if (!key) throw unauthenticated();
    if (key.access !== access) throw new HttpError(403, WRONG_ACCESS[access]);
    const now = deps.clock();
    // Only a use a minute after the last one recorded writes the row (touchApiKey re-checks, for other servers).
    if (key.lastUsedAt === null || key.lastUsedAt.getTime() < now - LAST_USED_RESOLUTION_MS) {
      await touchApiKey(deps.db, key.id, new Date(now));
    }
    c.set('apiKey', {
      id: key.id,
      name: key.name,
      franchiseId: key.franchiseId,
      restaurantId: key.restaurantId,
      access: key.access,
      timeZone: key.timeZone,
    });
    await next();
  };
}

/** A member's token, or a read key: told apart by the secret's format, so each is checked once, by its own check. */
export function memberOrReadKey(deps: Pick<RouteDeps, 'db' | 'clock' | 'authenticated'>): MiddlewareHandler<AppEnv> {
  const readKey = requireApiKey(deps, 'read');
  return (c, next) => (looksLikeSecret(bearerOf(c) ?? '') ? readKey(c, next) : deps.authenticated(c, next));
}
