import type { RouteDeps } from '../app-deps.js';
import { PEOPLE_CALLS } from '@contract/api/people.calls.js';
import { PERSON_NOT_FOUND_MESSAGE } from '@contract/people.contract.js';
import { branchesOf } from '../auth/access.js';
import { callRoutes } from '../http/call-routes.js';
import { HttpError } from '../http/errors.js';
import { findPerson, listPeople } from './people.repository.js';
import { createPerson, deletePerson, updatePerson } from './people.service.js';

/**
 * The users and staff of the caller's franchise; another franchise's person is 404 and never touched.
 * A manager reaches only the people of their branches: anyone else is 404 likewise.
 */
export function peopleRoutes(deps: RouteDeps) {
  const { db, clock } = deps;

  return callRoutes(deps, PEOPLE_CALLS, {
    'GET /franchise/people': async ({ c }) => {
      const { user } = c.get('auth');
      return { data: await listPeople(db, user.franchise.id, branchesOf(user)), message: 'People retrieved' };
    },
    'GET /franchise/people/{id}': async ({ c, params }) => {
      const { user } = c.get('auth');
      const person = await findPerson(db, user.franchise.id, params.id, branchesOf(user));
      if (!person) throw new HttpError(404, PERSON_NOT_FOUND_MESSAGE);
      return { data: person, message: 'Person retrieved' };
    },
    'POST /franchise/people': async ({ c, body }) => {
      const { user } = c.get('auth');
      const id = await createPerson(db, user, body, clock);
      return {
        data: (await findPerson(db, user.franchise.id, id, branchesOf(user)))!,
        message: `${body.name}'s profile created successfully!`,
      };
    },
    'PUT /franchise/people/{id}': async ({ c, body, params }) => {
      const { user } = c.get('auth');
      await updatePerson(db, user, params.id, body, clock);
      return {
        data: (await findPerson(db, user.franchise.id, params.id, branchesOf(user)))!,
        message: `${body.name}'s profile updated successfully!`,
      };
    },
    'DELETE /franchise/people/{id}': async ({ c, params }) => {
      const name = await deletePerson(db, c.get('auth').user, params.id, new Date(clock()));
      return { data: null, message: `${name}'s profile deleted!` };
    },
  });
}
