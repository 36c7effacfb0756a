// The model of the changePasswordMachine: the events the tests may send and how graph vertices are told apart. Shared by
// the model-based test and the QA document generator (scripts/machine-docs.ts).
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { changePasswordMachine, type ChangePasswordEvent } from '../../../src/machines/change-password.machine';
import { ApiError } from '../../../src/services/api-error';
import { selectPaths } from '../support/inventory';
import { eventKey } from '../support/event-key';

export type Snapshot = SnapshotFrom<typeof changePasswordMachine>;
export type ModelEvent =
  | ChangePasswordEvent
  | { type: 'xstate.done.actor.resetPassword'; output: undefined }
  | { type: 'xstate.error.actor.resetPassword'; error: unknown };

export const TOKEN = 'reset-token-0123456789abcdef';
export const SECRET = 'a-new-secret-1';
export const EVENTS: ModelEvent[] = [
  { type: 'password.change', field: 'password', value: SECRET },
  { type: 'password.change', field: 'confirmation', value: 'x' },
  { type: 'password.change', field: 'confirmation', value: SECRET },
  { type: 'password.submit' },
  { type: 'xstate.done.actor.resetPassword', output: undefined },
  { type: 'xstate.error.actor.resetPassword', error: new ApiError('This reset link is invalid or has expired', 400) },
  { type: 'xstate.error.actor.resetPassword', error: new TypeError('boom') },
];

export const model = new TestModel(changePasswordMachine, {
  input: { token: TOKEN },
  events: (s: Snapshot) =>
    // Typing appends, so a field is only typed into while empty (the model's values stay what the user sees).
    EVENTS.filter(
      (e) => s.can(e as ChangePasswordEvent) && !(e.type === 'password.change' && s.context[e.field] !== ''),
    ) as ChangePasswordEvent[],
  serializeState: (s: Snapshot, event) => JSON.stringify([s.value, s.context.password, s.context.confirmation, eventKey(event)]),
});
export const paths = selectPaths(changePasswordMachine, model.getShortestPaths(), eventKey);
