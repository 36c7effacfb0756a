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
import type { Db } from '../db/database.js';
import { franchiseState } from '../db/data-version.js';
import { successText } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { readQuery } from '../http/query.js';
import { SharedJsonBody } from '../http/shared-json-body.js';
import { LruMap } from '../lib/lru-map.js';
import { AnalyticsCache } from './cache.js';
import { dayIn } from './calendar.js';
import { analyticsFigures, answerData, type AnswerFigures } from './answers/analytics-answer.js';
import type { AnalyticsScope } from './answers/scope.js';
import { resolveWindow } from './window.js';

const MESSAGES: Record<AnalyticsKind, string> = {
  headcounts: 'Headcounts retrieved',
  revenues: 'Revenues retrieved',
  'best-sellers': 'Best sellers retrieved',
  orders: 'Orders retrieved',
  roster: 'Roster retrieved',
  procurement: 'Procurement retrieved',
};

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

/** What an answer is cached by, besides its kind. */
export type AnswerKey = { scope: AnalyticsScope; dataVersion: number; window: AnalyticsWindow; limit: number };

/**
 * The app's analytics answers, kept as their integer figures (for the page reports) and serialised
 * in dollars (compressed on demand: a franchise's roster is tens of kilobytes) per data version,
 * scope (a manager's branches too), kind, window and limit.
 * One per app, built with the route deps and handed to the analytics calls and the page reports, so
 * a page reuses the answers its dashboard already read (docs/caching.md).
 */
export class AnalyticsAnswers {
  private readonly cache: AnalyticsCache;

  constructor(
    private readonly db: Db,
    private readonly compute: typeof analyticsFigures = analyticsFigures,
    maxEntries?: number,
  ) {
    this.cache = new AnalyticsCache(maxEntries);
  }

  private entry<K extends AnalyticsKind>(kind: K, { scope, dataVersion, window, limit }: AnswerKey) {
    return this.cache.answer({ ...scope, dataVersion, kind, window, limit }, async () => {
      const figures = await this.compute(this.db, kind, scope, window, { limit });
      return { figures, body: new SharedJsonBody(successText(answerData(kind, figures), MESSAGES[kind])) };
    });
  }

  /** The API's answer, serialised. */
  async body(kind: AnalyticsKind, key: AnswerKey): Promise<SharedJsonBody> {
    return (await this.entry(kind, key)).body;
  }

  /** The answer's integer figures, shared: read, never changed. */
  async figures<K extends AnalyticsKind>(kind: K, key: AnswerKey): Promise<AnswerFigures[K]> {
    return (await this.entry(kind, key)).figures;
  }
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
