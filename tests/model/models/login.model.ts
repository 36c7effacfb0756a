// The model of the loginMachine: the events the tests may send and how graph vertices are told apart. Shared by
// the model-based test and the QA document generator (scripts/machine-docs.ts).
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { FranchiseUser } from '@contract/auth.contract';
import { loginMachine, type LoginEvent } from '../../../src/machines/login.machine';
import { ApiError } from '../../../src/services/api-error';
import type { SignedIn } from '../../../src/services/auth.service';
import { selectPaths } from '../support/inventory';
import { eventKey } from '../support/event-key';

export type Snapshot = SnapshotFrom<typeof loginMachine>;
export type ModelEvent =
  | LoginEvent
  | { type: 'xstate.done.actor.login'; output: SignedIn }
  | { type: 'xstate.error.actor.login'; error: unknown }
  | { type: 'xstate.done.actor.consoleLoaded' }
  | { type: 'xstate.error.actor.consoleLoaded'; error: unknown };

export const EMAIL = 'owner@example.com';
export const PASSWORD = 'demo-password';
export const signedIn: SignedIn = {
  token: 'header.payload.signature',
  user: { id: 1, name: 'Olivia', franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' } } as FranchiseUser,
  restaurants: [],
};

export const EVENTS: ModelEvent[] = [
  { type: 'login.change', field: 'email', value: EMAIL },
  { type: 'login.change', field: 'password', value: PASSWORD },
  { type: 'login.remember', value: true },
  { type: 'login.submit' },
  { type: 'xstate.done.actor.login', output: signedIn },
  { type: 'xstate.error.actor.login', error: new ApiError('Invalid email or password', 401) },
  { type: 'xstate.error.actor.login', error: new TypeError('boom') },
  { type: 'xstate.done.actor.consoleLoaded' },
  { type: 'xstate.error.actor.consoleLoaded', error: new TypeError('Failed to fetch dynamically imported module') },
];

export const model = new TestModel(loginMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => s.can(e as LoginEvent)) as LoginEvent[],
  // Field emptiness and the arriving event keep every transition on some shortest path.
  serializeState: (s: Snapshot, event) =>
    JSON.stringify([s.value, s.context.email !== '', s.context.password !== '', s.context.remember, eventKey(event)]),
});
export const paths = selectPaths(loginMachine, model.getShortestPaths(), eventKey);
