import type { Context, MiddlewareHandler } from 'hono';
import { apiKeyActor, memberActor } from '../activity/activity.repository.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { attempt, ingestRule } from '../auth/rate-limit.js';
import { IMPORT_CALLS, INGEST_CALLS } from '@contract/api/ingest.calls.js';
import type { IngestKind, MenuItemRecord, OrderRecord, PurchaseRecord, ShiftRecord } from '@contract/ingest.contract.js';
import { ingestBody } from '../http/body-limit.js';
import { callRoutes } from '../http/call-routes.js';
import type { TargetRecord } from '@contract/targets.contract.js';
import { writeTargets } from '../targets/targets.service.js';
import {
  ingestMenuItems,
  keyRestaurants,
  ingestOrders,
  ingestPurchases,
  ingestRemoval,
  ingestShifts,
  type IngestScope,
} from './ingest.service.js';

type Batch =
  | { items: MenuItemRecord[] }
  | { orders: OrderRecord[] }
  | { shifts: ShiftRecord[] }
  | { purchases: PurchaseRecord[] }
  | { targets: TargetRecord[] };

/** Writes one validated body of `kind` for `scope`, and answers with what was written. */
async function ingestBatch(deps: RouteDeps, kind: IngestKind, scope: IngestScope, body: Batch) {
  const { db, clock } = deps;
  if ('items' in body) return { data: await ingestMenuItems(db, scope, body.items, clock()), message: 'Menu items recorded' };
  if ('orders' in body) return { data: await ingestOrders(db, scope, body.orders, clock()), message: 'Orders recorded' };
  if ('targets' in body) {
    const { created, updated, unchanged } = await writeTargets(db, { ...scope, branches: null }, body.targets, clock());
    return { data: { created, updated, unchanged }, message: 'Targets recorded' };
  }
  if ('shifts' in body) return { data: await ingestShifts(db, scope, body.shifts, clock()), message: 'Shifts recorded' };
  return { data: await ingestPurchases(db, scope, body.purchases, clock()), message: 'Purchases recorded' };
}

/** Takes one call from the caller's rate limit (429 with Retry-After when used up). */
export const limited =
  (deps: RouteDeps, caller: (c: Context<AppEnv>) => string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await attempt(deps.db, [ingestRule(caller(c))], deps.clock(), 'ingest calls');
    await next();
  };

/** Who writes through an ingest key: its franchise, its branch (null: every branch), the key. */
export const ingestScopeOf = (c: Context<AppEnv>): IngestScope => ({
  franchiseId: c.get('apiKey').franchiseId,
  restaurantId: c.get('apiKey').restaurantId,
  actor: apiKeyActor(c.get('apiKey')),
  via: 'ingest',
  sender: { apiKeyId: c.get('apiKey').id },
});

/** The ingest calls' steps before the body: the key's rate limit, then its bounded read (the body is read only after the key was checked and the call counted). */
export const ingestKeyGates = (deps: RouteDeps) => [
  limited(deps, (c) => `key:${c.get('apiKey').id}`),
  ingestBody<AppEnv>((c) => ({ caller: `key:${c.get('apiKey').id}`, franchise: `${c.get('apiKey').franchiseId}` })),
];

/** `/api/v1/ingest/*`: what a franchise's POS, roster or supplier system sends with its API key (docs/integrations.md). */
export function ingestRoutes(deps: RouteDeps) {
  const removal =
    (kind: 'shifts' | 'purchases') =>
    async ({ c, body }: { c: Context<AppEnv>; body: { records: { restaurant_id: number; external_id: string }[] } }) => {
      const removed = await ingestRemoval(deps.db, ingestScopeOf(c), kind, body.records, deps.clock());
      return { data: { removed }, message: `${removed} ${kind === 'shifts' ? 'shift(s)' : 'purchase(s)'} removed` };
    };
  return callRoutes(
    deps,
    INGEST_CALLS,
    {
      'GET /ingest/restaurants': async ({ c }) => {
        const { franchiseId, restaurantId } = ingestScopeOf(c);
        return { data: await keyRestaurants(deps.db, { franchiseId, restaurantId }), message: 'Restaurants this key may write' };
      },
      'PUT /ingest/menu-items': ({ c, body }) => ingestBatch(deps, 'menu-items', ingestScopeOf(c), body),
      'POST /ingest/orders': ({ c, body }) => ingestBatch(deps, 'orders', ingestScopeOf(c), body),
      'POST /ingest/shifts': ({ c, body }) => ingestBatch(deps, 'shifts', ingestScopeOf(c), body),
      'POST /ingest/purchases': ({ c, body }) => ingestBatch(deps, 'purchases', ingestScopeOf(c), body),
      'POST /ingest/shifts/remove': removal('shifts'),
      'POST /ingest/purchases/remove': removal('purchases'),
    },
    { before: ingestKeyGates(deps) },
  );
}

/**
 * `/api/v1/franchise/import/{kind}`: the console's CSV import, the same bodies and code as the ingest
 * calls, with an owner's session (to a manager the call does not exist, 404).
 */
export function importRoutes(deps: RouteDeps) {
  return callRoutes(
    deps,
    IMPORT_CALLS,
    {
      'POST /franchise/import/{kind}': ({ c, params, body }) => {
        const { user } = c.get('auth');
        const scope: IngestScope = {
          franchiseId: user.franchise.id,
          restaurantId: null,
          actor: memberActor(user),
          via: 'import',
          sender: { ownerId: user.id },
        };
        return ingestBatch(deps, params.kind, scope, body);
      },
    },
    {
      before: [
        limited(deps, (c) => `user:${c.get('auth').user.id}`),
        ingestBody<AppEnv>((c) => ({ caller: `user:${c.get('auth').user.id}`, franchise: `${c.get('auth').user.franchise.id}` })),
      ],
    },
  );
}
