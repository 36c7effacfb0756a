// The model of the gettingStartedMachine (an owner's first steps on the dashboard): the events the tests may send and how
// graph vertices are told apart. Shared by the model-based test and the QA document generator (scripts/machine-docs.ts).
// Reading the steps answers steps to show (two of four done), a franchise already trading, steps dismissed before, or a
// network failure; dismissing answers the steps dismissed or fails; the owner presses Dismiss, or Retry after a failed read.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { GettingStarted } from '@contract/api/getting-started.calls';
import { gettingStartedMachine, type GettingStartedEvent } from '../../../src/machines/getting-started.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof gettingStartedMachine>;
type Settle<Id extends string> =
  { type: `xstate.done.actor.${Id}`; output: GettingStarted } | { type: `xstate.error.actor.${Id}`; error: unknown };
export type ModelEvent = GettingStartedEvent | Settle<'readSteps'> | Settle<'dismissSteps'>;

export const NETWORK = 'Network error: the server could not be reached';
const steps = { restaurants: true, trade_source: true, team: false, alerts: false };
export const STARTING: GettingStarted = { steps, trading: false, dismissed: false };
export const TRADING: GettingStarted = { steps, trading: true, dismissed: false };
export const DISMISSED: GettingStarted = { steps, trading: false, dismissed: true };

export const EVENTS: ModelEvent[] = [
  { type: 'xstate.done.actor.readSteps', output: STARTING },
  { type: 'xstate.done.actor.readSteps', output: TRADING },
  { type: 'xstate.done.actor.readSteps', output: DISMISSED },
  { type: 'xstate.error.actor.readSteps', error: new ApiError(NETWORK, 0) },
  { type: 'xstate.done.actor.dismissSteps', output: DISMISSED },
  { type: 'xstate.error.actor.dismissSteps', error: new ApiError(NETWORK, 0) },
  { type: 'gettingStarted.dismiss' },
  { type: 'gettingStarted.retry' },
];

function allowed(s: Snapshot, event: ModelEvent): boolean {
  const settles = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (settles) return (s.children as Record<string, unknown>)[settles] !== undefined;
  return s.can(event as GettingStartedEvent);
}

export const model = new TestModel(gettingStartedMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as GettingStartedEvent[],
  // The failure on show, what the steps say and the event that led here keep each transition on a shortest path.
  serializeState: (s: Snapshot, event) =>
    JSON.stringify([
      s.value,
      s.context.error?.status ?? null,
      s.context.steps?.trading ?? null,
      s.context.steps?.dismissed ?? null,
      eventKey(event),
    ]),
});

export const paths = selectPaths(gettingStartedMachine, model.getShortestPaths(), eventKey);
