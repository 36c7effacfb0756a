import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { API_KEY_NAME_TAKEN, API_KEY_RESTAURANT_MESSAGE, createApiKeyInput } from '../contract/api-keys.contract.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { isFranchiseRestaurant } from '../people/people.repository.js';
import { fieldError, isUniqueViolation, recordIdOf } from '../people/records.js';
import { API_KEY_NAME_INDEX, insertApiKey, listApiKeys, revokeApiKey } from './api-keys.repository.js';

const apiKeyNotFound = () => new HttpError(404, 'API key not found');
const nameTakenError = () => fieldError('name', API_KEY_NAME_TAKEN);

/**
 * The franchise's API keys for the ingest API (owner: every franchise user is their franchise's owner).
 * The secret is in the create answer only; the database keeps its hash. Another franchise's key is 404.
 */
export function apiKeysRoutes(deps: RouteDeps) {
  const { db, clock, authenticated } = deps;
  const franchiseOf = (c: Context<AppEnv>) => c.get('auth').user.franchise.id;

  return new Hono<AppEnv>()
    .get('/', authenticated, async (c) => success(c, await listApiKeys(db, franchiseOf(c)), 'API keys retrieved'))
    .post('/', authenticated, async (c) => {
      const franchiseId = franchiseOf(c);
      const { name, restaurant_id } = await readJson(c, createApiKeyInput);
      if (restaurant_id !== null && !(await isFranchiseRestaurant(db, franchiseId, restaurant_id))) {
        throw fieldError('restaurant_id', API_KEY_RESTAURANT_MESSAGE);
      }
      try {
        const created = await insertApiKey(db, {
          franchiseId,
          restaurantId: restaurant_id,
          name,
          createdBy: c.get('auth').user.id,
          now: new Date(clock()),
        });
        return success(c, created, `API key ${name} created`, 201);
      } catch (error) {
        // The unique index decides, so two creates of one name at once cannot both pass a check made before.
        if (isUniqueViolation(error, API_KEY_NAME_INDEX)) throw nameTakenError();
        throw error;
      }
    })
    .delete('/:id', authenticated, async (c) => {
      const id = recordIdOf(c.req.param('id'));
      if (id === undefined || !(await revokeApiKey(db, franchiseOf(c), id, new Date(clock())))) throw apiKeyNotFound();
      return success(c, null, 'API key revoked');
    });
}
