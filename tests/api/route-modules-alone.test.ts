import { Hono } from 'hono';
import { activityRoutes } from '../../server/activity/activity.routes';
import { alertRulesRoutes } from '../../server/alerts/alert-rules.routes';
import { alertsRoutes } from '../../server/alerts/alerts.routes';
import { analyticsRoutes } from '../../server/analytics/analytics.routes';
import { pageReportRoutes } from '../../server/analytics/pages.routes';
import { createRouteDeps } from '../../server/app';
import type { AppEnv, RouteDeps } from '../../server/app-deps';
import { profileRoutes } from '../../server/auth/profile.routes';
import { errorHandler, notFound } from '../../server/http/errors';
import { apiKeysRoutes } from '../../server/integrations/api-keys.routes';
import { silentLogger } from '../../server/logger';
import { memoryMailer } from '../../server/mail/mailer';
import { peopleRoutes } from '../../server/people/people.routes';
import { reportSubscriptionRoutes } from '../../server/reports/report-subscriptions.routes';
import { restaurantsRoutes } from '../../server/restaurants/restaurants.routes';
import { teamRoutes } from '../../server/team/team.routes';
import { createTestApp, START, testConfig } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let token: string;
beforeAll(async () => {
  database = await openTestDatabase();
  token = await createTestApp(database.db).login();
});
afterAll(() => database.close());

/** Each route module, which the app mounts at the root (the calls' paths are whole), and one of its calls. */
const MODULES: [string, (deps: RouteDeps) => Hono<AppEnv>, string][] = [
  ['analytics', analyticsRoutes, 'franchise/analytics/revenues?period=7days'],
  ['analytics (a restaurant)', analyticsRoutes, 'franchise/restaurants/1/analytics/headcounts'],
  ['page reports', pageReportRoutes, 'franchise/analytics/pages/revenue?period=7days'],
  ['page reports (a restaurant)', pageReportRoutes, 'franchise/restaurants/1/analytics/pages/order'],
  ['profile', profileRoutes, 'franchise/profile'],
  ['people', peopleRoutes, 'franchise/people'],
  ['restaurants', restaurantsRoutes, 'franchise/restaurants'],
  ['team', teamRoutes, 'franchise/team'],
  ['activity', activityRoutes, 'franchise/activity'],
  ['alerts', alertsRoutes, 'franchise/alerts/unread'],
  ['alert rules', alertRulesRoutes, 'franchise/alert-rules'],
  ['API keys', apiKeysRoutes, 'franchise/api-keys'],
  ['report subscriptions', reportSubscriptionRoutes, 'franchise/report-subscriptions'],
];

/** One route module on its own, built from the deps the app passes every module: nothing else mounted before or after it. */
function mountAlone(module: (deps: RouteDeps) => Hono<AppEnv>) {
  const deps = createRouteDeps({ db: database.db, config: testConfig(), clock: () => START, mailer: memoryMailer(), logger: silentLogger });
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(silentLogger));
  app.notFound(notFound);
  app.route('/api/v1', module(deps));
  return (path: string, headers: Record<string, string> = {}) =>
    app.request(`/api/v1/${path}`, { headers: { Accept: 'application/json', ...headers } });
}

describe('a route module mounted alone', () => {
  it.each(MODULES)('%s: its calls need a token, and answer with one', async (_name, module, path) => {
    const call = mountAlone(module);
    const anonymous = await call(path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect((await call(path, { Authorization: 'Bearer not-a-token' })).status).toBe(401);
    const signedIn = await call(path, { Authorization: `Bearer ${token}` });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
  });
});
