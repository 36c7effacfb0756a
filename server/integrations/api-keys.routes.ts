import { Hono } from 'hono';
import { memberActor, recordActivity } from '../activity/activity.repository.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { franchiseOf, ownersOnly } from '../auth/access.js';
import { API_KEY_NAME_TAKEN, API_KEY_RESTAURANT_MESSAGE, createApiKeyInput } from '@contract/api-keys.contract.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { isFranchiseRestaurant } from '../restaurants/restaurants.repository.js';
import { recordParam } from '../http/record-param.js';
import { fieldError, isUniqueViolation } from '../http/record-errors.js';
import { isFranchiseOwner, lockFranchise } from '../team/team.repository.js';
import { API_KEY_NAME_INDEX, insertApiKey, listApiKeys, revokeApiKeys } from './api-keys.repository.js';

const apiKeyNotFound = () => new HttpError(404, 'API key not found');
const nameTakenError = () => fieldError('name', API_KEY_NAME_TAKEN);

/**
 * The franchise's API keys for the ingest API (owners; to a manager the calls do not exist, 404).
 * The secret is in the create answer only; the database keeps its hash, and the activity log the
 * key's name and branch. Another franchise's key is 404.
 */
export function apiKeysRoutes(deps: RouteDeps) {
  const { db, clock, authenticated } = deps;

  return new Hono<AppEnv>()
    .get('/', authenticated, ownersOnly, async (c) => success(c, await listApiKeys(db, franchiseOf(c)), 'API keys retrieved'))
    .post('/', authenticated, ownersOnly, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = franchiseOf(c);
      const { name, restaurant_id } = await readJson(c, createApiKeyInput);
      if (restaurant_id !== null && !(await isFranchiseRestaurant(db, franchiseId, restaurant_id))) {
        throw fieldError('restaurant_id', API_KEY_RESTAURANT_MESSAGE);
      }
      const now = new Date(clock());
      try {
        const created = await db.transaction().execute(async (trx) => {
          // Under the team's lock: a key made by an owner being removed or demoted meanwhile would outlive the revoke of their keys.
          await lockFranchise(trx, franchiseId);
          if (!(await isFranchiseOwner(trx, franchiseId, user.id))) throw new HttpError(404, 'Not found');
          const key = await insertApiKey(trx, { franchiseId, restaurantId: restaurant_id, name, createdBy: user.id, now });
          await recordActivity(trx, {
            franchiseId,
            at: now,
            actor: memberActor(user),
            action: 'created',
            entity: 'api_key',
            entityId: key.id,
            changes: { name: [null, key.name], restaurant_id: [null, key.restaurant_id] },
          });
          return key;
        });
        return success(c, created, `API key ${name} created`, 201);
      } catch (error) {
        // The unique index decides, so two creates of one name at once cannot both pass a check made before.
        if (isUniqueViolation(error, API_KEY_NAME_INDEX)) throw nameTakenError();
        throw error;
      }
    })
    .delete('/:id', authenticated, ownersOnly, async (c) => {
      const id = recordParam(c, apiKeyNotFound);
      const franchiseId = franchiseOf(c);
      const now = new Date(clock());
      const actor = memberActor(c.get('auth').user);
      const revoked = await db.transaction().execute((trx) => revokeApiKeys(trx, franchiseId, { id }, actor, now));
      if (revoked === 0) throw apiKeyNotFound();
      return success(c, null, 'API key revoked');
    });
}
