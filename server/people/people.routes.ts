import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { hashPassword } from '../auth/passwords.js';
import { attempt, passwordHashRule } from '../auth/rate-limit.js';
import { createPersonInput, EMAIL_TAKEN_MESSAGE, updatePersonInput } from '../contract/people.contract.js';
import { readJson, success } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import {
  emailTaken,
  findPerson,
  insertPerson,
  isFranchiseRestaurant,
  listPeople,
  PEOPLE_EMAIL_INDEX,
  softDeletePerson,
  updatePerson,
  type PersonValues,
} from './people.repository.js';
import { bumpDataVersion, fieldError, isUniqueViolation, recordIdOf, staleVersion } from './records.js';

const personNotFound = () => new HttpError(404, 'Person not found');
const emailTakenError = () => fieldError('email', EMAIL_TAKEN_MESSAGE);

/** The users and staff of the caller's franchise; another franchise's person is 404 and never touched. */
export function peopleRoutes(deps: RouteDeps) {
  const { db, clock, authenticated } = deps;

  const franchiseOf = (c: Context<AppEnv>) => c.get('auth').user.franchise.id;
  const personIdOf = (c: Context<AppEnv>) => {
    const id = recordIdOf(c.req.param('id'));
    if (id === undefined) throw personNotFound();
    return id;
  };

  /** The checks a save needs beyond the schema: the restaurant is the franchise's, the e-mail is free. */
  async function checkReferences(franchiseId: number, values: PersonValues, exceptId?: number) {
    if (values.restaurant_id !== null && !(await isFranchiseRestaurant(db, franchiseId, values.restaurant_id))) {
      throw fieldError('restaurant_id', 'Choose one of your restaurants');
    }
    if (await emailTaken(db, franchiseId, values.email, exceptId)) throw emailTakenError();
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
    .get('/', authenticated, async (c) => success(c, await listPeople(db, franchiseOf(c)), 'People retrieved'))
    .get('/:id', authenticated, async (c) => {
      const person = await findPerson(db, franchiseOf(c), personIdOf(c));
      if (!person) throw personNotFound();
      return success(c, person, 'Person retrieved');
    })
    .post('/', authenticated, async (c) => {
      const franchiseId = franchiseOf(c);
      const { password, change_password: _confirmation, ...values } = await readJson(c, createPersonInput);
      await checkReferences(franchiseId, values);
      await attempt(db, [passwordHashRule(c.get('auth').user.id)], clock(), 'people created');
      // Hashed outside the transaction: argon2 takes ~20 ms and PGlite is busy while a transaction is open.
      const passwordHash = await hashPassword(password);
      const now = new Date(clock());
      const id = await write(franchiseId, (trx) => insertPerson(trx, franchiseId, values, passwordHash, now));
      return success(c, await findPerson(db, franchiseId, id), `${values.name}'s profile created successfully!`, 201);
    })
    .put('/:id', authenticated, async (c) => {
      const franchiseId = franchiseOf(c);
      const id = personIdOf(c);
      const { version, new_password, confirm_password: _confirmation, ...values } = await readJson(c, updatePersonInput);
      if (!(await findPerson(db, franchiseId, id))) throw personNotFound();
      await checkReferences(franchiseId, values, id);
      if (new_password !== null) await attempt(db, [passwordHashRule(c.get('auth').user.id)], clock(), 'password changes');
      const passwordHash = new_password === null ? undefined : await hashPassword(new_password);
      const now = new Date(clock());
      await write(franchiseId, async (trx) => {
        if (await updatePerson(trx, franchiseId, id, version, values, passwordHash, now)) return;
        // Nothing saved: someone else saved first (409), or deleted the person meanwhile (404).
        throw (await findPerson(trx, franchiseId, id)) ? staleVersion() : personNotFound();
      });
      return success(c, await findPerson(db, franchiseId, id), `${values.name}'s profile updated successfully!`);
    })
    .delete('/:id', authenticated, async (c) => {
      const franchiseId = franchiseOf(c);
      const id = personIdOf(c);
      const person = await findPerson(db, franchiseId, id);
      if (!person) throw personNotFound();
      const deleted = await write(franchiseId, (trx) => softDeletePerson(trx, franchiseId, id, new Date(clock())));
      if (!deleted) throw personNotFound();
      return success(c, null, `${person.name}'s profile deleted!`);
    });
}
