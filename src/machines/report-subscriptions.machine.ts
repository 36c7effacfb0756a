import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Range } from '../../server/contract/analytics.contract';
import type {
  CreateSubscriptionInput,
  ReportFrequency,
  ReportPage,
  ReportSubscription,
} from '../../server/contract/report-subscriptions.contract';
import { ApiError, toErrorInfo, type ErrorInfo } from '../services/api-error';
import { reportSubscriptionsService } from '../services/report-subscriptions.service';
import type { Notice } from '../shared/effects';
import { confirmDialogMachine, isConfirmed, type ConfirmDialogInput, type DialogOutcome } from './confirm-dialog.machine';
import { notProvided } from './machine-effects';

/** The add form's choices, each as the select holds it (text); weekday is ISO (1 = Monday) and counts only for a weekly mail. */
export type SubscriptionDraft = { page: ReportPage; range: Range; frequency: ReportFrequency; weekday: string; hour: string };
export type SubscriptionField = keyof SubscriptionDraft;
type Target = { id: number; label: string };

export const EMPTY_DRAFT: SubscriptionDraft = { page: 'dashboard', range: '7days', frequency: 'weekly', weekday: '1', hour: '7' };
export const ADDED_MESSAGE = 'Report mail added';
export const removedMessage = (label: string) => `Report mail "${label}" removed`;
export const removeQuestion = (label: string): ConfirmDialogInput => ({
  title: 'Remove this report mail?',
  text: `${label} will no longer be mailed to you.`,
  confirmLabel: 'Remove',
});

export type ReportSubscriptionsContext = {
  items: ReportSubscription[];
  /** Why the list could not be read. */
  error: ErrorInfo | null;
  draft: SubscriptionDraft;
  fieldErrors: Partial<Record<SubscriptionField, string>>;
  /** A refusal of the whole form (the limit of subscriptions per member). */
  formError: string | null;
  /** The row whose removal is asked or under way, or whose mail is being sent. */
  target: Target | null;
};

export type ReportSubscriptionsEvent =
  | { type: 'mails.retry' }
  | { type: 'mail.change'; field: SubscriptionField; value: string }
  | { type: 'mail.add' }
  | { type: 'mail.send'; id: number; label: string }
  | { type: 'mail.remove'; id: number; label: string };

/** The create call's body: no weekday for a daily mail. */
export const createBody = (draft: SubscriptionDraft): CreateSubscriptionInput => ({
  page: draft.page,
  range: draft.range,
  frequency: draft.frequency,
  weekday: draft.frequency === 'weekly' ? Number(draft.weekday) : null,
  hour: Number(draft.hour),
});

const FIELDS = ['page', 'range', 'frequency', 'weekday', 'hour'] as const;

/** A 422's messages on the form's fields; empty when the failure names none of them. */
export function fieldMessages(error: unknown): Partial<Record<SubscriptionField, string>> {
  const errors = (error instanceof ApiError && error.status === 422 ? (error.data as { errors?: unknown })?.errors : undefined) as
    Record<string, string[]> | undefined;
  const found: Partial<Record<SubscriptionField, string>> = {};
  for (const field of FIELDS) {
    const message = errors?.[field]?.[0];
    if (typeof message === 'string') found[field] = message;
  }
  return found;
}

const errorNotice = (error: unknown): Notice => ({ message: toErrorInfo(error).message, type: 'error' });

/**
 * The Profile page's report mails: the member's subscriptions (loading, the list, its failure with Retry), the add form
 * (the server's 422 on its fields, its 409 on the form), and per row Send now and Remove (asked first). A row action
 * runs while the form sends, one row action at a time. An added or removed mail updates the list from the answer.
 */
export const reportSubscriptionsMachine = setup({
  types: {
    context: {} as ReportSubscriptionsContext,
    events: {} as ReportSubscriptionsEvent,
    children: {} as {
      fetchSubscriptions: 'fetchSubscriptions';
      createSubscription: 'createSubscription';
      confirmRemove: 'confirmDialog';
      removeSubscription: 'removeSubscription';
      sendReport: 'sendReport';
    },
    tags: {} as 'busy',
  },
  actors: {
    fetchSubscriptions: fromPromise<ReportSubscription[]>(() => reportSubscriptionsService.list()),
    createSubscription: fromPromise<ReportSubscription, CreateSubscriptionInput>(({ input }) => reportSubscriptionsService.create(input)),
    confirmDialog: confirmDialogMachine,
    removeSubscription: fromPromise<void, Target>(({ input }) => reportSubscriptionsService.remove(input.id)),
    sendReport: fromPromise<string, Target>(({ input }) => reportSubscriptionsService.send(input.id)),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    aim: assign((_, target: Target) => ({ target })),
  },
  guards: {
    /** The server refused some of the fields: its messages go on them. */
    fieldsRefused: (_, messages: Partial<Record<SubscriptionField, string>>) => Object.keys(messages).length > 0,
    /** The member has as many subscriptions as allowed: the form says so. */
    limitReached: (_, error: ErrorInfo) => error.status === 409,
    /** Only Remove removes: Cancel, the backdrop, the close button and Escape keep the mail. */
    confirmed: (_, outcome: DialogOutcome) => isConfirmed(outcome),
  },
}).createMachine({
  id: 'reportSubscriptions',
  initial: 'loading',
  context: { items: [], error: null, draft: EMPTY_DRAFT, fieldErrors: {}, formError: null, target: null },
  states: {
    loading: {
      invoke: {
        id: 'fetchSubscriptions',
        src: 'fetchSubscriptions',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ items: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: toErrorInfo(event.error) })) },
      },
    },
    failed: { on: { 'mails.retry': 'loading' } },
    // The form and the rows act only on a list that was read: an added or removed mail changes it from the answer.
    ready: {
      type: 'parallel',
      states: {
        create: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'mail.change': {
                  actions: assign(({ context, event }) => {
                    const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
                    return { draft: { ...context.draft, [event.field]: event.value }, fieldErrors, formError: null };
                  }),
                },
                'mail.add': { target: 'creating', actions: assign({ fieldErrors: {}, formError: null }) },
              },
            },
            creating: {
              tags: 'busy',
              invoke: {
                id: 'createSubscription',
                src: 'createSubscription',
                input: ({ context }) => createBody(context.draft),
                onDone: {
                  target: 'editing',
                  actions: [
                    assign(({ context, event }) => ({ items: [...context.items, event.output] })),
                    { type: 'notify', params: { message: ADDED_MESSAGE, type: 'success' } },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'fieldsRefused', params: ({ event }) => fieldMessages(event.error) },
                    target: 'editing',
                    actions: assign(({ event }) => ({ fieldErrors: fieldMessages(event.error) })),
                  },
                  {
                    guard: { type: 'limitReached', params: ({ event }) => toErrorInfo(event.error) },
                    target: 'editing',
                    actions: assign(({ event }) => ({ formError: toErrorInfo(event.error).message })),
                  },
                  { target: 'editing', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
                ],
              },
            },
          },
        },
        row: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'mail.remove': {
                  target: 'asking',
                  actions: { type: 'aim', params: ({ event }) => ({ id: event.id, label: event.label }) },
                },
                'mail.send': { target: 'sending', actions: { type: 'aim', params: ({ event }) => ({ id: event.id, label: event.label }) } },
              },
            },
            asking: {
              invoke: {
                id: 'confirmRemove',
                src: 'confirmDialog',
                input: ({ context }) => removeQuestion(context.target!.label),
                onDone: [{ guard: { type: 'confirmed', params: ({ event }) => event.output }, target: 'removing' }, { target: 'idle' }],
              },
            },
            removing: {
              tags: 'busy',
              invoke: {
                id: 'removeSubscription',
                src: 'removeSubscription',
                input: ({ context }) => context.target!,
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) => ({ items: context.items.filter((item) => item.id !== context.target!.id) })),
                    { type: 'notify', params: ({ context }) => ({ message: removedMessage(context.target!.label), type: 'success' }) },
                  ],
                },
                onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
              },
            },
            sending: {
              tags: 'busy',
              invoke: {
                id: 'sendReport',
                src: 'sendReport',
                input: ({ context }) => context.target!,
                onDone: {
                  target: 'idle',
                  actions: { type: 'notify', params: ({ event }) => ({ message: event.output, type: 'success' }) },
                },
                onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => errorNotice(event.error) } },
              },
            },
          },
        },
      },
    },
  },
});

export type ReportSubscriptionsSnapshot = SnapshotFrom<typeof reportSubscriptionsMachine>;
