import { act, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { Restaurant } from '@contract/auth.contract';
import { sessionMachine, type Access } from '../../../src/machines/session.machine';
import type { StoredSession } from '../../../src/services/session-storage';
import { SessionContext } from '../../../src/views/shared/session.context';
import { OWNER } from '../../unit/support/fake-server';
import { fakeJwt } from '../../unit/support/jwt';

export const SESSION_RESTAURANTS = [
  { id: 7, name: 'Parramatta', location: 'Parramatta, NSW', status: 1, subscriptions: [] },
] as unknown as Restaurant[];

/**
 * A signed-in session for a page under test (`<SessionContext.Provider logic={session.logic}>`): the stored
 * session is read from memory, not from the browser's storage, and the server confirms the member's access with it;
 * `reads()` counts the reads (the start, and each re-read a save asks for). `changeRestaurants` is an owner changing
 * the member's branches: the session re-reads them (render `<session.Handle />` inside the provider to use it).
 */
export function signedInSession(restaurants: Restaurant[] = SESSION_RESTAURANTS) {
  let reads = 0;
  let stored = restaurants;
  let actor: ActorRefFrom<typeof sessionMachine> | undefined;
  const logic = sessionMachine.provide({
    actors: {
      restore: fromPromise<StoredSession>(async () => {
        reads += 1;
        return { token: fakeJwt(Math.floor(Date.now() / 1000) + 3600), user: OWNER, restaurants: stored };
      }),
      checkAccess: fromPromise<Access>(async () => ({ user: OWNER, restaurants: stored })),
    },
    actions: { saveAccess: () => undefined },
  });
  function Handle(): ReactNode {
    actor = SessionContext.useActorRef();
    return null;
  }
  /** Renders `children` once the session is signed in, as the console's guard does. */
  function SignedIn({ children }: { children: ReactNode }): ReactNode {
    return SessionContext.useSelector((s) => s.matches('signedIn')) ? children : null;
  }
  async function changeRestaurants(next: Restaurant[]): Promise<void> {
    stored = next;
    act(() => actor!.send({ type: 'session.storageChanged' }));
    await waitFor(() => expect(actor!.getSnapshot().matches({ signedIn: 'active' })).toBe(true));
    // The pages hear of it in an effect after the shell re-rendered.
    await act(async () => undefined);
  }
  return { logic, reads: () => reads, Handle, SignedIn, changeRestaurants };
}
