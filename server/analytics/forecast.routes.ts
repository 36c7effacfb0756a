import type { Context } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { FORECAST_CALLS, type ForecastAnswer } from '@contract/api/targets.calls.js';
import { callRoutes } from '../http/call-routes.js';
import { successText } from '../http/envelope.js';
import { SharedJsonBody } from '../http/shared-json-body.js';
import { analyticsRequests } from './analytics.routes.js';
import { dollars } from './answers/rounding.js';
import { AnalyticsCache, scopeKey } from './cache.js';
import { forecast, type ForecastFigures } from './forecast/forecast.js';

/** The answer in dollars; the branches' own days stay inside (the labour plan's). */
export const forecastAnswerOf = (f: ForecastFigures): ForecastAnswer => ({
  method: f.method,
  days: f.days.map((d) => ({ day: d.day, revenue: dollars(d.revenue), low: dollars(d.low), high: dollars(d.high) })),
  backtest: f.backtest,
});

/**
 * The revenue forecast of the next trading days, franchise-wide (a manager's branches) or for one
 * restaurant (contract/api/targets.calls.ts), reached and scoped as the other analytics calls. Kept
 * per data version, scope, days and the branches' todays: a day turning changes the days predicted.
 */
export function forecastRoutes(deps: RouteDeps) {
  const cache = new AnalyticsCache(deps.analyticsCacheEntries);
  const { reach, scopeOf } = analyticsRequests(deps);
  const answer = async ({ c, query }: { c: Context<AppEnv>; query: { days: number } }) => {
    const { scope, dataVersion, at } = scopeOf(c);
    const key = `forecast|${scopeKey(scope)}|${query.days}|${at.todays}`;
    const body = await cache.keyed(scope.franchiseId, dataVersion, key, async () => {
      const figures = await forecast(deps.db, scope, query.days, at.now);
      return new SharedJsonBody(successText(forecastAnswerOf(figures), 'Forecast retrieved'));
    });
    return body.respond(c);
  };
  return callRoutes(
    deps,
    FORECAST_CALLS,
    {
      'GET /franchise/analytics/forecast': answer,
      'GET /franchise/restaurants/{id}/analytics/forecast': answer,
    },
    { before: [reach] },
  );
}
