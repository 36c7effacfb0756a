import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { ABN_READ_ONLY_MESSAGE, updateRestaurantInput } from '../contract/restaurants.contract.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { bumpDataVersion, fieldError, recordIdOf, staleVersion } from '../people/records.js';
import { findRestaurant, listRestaurants, updateRestaurant } from './restaurants.repository.js';

const restaurantNotFound = () => new HttpError(404, 'Restaurant not found');

export function restaurantsRoutes(deps: RouteDeps) {
  const { db, clock, authenticated } = deps;
  const franchiseOf = (c: Context<AppEnv>) => c.get('auth').user.franchise.id;
  const restaurantIdOf = (c: Context<AppEnv>) => {
    const id = recordIdOf(c.req.param('id'));
    if (id === undefined) throw restaurantNotFound();
    return id;
  };

  return new Hono<AppEnv>()
    .get('/', authenticated, async (c) => success(c, await listRestaurants(db, franchiseOf(c)), 'Restaurants retrieved'))
    .get('/:id', authenticated, async (c) => {
      const restaurant = await findRestaurant(db, franchiseOf(c), restaurantIdOf(c));
      if (!restaurant) throw restaurantNotFound();
      return success(c, restaurant, 'Restaurant retrieved');
    })
    .put('/:id', authenticated, async (c) => {
      const franchiseId = franchiseOf(c);
      const id = restaurantIdOf(c);
      const { version, abn_no, ...values } = await readJson(c, updateRestaurantInput);
      const current = await findRestaurant(db, franchiseId, id);
      if (!current) throw restaurantNotFound();
      if (abn_no !== undefined && abn_no !== current.abn_no) throw fieldError('abn_no', ABN_READ_ONLY_MESSAGE);
      // data_version first, as the trade ingest does: restaurant names and locations are in analytics answers.
      await db.transaction().execute(async (trx) => {
        await bumpDataVersion(trx, franchiseId);
        if (!(await updateRestaurant(trx, franchiseId, id, version, values, new Date(clock())))) throw staleVersion();
      });
      return success(c, await findRestaurant(db, franchiseId, id), `${values.name}'s info updated successfully!`);
    });
}
