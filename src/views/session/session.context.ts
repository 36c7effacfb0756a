import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session.machine';

/** The one session actor of the app; tests pass `logic={sessionMachine.provide(fakes)}`. */
export const SessionContext = createActorContext(sessionMachine);
