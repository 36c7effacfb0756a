import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { activityRoutes } from './activity/activity.routes.js';
import { alertRulesRoutes } from './alerts/alert-rules.routes.js';
import { alertsRoutes } from './alerts/alerts.routes.js';
import { AnalyticsAnswers } from './analytics/analytics-answers.js';
import { analyticsRoutes, analyticsTokenCheck } from './analytics/analytics.routes.js';
import { pageReportRoutes } from './analytics/pages.routes.js';
import { forecastRoutes } from './analytics/forecast.routes.js';
import type { AppDeps, AppEnv, RouteDeps } from './app-deps.js';
import { authRoutes } from './auth/auth.routes.js';
import { profileRoutes } from './auth/profile.routes.js';
import { gettingStartedRoutes } from './getting-started/getting-started.routes.js';
import { requireAuth } from './auth/require-auth.js';
import { createTokens } from './auth/tokens.js';
import { writeClockOfDatabase } from './db/database.js';
import { ReadCache } from './db/read-cache.js';
import { bodyLimit, closeUnreadBody } from './http/body-limit.js';
import { importRoutes, ingestRoutes } from './ingest/ingest.routes.js';
import { menuRoutes } from './menu/menu.routes.js';
import { errorHandler, failure, notFound } from './http/errors.js';
import { securityHeaders } from './http/security-headers.js';
import { staticSpa } from './http/static-spa.js';
import { apiKeysRoutes } from './integrations/api-keys.routes.js';
import { serviceRoutes } from './openapi/openapi.routes.js';
import { peopleRoutes } from './people/people.routes.js';
import { reportSubscriptionRoutes } from './reports/report-subscriptions.routes.js';
import { restaurantsRoutes } from './restaurants/restaurants.routes.js';
import { teamRoutes } from './team/team.routes.js';
import { targetsRoutes } from './targets/targets.routes.js';

/** What every route module is built from: one token service, its middlewares and the app's caches, passed explicitly. */
export function createRouteDeps(deps: AppDeps): RouteDeps {
  const tokens = createTokens(deps.config, deps.clock);
  const reads = new ReadCache(writeClockOfDatabase(deps.db));
  return {
    ...deps,
    tokens,
    reads,
    analytics: new AnalyticsAnswers(deps.db, deps.analyticsFigures, deps.analyticsCacheEntries),
    authenticated: requireAuth(deps, tokens, reads),
    authenticatedOrExpired: requireAuth(deps, tokens, reads, { allowExpired: true }),
  };
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const routeDeps = createRouteDeps(deps);

  const api = new Hono<AppEnv>();
  api.use(
    methodNotAllowed({
      app: api,
      onMethodNotAllowed: (c, allowed) => failure(c, 405, 'Method not allowed', undefined, { Allow: allowed.join(', ') }),
    }),
  );
  // Batches of trade (ingest, CSV import) may be large: their routes read them (ingestBody) only once the key or
  // token was checked, so here a body they left unread closes the connection instead of being read for nothing.
  api.use((c, next) =>
    (/^\/api\/v1\/(ingest\/|franchise\/import\/|franchise\/targets$)/.test(c.req.path) ? closeUnreadBody : bodyLimit)(c, next),
  );
  api.route('/', serviceRoutes(routeDeps, api));
  api.route('/', authRoutes(routeDeps));
  api.route('/', profileRoutes(routeDeps));
  api.route('/', gettingStartedRoutes(routeDeps));
  api.route('/', peopleRoutes(routeDeps));
  api.route('/', restaurantsRoutes(routeDeps));
  api.route('/', apiKeysRoutes(routeDeps));
  api.route('/', activityRoutes(routeDeps));
  api.route('/', teamRoutes(routeDeps));
  api.route('/', reportSubscriptionRoutes(routeDeps));
  api.route('/', alertRulesRoutes(routeDeps));
  api.route('/', alertsRoutes(routeDeps));
  api.route('/', analyticsTokenCheck(routeDeps));
  api.route('/', analyticsRoutes(routeDeps));
  api.route('/', pageReportRoutes(routeDeps));
  api.route('/', targetsRoutes(routeDeps));
  api.route('/', forecastRoutes(routeDeps));
  api.route('/', menuRoutes(routeDeps));
  api.route('/', importRoutes(routeDeps));
  api.route('/', ingestRoutes(routeDeps));

  const app = new Hono<AppEnv>();
  app.use(securityHeaders);
  app.onError(errorHandler(deps.logger));
  app.notFound(notFound);
  app.route('/api/v1', api);
  app.all('/api/*', notFound);
  app.all('*', staticSpa(deps.config.distDir));
  return app;
}
