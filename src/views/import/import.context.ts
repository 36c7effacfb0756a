import { createActorContext } from '@xstate/react';
import { importMachine } from '../../machines/import.machine';

/** The Data Import page's actor; tests pass `logic={importMachine.provide(fakes)}`. */
export const ImportContext = createActorContext(importMachine);
