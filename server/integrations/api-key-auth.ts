import type { MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { unauthenticated } from '../auth/require-auth.js';
import { findLiveApiKey, hashSecret, LAST_USED_RESOLUTION_MS, looksLikeSecret, touchApiKey } from './api-keys.repository.js';

/**
 * Accepts `Authorization: Bearer <secret>` of a live API key and sets `apiKey` (its name, franchise,
 * branch or null for all, the franchise's time zone); anything else is the usual 401. The key is
 * read from the database on every call, never from a per-process cache, so a revoke through any
 * server refuses the key on every server at once. Console tokens are not keys: they are refused.
 */
export function requireApiKey(deps: Pick<RouteDeps, 'db' | 'clock'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = /^Bearer +([^\s]+) *$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!secret || !looksLikeSecret(secret)) throw unauthenticated();
    const key = await findLiveApiKey(deps.db, hashSecret(secret));
    if (!key) throw unauthenticated();
    const now = deps.clock();
    // Only a use a minute after the last one recorded writes the row (touchApiKey re-checks, for other servers).
    if (key.lastUsedAt === null || key.lastUsedAt.getTime() < now - LAST_USED_RESOLUTION_MS) {
      await touchApiKey(deps.db, key.id, new Date(now));
    }
    c.set('apiKey', { id: key.id, name: key.name, franchiseId: key.franchiseId, restaurantId: key.restaurantId, timeZone: key.timeZone });
    await next();
  };
}
