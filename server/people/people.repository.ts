import { CONTACT_FIELDS, type Person } from '@contract/people.contract.js';
import { NO_CONTACT_DETAILS } from '../db/contact-details.js';
import type { Db } from '../db/database.js';
import { columnsOf, withinBranches } from '../db/typed-sql.js';

/** The partial unique index on (franchise_id, email) of people not deleted. */
export const PEOPLE_EMAIL_INDEX = 'people_franchise_id_email_live_idx';

export type PersonValues = Omit<Person, 'id' | 'restaurant' | 'version'>;

/** The person fields a change records (the password only as changed, never its value). */
export const PERSON_FIELDS = [...CONTACT_FIELDS, 'restaurant_id', 'role', 'status'] as const satisfies readonly (keyof PersonValues)[];

/**
 * The franchise's people not deleted; with `branches` (a manager's), only those of these
 * restaurants: anyone else reads as not there.
 */
function selectPeople(db: Db, franchiseId: number, branches: readonly number[] | null) {
  return db
    .selectFrom('people as p')
    .leftJoin('restaurants as r', (join) => join.onRef('r.id', '=', 'p.restaurant_id').on('r.franchise_id', '=', franchiseId))
    .select([
      'p.id',
      'p.picture',
      'p.name',
      'p.email',
      'p.phone',
      'p.state',
      'p.city',
      'p.street_address',
      'p.suburb',
      'p.post_code',
      'p.restaurant_id',
      'r.name as restaurant',
      'p.role',
      'p.status',
      'p.version',
    ])
    .where('p.franchise_id', '=', franchiseId)
    .where('p.deleted_at', 'is', null)
    .$if(branches !== null, (q) => q.where(withinBranches(columnsOf('people', 'p')('restaurant_id'), branches)));
}

/** The franchise's people not deleted (of `branches` only, unless null), by name. */
export function listPeople(db: Db, franchiseId: number, branches: readonly number[] | null): Promise<Person[]> {
  return selectPeople(db, franchiseId, branches).orderBy('p.name').orderBy('p.id').execute();
}

export function findPerson(db: Db, franchiseId: number, id: number, branches: readonly number[] | null): Promise<Person | undefined> {
  return selectPeople(db, franchiseId, branches).where('p.id', '=', id).executeTakeFirst();
}

export async function emailTaken(db: Db, franchiseId: number, email: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('people')
    .select('id')
    .where('franchise_id', '=', franchiseId)
    .where('email', '=', email)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertPerson(db: Db, franchiseId: number, values: PersonValues, passwordHash: string, now: Date): Promise<number> {
  const row = await db
    .insertInto('people')
    .values({ ...values, franchise_id: franchiseId, password_hash: passwordHash, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Saves the person if it is still at `version`, bumping it in the same statement; false when the
 * person is gone or another save came first (the caller tells which).
 */
export async function updatePerson(
  db: Db,
  franchiseId: number,
  id: number,
  version: number,
  values: PersonValues,
  passwordHash: string | undefined,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('people')
    .set((eb) => ({
      ...values,
      ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
      version: eb('version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('franchise_id', '=', franchiseId)
    .where('deleted_at', 'is', null)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** What a deleted person keeps of their contact details: nothing. */
const ERASED_CONTACT = { ...NO_CONTACT_DETAILS, password_hash: null } as const;

/** The fields erased at deletion, here and in the activity log's earlier entries about the person. */
export const ERASED_PERSON_FIELDS = ['email', ...Object.keys(NO_CONTACT_DETAILS)];

/** In the reserved .invalid domain, so it can never be anyone's address. */
const erasedEmail = (id: number) => `deleted-${id}@people.invalid`;

/**
 * Marks the person deleted and erases what identified or let them in: contact details, picture and
 * password hash; the e-mail becomes a placeholder no one has. The name stays for past rosters, and
 * their shifts with it. False when there was none to delete.
 */
export async function softDeletePerson(db: Db, franchiseId: number, id: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('people')
    .set((eb) => ({
      ...ERASED_CONTACT,
      email: erasedEmail(id),
      deleted_at: now,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('franchise_id', '=', franchiseId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
