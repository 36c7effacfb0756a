import type { AuthUser } from '../auth/franchise-users.repository.js';
import type { RouteDeps } from '../app-deps.js';
import { ALERT_NOT_FOUND_MESSAGE } from '@contract/alerts.contract.js';
import { ALERT_CALLS, type UnreadAlerts } from '@contract/api/alerts.calls.js';
import { callRoutes } from '../http/call-routes.js';
import { HttpError } from '../http/errors.js';
import { acknowledge, acknowledgeAll, alertsPage, unreadCount } from './alerts.repository.js';

/** A member's alerts (every member): those addressed to them, of the branches they may reach. */
export function alertsRoutes(deps: RouteDeps) {
  const { db, clock } = deps;
  const unread = async (user: AuthUser): Promise<UnreadAlerts> => ({ unread: await unreadCount(db, user) });

  return callRoutes(deps, ALERT_CALLS, {
    'GET /franchise/alerts': async ({ c, query }) => ({
      data: await alertsPage(db, c.get('auth').user, query.status, query.page, new Date(clock())),
      message: 'Alerts retrieved',
    }),
    'GET /franchise/alerts/unread': async ({ c }) => ({ data: await unread(c.get('auth').user), message: 'Unread alerts counted' }),
    'POST /franchise/alerts/acknowledge-all': async ({ c }) => {
      const { user } = c.get('auth');
      await acknowledgeAll(db, user, new Date(clock()));
      return { data: await unread(user), message: 'Alerts acknowledged' };
    },
    'POST /franchise/alerts/{id}/acknowledge': async ({ c, params }) => {
      const { user } = c.get('auth');
      if (!(await acknowledge(db, user, params.id, new Date(clock())))) throw new HttpError(404, ALERT_NOT_FOUND_MESSAGE);
      return { data: await unread(user), message: 'Alert acknowledged' };
    },
  });
}
