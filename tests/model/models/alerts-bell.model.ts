// The model of the alertsBellMachine (the shell's bell): the events the tests may send and how graph vertices are told
// apart. Shared by the model-based test and the QA document generator (scripts/machine-docs.ts). The count answers 3,
// 120 (shown as 99+), 0 (no badge), or fails (the last count stays); the tab is hidden and shown again, the window is
// focused again, the member acknowledges an alert on the Alerts page, and the minute passes.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { alertsBellMachine, type AlertsBellEvent } from '../../../src/machines/alerts-bell.machine';
import { ApiError } from '../../../src/services/api-error';
import { eventKey } from '../support/event-key';
import { selectPaths } from '../support/inventory';

export type Snapshot = SnapshotFrom<typeof alertsBellMachine>;
export const TICK = 'xstate.after.pollInterval.alertsBell.visible.waiting';
export type ModelEvent =
  | AlertsBellEvent
  | { type: 'xstate.done.actor.fetchUnread'; output: number }
  | { type: 'xstate.error.actor.fetchUnread'; error: unknown }
  | { type: typeof TICK };

/** How many alerts the Alerts page offers to acknowledge: each refresh the test performs acknowledges one. */
export const ACKNOWLEDGEABLE = 6;

export const EVENTS: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchUnread', output: 3 },
  { type: 'xstate.done.actor.fetchUnread', output: 120 },
  { type: 'xstate.done.actor.fetchUnread', output: 0 },
  { type: 'xstate.error.actor.fetchUnread', error: new ApiError('Network error: the server could not be reached', 0) },
  { type: 'bell.hidden' },
  { type: 'bell.visible' },
  { type: 'bell.focused' },
  { type: 'bell.refresh' },
  { type: TICK },
];

function allowed(s: Snapshot, event: ModelEvent): boolean {
  const settles = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (settles) return (s.children as Record<string, unknown>)[settles] !== undefined;
  if (event.type === TICK) return s.matches({ visible: 'waiting' });
  return s.can(event as AlertsBellEvent);
}

export const model = new TestModel(alertsBellMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)) as AlertsBellEvent[],
  // The count shown and the event that led here (from which state) keep each transition on a shortest path.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([s.value, s.context.unread, eventKey(event), previous ? JSON.stringify(previous.value) : null]),
});

export const paths = selectPaths(alertsBellMachine, model.getShortestPaths(), eventKey);
