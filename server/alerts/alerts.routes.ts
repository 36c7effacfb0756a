import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { ALERT_NOT_FOUND_MESSAGE, alertsQuery, type UnreadAlerts } from '@contract/alerts.contract.js';
import { success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { readQuery } from '../http/query.js';
import { recordParam } from '../http/record-param.js';
import { acknowledge, acknowledgeAll, alertsPage, unreadCount } from './alerts.repository.js';

const alertNotFound = () => new HttpError(404, ALERT_NOT_FOUND_MESSAGE);

/** A member's alerts (every member): those addressed to them, of the branches they may reach. */
export function alertsRoutes(deps: RouteDeps) {
  const { db, clock, authenticated } = deps;
  const unread = async (user: Parameters<typeof unreadCount>[1]): Promise<UnreadAlerts> => ({ unread: await unreadCount(db, user) });

  return new Hono<AppEnv>()
    .get('/', authenticated, async (c) => {
      const { user } = c.get('auth');
      const query = readQuery(c, alertsQuery);
      return success(c, await alertsPage(db, user, query.status, query.page, new Date(clock())), 'Alerts retrieved');
    })
    .get('/unread', authenticated, async (c) => success(c, await unread(c.get('auth').user), 'Unread alerts counted'))
    .post('/acknowledge-all', authenticated, async (c) => {
      const { user } = c.get('auth');
      await acknowledgeAll(db, user, new Date(clock()));
      return success(c, await unread(user), 'Alerts acknowledged');
    })
    .post('/:id/acknowledge', authenticated, async (c) => {
      const { user } = c.get('auth');
      if (!(await acknowledge(db, user, recordParam(c, alertNotFound), new Date(clock())))) throw alertNotFound();
      return success(c, await unread(user), 'Alert acknowledged');
    });
}
