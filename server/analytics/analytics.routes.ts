import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { branchesOf, mayReach } from '../auth/access.js';
import { type AnalyticsKind, type AnalyticsWindow, type ParsedAnalyticsQuery } from '@contract/analytics.contract.js';
import { ANALYTICS_CALLS } from '@contract/api/analytics.calls.js';
import { recordIdOf } from '@contract/record-id.js';
import { franchiseState } from '../db/data-version.js';
import { callRoutes } from '../http/call-routes.js';
import { memberOrReadKey } from '../integrations/api-key-auth.js';
import { HttpError } from '../http/errors.js';
import { LruMap } from '../lib/lru-map.js';
import { dayIn, tradingDayIn } from './calendar.js';
import type { TradingNow } from './analytics-answers.js';
import type { AnalyticsScope } from './answers/scope.js';
import { resolveWindow } from './window.js';

const LIKE_FOR_LIKE_BRANCH = 'compares all branches, not one branch: leave it out or false on a branch';

/** What an analytics request is about once checked: the scope, the franchise's data version (the cache key), the query, its window and its instant. */
export type AnalyticsRequest<Q extends ParsedAnalyticsQuery> = {
  scope: AnalyticsScope;
  dataVersion: number;
  query: Q;
  window: AnalyticsWindow;
  at: TradingNow;
};

/** The distinct trading days of the branches' clocks ("zone|day start minutes") at `now`, as a key. */
const tradingDays = (clocks: readonly string[], now: Date) =>
  [
    ...new Set(
      clocks.map((clock) => {
        const [zone, minutes] = clock.split('|');
        return tradingDayIn(zone!, Number(minutes), now);
      }),
    ),
  ]
    .sort()
    .join(',');

/**
 * Who reads the figures: a member, or a read key as a member of its branches (a branch's key reads as
 * that branch's manager would: its franchise-wide calls answer for the branch, another branch is a 404).
 */
function readerOf(c: Context<AppEnv>): { franchiseId: number; restaurant_ids: number[] | null } {
  const key = c.get('apiKey') as AppEnv['Variables']['apiKey'] | undefined;
  if (key) return { franchiseId: key.franchiseId, restaurant_ids: key.restaurantId === null ? null : [key.restaurantId] };
  const { user } = c.get('auth');
  return { franchiseId: user.franchise.id, restaurant_ids: user.restaurant_ids };
}

/**
 * The analytics calls' and page reports' shared steps. `reach`, before the query is read: the
 * restaurant (404 without data when it is not the caller's, or a branch a manager does not reach)
 * and the franchise's clock and data version. `request`: the scope (a manager's "All Branches" is
 * theirs) and the query's window; `scopeOf`, the same without a window.
 */
export function analyticsRequests(deps: RouteDeps) {
  // The window memo (docs/caching.md): windows per zone, day and query string; calendar arithmetic
  // was a sizeable share of a cached answer's CPU. The same for every member, whatever their branches.
  const windows = new LruMap<string, AnalyticsWindow>(1000);
  const states = new WeakMap<Context<AppEnv>, Awaited<ReturnType<typeof franchiseState>> & { restaurantId: number | null }>();

  const reach: MiddlewareHandler<AppEnv> = async (c, next) => {
    const reader = readerOf(c);
    let restaurantId: number | null = null;
    if (c.req.param('id') !== undefined) {
      const id = recordIdOf(c.req.param('id'));
      if (id === undefined || !mayReach(reader, id)) throw new HttpError(404, 'Restaurant not found');
      restaurantId = id;
    }
    const state = await deps.reads.read(`franchise|${reader.franchiseId}|${restaurantId ?? '*'}`, () =>
      franchiseState(deps.db, reader.franchiseId, restaurantId),
    );
    if (restaurantId !== null && !state.restaurant_found) throw new HttpError(404, 'Restaurant not found');
    states.set(c, { ...state, restaurantId });
    await next();
  };

  /** The scope, data version and instant of a reached request, for calls without a window (the forecast). */
  const scopeOf = (c: Context<AppEnv>): Omit<AnalyticsRequest<never>, 'query' | 'window'> => {
    const reader = readerOf(c);
    const state = states.get(c)!;
    const now = new Date(deps.clock());
    const scope: AnalyticsScope = { franchiseId: reader.franchiseId, restaurantId: state.restaurantId, branches: branchesOf(reader) };
    return { scope, dataVersion: state.data_version, at: { now, todays: tradingDays(state.branch_clocks, now) } };
  };

  const request = async <Q extends ParsedAnalyticsQuery>(c: Context<AppEnv>, query: Q): Promise<AnalyticsRequest<Q>> => {
    const reader = readerOf(c);
    const state = states.get(c)!;
    if (query.like_for_like && state.restaurantId !== null)
      throw new HttpError(422, `like_for_like: ${LIKE_FOR_LIKE_BRANCH}`, { errors: { like_for_like: [LIKE_FOR_LIKE_BRANCH] } });
    const now = new Date(deps.clock());
    const url = c.req.url;
    const memo = `${state.time_zone}|${dayIn(state.time_zone, now)}|${url.includes('?') ? url.slice(url.indexOf('?')) : ''}`;
    let window = windows.get(memo);
    if (!window) {
      window = resolveWindow(query, state.time_zone, now);
      windows.set(memo, window);
    }
    const scope: AnalyticsScope = { franchiseId: reader.franchiseId, restaurantId: state.restaurantId, branches: branchesOf(reader) };
    const at = { now, todays: tradingDays(state.branch_clocks, now) };
    if (!query.like_for_like) return { scope, dataVersion: state.data_version, query, window, at };
    // Like for like: both windows count only the comparable branches of the reader's. When they are all of them
    // the figures are the scope's own, read as such (franchise-wide from the per-franchise rollups).
    const { ids, all } = await deps.analytics.comparable(scope, state.data_version, window);
    return {
      scope: all ? scope : { ...scope, branches: ids },
      dataVersion: state.data_version,
      query,
      window: { ...window, comparable_restaurant_ids: [...ids] },
      at,
    };
  };

  return { reach, request, scopeOf };
}

/**
 * The token (or read key) check of every path under the analytics calls, known or not, so an unknown
 * kind or page and a foreign restaurant are not told apart without a valid token. Mounted before the
 * analytics and page report calls; their own check then finds the token or key accepted (an export's,
 * members only, refuses a key).
 */
export function analyticsTokenCheck(deps: RouteDeps) {
  const check = memberOrReadKey(deps);
  return new Hono<AppEnv>().use('/franchise/analytics/*', check).use('/franchise/restaurants/:id/analytics/*', check);
}

/** The figures of one kind, franchise-wide (a manager's branches) or for one restaurant (contract/api/analytics.calls.ts). */
export function analyticsRoutes(deps: RouteDeps) {
  const { reach, request } = analyticsRequests(deps);
  const answer =
    (kind: AnalyticsKind) =>
    async ({ c, query }: { c: Context<AppEnv>; query: ParsedAnalyticsQuery }) => {
      const { scope, dataVersion, window, at } = await request(c, query);
      return (await deps.analytics.body(kind, { scope, dataVersion, window, limit: query.limit, at })).respond(c);
    };
  return callRoutes(
    deps,
    ANALYTICS_CALLS,
    {
      'GET /franchise/analytics/headcounts': answer('headcounts'),
      'GET /franchise/restaurants/{id}/analytics/headcounts': answer('headcounts'),
      'GET /franchise/analytics/revenues': answer('revenues'),
      'GET /franchise/restaurants/{id}/analytics/revenues': answer('revenues'),
      'GET /franchise/analytics/best-sellers': answer('best-sellers'),
      'GET /franchise/restaurants/{id}/analytics/best-sellers': answer('best-sellers'),
      'GET /franchise/analytics/loss': answer('loss'),
      'GET /franchise/restaurants/{id}/analytics/loss': answer('loss'),
      'GET /franchise/analytics/hours': answer('hours'),
      'GET /franchise/restaurants/{id}/analytics/hours': answer('hours'),
      'GET /franchise/analytics/costs': answer('costs'),
      'GET /franchise/restaurants/{id}/analytics/costs': answer('costs'),
      'GET /franchise/analytics/menu-engineering': answer('menu-engineering'),
      'GET /franchise/restaurants/{id}/analytics/menu-engineering': answer('menu-engineering'),
      'GET /franchise/analytics/orders': answer('orders'),
      'GET /franchise/restaurants/{id}/analytics/orders': answer('orders'),
      'GET /franchise/analytics/roster': answer('roster'),
      'GET /franchise/restaurants/{id}/analytics/roster': answer('roster'),
      'GET /franchise/analytics/procurement': answer('procurement'),
      'GET /franchise/restaurants/{id}/analytics/procurement': answer('procurement'),
    },
    { before: [reach] },
  );
}
