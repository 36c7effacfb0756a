import { fromPromise } from 'xstate';
import type { FranchiseUser, Restaurant } from '../../../server/contract/auth.contract';
import { sessionMachine } from '../../../src/machines/session.machine';
import type { StoredSession } from '../../../src/services/session-storage';
import { fakeJwt } from '../../unit/support/jwt';

export const OWNER = { id: 1, name: 'Olivia', franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' } } as FranchiseUser;
export const SESSION_RESTAURANTS = [
  { id: 7, name: 'Parramatta', location: 'Parramatta, NSW', status: 1, subscriptions: [] },
] as unknown as Restaurant[];

/**
 * A signed-in session for a page under test (`<SessionContext.Provider logic={session.logic}>`): the stored
 * session is read from memory, not from the browser's storage; `reads()` counts the reads (the start, and
 * each re-read a save asks for).
 */
export function signedInSession() {
  let reads = 0;
  const logic = sessionMachine.provide({
    actors: {
      restore: fromPromise<StoredSession>(async () => {
        reads += 1;
        return { token: fakeJwt(Math.floor(Date.now() / 1000) + 3600), user: OWNER, restaurants: SESSION_RESTAURANTS, remember: true };
      }),
    },
  });
  return { logic, reads: () => reads };
}
