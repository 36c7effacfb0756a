import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { apiKeyActor, memberActor } from '../activity/activity.repository.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { ownersOnly } from '../auth/access.js';
import { attempt, ingestRule } from '../auth/rate-limit.js';
import { menuItemsBody, ordersBody, purchasesBody, removalBody, shiftsBody, type IngestKind } from '@contract/ingest.contract.js';
import { ingestBody } from '../http/body-limit.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { requireApiKey } from '../integrations/api-key-auth.js';
import {
  ingestMenuItems,
  keyRestaurants,
  ingestOrders,
  ingestPurchases,
  ingestRemoval,
  ingestShifts,
  type IngestScope,
} from './ingest.service.js';

/** One call of a kind: reads and validates its body, writes it for `scope`, and answers with what was written. */
async function ingestCall(deps: RouteDeps, c: Context<AppEnv>, kind: IngestKind, scope: IngestScope) {
  const { db, clock } = deps;
  switch (kind) {
    case 'menu-items':
      return success(c, await ingestMenuItems(db, scope, (await readJson(c, menuItemsBody)).items, clock()), 'Menu items recorded');
    case 'orders':
      return success(c, await ingestOrders(db, scope, (await readJson(c, ordersBody)).orders, clock()), 'Orders recorded');
    case 'shifts':
      return success(c, await ingestShifts(db, scope, (await readJson(c, shiftsBody)).shifts, clock()), 'Shifts recorded');
    case 'purchases':
      return success(c, await ingestPurchases(db, scope, (await readJson(c, purchasesBody)).purchases, clock()), 'Purchases recorded');
  }
}

/** Takes one call from the caller's rate limit (429 with Retry-After when used up). */
const limited =
  (deps: RouteDeps, caller: (c: Context<AppEnv>) => string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await attempt(deps.db, [ingestRule(caller(c))], deps.clock(), 'ingest calls');
    await next();
  };

/** `/api/v1/ingest/*`: what a franchise's POS, roster or supplier system sends with its API key (docs/integrations.md). */
export function ingestRoutes(deps: RouteDeps) {
  // The body is read only after the key was checked and the call counted.
  const key = [
    requireApiKey(deps),
    limited(deps, (c) => `key:${c.get('apiKey').id}`),
    ingestBody<AppEnv>((c) => ({ caller: `key:${c.get('apiKey').id}`, franchise: `${c.get('apiKey').franchiseId}` })),
  ] as const;
  const scopeOf = (c: Context<AppEnv>): IngestScope => ({
    franchiseId: c.get('apiKey').franchiseId,
    restaurantId: c.get('apiKey').restaurantId,
    actor: apiKeyActor(c.get('apiKey')),
    via: 'ingest',
    sender: { apiKeyId: c.get('apiKey').id },
  });
  const removal = (kind: 'shifts' | 'purchases') => async (c: Context<AppEnv>) => {
    const { records } = await readJson(c, removalBody);
    const removed = await ingestRemoval(deps.db, scopeOf(c), kind, records, deps.clock());
    return success(c, { removed }, `${removed} ${kind === 'shifts' ? 'shift(s)' : 'purchase(s)'} removed`);
  };
  return new Hono<AppEnv>()
    .get('/restaurants', ...key, async (c) => {
      const { franchiseId, restaurantId } = scopeOf(c);
      return success(c, await keyRestaurants(deps.db, { franchiseId, restaurantId }), 'Restaurants this key may write');
    })
    .put('/menu-items', ...key, (c) => ingestCall(deps, c, 'menu-items', scopeOf(c)))
    .post('/orders', ...key, (c) => ingestCall(deps, c, 'orders', scopeOf(c)))
    .post('/shifts', ...key, (c) => ingestCall(deps, c, 'shifts', scopeOf(c)))
    .post('/purchases', ...key, (c) => ingestCall(deps, c, 'purchases', scopeOf(c)))
    .post('/shifts/remove', ...key, removal('shifts'))
    .post('/purchases/remove', ...key, removal('purchases'));
}

const importNotFound = () => new HttpError(404, 'Not found');

/**
 * `/api/v1/franchise/import/{kind}`: the console's CSV import, the same bodies and code as the ingest
 * calls, with an owner's session (to a manager the call does not exist, 404).
 */
export function importRoutes(deps: RouteDeps) {
  const kinds: Record<string, IngestKind> = { 'menu-items': 'menu-items', orders: 'orders', shifts: 'shifts', purchases: 'purchases' };
  const kindOf = (c: Context<AppEnv>) => {
    const kind = c.req.param('kind') ?? '';
    return Object.hasOwn(kinds, kind) ? kinds[kind] : undefined;
  };
  return new Hono<AppEnv>().post(
    '/:kind',
    deps.authenticated,
    ownersOnly,
    limited(deps, (c) => `user:${c.get('auth').user.id}`),
    ingestBody<AppEnv>((c) => ({ caller: `user:${c.get('auth').user.id}`, franchise: `${c.get('auth').user.franchise.id}` })),
    (c) => {
      const kind = kindOf(c);
      if (!kind) throw importNotFound();
      const { user } = c.get('auth');
      const scope: IngestScope = {
        franchiseId: user.franchise.id,
        restaurantId: null,
        actor: memberActor(user),
        via: 'import',
        sender: { ownerId: user.id },
      };
      return ingestCall(deps, c, kind, scope);
    },
  );
}
