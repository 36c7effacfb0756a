import { GETTING_STARTED_CALLS } from '@contract/api/getting-started.calls.js';
import type { RouteDeps } from '../app-deps.js';
import { callRoutes } from '../http/call-routes.js';
import { dismissGettingStarted, gettingStarted } from './getting-started.repository.js';

/** An owner's first steps on an empty franchise's dashboard (docs/product.md#getting-started). */
export function gettingStartedRoutes(deps: RouteDeps) {
  const { db, clock } = deps;
  return callRoutes(deps, GETTING_STARTED_CALLS, {
    'GET /franchise/getting-started': async ({ c }) => ({
      data: await gettingStarted(db, c.get('auth').user),
      message: 'First steps retrieved',
    }),
    'POST /franchise/getting-started/dismiss': async ({ c }) => {
      const { user } = c.get('auth');
      await dismissGettingStarted(db, user.id, new Date(clock()));
      return { data: await gettingStarted(db, user), message: 'First steps dismissed' };
    },
  });
}
