import type * as z from 'zod';
import { changesBetween } from '../activity/activity.repository.js';
import { memberWrite } from '../activity/member-write.js';
import { branchesOf } from '../auth/access.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import {
  abn,
  ABN_READ_ONLY_MESSAGE,
  BRANCH_STATUS_OWNERS_ONLY_MESSAGE,
  RESTAURANT_NOT_FOUND_MESSAGE,
  type createRestaurantInput,
  type updateRestaurantInput,
} from '@contract/restaurants.contract.js';
import type { Db } from '../db/database.js';
import { refileBranch } from '../analytics/rollups.js';
import { HttpError } from '../http/errors.js';
import { fieldError, staleVersion } from '../http/record-errors.js';
import {
  findRestaurant,
  insertRestaurant,
  RESTAURANT_FIELDS,
  restaurantsWithAbn,
  updateRestaurant as saveRestaurant,
} from './restaurants.repository.js';

const restaurantNotFound = () => new HttpError(404, RESTAURANT_NOT_FOUND_MESSAGE);

/**
 * An owner's new restaurant: its id, and the franchise's other restaurants with its ABN (a company owning several
 * branches has one ABN; the answer names them in case it was mistyped). data_version is bumped, as a save's is: the
 * franchise-wide answers list every branch.
 */
export async function createRestaurant(
  db: Db,
  owner: AuthUser,
  values: z.output<typeof createRestaurantInput>,
  now: Date,
): Promise<{ id: number; sameAbn: { id: number; name: string }[] }> {
  const franchiseId = owner.franchise.id;
  return memberWrite(db, owner, { now, owner: true, changesFigures: true }, async ({ trx, record }) => {
    const id = await insertRestaurant(trx, franchiseId, values, now);
    await record({
      action: 'created',
      entity: 'restaurant',
      entityId: id,
      changes: changesBetween(null, values, { fields: [...RESTAURANT_FIELDS, 'abn_no'] }),
    });
    // Under the franchise's lock: a simultaneous create of the same ABN is named by whichever commits second.
    const sameAbn = values.abn_no === null ? [] : await restaurantsWithAbn(trx, franchiseId, values.abn_no, id);
    return { id, sameAbn };
  });
}

/**
 * Saves a restaurant the member reaches, if it is still at the version they read (409 otherwise); only an owner
 * changes its status. data_version is bumped: restaurant names and locations are in analytics answers.
 */
export async function updateRestaurant(
  db: Db,
  user: AuthUser,
  id: number,
  { version, abn_no, ...sent }: z.output<typeof updateRestaurantInput>,
  now: Date,
): Promise<void> {
  const franchiseId = user.franchise.id;
  const branches = branchesOf(user);
  const current = await findRestaurant(db, franchiseId, id, branches);
  if (!current) throw restaurantNotFound();
  const givenAbn = current.abn_no === null && abn_no ? checkedAbn(abn_no) : undefined;
  if (abn_no !== undefined && abn_no !== current.abn_no && givenAbn === undefined) throw fieldError('abn_no', ABN_READ_ONLY_MESSAGE);
  await memberWrite(db, user, { now, changesFigures: true }, async ({ trx, role, record }) => {
    // Read again under the franchise's lock: the state this save replaces, unless someone else saved first.
    const before = await findRestaurant(trx, franchiseId, id, branches);
    if (!before) throw restaurantNotFound();
    if (before.version !== version) throw staleVersion();
    const values = { ...sent, status: sent.status ?? before.status, ...(givenAbn === undefined ? {} : { abn_no: givenAbn }) };
    // Checked against the state and the role under the lock, after the version: an older form is a conflict, not a
    // status change, and an owner demoted meanwhile is a manager.
    if (role !== 'owner' && values.status !== before.status) throw fieldError('status', BRANCH_STATUS_OWNERS_ONLY_MESSAGE);
    if (!(await saveRestaurant(trx, franchiseId, id, version, values, now))) throw staleVersion();
    const after = {
      ...before,
      ...values,
      time_zone: values.time_zone ?? before.time_zone,
      day_starts_at: values.day_starts_at ?? before.day_starts_at,
    };
    // Under the lock an ingest batch takes too: no order of the branch is filed on the old clock after this.
    if (after.time_zone !== before.time_zone || after.day_starts_at !== before.day_starts_at) await refileBranch(trx, franchiseId, id);
    await record({
      action: 'updated',
      entity: 'restaurant',
      entityId: id,
      changes: changesBetween(before, after, { fields: [...RESTAURANT_FIELDS, 'abn_no'] }),
    });
  });
}

/** An ABN given to a restaurant added without one: checked and stored as on Add Restaurant. */
function checkedAbn(typed: string): string {
  const parsed = abn.safeParse(typed);
  if (!parsed.success) throw fieldError('abn_no', parsed.error.issues[0]!.message);
  return parsed.data;
}
