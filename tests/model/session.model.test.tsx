import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, vi } from 'vitest';
import type { ActorRefFrom, InspectionEvent } from 'xstate';
import { Route, Switch } from 'wouter';
import type { FranchiseUser, TokenResponse } from '@contract/auth.contract';
import { SessionBridge } from '../../src/app';
import { memberRole, sessionMachine, type Access, type SessionEvent } from '../../src/machines/session.machine';
import type { StoredSession } from '../../src/services/session-storage';
import { navItemsFor } from '../../src/routes';
import { GuardedLayout } from '../../src/views/session/guarded-layout.view';
import { SessionContext } from '../../src/views/shared/session.context';
import { SignedOutOnly } from '../../src/views/session/signed-out-only.view';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { renderView } from './support/render-view';
import { type ModelEvent, user, narrowed, paths, savedRestaurants, savedUser } from './models/session.model';

function renderSession(inspect: (event: InspectionEvent) => void) {
  const actors = {
    restore: controllableActor<StoredSession>(),
    fetchProfile: controllableActor<FranchiseUser>(),
    refresh: controllableActor<TokenResponse>(),
    logout: controllableActor<void>(),
    checkAccess: controllableActor<Access>(),
  };
  const storage = { saveSession: vi.fn(), saveUser: vi.fn(), saveAccess: vi.fn(), clearSession: vi.fn() };
  let session: ActorRefFrom<typeof sessionMachine> | undefined;
  function Probe() {
    session = SessionContext.useActorRef();
    return null;
  }
  /** Stands in for the branch pickers, which read the session's restaurants. */
  function Branches() {
    const names = SessionContext.useSelector((s) => s.context.restaurants.map((r) => r.name).join(', '));
    return <p data-testid="branches">{names}</p>;
  }
  const view = renderView(
    (effects) => (
      <SessionContext.Provider
        options={{ inspect }}
        logic={sessionMachine.provide({
          actors: {
            restore: actors.restore.logic,
            fetchProfile: actors.fetchProfile.logic,
            refresh: actors.refresh.logic,
            logout: actors.logout.logic,
            checkAccess: actors.checkAccess.logic,
          },
          actions: {
            ...effects,
            saveSession: (_, s) => storage.saveSession(s),
            saveUser: (_, u) => storage.saveUser(u),
            saveAccess: (_, a) => storage.saveAccess(a),
            clearSession: () => storage.clearSession(),
          },
        })}
      >
        <Probe />
        <SessionBridge />
        <Switch>
          <Route path="/">
            <SignedOutOnly>
              <p>Sign-in form</p>
            </SignedOutOnly>
          </Route>
          <Route path="/dashboard">
            <GuardedLayout navFor={navItemsFor}>
              <p>Console content</p>
              <Branches />
            </GuardedLayout>
          </Route>
        </Switch>
      </SessionContext.Provider>
    ),
    { path: '/dashboard' },
  );
  return { ...view, actors, storage, send: (event: SessionEvent) => act(() => session!.send(event)) };
}

// The background renewal (invoke id `renew`) runs the refresh logic; the sync after a save (`sync`) the restore logic.
const SETTLED_BY: Record<string, 'refresh' | 'restore'> = { renew: 'refresh', sync: 'restore' };

describe('session machine × guarded layout and app shell (model-based)', () => {
  runModel(sessionMachine, paths, (inspect) => {
    const visitor = userEvent.setup();
    const { actors, storage, send, location } = renderSession(inspect);

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        const settled = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(e.type)?.[1];
        if (settled) await act(async () => actors[SETTLED_BY[settled] ?? (settled as keyof typeof actors)].settle(e));
        else if (e.type === 'session.logout') await visitor.click(screen.getByRole('button', { name: 'Logout' }));
        else if (e.type === 'session.retry') await visitor.click(screen.getByRole('button', { name: 'Retry' }));
        else if (e.type === 'session.focused') fireEvent.focus(window);
        else await send(e as SessionEvent);
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        if (state.hasTag('loading')) {
          // Each loading state says what it is waiting for.
          const label = state.matches({ checking: 'fetchingProfile' })
            ? 'Loading your profile'
            : state.matches('refreshing')
              ? 'Renewing your session'
              : 'Restoring your session';
          expect(await screen.findByRole('status', { name: label })).toBeInTheDocument();
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
          // The shell names the user; after a save, the stored user and restaurants show at once.
          const shown = e.type === 'xstate.done.actor.sync' ? savedUser : state.context.user!;
          expect(screen.getAllByTestId('shell-account')[0]).toHaveTextContent(shown.name);
          if (e.type === 'xstate.done.actor.sync') {
            expect(screen.getByTestId('branches')).toHaveTextContent(savedRestaurants.map((r) => r.name).join(', '));
          }
          // The member's access as the server said it: stored, and the sidebar and the branches follow at once.
          if (e.type === 'xstate.done.actor.checkAccess') {
            expect(storage.saveAccess).toHaveBeenLastCalledWith(narrowed);
            expect(screen.getByTestId('branches')).toHaveTextContent(/^Parramatta$/);
          }
          // Each check asks the server afresh: one call per visit of checkingAccess.
          if (state.matches({ signedIn: 'checkingAccess' })) expect(actors.checkAccess.pending()).toBe(1);
          expect(screen.queryByRole('link', { name: 'Team' }) !== null).toBe(memberRole(state) === 'owner');
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
    };
  });
});
