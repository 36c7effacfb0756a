// The model of the reportSubscriptionsMachine (the Profile page's report mails): the events the tests may send and how
// graph vertices are told apart. Shared by the model-based test and the QA document generator (scripts/machine-docs.ts).
// The member has two report mails; the add form (the machine's child entity form) storing a daily Revenue mail makes
// three. The list call answers them, none, or fails; Send now mails, is refused (too many sends) or fails (the mail
// server); the remove question ends with Remove or Cancel, and the removal succeeds or fails.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { ReportSubscription } from '@contract/api/report-subscriptions.calls';
import type { DialogOutcome } from '../../../src/machines/confirm-dialog.machine';
import type { FormRecord } from '../../../src/machines/entity-form.machine';
import { reportSubscriptionsMachine, type ReportSubscriptionsEvent } from '../../../src/machines/report-subscriptions.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof reportSubscriptionsMachine>;
export type ModelEvent =
  | ReportSubscriptionsEvent
  | { type: 'xstate.done.actor.fetchSubscriptions'; output: ReportSubscription[] }
  | { type: 'xstate.error.actor.fetchSubscriptions'; error: unknown }
  | { type: 'xstate.done.actor.confirmRemove'; output: DialogOutcome }
  | { type: 'xstate.done.actor.removeSubscription'; output: undefined }
  | { type: 'xstate.error.actor.removeSubscription'; error: unknown }
  | { type: 'xstate.done.actor.sendReport'; output: string }
  | { type: 'xstate.error.actor.sendReport'; error: unknown };

const subscription = (fields: Omit<ReportSubscription, 'created_at'>): ReportSubscription => ({
  ...fields,
  created_at: '2026-11-20T03:15:00.000Z',
});
// Next runs on the franchise's clock (Sydney, UTC+11 in November): 30 Nov 07:00, 26 Nov 18:00, 27 Nov 07:00.
export const ITEMS: ReportSubscription[] = [
  subscription({
    id: 1,
    page: 'dashboard',
    range: '7days',
    frequency: 'weekly',
    weekday: 1,
    hour: 7,
    next_run_at: '2026-11-29T20:00:00.000Z',
  }),
  subscription({
    id: 2,
    page: 'revenue',
    range: '1month',
    frequency: 'daily',
    weekday: null,
    hour: 18,
    next_run_at: '2026-11-26T07:00:00.000Z',
  }),
];
export const LINES = [
  'Weekly on Monday at 07:00 — Dashboard, last 7 days — next: 30 Nov 2026, 07:00',
  'Daily at 18:00 — Revenue, last 1 month — next: 26 Nov 2026, 18:00',
];
export const CREATED = subscription({
  id: 3,
  page: 'revenue',
  range: '7days',
  frequency: 'daily',
  weekday: null,
  hour: 7,
  next_run_at: '2026-11-26T20:00:00.000Z',
});
/** The add form's stored save of CREATED, as it tells the list. */
export const CREATED_RECORD: FormRecord = {
  values: { page: 'revenue', range: '7days', frequency: 'daily', weekday: '1', hour: '7' },
  version: null,
  stored: CREATED,
};
export const CREATED_LINE = 'Daily at 07:00 — Revenue, last 7 days — next: 27 Nov 2026, 07:00';
/** The mail whose buttons the user presses: the second row, so a wrong target shows. */
export const TARGET = { id: 2, label: 'Daily at 18:00 — Revenue, last 1 month' } as const;

export const LIST_FAILURE = 'The service is temporarily unavailable. Please try again shortly.';
export const MAILED = 'Report mailed to olivia@example.com';
export const TOO_MANY = 'Too many report mails. Please try again in 14 minutes.';
export const SEND_FAILED = 'The report could not be mailed. Please try again shortly.';
export const REMOVE_FAILURE = 'Report subscription not found';

export const EVENTS: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchSubscriptions', output: ITEMS },
  { type: 'xstate.done.actor.fetchSubscriptions', output: [] },
  { type: 'xstate.error.actor.fetchSubscriptions', error: new ApiError(LIST_FAILURE, 503) },
  { type: 'mails.retry' },
  { type: 'form.saved', record: CREATED_RECORD },
  { type: 'mail.send', ...TARGET },
  { type: 'xstate.done.actor.sendReport', output: MAILED },
  { type: 'xstate.error.actor.sendReport', error: new ApiError(TOO_MANY, 429) },
  { type: 'xstate.error.actor.sendReport', error: new ApiError(SEND_FAILED, 503) },
  { type: 'mail.remove', ...TARGET },
  { type: 'xstate.done.actor.confirmRemove', output: { result: 'confirmed', reason: null } },
  { type: 'xstate.done.actor.confirmRemove', output: { result: 'dismissed', reason: 'cancel' } },
  { type: 'xstate.done.actor.removeSubscription', output: undefined },
  { type: 'xstate.error.actor.removeSubscription', error: new ApiError(REMOVE_FAILURE, 404) },
];

/**
 * What the user can do in this snapshot: an actor's answer only while it runs, a row's buttons only on a row shown,
 * adding a mail (through the form and its question) only while no other question is open.
 */
function allowed(s: Snapshot, event: ModelEvent): boolean {
  const settles = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (settles) return (s.children as Record<string, unknown>)[settles] !== undefined;
  if (event.type === 'mail.send' || event.type === 'mail.remove') return s.context.items.some((i) => i.id === event.id) && s.can(event);
  // One mail is added: another would only repeat it.
  if (event.type === 'form.saved')
    return !s.context.items.some((i) => i.id === CREATED.id) && !s.matches({ ready: { row: 'asking' } }) && s.can(event);
  return s.can(event as ReportSubscriptionsEvent);
}

const regionValue = (value: unknown) => JSON.stringify(value);

export const model = new TestModel(reportSubscriptionsMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as ReportSubscriptionsEvent[],
  // The list chooses what is shown; the event that led here and the state it came from keep each transition (also one
  // defined on a parent, from each of its leaves) on a shortest path.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([
      regionValue(s.value),
      s.context.items.map((i) => i.id),
      eventKey(event),
      previous ? regionValue(previous.value) : null,
    ]),
});

export const paths = selectPaths(reportSubscriptionsMachine, model.getShortestPaths(), eventKey);
