import type { AnalyticsData, AnalyticsKind, AnalyticsQuery } from '@contract/analytics.contract';
import { addressOf } from '@contract/api/call';
import type { Calls } from '@contract/api/calls';
import type { ApiSuccess } from '@contract/envelope';
import type { ForecastAnswer, TargetsAnswer } from '@contract/api/targets.calls';
import { ApiError, callApi, withDefaultMessage } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

/** Franchise-wide when `restaurantId` is null, else that branch's. */
export type AnalyticsScope = { restaurantId: number | null };

const NOUNS: Record<AnalyticsKind, string> = {
  headcounts: 'headcount data',
  revenues: 'revenue data',
  'best-sellers': 'best sellers data',
  orders: 'orders data',
  roster: 'roster data',
  procurement: 'procurement data',
  loss: 'loss data',
  hours: 'hours data',
  costs: 'cost data',
  'menu-engineering': 'menu engineering data',
};

/** A dashboard card's failure that brings no message of its own, not even its call's default (docs/product.md#errors). */
export const DASHBOARD_FETCH_FAILED = 'Failed to fetch dashboard analytics';

/** Default messages (docs/product.md#errors: "Failed to fetch revenue data", "Failed to fetch restaurant revenue data", …), used when the server sent no message. */
export function analyticsErrorMessage(kind: AnalyticsKind, { restaurantId }: AnalyticsScope): string {
  return `Failed to fetch ${restaurantId === null ? '' : 'restaurant '}${NOUNS[kind]}`;
}

/** Default messages of the targets and forecast calls, as analyticsErrorMessage's (docs/product.md#error-messages). */
export const targetsErrorMessage = ({ restaurantId }: AnalyticsScope) =>
  `Failed to fetch ${restaurantId === null ? '' : 'restaurant '}target data`;
export const forecastErrorMessage = ({ restaurantId }: AnalyticsScope) =>
  `Failed to fetch ${restaurantId === null ? '' : 'restaurant '}forecast`;

/** The path of the contract's call of `kind` for the scope. */
export function analyticsPath(kind: AnalyticsKind, { restaurantId }: AnalyticsScope): string {
  return restaurantId === null
    ? addressOf(`GET /franchise/analytics/${kind}` satisfies keyof Calls).path
    : addressOf(`GET /franchise/restaurants/{id}/analytics/${kind}` satisfies keyof Calls, { id: restaurantId }).path;
}

/** The query as the typed client sends it: like for like as the text the contract's schema reads. */
function sentQuery({ like_for_like, ...query }: AnalyticsQuery) {
  return like_for_like === undefined ? query : { ...query, like_for_like: like_for_like ? ('true' as const) : ('false' as const) };
}

export function createAnalyticsService(client: HttpClient) {
  const call = callsOf(client);
  /**
   * One analytics call; rejects with ApiError carrying the server's message or the call's default. `token`: one a
   * sign-in just got, not stored yet.
   */
  async function fetch<K extends AnalyticsKind>(
    kind: K,
    scope: AnalyticsScope,
    query: AnalyticsQuery = {},
    token?: string,
  ): Promise<AnalyticsData[K]> {
    const fallback = analyticsErrorMessage(kind, scope);
    let response: ApiSuccess<AnalyticsData[K]>;
    try {
      response = await client.request<AnalyticsData[K]>(analyticsPath(kind, scope), { query, token });
    } catch (error) {
      throw withDefaultMessage(error, fallback);
    }
    if (response?.status !== 'success' || response.data == null) throw withDefaultMessage(new ApiError(fallback, 200, response), fallback);
    return response.data;
  }

  return {
    fetch,
    headcounts: (scope: AnalyticsScope, query?: AnalyticsQuery) => fetch('headcounts', scope, query),
    revenues: (scope: AnalyticsScope, query?: AnalyticsQuery) => fetch('revenues', scope, query),
    bestSellers: (scope: AnalyticsScope, query?: AnalyticsQuery) => fetch('best-sellers', scope, query),
    orders: (scope: AnalyticsScope, query?: AnalyticsQuery) => fetch('orders', scope, query),
    roster: (scope: AnalyticsScope, query?: AnalyticsQuery) => fetch('roster', scope, query),
    procurement: (scope: AnalyticsScope, query?: AnalyticsQuery) => fetch('procurement', scope, query),
    /** Revenue against target over the window of `query`. */
    targets: (scope: AnalyticsScope, query: AnalyticsQuery = {}) =>
      callApi<TargetsAnswer>(targetsErrorMessage(scope), () =>
        scope.restaurantId === null
          ? call('GET /franchise/analytics/targets', { query: sentQuery(query) })
          : call('GET /franchise/restaurants/{id}/analytics/targets', { params: { id: scope.restaurantId }, query: sentQuery(query) }),
      ),
    /** The forecast of the next `days` trading days. */
    forecast: (scope: AnalyticsScope, days: number) =>
      callApi<ForecastAnswer>(forecastErrorMessage(scope), () =>
        scope.restaurantId === null
          ? call('GET /franchise/analytics/forecast', { query: { days } })
          : call('GET /franchise/restaurants/{id}/analytics/forecast', { params: { id: scope.restaurantId }, query: { days } }),
      ),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

export const analyticsService = createAnalyticsService(httpClient);
