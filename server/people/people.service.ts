import { changesBetween, eraseFromActivity } from '../activity/activity.repository.js';
import { memberWrite, type Writer } from '../activity/member-write.js';
import { branchesOf, mayReach } from '../auth/access.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import { hashPassword } from '../auth/passwords.js';
import { attempt, emailInUseRule, passwordHashRule, release } from '../auth/rate-limit.js';
import {
  EMAIL_TAKEN_MESSAGE,
  PERSON_NOT_FOUND_MESSAGE,
  type createPersonInput,
  type updatePersonInput,
} from '@contract/people.contract.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { fieldError, isUniqueViolation, staleVersion } from '../http/record-errors.js';
import { isFranchiseRestaurant } from '../restaurants/restaurants.repository.js';
import type * as z from 'zod';
import {
  emailTaken,
  ERASED_PERSON_FIELDS,
  findPerson,
  insertPerson,
  PEOPLE_EMAIL_INDEX,
  PERSON_FIELDS,
  softDeletePerson,
  updatePerson as savePerson,
  type PersonValues,
} from './people.repository.js';

const personNotFound = () => new HttpError(404, PERSON_NOT_FOUND_MESSAGE);
const emailTakenError = () => fieldError('email', EMAIL_TAKEN_MESSAGE);

/**
 * The checks a save needs beyond the schema: the restaurant is the franchise's (and the member's), the e-mail is free.
 * An e-mail is unique in the franchise (the ingest finds a shift's person by it), so a manager may hit one held in a
 * branch they cannot see: one query and one answer whoever holds it, which tells them it is in use, never where;
 * and only a few such answers in 15 minutes, so the franchise's addresses cannot be mapped by trying them.
 */
async function checkReferences(db: Db, user: AuthUser, values: PersonValues, clock: () => number, exceptId?: number) {
  const franchiseId = user.franchise.id;
  if (
    values.restaurant_id !== null &&
    (!mayReach(user, values.restaurant_id) || !(await isFranchiseRestaurant(db, franchiseId, values.restaurant_id)))
  ) {
    throw fieldError('restaurant_id', 'Choose one of your restaurants');
  }
  // Counted before the look-up and given back when the address is free, so only "in use" answers count, and a
  // member past the limit gets the same 429 whatever address they try.
  const slots = await attempt(db, [emailInUseRule(user.id)], clock(), 'e-mail addresses already in use');
  if (await emailTaken(db, franchiseId, values.email, exceptId)) throw emailTakenError();
  await release(db, slots);
}

/** A people write: data_version bumped (a person's name and branch are in the figures); a lost e-mail race is still a 422. */
async function write<T>(db: Db, user: AuthUser, now: Date, work: (writer: Writer) => Promise<T>): Promise<T> {
  try {
    return await memberWrite(db, user, { now, changesFigures: true }, work);
  } catch (error) {
    if (isUniqueViolation(error, PEOPLE_EMAIL_INDEX)) throw emailTakenError();
    throw error;
  }
}

/** Adds a person to the franchise; the id of the new person. */
export async function createPerson(
  db: Db,
  user: AuthUser,
  { password, change_password: _confirmation, ...values }: z.output<typeof createPersonInput>,
  clock: () => number,
): Promise<number> {
  const franchiseId = user.franchise.id;
  await checkReferences(db, user, values, clock);
  await attempt(db, [passwordHashRule(user.id)], clock(), 'people created');
  // Hashed outside the transaction: argon2 takes ~20 ms and PGlite is busy while a transaction is open.
  const passwordHash = await hashPassword(password);
  return write(db, user, new Date(clock()), async ({ trx, now, record }) => {
    const id = await insertPerson(trx, franchiseId, values, passwordHash, now);
    await record({ action: 'created', entity: 'person', entityId: id, changes: changesBetween(null, values, { fields: PERSON_FIELDS }) });
    return id;
  });
}

/** Saves a person the member reaches, if it is still at the version they read (409 otherwise). */
export async function updatePerson(
  db: Db,
  user: AuthUser,
  id: number,
  { version, new_password, confirm_password: _confirmation, ...values }: z.output<typeof updatePersonInput>,
  clock: () => number,
): Promise<void> {
  const franchiseId = user.franchise.id;
  const branches = branchesOf(user);
  if (!(await findPerson(db, franchiseId, id, branches))) throw personNotFound();
  await checkReferences(db, user, values, clock, id);
  if (new_password !== null) await attempt(db, [passwordHashRule(user.id)], clock(), 'password changes');
  const passwordHash = new_password === null ? undefined : await hashPassword(new_password);
  await write(db, user, new Date(clock()), async ({ trx, now, record }) => {
    // Read again under the franchise's lock: the state this save replaces, unless someone else saved or deleted first.
    const before = await findPerson(trx, franchiseId, id, branches);
    if (!before) throw personNotFound();
    if (before.version !== version || !(await savePerson(trx, franchiseId, id, version, values, passwordHash, now))) {
      throw staleVersion();
    }
    const changes = changesBetween(before, { ...before, ...values }, { fields: PERSON_FIELDS, secrets: passwordHash ? ['password'] : [] });
    await record({ action: 'updated', entity: 'person', entityId: id, changes });
  });
}

/** Deletes a person the member reaches, erasing their contact details here and in the activity log; their name. */
export async function deletePerson(db: Db, user: AuthUser, id: number, now: Date): Promise<string> {
  const franchiseId = user.franchise.id;
  return write(db, user, now, async ({ trx, record }) => {
    const person = await findPerson(trx, franchiseId, id, branchesOf(user));
    if (!person || !(await softDeletePerson(trx, franchiseId, id, now))) throw personNotFound();
    await eraseFromActivity(trx, { franchiseId, entity: 'person', entityId: id }, ERASED_PERSON_FIELDS);
    // Only what the deletion keeps: the contact details are erased with the person.
    await record({
      action: 'deleted',
      entity: 'person',
      entityId: id,
      changes: changesBetween(person, null, { fields: ['name', 'restaurant_id', 'role'] }),
    });
    return person.name;
  });
}
