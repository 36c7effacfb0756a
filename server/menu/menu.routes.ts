import { MENU_CALLS } from '@contract/api/menu.calls.js';
import type { RouteDeps } from '../app-deps.js';
import { callRoutes } from '../http/call-routes.js';
import { listMenu, writeMenuCosts } from './menu.service.js';

/** `/api/v1/franchise/menu-items`: the menu with prices and today's costs, and the owner's costs (docs/product.md#costs). */
export function menuRoutes(deps: RouteDeps) {
  return callRoutes(deps, MENU_CALLS, {
    'GET /franchise/menu-items': async ({ c }) => ({
      data: await listMenu(deps.db, c.get('auth').user.franchise.id, deps.clock()),
      message: 'Menu items',
    }),
    'PUT /franchise/menu-items/costs': async ({ c, body }) => ({
      data: await writeMenuCosts(deps.db, c.get('auth').user, body.costs, deps.clock()),
      message: 'Costs saved',
    }),
  });
}
