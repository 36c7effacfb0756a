import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { MemberRole } from '@contract/auth.contract';
import type { STALE_VERSION_MESSAGE } from '@contract/people.contract';
import type { InviteMemberInput, Member, MEMBER_NOT_FOUND_MESSAGE } from '@contract/team.contract';
import { ApiError, toApiError, toErrorInfo } from '../services/api-error';
import { teamService } from '../services/team.service';
import type { Notice } from '../shared/effects';
import { confirmDialogMachine, isConfirmed, type ConfirmDialogInput, type DialogOutcome } from './confirm-dialog.machine';
import { text } from './contact-fields';
import { entityFormMachine, idListOf, idListValue, type FormRecord, type FormValues } from './entity-form.machine';
import { listMachine, type ListItem } from './list.machine';
import { notProvided } from './machine-effects';
import { personIdOf } from './people.machines';

/** The Team screens' machines with the real team calls; the pages add the router and the toasts. */

// The contract's labels and texts, restated so the browser does not load its zod schemas: the Record names each role
// once and the texts are typed by the contract's own, so tsc fails when either changes.
export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = { owner: 'Owner', manager: 'Manager' };
export const ROLE_OPTIONS = (Object.keys(MEMBER_ROLE_LABELS) as MemberRole[]).map((value) => ({ value, label: MEMBER_ROLE_LABELS[value] }));
const STALE: typeof STALE_VERSION_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';
export const MEMBER_NOT_FOUND: typeof MEMBER_NOT_FOUND_MESSAGE = 'Member not found';

/** The fields the team list searches: a member's name, e-mail or role. */
export const TEAM_SEARCH_FIELDS = ['name', 'email', 'role'] as const;

/** The id of `/team/edit?id=…` (a positive whole number, else null: "Member not found" without a call). */
export const memberIdOf = personIdOf;

export const MEMBER_FORM_MESSAGES = {
  invite: { reset: "{name}'s invitation reset.", saved: '{name} invited' },
  edit: { reset: "{name}'s access reset.", saved: "{name}'s access updated successfully!" },
} as const;

/** A member as the form edits it; a new one is a manager with no branches yet. */
export function memberValues(member: Member | null): FormValues {
  return {
    email: member?.email ?? '',
    name: member?.name ?? '',
    role: member?.role ?? 'manager',
    restaurant_ids: idListValue(member?.restaurant_ids ?? []),
  };
}

/** The fields both calls take; an owner has every branch, so none are sent. */
export function memberBody(values: FormValues): Omit<InviteMemberInput, 'email'> {
  const role = text(values.role) as MemberRole;
  return { name: text(values.name), role, restaurant_ids: role === 'manager' ? idListOf(values.restaurant_ids) : [] };
}

const recordOf = (member: Member): FormRecord => ({ values: memberValues(member), version: member.version });

/**
 * A refused save as the form shows it. The server refuses a role change that would leave the franchise without an
 * owner, or demote oneself (409, not a stale version): its message goes on the Role field. A message about one of the
 * branches (`restaurant_ids[2]`) goes on the Branches field.
 */
export function formError(error: unknown): unknown {
  const apiError = toApiError(error);
  if (apiError.status === 409 && apiError.message !== STALE) {
    return new ApiError(apiError.message, 422, { status: 'error', message: apiError.message, errors: { role: [apiError.message] } });
  }
  const errors = (apiError.data as { errors?: Record<string, unknown> } | undefined)?.errors;
  if (apiError.status !== 422 || !errors) return error;
  const byField: Record<string, unknown> = {};
  for (const [key, messages] of Object.entries(errors)) byField[key.replace(/\[.*$/, '')] ??= messages;
  return new ApiError(apiError.message, 422, { ...(apiError.data as object), errors: byField });
}

/** The franchise's members for the Team list. */
export const teamListMachine = listMachine.provide({
  actors: { fetchItems: fromPromise<ListItem[]>(() => teamService.list()) },
});

/** Invite member: a blank form; the invitation call (its toast is the server's: it says when the mail could not be sent). */
export const memberInviteMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise<FormRecord, { id: string | number | null }>(async () => ({ values: memberValues(null), version: null })),
    save: fromPromise(async ({ input }) => {
      try {
        const { member, message } = await teamService.invite({ email: text(input.values.email), ...memberBody(input.values) });
        return { ...recordOf(member), notice: message };
      } catch (error) {
        throw formError(error);
      }
    }),
  },
});

/** Edit member: the member of the address, read from the team list (there is no call for one); the update call. */
export const memberEditMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => {
      const member = input.id === null ? undefined : (await teamService.list()).find((m) => m.id === Number(input.id));
      if (!member) throw new ApiError(MEMBER_NOT_FOUND, 404);
      return recordOf(member);
    }),
    save: fromPromise(async ({ input }) => {
      try {
        const { member } = await teamService.update(Number(input.id), { ...memberBody(input.values), version: input.version ?? 0 });
        return recordOf(member);
      } catch (error) {
        throw formError(error);
      }
    }),
  },
});

type Target = { id: number; name: string };

export const removeQuestion = (name: string): ConfirmDialogInput => ({
  title: `Remove ${name} from the team?`,
  text: 'They can no longer sign in. This cannot be undone!',
  confirmLabel: 'Remove',
});

export type MemberActionsEvent = { type: 'member.remove'; id: number; name: string } | { type: 'member.resend'; id: number; name: string };

/**
 * A Team row's Remove and Resend invitation. Remove asks first and only Remove removes; Resend mails a new link at
 * once. Each ends with the server's sentence as a toast (its refusal too: the last owner, oneself); a removal emits
 * `removed` so the page reads the list again.
 */
export const memberActionsMachine = setup({
  types: {
    context: {} as { target: Target | null },
    events: {} as MemberActionsEvent,
    children: {} as { confirmRemove: 'confirmDialog'; remove: 'remove'; resend: 'resend' },
    emitted: {} as { type: 'removed'; id: number },
    tags: {} as 'busy',
  },
  actors: {
    confirmDialog: confirmDialogMachine,
    remove: fromPromise<string, Target>(({ input }) => teamService.remove(input.id)),
    resend: fromPromise<string, Target>(async ({ input }) => (await teamService.resendInvitation(input.id)).message),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    aim: assign((_, target: Target) => ({ target })),
  },
  guards: {
    /** Only Remove removes: Cancel, the backdrop, the close button and Escape keep the member. */
    confirmed: (_, outcome: DialogOutcome) => isConfirmed(outcome),
  },
}).createMachine({
  id: 'memberActions',
  initial: 'idle',
  context: { target: null },
  states: {
    idle: {
      on: {
        'member.remove': { target: 'asking', actions: { type: 'aim', params: ({ event }) => ({ id: event.id, name: event.name }) } },
        'member.resend': { target: 'resending', actions: { type: 'aim', params: ({ event }) => ({ id: event.id, name: event.name }) } },
      },
    },
    asking: {
      invoke: {
        id: 'confirmRemove',
        src: 'confirmDialog',
        input: ({ context }) => removeQuestion(context.target!.name),
        onDone: [{ guard: { type: 'confirmed', params: ({ event }) => event.output }, target: 'removing' }, { target: 'idle' }],
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => context.target!,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notify', params: ({ event }) => ({ message: event.output, type: 'success' }) },
            emit(({ context }) => ({ type: 'removed' as const, id: context.target!.id })),
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => ({ message: toErrorInfo(event.error).message, type: 'error' }) },
        },
      },
    },
    resending: {
      tags: ['busy'],
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => context.target!,
        onDone: { target: 'idle', actions: { type: 'notify', params: ({ event }) => ({ message: event.output, type: 'success' }) } },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => ({ message: toErrorInfo(event.error).message, type: 'error' }) },
        },
      },
    },
  },
});

export type MemberActionsSnapshot = SnapshotFrom<typeof memberActionsMachine>;
