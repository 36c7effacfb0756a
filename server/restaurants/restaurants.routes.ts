import { Hono } from 'hono';
import { changesBetween, memberActor, recordActivity } from '../activity/activity.repository.js';
import { memberWrite } from '../activity/member-write.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { branchesOf, franchiseOf, ownersOnly } from '../auth/access.js';
import {
  ABN_MESSAGES,
  ABN_READ_ONLY_MESSAGE,
  BRANCH_STATUS_OWNERS_ONLY_MESSAGE,
  createRestaurantInput,
  updateRestaurantInput,
} from '@contract/restaurants.contract.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { recordParam } from '../http/record-param.js';
import { bumpDataVersion } from '../db/data-version.js';
import { fieldError, isUniqueViolation, staleVersion } from '../http/record-errors.js';
import {
  abnTaken,
  findRestaurant,
  insertRestaurant,
  listRestaurants,
  RESTAURANT_FIELDS,
  RESTAURANTS_ABN_INDEX,
  updateRestaurant,
} from './restaurants.repository.js';

const restaurantNotFound = () => new HttpError(404, 'Restaurant not found');
const abnTakenError = () => fieldError('abn_no', ABN_MESSAGES.taken);

/**
 * The franchise's restaurants: an owner's all of them, a manager's their branches (any other is 404); only owners add
 * one or change a branch's status.
 */
export function restaurantsRoutes(deps: RouteDeps) {
  const { db, clock, authenticated } = deps;

  return new Hono<AppEnv>()
    .get('/', authenticated, async (c) =>
      success(c, await listRestaurants(db, franchiseOf(c), branchesOf(c.get('auth').user)), 'Restaurants retrieved'),
    )
    .post('/', authenticated, ownersOnly, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const values = await readJson(c, createRestaurantInput);
      if (await abnTaken(db, franchiseId, values.abn_no)) throw abnTakenError();
      const now = new Date(clock());
      let id: number;
      try {
        // data_version first, as the PUT does: the franchise-wide answers list every branch.
        id = await db.transaction().execute(async (trx) => {
          await bumpDataVersion(trx, franchiseId);
          const id = await insertRestaurant(trx, franchiseId, values, now);
          const changes = changesBetween(null, values, { fields: [...RESTAURANT_FIELDS, 'abn_no'] });
          await recordActivity(trx, {
            franchiseId,
            at: now,
            actor: memberActor(user),
            action: 'created',
            entity: 'restaurant',
            entityId: id,
            changes,
          });
          return id;
        });
      } catch (error) {
        // A simultaneous create of the same ABN committed first.
        if (isUniqueViolation(error, RESTAURANTS_ABN_INDEX)) throw abnTakenError();
        throw error;
      }
      return success(c, await findRestaurant(db, franchiseId, id, null), `${values.name} created successfully!`, 201);
    })
    .get('/:id', authenticated, async (c) => {
      const restaurant = await findRestaurant(db, franchiseOf(c), recordParam(c, restaurantNotFound), branchesOf(c.get('auth').user));
      if (!restaurant) throw restaurantNotFound();
      return success(c, restaurant, 'Restaurant retrieved');
    })
    .put('/:id', authenticated, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const branches = branchesOf(user);
      const id = recordParam(c, restaurantNotFound);
      const { version, abn_no, ...values } = await readJson(c, updateRestaurantInput);
      const current = await findRestaurant(db, franchiseId, id, branches);
      if (!current) throw restaurantNotFound();
      if (abn_no !== undefined && abn_no !== current.abn_no) throw fieldError('abn_no', ABN_READ_ONLY_MESSAGE);
      const now = new Date(clock());
      // data_version first, as the trade ingest does: restaurant names and locations are in analytics answers.
      await memberWrite(db, user, { now, changesFigures: true }, async ({ trx, role, record }) => {
        // Read again under the franchise's lock: the state this save replaces, unless someone else saved first.
        const before = await findRestaurant(trx, franchiseId, id, branches);
        if (!before) throw restaurantNotFound();
        if (before.version !== version) throw staleVersion();
        // Checked against the state and the role under the lock, after the version: an older form is a conflict, not a
        // status change, and an owner demoted meanwhile is a manager.
        if (role !== 'owner' && values.status !== before.status) throw fieldError('status', BRANCH_STATUS_OWNERS_ONLY_MESSAGE);
        if (!(await updateRestaurant(trx, franchiseId, id, version, values, now))) throw staleVersion();
        await record({
          action: 'updated',
          entity: 'restaurant',
          entityId: id,
          changes: changesBetween(before, { ...before, ...values }, { fields: RESTAURANT_FIELDS }),
        });
      });
      return success(c, await findRestaurant(db, franchiseId, id, branches), `${values.name}'s info updated successfully!`);
    });
}
