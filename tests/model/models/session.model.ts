// The model of the sessionMachine: the events the tests may send and how graph vertices are told apart. Shared by
// the model-based test and the QA document generator (scripts/machine-docs.ts).
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { FranchiseUser, Restaurant, TokenResponse } from '@contract/auth.contract';
import { sessionMachine, type Access, type SessionEvent } from '../../../src/machines/session.machine';
import { ApiError } from '../../../src/services/api-error';
import type { StoredSession } from '../../../src/services/session-storage';
import { fakeJwt } from '../../unit/support/jwt';
import { selectPaths } from '../support/inventory';
import { eventKey } from '../support/event-key';

export type Snapshot = SnapshotFrom<typeof sessionMachine>;
export type ModelEvent =
  | SessionEvent
  | { type: 'xstate.done.actor.restore'; output: StoredSession }
  | { type: 'xstate.error.actor.restore'; error: unknown }
  | { type: 'xstate.done.actor.fetchProfile'; output: FranchiseUser }
  | { type: 'xstate.error.actor.fetchProfile'; error: unknown }
  | { type: 'xstate.done.actor.refresh'; output: TokenResponse }
  | { type: 'xstate.error.actor.refresh'; error: unknown }
  | { type: 'xstate.after.renewDue.session.signedIn.active' }
  | { type: 'xstate.done.actor.renew'; output: TokenResponse }
  | { type: 'xstate.error.actor.renew'; error: unknown }
  | { type: 'xstate.done.actor.sync'; output: StoredSession }
  | { type: 'xstate.error.actor.sync'; error: unknown }
  | { type: 'xstate.done.actor.logout'; output: undefined }
  | { type: 'xstate.error.actor.logout'; error: unknown }
  | { type: 'xstate.done.actor.checkAccess'; output: Access }
  | { type: 'xstate.error.actor.checkAccess'; error: unknown };

// Fixed instants (2100 and 2020), so generated paths and the QA document do not change from run to run.
export const VALID = fakeJwt(4_102_444_800);
export const EXPIRED = fakeJwt(1_577_836_800);
export const user = { id: 1, name: 'Olivia', franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' } } as FranchiseUser;
export const restaurants = [
  { id: 7, name: 'Parramatta' },
  { id: 9, name: 'Bondi Beach' },
] as Restaurant[];
/** What the server says after an owner made Olivia a manager of Parramatta only: the sidebar and the branches narrow. */
export const narrowed: Access = { user: { ...user, role: 'manager' }, restaurants: [{ id: 7, name: 'Parramatta' }] as Restaurant[] };
/** A branch the stored list holds and the narrowed one does not: its 404 means the list is out of date. */
export const LOST_BRANCH = 9;
/** What a profile save and a restaurant save stored: the shell and the branch list must show them. */
export const savedUser = { ...user, name: 'Olivia Chen' } as FranchiseUser;
export const savedRestaurants = [{ id: 7, name: 'Parramatta Central' }] as Restaurant[];

export const EVENTS: ModelEvent[] = [
  { type: 'xstate.done.actor.restore', output: { token: null, user: null, restaurants: [] } },
  { type: 'xstate.done.actor.restore', output: { token: EXPIRED, user, restaurants } },
  { type: 'xstate.done.actor.restore', output: { token: VALID, user, restaurants } },
  { type: 'xstate.done.actor.restore', output: { token: VALID, user: null, restaurants } },
  { type: 'xstate.error.actor.restore', error: new Error('storage is blocked') },
  { type: 'xstate.done.actor.fetchProfile', output: user },
  { type: 'xstate.error.actor.fetchProfile', error: new ApiError('Unauthenticated', 401) },
  { type: 'xstate.error.actor.fetchProfile', error: new ApiError('Database unavailable', 503) },
  { type: 'xstate.done.actor.refresh', output: { access_token: VALID, token_type: 'bearer', expires_in: 3600, user } },
  { type: 'xstate.error.actor.refresh', error: new ApiError('Token refresh failed', 401) },
  { type: 'session.logout' },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: new ApiError('Logout failed', 0) },
  { type: 'session.expired' },
  { type: 'xstate.after.renewDue.session.signedIn.active' },
  { type: 'xstate.done.actor.renew', output: { access_token: VALID, token_type: 'bearer', expires_in: 3600, user } },
  { type: 'xstate.error.actor.renew', error: new ApiError('Unauthenticated', 401) },
  { type: 'xstate.error.actor.renew', error: new ApiError('Connection failed', 0) },
  { type: 'session.retry' },
  { type: 'session.storageChanged' },
  { type: 'xstate.done.actor.sync', output: { token: VALID, user: savedUser, restaurants: savedRestaurants } },
  { type: 'xstate.done.actor.sync', output: { token: null, user: null, restaurants: [] } },
  { type: 'xstate.error.actor.sync', error: new Error('storage is blocked') },
  { type: 'session.signedIn', session: { token: VALID, user, restaurants, remember: true } },
  { type: 'session.focused' },
  { type: 'session.restaurantMissing', restaurantId: LOST_BRANCH },
  { type: 'xstate.done.actor.checkAccess', output: narrowed },
  { type: 'xstate.error.actor.checkAccess', error: new ApiError('Connection failed', 0) },
];

export const model = new TestModel(sessionMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => s.can(e as SessionEvent)) as SessionEvent[],
  // The state it came from too: a transition defined on a parent must be taken from each of its leaves. The stored
  // restaurants decide whether a refused one is out of date.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([s.value, s.context.user?.name ?? null, s.context.restaurants.map((r) => r.id), eventKey(event), previous?.value]),
});
export const paths = selectPaths(sessionMachine, model.getShortestPaths(), eventKey);
