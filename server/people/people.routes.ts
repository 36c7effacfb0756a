import { Hono } from 'hono';
import { changesBetween, eraseFromActivity, memberActor, recordActivity, recordUpdate } from '../activity/activity.repository.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { branchesOf, franchiseOf, mayReach } from '../auth/access.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import { hashPassword } from '../auth/passwords.js';
import { attempt, emailInUseRule, passwordHashRule, release } from '../auth/rate-limit.js';
import { createPersonInput, EMAIL_TAKEN_MESSAGE, updatePersonInput } from '@contract/people.contract.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { recordParam } from '../http/record-param.js';
import {
  emailTaken,
  findPerson,
  insertPerson,
  listPeople,
  PEOPLE_EMAIL_INDEX,
  PERSON_FIELDS,
  softDeletePerson,
  ERASED_PERSON_FIELDS,
  updatePerson,
  type PersonValues,
} from './people.repository.js';
import { isFranchiseRestaurant } from '../restaurants/restaurants.repository.js';
import { bumpDataVersion } from '../db/data-version.js';
import { fieldError, isUniqueViolation, staleVersion } from '../http/record-errors.js';

const personNotFound = () => new HttpError(404, 'Person not found');
const emailTakenError = () => fieldError('email', EMAIL_TAKEN_MESSAGE);

/**
 * The users and staff of the caller's franchise; another franchise's person is 404 and never touched.
 * A manager reaches only the people of their branches: anyone else is 404 likewise.
 */
export function peopleRoutes(deps: RouteDeps) {
  const { db, clock, authenticated } = deps;

  /**
   * The checks a save needs beyond the schema: the restaurant is the franchise's (and the member's), the e-mail is free.
   * An e-mail is unique in the franchise (the ingest finds a shift's person by it), so a manager may hit one held in a
   * branch they cannot see: one query and one answer whoever holds it, which tells them it is in use, never where;
   * and only a few such answers in 15 minutes, so the franchise's addresses cannot be mapped by trying them.
   */
  async function checkReferences(user: AuthUser, values: PersonValues, exceptId?: number) {
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

  /** Runs a write with the franchise's data_version bumped first (its row lock orders one franchise's writes); a lost e-mail race is still a 422. */
  async function write<T>(franchiseId: number, work: (trx: typeof db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(async (trx) => {
        await bumpDataVersion(trx, franchiseId);
        return work(trx);
      });
    } catch (error) {
      if (isUniqueViolation(error, PEOPLE_EMAIL_INDEX)) throw emailTakenError();
      throw error;
    }
  }

  return new Hono<AppEnv>()
    .get('/', authenticated, async (c) =>
      success(c, await listPeople(db, franchiseOf(c), branchesOf(c.get('auth').user)), 'People retrieved'),
    )
    .get('/:id', authenticated, async (c) => {
      const person = await findPerson(db, franchiseOf(c), recordParam(c, personNotFound), branchesOf(c.get('auth').user));
      if (!person) throw personNotFound();
      return success(c, person, 'Person retrieved');
    })
    .post('/', authenticated, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const { password, change_password: _confirmation, ...values } = await readJson(c, createPersonInput);
      await checkReferences(user, values);
      await attempt(db, [passwordHashRule(user.id)], clock(), 'people created');
      // Hashed outside the transaction: argon2 takes ~20 ms and PGlite is busy while a transaction is open.
      const passwordHash = await hashPassword(password);
      const now = new Date(clock());
      const id = await write(franchiseId, async (trx) => {
        const id = await insertPerson(trx, franchiseId, values, passwordHash, now);
        const changes = changesBetween(null, values, { fields: PERSON_FIELDS });
        await recordActivity(trx, {
          franchiseId,
          at: now,
          actor: memberActor(user),
          action: 'created',
          entity: 'person',
          entityId: id,
          changes,
        });
        return id;
      });
      return success(c, await findPerson(db, franchiseId, id, branchesOf(user)), `${values.name}'s profile created successfully!`, 201);
    })
    .put('/:id', authenticated, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const branches = branchesOf(user);
      const id = recordParam(c, personNotFound);
      const { version, new_password, confirm_password: _confirmation, ...values } = await readJson(c, updatePersonInput);
      if (!(await findPerson(db, franchiseId, id, branches))) throw personNotFound();
      await checkReferences(user, values, id);
      if (new_password !== null) await attempt(db, [passwordHashRule(user.id)], clock(), 'password changes');
      const passwordHash = new_password === null ? undefined : await hashPassword(new_password);
      const now = new Date(clock());
      await write(franchiseId, async (trx) => {
        // Read again under the franchise's lock: the state this save replaces, unless someone else saved or deleted first.
        const before = await findPerson(trx, franchiseId, id, branches);
        if (!before) throw personNotFound();
        if (before.version !== version || !(await updatePerson(trx, franchiseId, id, version, values, passwordHash, now))) {
          throw staleVersion();
        }
        const changes = changesBetween(
          before,
          { ...before, ...values },
          { fields: PERSON_FIELDS, secrets: passwordHash ? ['password'] : [] },
        );
        await recordUpdate(trx, { franchiseId, at: now, actor: memberActor(user), entity: 'person', entityId: id, changes });
      });
      return success(c, await findPerson(db, franchiseId, id, branches), `${values.name}'s profile updated successfully!`);
    })
    .delete('/:id', authenticated, async (c) => {
      const { user } = c.get('auth');
      const franchiseId = user.franchise.id;
      const id = recordParam(c, personNotFound);
      const now = new Date(clock());
      const person = await write(franchiseId, async (trx) => {
        const person = await findPerson(trx, franchiseId, id, branchesOf(user));
        if (!person || !(await softDeletePerson(trx, franchiseId, id, now))) throw personNotFound();
        await eraseFromActivity(trx, { franchiseId, entity: 'person', entityId: id }, ERASED_PERSON_FIELDS);
        // Only what the deletion keeps: the contact details are erased with the person.
        const changes = changesBetween(person, null, { fields: ['name', 'restaurant_id', 'role'] });
        await recordActivity(trx, {
          franchiseId,
          at: now,
          actor: memberActor(user),
          action: 'deleted',
          entity: 'person',
          entityId: id,
          changes,
        });
        return person;
      });
      return success(c, null, `${person.name}'s profile deleted!`);
    });
}
