// The model of the alertsMachine (the Alerts page): the events the tests may send and how graph vertices are told
// apart. Shared by the model-based test and the QA document generator (scripts/machine-docs.ts). The member has 23
// alerts over two pages, two of those shown unread; the page call answers them, none (empty), nothing on page 2 (an
// alert acknowledged elsewhere left it empty: the last page is asked for), or fails; Acknowledge and Acknowledge all
// succeed or fail. The URL (Unread or All, the page) changes at any time: back / forward, a link.
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { Alert, AlertsPage } from '@contract/api/alerts.calls';
import { alertsMachine, type AlertsEvent, type AlertsInput } from '../../../src/machines/alerts.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof alertsMachine>;
export type ModelEvent =
  | AlertsEvent
  | { type: 'xstate.done.actor.fetchAlerts'; output: AlertsPage }
  | { type: 'xstate.error.actor.fetchAlerts'; error: unknown }
  | { type: 'xstate.done.actor.acknowledge'; output: undefined }
  | { type: 'xstate.error.actor.acknowledge'; error: unknown }
  | { type: 'xstate.done.actor.acknowledgeAll'; output: undefined }
  | { type: 'xstate.error.actor.acknowledgeAll'; error: unknown };

/** An alert of Parramatta (restaurant 7): labour cost over 35% on 24 Nov 2026, unread unless `acknowledged_at`. */
export const alert = (id: number, fields: Partial<Alert> = {}): Alert => ({
  id,
  rule_id: 1,
  kind: 'labour_cost',
  threshold: 35,
  restaurant_id: 7,
  restaurant_name: 'Parramatta',
  day: '2026-11-24',
  value: 41.2,
  baseline: 3210,
  summary: `Labour cost was 41.2% of revenue (rule: at or above 35%) #${id}`,
  page: 'roster',
  range: '7days',
  created_at: '2026-11-24T13:05:00.000Z',
  acknowledged_at: null,
  ...fields,
});

export const ITEMS: Alert[] = [
  alert(31),
  alert(30, {
    kind: 'no_trade',
    threshold: 11,
    value: 0,
    baseline: null,
    restaurant_id: 9,
    restaurant_name: 'Bondi Beach',
    day: '2026-11-25',
    summary: 'No order recorded by 11:00 (rule: no trade by 11:00)',
    page: 'order',
  }),
  alert(29, { acknowledged_at: '2026-11-24T22:00:00.000Z' }),
];
/** The alert whose Acknowledge the member presses: the second, so a wrong target shows. */
export const TARGET = ITEMS[1]!;
export const PAGE_ONE: AlertsPage = { items: ITEMS, total: 23, unread: 2, page: 1, page_size: 20 };
export const NONE: AlertsPage = { items: [], total: 0, unread: 0, page: 1, page_size: 20 };
/** Page 2 asked for after its alerts were acknowledged elsewhere (Unread): 3 remain, all on page 1. */
export const GONE: AlertsPage = { items: [], total: 3, unread: 3, page: 2, page_size: 20 };

export const LIST_FAILURE = 'The service is temporarily unavailable. Please try again shortly.';
export const ACK_FAILURE = 'Alert not found';
export const ACK_ALL_FAILURE = 'Network error: the server could not be reached';

export const EVENTS: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchAlerts', output: PAGE_ONE },
  { type: 'xstate.done.actor.fetchAlerts', output: NONE },
  { type: 'xstate.done.actor.fetchAlerts', output: GONE },
  { type: 'xstate.error.actor.fetchAlerts', error: new ApiError(LIST_FAILURE, 503) },
  { type: 'alerts.retry' },
  { type: 'alerts.filter', status: 'all' },
  { type: 'alerts.filter', status: 'unread' },
  { type: 'alerts.page', page: 2 },
  { type: 'alerts.acknowledge', id: TARGET.id },
  { type: 'xstate.done.actor.acknowledge', output: undefined },
  { type: 'xstate.error.actor.acknowledge', error: new ApiError(ACK_FAILURE, 404) },
  { type: 'alerts.acknowledgeAll' },
  { type: 'alerts.urlChanged', search: '' },
  { type: 'alerts.urlChanged', search: '?status=all' },
  { type: 'alerts.urlChanged', search: '?page=2' },
  { type: 'xstate.done.actor.acknowledgeAll', output: undefined },
  { type: 'xstate.error.actor.acknowledgeAll', error: new ApiError(ACK_ALL_FAILURE, 0) },
];

/** What can happen in this snapshot: an actor's answer only while it runs (page 2's answer is GONE, page 1's never). */
function allowed(s: Snapshot, event: ModelEvent): boolean {
  const settles = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (settles) {
    if ((s.children as Record<string, unknown>)[settles] === undefined) return false;
    if (event.type === 'xstate.done.actor.fetchAlerts') return (event.output === GONE) === s.context.page > 1;
    return true;
  }
  // The URL may change at any time; one that shows what is shown changes nothing, so s.can() says no.
  return event.type === 'alerts.urlChanged' || s.can(event as AlertsEvent);
}

// TestModel's logic type knows no emitted events (the machine emits `acknowledged`): the machine is the same.
export const model = new TestModel(alertsMachine as unknown as ActorLogic<Snapshot, AlertsEvent, undefined>, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as AlertsEvent[],
  // The list, page and counts choose the guards and what is shown; the event that led here and the state it came from
  // keep each transition on a shortest path.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([
      s.value,
      s.context.status,
      s.context.page,
      s.context.items.map((a) => `${a.id}:${a.acknowledged_at === null}`),
      s.context.unread,
      eventKey(event),
      previous ? JSON.stringify(previous.value) : null,
    ]),
});

export const INPUT: AlertsInput = { search: '' };
export const paths = selectPaths(alertsMachine, model.getShortestPaths({ input: INPUT } as never), eventKey);
