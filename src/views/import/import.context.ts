import { createActorContext } from '@xstate/react';
import { importMachine } from '../../machines/import.machine';

/** The Data Import page's actor; tests pass `logic={importMachine.provide(fakes)}`. */
export const ImportContext = createActorContext(importMachine);

/** The page's alerts title in the text colour: a light alert's coloured title is below AA contrast on its tint. */
export const ALERT = { title: 'fc-import-alert-title' };
