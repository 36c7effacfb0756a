import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { Route, Switch } from 'wouter';
import type { FranchiseUser, Restaurant, TokenResponse } from '../../server/contract/auth.contract';
import { sessionMachine, type SessionEvent } from '../../src/machines/session.machine';
import { ApiError } from '../../src/services/api-error';
import type { StoredSession } from '../../src/services/session-storage';
import { GuardedLayout } from '../../src/views/session/guarded-layout.view';
import { SessionContext } from '../../src/views/session/session.context';
import { SignedOutOnly } from '../../src/views/session/signed-out-only.view';
import { fakeJwt } from '../unit/support/jwt';
import { coverageRecorder, modelSuiteChecks, selectPaths } from './support/coverage';
import { controllableActor } from './support/deferred';
import { eventKey, runPath } from './support/model-runner';
import { renderView } from './support/render-view';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type ModelEvent =
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
  | { type: 'xstate.done.actor.logout'; output: undefined }
  | { type: 'xstate.error.actor.logout'; error: unknown };

const nowSeconds = Math.floor(Date.now() / 1000);
const VALID = fakeJwt(nowSeconds + 3600);
const EXPIRED = fakeJwt(nowSeconds - 3600);
const user = { id: 1, name: 'Olivia', franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' } } as FranchiseUser;
const restaurants = [{ id: 7, name: 'Parramatta' }] as Restaurant[];

const EVENTS: ModelEvent[] = [
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
  { type: 'session.signedIn', session: { token: VALID, user, restaurants, remember: true } },
];

const model = new TestModel(sessionMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => s.can(e as SessionEvent)) as SessionEvent[],
  // The state it came from too: a transition defined on a parent must be taken from each of its leaves.
  serializeState: (s: Snapshot, event, previous) => JSON.stringify([s.value, s.context.user !== null, eventKey(event), previous?.value]),
});
const paths = selectPaths(sessionMachine, model.getShortestPaths(), eventKey);
const recorder = coverageRecorder(sessionMachine);

function renderSession() {
  const actors = {
    restore: controllableActor<StoredSession>(),
    fetchProfile: controllableActor<FranchiseUser>(),
    refresh: controllableActor<TokenResponse>(),
    logout: controllableActor<void>(),
  };
  const storage = { saveSession: vi.fn(), saveUser: vi.fn(), clearSession: vi.fn() };
  let session: ActorRefFrom<typeof sessionMachine> | undefined;
  function Probe() {
    session = SessionContext.useActorRef();
    return null;
  }
  const view = renderView(
    (effects) => (
      <SessionContext.Provider
        options={{ inspect: recorder.inspect }}
        logic={sessionMachine.provide({
          actors: {
            restore: actors.restore.logic,
            fetchProfile: actors.fetchProfile.logic,
            refresh: actors.refresh.logic,
            logout: actors.logout.logic,
          },
          actions: {
            ...effects,
            saveSession: (_, s) => storage.saveSession(s),
            saveUser: (_, u) => storage.saveUser(u),
            clearSession: () => storage.clearSession(),
          },
        })}
      >
        <Probe />
        <Switch>
          <Route path="/">
            <SignedOutOnly>
              <p>Sign-in form</p>
            </SignedOutOnly>
          </Route>
          <Route path="/dashboard">
            <GuardedLayout>
              <p>Console content</p>
            </GuardedLayout>
          </Route>
        </Switch>
      </SessionContext.Provider>
    ),
    { path: '/dashboard' },
  );
  return { ...view, actors, storage, send: (event: SessionEvent) => act(() => session!.send(event)) };
}

describe('session machine × guarded layout and app shell (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    recorder.startPath(path.description);
    const visitor = userEvent.setup();
    const { actors, storage, send, location } = renderSession();
    const settle = (id: keyof typeof actors, e: { output?: unknown; error?: unknown }, done: boolean) =>
      act(async () => (done ? actors[id].resolve(e.output as never) : actors[id].reject(e.error)));

    await runPath(path, recorder, {
      perform: async (event) => {
        const e = event as ModelEvent;
        const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
        // The background renewal invokes the same refresh actor as the start-up refresh.
        if (settled)
          await settle((settled[2] === 'renew' ? 'refresh' : settled[2]) as keyof typeof actors, e as never, settled[1] === 'done');
        else if (e.type === 'session.logout') await visitor.click(screen.getByRole('button', { name: 'Logout' }));
        else if (e.type === 'session.retry') await visitor.click(screen.getByRole('button', { name: 'Retry' }));
        else await send(e as SessionEvent);
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        if (state.hasTag('loading')) {
          expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
          expect(screen.queryByText('Console content')).not.toBeInTheDocument();
          return;
        }
        if (state.matches('signedIn')) {
          // Renewal happens in the background: the console never gives way to a loading screen.
          expect(await screen.findByText('Console content')).toBeInTheDocument();
          if (e.type === 'xstate.done.actor.renew') expect(storage.saveUser).toHaveBeenLastCalledWith(user);
          await waitFor(() => expect(location.history.at(-1)).toBe('/dashboard'));
          expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
          expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
          if (e.type === 'session.signedIn') expect(storage.saveSession).toHaveBeenCalledWith(e.session);
          if (e.type === 'xstate.done.actor.fetchProfile') expect(storage.saveUser).toHaveBeenCalledWith(user);
          return;
        }
        if (state.matches('loggingOut')) {
          await waitFor(() => expect(screen.getByRole('button', { name: 'Logout' })).toBeDisabled());
          expect(storage.clearSession).not.toHaveBeenCalled();
          return;
        }
        if (state.matches('error')) {
          expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
          expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
          return;
        }
        // signedOut: the guard sends the visitor to the sign-in page, replacing history.
        expect(await screen.findByText('Sign-in form')).toBeInTheDocument();
        await waitFor(() => expect(location.history.at(-1)).toBe('/'));
        expect(screen.queryByText('Console content')).not.toBeInTheDocument();
        const cleared = !(e.type === 'xstate.done.actor.restore' && e.output.token === null);
        if (cleared) expect(storage.clearSession).toHaveBeenCalled();
        if (e.type === 'xstate.done.actor.logout' || e.type === 'xstate.error.actor.logout') {
          expect(await screen.findByText('Logged Out!')).toBeInTheDocument();
        }
      },
    });
  });

  modelSuiteChecks(sessionMachine, recorder, paths.length);
});
