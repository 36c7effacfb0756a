import type { InferResult } from 'kysely';
import type { MemberRole } from '@contract/auth.contract.js';
import type { Member } from '@contract/team.contract.js';
import { NO_CONTACT_DETAILS } from '../db/contact-details.js';
import type { Db } from '../db/database.js';
import { deleteFranchiseRecord } from '../db/franchise-rows.js';
import { branchIdsOf } from '../auth/franchise-users.repository.js';

/** franchise_users.email is unique across franchises: it is the sign-in name. */
export const MEMBER_EMAIL_KEY = 'franchise_users_email_key';

export type MemberValues = { name: string; role: MemberRole; restaurant_ids: number[] };

function selectMembers(db: Db, franchiseId: number) {
  return db
    .selectFrom('franchise_users as u')
    .select([
      'u.id',
      'u.email',
      'u.name',
      'u.role',
      branchIdsOf('u').as('restaurant_ids'),
      (eb) => eb('u.password_hash', 'is', null).as('invited'),
      'u.version',
    ])
    .where('u.franchise_id', '=', franchiseId);
}

type Row = InferResult<ReturnType<typeof selectMembers>>[number];

const toMember = ({ invited, ...member }: Row): Member => ({ ...member, status: invited ? 'invited' : 'active' });

/** The franchise's members, by name. */
export async function listMembers(db: Db, franchiseId: number): Promise<Member[]> {
  return (await selectMembers(db, franchiseId).orderBy('u.name').orderBy('u.id').execute()).map(toMember);
}

export async function findMember(db: Db, franchiseId: number, id: number): Promise<Member | undefined> {
  const row = await selectMembers(db, franchiseId).where('u.id', '=', id).executeTakeFirst();
  return row && toMember(row);
}

/**
 * Locks the franchise's row until the transaction ends: team changes of one franchise run one at a
 * time, so two owners demoting each other at once cannot both see another owner left. No-key-update:
 * rows that merely refer to the franchise (an alert, an activity entry) are still written meanwhile,
 * so a change waiting for one of those writers cannot deadlock with it.
 */
export async function lockFranchise(trx: Db, franchiseId: number): Promise<void> {
  await trx.selectFrom('franchises').select('id').where('id', '=', franchiseId).forNoKeyUpdate().executeTakeFirstOrThrow();
}

export async function countOwners(db: Db, franchiseId: number): Promise<number> {
  const row = await db
    .selectFrom('franchise_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('franchise_id', '=', franchiseId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The role `userId` has (still) in the franchise; undefined once they are removed. */
export async function memberRole(db: Db, franchiseId: number, userId: number): Promise<MemberRole | undefined> {
  const row = await db
    .selectFrom('franchise_users')
    .select('role')
    .where('id', '=', userId)
    .where('franchise_id', '=', franchiseId)
    .executeTakeFirst();
  return row?.role;
}

/** Whether `userId` is (still) an owner of the franchise. */
export async function isFranchiseOwner(db: Db, franchiseId: number, userId: number): Promise<boolean> {
  return (await memberRole(db, franchiseId, userId)) === 'owner';
}

/** Whether any sign-in of any franchise has the address. */
export async function signInEmailTaken(db: Db, email: string): Promise<boolean> {
  return (await db.selectFrom('franchise_users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
}

async function setBranches(db: Db, userId: number, values: MemberValues): Promise<void> {
  await db.deleteFrom('franchise_user_restaurants').where('user_id', '=', userId).execute();
  if (values.role === 'manager' && values.restaurant_ids.length > 0) {
    await db
      .insertInto('franchise_user_restaurants')
      .values(values.restaurant_ids.map((restaurant_id) => ({ user_id: userId, restaurant_id })))
      .execute();
  }
}

/** A member without a password (invited); their id. */
export async function insertMember(db: Db, franchiseId: number, email: string, values: MemberValues, now: Date): Promise<number> {
  const { id } = await db
    .insertInto('franchise_users')
    .values({
      franchise_id: franchiseId,
      email,
      name: values.name,
      role: values.role,
      password_hash: null,
      ...NO_CONTACT_DETAILS,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setBranches(db, id, values);
  return id;
}

/** Saves the member if still at `version`, bumping it; false when another save came first. */
export async function updateMember(
  db: Db,
  franchiseId: number,
  id: number,
  version: number,
  values: MemberValues,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('franchise_users')
    .set((eb) => ({ name: values.name, role: values.role, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('franchise_id', '=', franchiseId)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await setBranches(db, id, values);
  return true;
}

/** Removes the member; their branches, links and export slots go with the row, and their next request is refused. */
export const deleteMember = (db: Db, franchiseId: number, id: number): Promise<boolean> =>
  deleteFranchiseRecord(db, 'franchise_users', franchiseId, id);
