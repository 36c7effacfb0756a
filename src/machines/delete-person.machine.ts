import { assign, emit, fromPromise, setup } from 'xstate';
import { peopleService } from '../services/people.service';
import { toErrorInfo } from '../services/api-error';
import type { Notice } from '../shared/effects';
import { confirmDialogMachine, deleteProfileQuestion, isConfirmed } from './confirm-dialog.machine';
import { notProvided } from './support/machine-effects';
import { deletedMessage } from './support/people-fields';

type Target = { id: number; name: string };

/**
 * The trash button and Delete User: asks "Delete {name}'s Profile?"; only Yes deletes, then toasts
 * "{name}'s profile deleted!" and emits `deleted` (the page reloads its list or leaves the form).
 */
export const deletePersonMachine = setup({
  types: {
    context: {} as { target: Target | null },
    events: {} as { type: 'delete.ask'; id: number; name: string },
    children: {} as { confirmDelete: 'confirmDialog'; remove: 'remove' },
    emitted: {} as { type: 'deleted'; id: number },
  },
  actors: {
    confirmDialog: confirmDialogMachine,
    remove: fromPromise<void, Target>(({ input }) => peopleService.remove(input.id)),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
  },
  guards: {
    /** Only Yes deletes: Cancel, the backdrop, the close button and Escape keep the person. */
    confirmed: (_, output: Parameters<typeof isConfirmed>[0]) => isConfirmed(output),
  },
}).createMachine({
  id: 'deletePerson',
  initial: 'idle',
  context: { target: null },
  states: {
    idle: {
      on: { 'delete.ask': { target: 'asking', actions: assign({ target: ({ event }) => ({ id: event.id, name: event.name }) }) } },
    },
    asking: {
      invoke: {
        id: 'confirmDelete',
        src: 'confirmDialog',
        input: ({ context }) => deleteProfileQuestion(context.target!.name),
        onDone: [{ guard: { type: 'confirmed', params: ({ event }) => event.output }, target: 'deleting' }, { target: 'idle' }],
      },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => context.target!,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notify', params: ({ context }) => ({ message: deletedMessage(context.target!.name), type: 'success' }) },
            emit(({ context }) => ({ type: 'deleted' as const, id: context.target!.id })),
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => ({ message: toErrorInfo(event.error).message, type: 'error' }) },
        },
      },
    },
  },
});
