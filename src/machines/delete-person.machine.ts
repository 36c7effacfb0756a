import { enqueueActions, fromPromise, setup } from 'xstate';
import { peopleService } from '../services/people.service';
import type { Navigation, Notice } from '../shared/effects';
import { confirmDialogMachine, deleteProfileQuestion } from './confirm-dialog.machine';
import type { ListReloadRef } from './list.machine';
import { aim, askFirst, confirmed } from './support/ask-first';
import { reloadList } from './support/list-reload';
import { notProvided } from './support/machine-effects';
import { errorNotice } from './support/notices';
import { deletedMessage } from './support/people-fields';

type Target = { id: number; name: string };

/** Where a delete ends: the list's trash reloads its list; the form's Delete User goes to the list. */
export type DeletePersonInput = { list?: ListReloadRef; leaveTo?: string };

/**
 * The trash button and Delete User: asks "Delete {name}'s Profile?"; only Yes deletes, then toasts
 * "{name}'s profile deleted!", then tells the list to read itself again or goes to the list (its input says which).
 */
export const deletePersonMachine = setup({
  types: {
    context: {} as { target: Target | null; list: ListReloadRef | null; leaveTo: string | null },
    events: {} as { type: 'delete.ask'; id: number; name: string },
    input: {} as DeletePersonInput | undefined,
    children: {} as { confirmDelete: 'confirmDialog'; remove: 'remove' },
  },
  actors: {
    confirmDialog: confirmDialogMachine,
    remove: fromPromise<void, Target>(({ input }) => peopleService.remove(input.id)),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    /** Carried out by the page with the router (only with `leaveTo`). */
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
    aim: aim(),
    reloadList: reloadList(),
  },
  guards: { confirmed },
}).createMachine({
  id: 'deletePerson',
  initial: 'idle',
  context: ({ input }) => ({ target: null, list: input?.list ?? null, leaveTo: input?.leaveTo ?? null }),
  states: {
    idle: {
      on: { 'delete.ask': { target: 'asking', actions: { type: 'aim', params: ({ event }) => ({ id: event.id, name: event.name }) } } },
    },
    asking: askFirst('confirmDelete', (target: Target) => deleteProfileQuestion(target.name), 'deleting'),
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => context.target!,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notify', params: ({ context }) => ({ message: deletedMessage(context.target!.name), type: 'success' }) },
            'reloadList',
            enqueueActions(({ context, enqueue }) => {
              if (context.leaveTo) enqueue({ type: 'navigate', params: { to: context.leaveTo, replace: false } });
            }),
          ],
        },
        onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
      },
    },
  },
});
