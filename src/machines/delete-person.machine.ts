import { enqueueActions, fromPromise, setup } from 'xstate';
import { peopleService } from '../services/people.service';
import type { Navigation, Notice } from '../shared/effects';
import { confirmDialogMachine, deleteProfileQuestion } from './confirm-dialog.machine';
import type { RowActionsInput } from './list.machine';
import { askFirst, confirmed } from './support/ask-first';
import { notProvided } from './support/machine-effects';
import { deletedMessage } from './support/people-fields';
import { rowCall, rowEffects, type RowContext } from './support/row-actions';

type Target = { id: number; name: string };
type Context = RowContext<Target> & { leaveTo: string | null };
type AskEvent = { type: 'delete.ask'; id: number; name: string };

/** Where a delete ends: the list's trash reloads its list; the form's Delete User goes to the list. */
export type DeletePersonInput = RowActionsInput & { leaveTo?: string };

/**
 * The trash button and Delete User: asks "Delete {name}'s Profile?"; only Yes deletes, then toasts
 * "{name}'s profile deleted!", then tells the list to read itself again or goes to the list (its input says which).
 */
export const deletePersonMachine = setup({
  types: {
    context: {} as Context,
    events: {} as AskEvent,
    input: {} as DeletePersonInput | undefined,
    children: {} as { confirmDelete: 'confirmDialog'; remove: 'remove' },
    tags: {} as 'busy',
  },
  actors: {
    confirmDialog: confirmDialogMachine,
    remove: fromPromise<void, Target>(({ input }) => peopleService.remove(input.id)),
  },
  actions: {
    ...rowEffects<Context, AskEvent>(),
    /** Carried out by the page with the router (only with `leaveTo`). */
    navigate: (_, _navigation: Navigation) => notProvided('navigate'),
    /** The form's Delete User goes to the list (its input's `leaveTo`). */
    leave: enqueueActions<Context, AskEvent, undefined, AskEvent, never, { type: 'navigate'; params: Navigation }, never, never, never>(
      ({ context, enqueue }) => {
        if (context.leaveTo) enqueue({ type: 'navigate', params: { to: context.leaveTo, replace: false } });
      },
    ),
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
    deleting: rowCall('remove', [
      {
        type: 'notify',
        params: ({ context }: { context: Context }): Notice => ({ message: deletedMessage(context.target!.name), type: 'success' }),
      },
      'reloadList',
      'leave',
    ]),
  },
});
