// The model of the activityMachine (the Activity page): the events the tests may send and how graph vertices are told
// apart. Shared by the model-based test and the QA document generator (scripts/machine-docs.ts). The log holds 60
// entries: two pages of 50 and 10; an old link to page 3 finds none there. The filters are a kind and two days (the
// first after the last, which Apply refuses); the page call answers the entries of the asked page, none, or fails.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { ActivityItem, ActivityMember, ActivityPage } from '@contract/activity.contract';
import { activityMachine, type ActivityEvent, type ActivityInput } from '../../../src/machines/activity.machine';
import { ApiError } from '../../../src/services/api-error';
import type { ExportFile } from '../../../src/services/page-reports.service';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof activityMachine>;
export type ModelEvent =
  | ActivityEvent
  | { type: 'xstate.done.actor.fetchPage'; output: ActivityPage }
  | { type: 'xstate.error.actor.fetchPage'; error: unknown }
  | { type: 'xstate.done.actor.fetchMembers'; output: ActivityMember[] }
  | { type: 'xstate.error.actor.fetchMembers'; error: unknown }
  | { type: 'xstate.done.actor.exportLog'; output: ExportFile }
  | { type: 'xstate.error.actor.exportLog'; error: unknown };

export const MEMBERS: ActivityMember[] = [
  { id: 1, name: 'Olivia Chen' },
  { id: 2, name: 'Liam Brown' },
];
export const TOTAL = 60;
/** Entry `n` of the log, newest first: Liam renames a restaurant, a minute apart. */
export const entry = (n: number): ActivityItem => ({
  at: new Date(Date.UTC(2026, 10, 24, 3, 0) - n * 60_000).toISOString(),
  user: { id: 2, name: 'Liam Brown' },
  action: 'updated',
  entity: 'restaurant',
  entity_id: '7',
  changes: { name: [`Parramatta ${n + 1}`, `Parramatta ${n}`] },
});
/** The entries of a page of the log (none past the last). */
export const pageOf = (page: number): ActivityPage => {
  const first = (page - 1) * 50;
  return { items: Array.from({ length: Math.max(0, Math.min(50, TOTAL - first)) }, (_, i) => entry(first + i)), page, total: TOTAL };
};
export const NONE: ActivityPage = { items: [], page: 1, total: 0 };
export const CSV_FILE: ExportFile = { blob: new Blob(['at,member\r\n']), filename: 'activity_2026-11-24.csv' };
export const PAGE_FAILURE = 'Database unavailable';
export const EXPORT_FAILURE = 'Too many exports in progress: try again in a minute';
export const MEMBERS_FAILURE = 'Failed to fetch the members';
export const LATER_FIRST = { from: '2026-11-20', to: '2026-11-10' } as const;

export const EVENTS: ModelEvent[] = [
  { type: 'activity.filter', field: 'entity', value: 'restaurant' },
  { type: 'activity.filter', field: 'from', value: LATER_FIRST.from },
  { type: 'activity.filter', field: 'to', value: LATER_FIRST.to },
  { type: 'activity.apply' },
  { type: 'activity.reset' },
  { type: 'activity.page', page: 2 },
  { type: 'activity.page', page: 1 },
  { type: 'activity.retry' },
  { type: 'activity.export' },
  { type: 'activity.urlChanged', search: '?page=3' },
  { type: 'activity.urlChanged', search: '?entity=restaurant' },
  { type: 'activity.urlChanged', search: '' },
  // The entries of the page asked for (see `answerFor`), or none at all.
  { type: 'xstate.done.actor.fetchPage', output: pageOf(1) },
  { type: 'xstate.done.actor.fetchPage', output: NONE },
  { type: 'xstate.error.actor.fetchPage', error: new ApiError(PAGE_FAILURE, 503) },
  { type: 'xstate.done.actor.fetchMembers', output: MEMBERS },
  { type: 'xstate.error.actor.fetchMembers', error: new ApiError(MEMBERS_FAILURE, 503) },
  { type: 'xstate.done.actor.exportLog', output: CSV_FILE },
  { type: 'xstate.error.actor.exportLog', error: new ApiError(EXPORT_FAILURE, 429) },
];

/** A log with entries answers the page asked for. */
const answerFor = (s: Snapshot, event: ModelEvent): ModelEvent =>
  event.type === 'xstate.done.actor.fetchPage' && event.output.total > 0 ? { ...event, output: pageOf(s.context.page) } : event;

function allowed(s: Snapshot, event: ModelEvent): boolean {
  const { draft } = s.context;
  // Each filter is set once, from nothing (Reset clears them).
  if (event.type === 'activity.filter') return draft[event.field] === null && s.can(event);
  // The members arrive while the first page loads, before anything is filtered, so the graph stays small.
  if (event.type.endsWith('fetchMembers')) {
    return s.matches({ members: 'loading' }) && s.matches({ log: 'loading' }) && s.context.page === 1;
  }
  // The URL may change at any time; one that shows what is applied changes nothing, so s.can() says no.
  return event.type === 'activity.urlChanged' || s.can(event as ActivityEvent);
}

export const model = new TestModel(activityMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)).map((e) => answerFor(s, e)) as ActivityEvent[],
  // The draft, applied filters, page and total choose the guards; the event and the state it came from keep each
  // transition (also one defined on a parent, from each of its leaves) on some shortest path.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([
      s.value,
      s.context.draft,
      s.context.applied,
      s.context.page,
      s.context.total,
      s.context.dateError !== null,
      eventKey(event),
      previous?.value,
    ]),
});

export const INPUT: ActivityInput = { search: '' };
export const paths = selectPaths(activityMachine, model.getShortestPaths({ input: INPUT } as never), eventKey);
