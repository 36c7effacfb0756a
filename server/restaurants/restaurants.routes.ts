import type { RouteDeps } from '../app-deps.js';
import { RESTAURANT_CALLS } from '@contract/api/restaurants.calls.js';
import { RESTAURANT_NOT_FOUND_MESSAGE, sameAbnNotice } from '@contract/restaurants.contract.js';
import { branchesOf } from '../auth/access.js';
import { callRoutes } from '../http/call-routes.js';
import { HttpError } from '../http/errors.js';
import { findRestaurant, listRestaurants } from './restaurants.repository.js';
import { createRestaurant, updateRestaurant } from './restaurants.service.js';

/**
 * The franchise's restaurants: an owner's all of them, a manager's their branches (any other is 404); only owners add
 * one or change a branch's status.
 */
export function restaurantsRoutes(deps: RouteDeps) {
  const { db, clock } = deps;
  const now = () => new Date(clock());

  return callRoutes(deps, RESTAURANT_CALLS, {
    'GET /franchise/restaurants': async ({ c }) => {
      const { user } = c.get('auth');
      return { data: await listRestaurants(db, user.franchise.id, branchesOf(user)), message: 'Restaurants retrieved' };
    },
    'POST /franchise/restaurants': async ({ c, body }) => {
      const { user } = c.get('auth');
      const { id, sameAbn } = await createRestaurant(db, user, body, now());
      const created = `${body.name} created successfully!`;
      return {
        data: { ...(await findRestaurant(db, user.franchise.id, id, null))!, same_abn: sameAbn },
        message: sameAbn.length === 0 ? created : `${created} ${sameAbnNotice(sameAbn.map((r) => r.name))}`,
      };
    },
    'GET /franchise/restaurants/{id}': async ({ c, params }) => {
      const { user } = c.get('auth');
      const restaurant = await findRestaurant(db, user.franchise.id, params.id, branchesOf(user));
      if (!restaurant) throw new HttpError(404, RESTAURANT_NOT_FOUND_MESSAGE);
      return { data: restaurant, message: 'Restaurant retrieved' };
    },
    'PUT /franchise/restaurants/{id}': async ({ c, body, params }) => {
      const { user } = c.get('auth');
      await updateRestaurant(db, user, params.id, body, now());
      return {
        data: (await findRestaurant(db, user.franchise.id, params.id, branchesOf(user)))!,
        message: `${body.name}'s info updated successfully!`,
      };
    },
  });
}
