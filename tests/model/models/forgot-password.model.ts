// The model of the forgotPasswordMachine: the events the tests may send and how graph vertices are told apart. Shared by
// the model-based test and the QA document generator (scripts/machine-docs.ts).
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { forgotPasswordMachine, type ForgotPasswordEvent } from '../../../src/machines/forgot-password.machine';
import { ApiError } from '../../../src/services/api-error';
import { selectPaths } from '../support/inventory';
import { eventKey } from '../support/event-key';

export type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;
export type ModelEvent =
  | ForgotPasswordEvent
  | { type: 'xstate.done.actor.requestReset'; output: undefined }
  | { type: 'xstate.error.actor.requestReset'; error: unknown };

export const EMAIL = 'owner@example.com';
export const EVENTS: ModelEvent[] = [
  { type: 'forgot.change', value: EMAIL },
  { type: 'forgot.submit' },
  { type: 'xstate.done.actor.requestReset', output: undefined },
  { type: 'xstate.error.actor.requestReset', error: new ApiError('Too many requests', 429) },
];

export const model = new TestModel(forgotPasswordMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => s.can(e as ForgotPasswordEvent)) as ForgotPasswordEvent[],
  serializeState: (s: Snapshot, event) => JSON.stringify([s.value, s.context.email !== '', eventKey(event)]),
});
export const paths = selectPaths(forgotPasswordMachine, model.getShortestPaths(), eventKey);
