import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Range } from '@contract/analytics.contract';
import type { CreateSubscriptionInput, ReportFrequency, ReportPage } from '@contract/report-subscriptions.contract';
import type { ReportSubscription } from '@contract/api/report-subscriptions.calls';
import { ApiError, toApiError, toErrorInfo, type ErrorInfo } from '../services/api-error';
import { reportSubscriptionsService } from '../services/report-subscriptions.service';
import type { Notice } from '../shared/effects';
import { confirmDialogMachine, type ConfirmDialogInput } from './confirm-dialog.machine';
import { entityFormMachine, type EntityFormInput, type FormRecord, type FormValues } from './entity-form.machine';
import { aim, askFirst, confirmed } from './support/ask-first';
import { notProvided } from './support/machine-effects';
import { errorNotice } from './support/notices';

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
export const ADD_QUESTION: ConfirmDialogInput = {
  title: 'Add this report mail?',
  text: 'It will be mailed to you on its schedule, with its PDF.',
  confirmLabel: 'Add',
  cancelLabel: 'Cancel',
};
/** Where the add form shows a refusal of the whole form (the limit of subscriptions per member). */
export const FORM_ERROR = 'form';

/** The add form: a new mail whose default choices are already a valid one, so it is added as it stands. */
const ADD_FORM_INPUT: EntityFormInput = {
  id: null,
  messages: { reset: 'Report mail choices reset.', saved: ADDED_MESSAGE },
  confirm: ADD_QUESTION,
  saveUnchanged: true,
};

/** The create call's body: no weekday for a daily mail. */
export const createBody = (values: FormValues): CreateSubscriptionInput => ({
  page: String(values.page) as ReportPage,
  range: String(values.range) as Range,
  frequency: String(values.frequency) as ReportFrequency,
  weekday: values.frequency === 'weekly' ? Number(values.weekday) : null,
  hour: Number(values.hour),
});

/**
 * The limit's 409 is no stale record (the entity form's meaning of a 409): it is a refusal of the form, so it comes
 * back as the server's message on the form. The 422s name the fields already.
 */
export function onTheForm(error: unknown): unknown {
  const apiError = toApiError(error);
  if (apiError.status !== 409) return error;
  return new ApiError(apiError.message, 422, { status: 'error', message: apiError.message, errors: { [FORM_ERROR]: [apiError.message] } });
}

/** The created mail a stored save hands on (the add form's save answers it), for the list. */
const createdSubscription = (record: FormRecord) => record.stored as ReportSubscription;

/** The Report mails add form: an entity form on the blank choices whose save is the create call. */
export const reportMailFormMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise<FormRecord, { id: string | number | null }>(async () => ({ values: { ...EMPTY_DRAFT }, version: null })),
    // The choices stay as they were, for a similar mail next.
    save: fromPromise(async ({ input }) => {
      try {
        const stored = await reportSubscriptionsService.create(createBody(input.values));
        return { values: input.values, version: null, stored };
      } catch (error) {
        throw onTheForm(error);
      }
    }),
  },
});

export type ReportSubscriptionsContext = {
  items: ReportSubscription[];
  /** Why the list could not be read. */
  error: ErrorInfo | null;
  /** The row whose removal is asked or under way, or whose mail is being sent. */
  target: Target | null;
};

export type ReportSubscriptionsEvent =
  | { type: 'mails.retry' }
  /** The add form (this machine's child) stored a new mail. */
  | { type: 'form.saved'; record: FormRecord }
  | { type: 'mail.send'; id: number; label: string }
  | { type: 'mail.remove'; id: number; label: string };

/**
 * The Profile page's report mails: the member's subscriptions (loading, the list, its failure with Retry), per row Send
 * now and Remove (asked first), one row action at a time, and the add form (reportMailFormMachine, its child once the
 * list is read) whose stored mails join the list. An added or removed mail updates the list from the answer.
 */
export const reportSubscriptionsMachine = setup({
  types: {
    context: {} as ReportSubscriptionsContext,
    events: {} as ReportSubscriptionsEvent,
    children: {} as {
      fetchSubscriptions: 'fetchSubscriptions';
      addForm: 'addForm';
      confirmRemove: 'confirmDialog';
      removeSubscription: 'removeSubscription';
      sendReport: 'sendReport';
    },
    tags: {} as 'busy',
  },
  actors: {
    fetchSubscriptions: fromPromise<ReportSubscription[]>(() => reportSubscriptionsService.list()),
    /** The page provides its toasts to the form as to this machine. */
    addForm: reportMailFormMachine,
    confirmDialog: confirmDialogMachine,
    removeSubscription: fromPromise<void, Target>(({ input }) => reportSubscriptionsService.remove(input.id)),
    sendReport: fromPromise<string, Target>(({ input }) => reportSubscriptionsService.send(input.id)),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('notify'),
    aim: aim(),
  },
  guards: { confirmed },
}).createMachine({
  id: 'reportSubscriptions',
  initial: 'loading',
  context: { items: [], error: null, target: null },
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
    // The rows and the add form act only on a list that was read; a mail the form stored joins it whatever a row is doing.
    ready: {
      type: 'parallel',
      invoke: { id: 'addForm', src: 'addForm', input: ({ self }) => ({ ...ADD_FORM_INPUT, owner: self }) },
      states: {
        list: {
          on: {
            'form.saved': { actions: assign(({ context, event }) => ({ items: [...context.items, createdSubscription(event.record)] })) },
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
            asking: askFirst('confirmRemove', (target: Target) => removeQuestion(target.label), 'removing'),
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
