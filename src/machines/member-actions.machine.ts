import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { teamService } from '../services/team.service';
import { confirmDialogMachine, type ConfirmDialogInput } from './confirm-dialog.machine';
import type { RowActionsInput } from './list.machine';
import { askFirst, confirmed } from './support/ask-first';
import { rowCall, rowEffects, toastAnswer, type RowContext } from './support/row-actions';

type Target = { id: number; name: string };

export const removeQuestion = (name: string): ConfirmDialogInput => ({
  title: `Remove ${name} from the team?`,
  text: 'They can no longer sign in. This cannot be undone!',
  confirmLabel: 'Remove',
});

export type MemberActionsEvent = { type: 'member.remove'; id: number; name: string } | { type: 'member.resend'; id: number; name: string };

/**
 * A Team row's Remove and Resend invitation. Remove asks first and only Remove removes; Resend mails a new link at
 * once. Each ends with the server's sentence as a toast (its refusal too: the last owner, oneself); a removal tells
 * the Team list (its input) to read itself again.
 */
export const memberActionsMachine = setup({
  types: {
    context: {} as RowContext<Target>,
    events: {} as MemberActionsEvent,
    /** The Team list, read again after a removal. */
    input: {} as RowActionsInput | undefined,
    children: {} as { confirmRemove: 'confirmDialog'; remove: 'remove'; resend: 'resend' },
    tags: {} as 'busy',
  },
  actors: {
    confirmDialog: confirmDialogMachine,
    remove: fromPromise<string, Target>(({ input }) => teamService.remove(input.id)),
    resend: fromPromise<string, Target>(async ({ input }) => (await teamService.resendInvitation(input.id)).message),
  },
  actions: rowEffects<RowContext<Target>, MemberActionsEvent>(),
  guards: { confirmed },
}).createMachine({
  id: 'memberActions',
  initial: 'idle',
  context: ({ input }) => ({ target: null, list: input?.list ?? null }),
  states: {
    idle: {
      on: {
        'member.remove': { target: 'asking', actions: { type: 'aim', params: ({ event }) => ({ id: event.id, name: event.name }) } },
        'member.resend': { target: 'resending', actions: { type: 'aim', params: ({ event }) => ({ id: event.id, name: event.name }) } },
      },
    },
    asking: askFirst('confirmRemove', (target: Target) => removeQuestion(target.name), 'removing'),
    removing: rowCall('remove', [toastAnswer, 'reloadList']),
    resending: rowCall('resend', [toastAnswer]),
  },
});

export type MemberActionsSnapshot = SnapshotFrom<typeof memberActionsMachine>;
