import { createActorContext } from '@xstate/react';
import { useCallback } from 'react';
import { sessionMachine } from '../../machines/session.machine';

/** The one session actor of the app; tests pass `logic={sessionMachine.provide(fakes)}`. */
export const SessionContext = createActorContext(sessionMachine);

/** Tells the session that a save stored a new user, token or restaurant, so the shell and branch pickers follow at once. */
export function useSessionStorageChanged(): () => void {
  const session = SessionContext.useActorRef();
  return useCallback(() => session.send({ type: 'session.storageChanged' }), [session]);
}
