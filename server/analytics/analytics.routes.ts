import { Hono, type Context } from 'hono';
import type { ZodType } from 'zod';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { branchesOf, mayReach } from '../auth/access.js';
import {
  ANALYTICS_KINDS,
  analyticsQuery,
  type AnalyticsKind,
  type AnalyticsWindow,
  type ParsedAnalyticsQuery,
} from '@contract/analytics.contract.js';
import { recordIdOf } from '@contract/record-id.js';
import { franchiseState } from '../db/data-version.js';
import { HttpError } from '../http/errors.js';
import { readQuery } from '../http/query.js';
import { LruMap } from '../lib/lru-map.js';
import { dayIn } from './calendar.js';
import type { AnalyticsScope } from './answers/scope.js';
import { resolveWindow } from './window.js';

const restaurantNotFound = () => new HttpError(404, 'Restaurant not found');

/** What an analytics request is about once checked: the scope, the franchise's data version (the cache key), the query and its window. */
export type AnalyticsRequest<Q extends ParsedAnalyticsQuery> = {
  scope: AnalyticsScope;
  dataVersion: number;
  query: Q;
  window: AnalyticsWindow;
};

/**
 * Reads an analytics request behind the token check: the restaurant (404 without data when it is
 * not the caller's, or a branch a manager does not reach), then the query against `schema` (422
 * naming the field). The scope carries the member's branches: a manager's "All Branches" is theirs.
 */
export function analyticsRequests<Q extends ParsedAnalyticsQuery>(deps: RouteDeps, schema: ZodType<Q>) {
  // The window memo (docs/caching.md): valid queries and their windows per zone, day and query string;
  // parsing and calendar arithmetic were an eighth of a cached answer's CPU. Shared between requests,
  // so read-only; the same for every member, whatever their branches.
  const windows = new LruMap<string, { query: Q; window: AnalyticsWindow }>(1000);
  return async (c: Context<AppEnv>, perRestaurant: boolean): Promise<AnalyticsRequest<Q>> => {
    const { user } = c.get('auth');
    const franchiseId = user.franchise.id;
    let restaurantId: number | null = null;
    if (perRestaurant) {
      const id = recordIdOf(c.req.param('id'));
      if (id === undefined || !mayReach(user, id)) throw restaurantNotFound();
      restaurantId = id;
    }
    const state = await deps.reads.read(`franchise|${franchiseId}|${restaurantId ?? '*'}`, () =>
      franchiseState(deps.db, franchiseId, restaurantId),
    );
    if (perRestaurant && !state.restaurant_found) throw restaurantNotFound();
    const now = new Date(deps.clock());
    const url = c.req.url;
    const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    const memo = `${state.time_zone}|${dayIn(state.time_zone, now)}|${search}`;
    let resolved = windows.get(memo);
    if (!resolved) {
      const query = readQuery(c, schema);
      resolved = { query, window: resolveWindow(query, state.time_zone, now) };
      windows.set(memo, resolved);
    }
    return { scope: { franchiseId, restaurantId, branches: branchesOf(user) }, dataVersion: state.data_version, ...resolved };
  };
}

/**
 * GET /analytics/{kind} (franchise-wide: a manager's branches) and /restaurants/{id}/analytics/{kind}.
 * Checked in this order: the token (an unknown kind or a foreign restaurant is still 401 without
 * one), the restaurant (404 without data when it is not the caller's, or not a manager's branch),
 * then the query (422 naming the field).
 */
export function analyticsRoutes(deps: RouteDeps) {
  const answers = deps.analytics;
  const request = analyticsRequests(deps, analyticsQuery);

  const handler = (kind: AnalyticsKind, perRestaurant: boolean) => async (c: Context<AppEnv>) => {
    const { scope, dataVersion, query, window } = await request(c, perRestaurant);
    return (await answers.body(kind, { scope, dataVersion, window, limit: query.limit })).respond(c);
  };

  const routes = new Hono<AppEnv>();
  // Before routing on the kind or the restaurant, so neither is revealed to a caller without a valid token
  // (the page reports apply it too: the token is checked once per request, whichever module is mounted first).
  routes.use('/analytics/*', deps.authenticated);
  routes.use('/restaurants/:id/analytics/*', deps.authenticated);
  for (const kind of ANALYTICS_KINDS) {
    routes.get(`/analytics/${kind}`, handler(kind, false));
    routes.get(`/restaurants/:id/analytics/${kind}`, handler(kind, true));
  }
  return routes;
}
