// The model of the changePasswordMachine: the events the tests may send and how graph vertices are told apart. Shared by
// the model-based test and the QA document generator (scripts/machine-docs.ts).
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { PasswordLink } from '@contract/api/auth.calls';
import type { FranchiseUser } from '@contract/auth.contract';
import { changePasswordMachine, type ChangePasswordEvent } from '../../../src/machines/change-password.machine';
import { ApiError } from '../../../src/services/api-error';
import type { SignedIn } from '../../../src/services/auth.service';
import { selectPaths } from '../support/inventory';
import { eventKey } from '../support/event-key';

export type Snapshot = SnapshotFrom<typeof changePasswordMachine>;
export type ModelEvent =
  | ChangePasswordEvent
  | { type: 'xstate.done.actor.describeLink'; output: PasswordLink }
  | { type: 'xstate.error.actor.describeLink'; error: unknown }
  | { type: 'xstate.done.actor.resetPassword'; output: SignedIn | null }
  | { type: 'xstate.error.actor.resetPassword'; error: unknown }
  | { type: 'xstate.done.actor.consoleLoaded' }
  | { type: 'xstate.error.actor.consoleLoaded'; error: unknown };

export const TOKEN = 'reset-token-0123456789abcdef';
export const SECRET = 'a-new-secret-1';
export const RESET_LINK: PasswordLink = {
  kind: 'reset',
  email: 'owner@example.com',
  franchise: 'Harbour Eats Group',
  inviter: null,
  role: 'owner',
  restaurants: [],
};
export const INVITATION: PasswordLink = {
  kind: 'invitation',
  email: 'nadia.manager@example.com',
  franchise: 'Harbour Eats Group',
  inviter: 'Olivia Owner',
  role: 'manager',
  restaurants: ['Harbour Eats Bondi', 'Harbour Eats Parramatta'],
};
export const JOINED: SignedIn = {
  token: 'header.payload.signature',
  user: { id: 7, name: 'Nadia Manager', franchise: { id: 1, name: 'Harbour Eats Group', time_zone: 'Australia/Sydney' } } as FranchiseUser,
  restaurants: [],
};

export const EVENTS: ModelEvent[] = [
  { type: 'xstate.done.actor.describeLink', output: RESET_LINK },
  { type: 'xstate.done.actor.describeLink', output: INVITATION },
  { type: 'xstate.error.actor.describeLink', error: new ApiError('This link is invalid, used or expired.', 404) },
  { type: 'xstate.error.actor.describeLink', error: new ApiError('Could not read this link. Please try again.', 0) },
  { type: 'link.retry' },
  { type: 'password.change', field: 'password', value: SECRET },
  { type: 'password.change', field: 'confirmation', value: 'x' },
  { type: 'password.change', field: 'confirmation', value: SECRET },
  { type: 'password.submit' },
  { type: 'xstate.done.actor.resetPassword', output: null },
  { type: 'xstate.done.actor.resetPassword', output: JOINED },
  { type: 'xstate.error.actor.resetPassword', error: new ApiError('This reset link is invalid or has expired', 400) },
  { type: 'xstate.error.actor.resetPassword', error: new TypeError('boom') },
  { type: 'xstate.done.actor.consoleLoaded' },
  { type: 'xstate.error.actor.consoleLoaded', error: new TypeError('Failed to fetch dynamically imported module') },
];

/** A reset's link answers no session, an invitation's one: the model sends only what the server would. */
const fits = (s: Snapshot, e: ModelEvent) =>
  e.type !== 'xstate.done.actor.resetPassword' || (e.output === null) === (s.context.link?.kind === 'reset');

export const model = new TestModel(changePasswordMachine, {
  input: { token: TOKEN },
  events: (s: Snapshot) =>
    // Typing appends, so a field is only typed into while empty (the model's values stay what the user sees).
    EVENTS.filter(
      (e) => s.can(e as ChangePasswordEvent) && fits(s, e) && !(e.type === 'password.change' && s.context[e.field] !== ''),
    ) as ChangePasswordEvent[],
  serializeState: (s: Snapshot, event) =>
    JSON.stringify([s.value, s.context.link?.kind ?? null, s.context.password, s.context.confirmation, eventKey(event)]),
});
export const paths = selectPaths(changePasswordMachine, model.getShortestPaths(), eventKey);
