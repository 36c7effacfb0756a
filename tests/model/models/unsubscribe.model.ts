// The model of the unsubscribeMachine (the public /unsubscribe page of a report mail's link): the events the tests may
// send and how graph vertices are told apart. Shared by the model-based test and the QA document generator
// (scripts/machine-docs.ts). Reading the link and using it each answer with the report mail, 404 (unknown or used),
// 422 (not a link's token) or a network failure; the member presses Unsubscribe, or Retry after a failed read.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { UnsubscribeTarget } from '@contract/api/report-subscriptions.calls';
import { UNSUBSCRIBE_NOT_FOUND_MESSAGE } from '@contract/presentation/labels';
import { unsubscribeMachine, type UnsubscribeEvent } from '../../../src/machines/unsubscribe.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof unsubscribeMachine>;
type Settle<Id extends string> =
  { type: `xstate.done.actor.${Id}`; output: UnsubscribeTarget } | { type: `xstate.error.actor.${Id}`; error: unknown };
export type ModelEvent = UnsubscribeEvent | Settle<'describeLink'> | Settle<'useLink'>;

export const TOKEN = 'A'.repeat(43);
export const TARGET: UnsubscribeTarget = { page: 'revenue', range: '7days', frequency: 'weekly' };
export const NETWORK = 'Network error: the server could not be reached';

const failures = (id: 'describeLink' | 'useLink'): ModelEvent[] => [
  { type: `xstate.error.actor.${id}`, error: new ApiError(UNSUBSCRIBE_NOT_FOUND_MESSAGE, 404) },
  { type: `xstate.error.actor.${id}`, error: new ApiError('token: must be the token of an unsubscribe link', 422) },
  { type: `xstate.error.actor.${id}`, error: new ApiError(NETWORK, 0) },
];

export const EVENTS: ModelEvent[] = [
  { type: 'xstate.done.actor.describeLink', output: TARGET },
  ...failures('describeLink'),
  { type: 'xstate.done.actor.useLink', output: TARGET },
  ...failures('useLink'),
  { type: 'unsubscribe.confirm' },
  { type: 'unsubscribe.retry' },
];

function allowed(s: Snapshot, event: ModelEvent): boolean {
  const settles = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (settles) return (s.children as Record<string, unknown>)[settles] !== undefined;
  return s.can(event as UnsubscribeEvent);
}

export const model = new TestModel(unsubscribeMachine, {
  input: { token: TOKEN },
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as UnsubscribeEvent[],
  // The failure on show and the event that led here keep each transition on a shortest path.
  serializeState: (s: Snapshot, event) => JSON.stringify([s.value, s.context.error?.status ?? null, eventKey(event)]),
});

export const paths = selectPaths(unsubscribeMachine, model.getShortestPaths(), eventKey);
