import { memberActor } from '../activity/activity.repository.js';
import { memberWrite } from '../activity/member-write.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import type { CreatedApiKey } from '@contract/api/api-keys.calls.js';
import {
  API_KEY_NAME_TAKEN,
  API_KEY_NOT_FOUND_MESSAGE,
  API_KEY_RESTAURANT_MESSAGE,
  type CreateApiKeyInput,
} from '@contract/api-keys.contract.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { fieldError, isUniqueViolation } from '../http/record-errors.js';
import { isFranchiseRestaurant } from '../restaurants/restaurants.repository.js';
import { API_KEY_NAME_INDEX, insertApiKey, revokeApiKeys } from './api-keys.repository.js';

/**
 * An owner's new key, for every branch or one of the franchise's. Made under the franchise's lock with the owner
 * re-checked, as team changes are: a key made by an owner being removed or demoted meanwhile would outlive the revoke
 * of their keys.
 */
export async function createApiKey(
  db: Db,
  owner: AuthUser,
  { name, restaurant_id, access = 'ingest' }: CreateApiKeyInput,
  now: Date,
): Promise<CreatedApiKey> {
  const franchiseId = owner.franchise.id;
  if (restaurant_id !== null && !(await isFranchiseRestaurant(db, franchiseId, restaurant_id))) {
    throw fieldError('restaurant_id', API_KEY_RESTAURANT_MESSAGE);
  }
  try {
    return await memberWrite(db, owner, { now, owner: true }, async ({ trx, record }) => {
      const key = await insertApiKey(trx, { franchiseId, restaurantId: restaurant_id, name, access, createdBy: owner.id, now });
      await record({
        action: 'created',
        entity: 'api_key',
        entityId: key.id,
        changes: { name: [null, key.name], restaurant_id: [null, key.restaurant_id], access: [null, key.access] },
      });
      return key;
    });
  } catch (error) {
    // The unique index decides, so two creates of one name at once cannot both pass a check made before.
    if (isUniqueViolation(error, API_KEY_NAME_INDEX)) throw fieldError('name', API_KEY_NAME_TAKEN);
    throw error;
  }
}

/** Revokes one of the franchise's live keys: refused at once by every server, since keys are read on every call. */
export async function revokeApiKey(db: Db, owner: AuthUser, id: number, now: Date): Promise<void> {
  const revoked = await memberWrite(db, owner, { now, owner: true }, ({ trx }) =>
    revokeApiKeys(trx, owner.franchise.id, { id }, memberActor(owner), now),
  );
  if (revoked === 0) throw new HttpError(404, API_KEY_NOT_FOUND_MESSAGE);
}
