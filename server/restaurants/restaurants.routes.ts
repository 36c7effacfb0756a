import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { ABN_MESSAGES, ABN_READ_ONLY_MESSAGE, createRestaurantInput, updateRestaurantInput } from '../contract/restaurants.contract.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { bumpDataVersion, fieldError, isUniqueViolation, recordIdOf, staleVersion } from '../people/records.js';
import {
  abnTaken,
  findRestaurant,
  insertRestaurant,
  listRestaurants,
  RESTAURANTS_ABN_INDEX,
  updateRestaurant,
} from './restaurants.repository.js';

const restaurantNotFound = () => new HttpError(404, 'Restaurant not found');
const abnTakenError = () => fieldError('abn_no', ABN_MESSAGES.taken);

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
    .post('/', authenticated, async (c) => {
      // Every franchise user is its owner today, so the token is the whole check.
      const franchiseId = franchiseOf(c);
      const values = await readJson(c, createRestaurantInput);
      if (await abnTaken(db, franchiseId, values.abn_no)) throw abnTakenError();
      let id: number;
      try {
        // data_version first, as the PUT does: the franchise-wide answers list every branch.
        id = await db.transaction().execute(async (trx) => {
          await bumpDataVersion(trx, franchiseId);
          return insertRestaurant(trx, franchiseId, values, new Date(clock()));
        });
      } catch (error) {
        // A simultaneous create of the same ABN committed first.
        if (isUniqueViolation(error, RESTAURANTS_ABN_INDEX)) throw abnTakenError();
        throw error;
      }
      return success(c, await findRestaurant(db, franchiseId, id), `${values.name} created successfully!`, 201);
    })
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
