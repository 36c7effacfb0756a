import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { teamService } from '../services/team.service';
import type { Notice } from '../shared/effects';
import { confirmDialogMachine, type ConfirmDialogInput } from './confirm-dialog.machine';
import type { ListReloadRef } from './list.machine';
import { aim, askFirst, confirmed } from './support/ask-first';
import { reloadList } from './support/list-reload';
import { notProvided } from './support/machine-effects';
import { errorNotice } from './support/notices';

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
    context: {} as { target: Target | null; list: ListReloadRef | null },
    events: {} as MemberActionsEvent,
    /** The Team list, read again after a removal. */
    input: {} as { list?: ListReloadRef } | undefined,
    children: {} as { confirmRemove: 'confirmDialog'; remove: 'remove'; resend: 'resend' },
    tags: {} as 'busy',
  },
  actors: {
    confirmDialog: confirmDialogMachine,
    remove: fromPromise<string, Target>(({ input }) => teamService.remove(input.id)),
    resend: fromPromise<string, Target>(async ({ input }) => (await teamService.resendInvitation(input.id)).message),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    aim: aim(),
    reloadList: reloadList(),
  },
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
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => context.target!,
        onDone: {
          target: 'idle',
          actions: [{ type: 'notify', params: ({ event }) => ({ message: event.output, type: 'success' }) }, 'reloadList'],
        },
        onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
      },
    },
    resending: {
      tags: ['busy'],
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => context.target!,
        onDone: { target: 'idle', actions: { type: 'notify', params: ({ event }) => ({ message: event.output, type: 'success' }) } },
        onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
      },
    },
  },
});

export type MemberActionsSnapshot = SnapshotFrom<typeof memberActionsMachine>;
