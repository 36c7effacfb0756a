// The model of the listMachine: the events the tests may send and how graph vertices are told apart. Shared by the
// model-based test and the QA document generator (scripts/machine-docs.ts). The fixture is a franchise's seven people:
// two pages of five; "CHEF" (any case) matches two of them by role, "zzz" none.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { listMachine, USER_SEARCH_FIELDS, type ListEvent, type ListInput, type ListItem } from '../../../src/machines/list.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof listMachine>;
export type ModelEvent =
  ListEvent | { type: 'xstate.done.actor.fetchItems'; output: ListItem[] } | { type: 'xstate.error.actor.fetchItems'; error: unknown };

export type Person = { id: number; name: string; city: string; state: string; restaurant: string; role: string };

export const PEOPLE: Person[] = [
  { id: 1, name: 'Ava Chen', city: 'Sydney', state: 'NSW', restaurant: 'Parramatta', role: 'Manager' },
  { id: 2, name: 'Liam Brown', city: 'Melbourne', state: 'VIC', restaurant: 'Southbank', role: 'Chef' },
  { id: 3, name: 'Noah Wilson', city: 'Brisbane', state: 'QLD', restaurant: 'Fortitude Valley', role: 'Waiter' },
  { id: 4, name: 'Mia Taylor', city: 'Sydney', state: 'NSW', restaurant: 'Bondi Beach', role: 'Chef' },
  { id: 5, name: 'Olivia Nguyen', city: 'Perth', state: 'WA', restaurant: 'Fremantle', role: 'Waiter' },
  { id: 6, name: 'Jack Smith', city: 'Adelaide', state: 'SA', restaurant: 'Glenelg', role: 'Manager' },
  { id: 7, name: 'Chloe Martin', city: 'Hobart', state: 'TAS', restaurant: 'Salamanca', role: 'Waiter' },
];
export const LIST_FAILURE = 'Database unavailable';

export const EVENTS: ModelEvent[] = [
  { type: 'list.search', query: 'CHEF' },
  { type: 'list.search', query: 'zzz' },
  { type: 'list.search', query: '' },
  { type: 'list.page', page: 2 },
  { type: 'list.page', page: 1 },
  { type: 'list.retry' },
  { type: 'list.urlChanged', search: '?page=2' },
  { type: 'list.urlChanged', search: '?q=zzz' },
  { type: 'list.urlChanged', search: '' },
  { type: 'list.reload' },
  { type: 'xstate.done.actor.fetchItems', output: PEOPLE },
  { type: 'xstate.done.actor.fetchItems', output: [] },
  { type: 'xstate.error.actor.fetchItems', error: new ApiError(LIST_FAILURE, 503) },
];

function allowed(s: Snapshot, event: ModelEvent): boolean {
  // Pasting the text the box already holds sends nothing.
  if (event.type === 'list.search' && s.context.query === event.query) return false;
  // The URL may change at any time; one that shows the current search and page changes nothing.
  return event.type === 'list.urlChanged' || s.can(event as ListEvent);
}

export const model = new TestModel(listMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as ListEvent[],
  // The search, page and items choose the guards; the state it came from keeps a transition defined on the root (a
  // search, the URL changing) on some shortest path from each of its leaves.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([s.value, s.context.query, s.context.page, s.context.items.length, eventKey(event), previous?.value]),
});

// The list starts at its bare address; the machine's input is the URL it mounted with.
export const INPUT: ListInput = { path: '/user', search: '', fields: USER_SEARCH_FIELDS };
export const paths = selectPaths(listMachine, model.getShortestPaths({ input: INPUT } as never), eventKey);
