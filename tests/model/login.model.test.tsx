import { screen, waitFor, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { FranchiseUser, LoginInput } from '../../server/contract/auth.contract';
import { loginMachine, type LoginEvent } from '../../src/machines/login.machine';
import { ApiError } from '../../src/services/api-error';
import type { SignedIn } from '../../src/services/auth.service';
import { LoginContext, LoginView } from '../../src/views/auth/login.view';
import { coverageRecorder, modelSuiteChecks, selectPaths } from './support/coverage';
import { controllableActor } from './support/deferred';
import { eventKey, runPath } from './support/model-runner';
import { renderView } from './support/render-view';

type Snapshot = SnapshotFrom<typeof loginMachine>;
type ModelEvent = LoginEvent | { type: 'xstate.done.actor.login'; output: SignedIn } | { type: 'xstate.error.actor.login'; error: unknown };

const EMAIL = 'owner@example.com';
const PASSWORD = 'demo-password';
const signedIn: SignedIn = {
  token: 'header.payload.signature',
  user: { id: 1, name: 'Olivia', franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' } } as FranchiseUser,
  restaurants: [],
};

const EVENTS: ModelEvent[] = [
  { type: 'login.change', field: 'email', value: EMAIL },
  { type: 'login.change', field: 'password', value: PASSWORD },
  { type: 'login.remember', value: true },
  { type: 'login.submit' },
  { type: 'xstate.done.actor.login', output: signedIn },
  { type: 'xstate.error.actor.login', error: new ApiError('Invalid email or password', 401) },
  { type: 'xstate.error.actor.login', error: new TypeError('boom') },
];

const model = new TestModel(loginMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => s.can(e as LoginEvent)) as LoginEvent[],
  // Field emptiness and the arriving event keep every transition on some shortest path.
  serializeState: (s: Snapshot, event) =>
    JSON.stringify([s.value, s.context.email !== '', s.context.password !== '', s.context.remember, eventKey(event)]),
});
const paths = selectPaths(loginMachine, model.getShortestPaths(), eventKey);
const recorder = coverageRecorder(loginMachine);

function renderLogin() {
  const login = controllableActor<SignedIn, LoginInput>();
  const reportSignedIn = vi.fn();
  const view = renderView((effects) => (
    <LoginContext.Provider
      options={{ inspect: recorder.inspect }}
      logic={loginMachine.provide({
        actors: { login: login.logic },
        actions: { ...effects, reportSignedIn: (_, session) => reportSignedIn(session) },
      })}
    >
      <LoginView />
    </LoginContext.Provider>
  ));
  return { ...view, login, reportSignedIn };
}

describe('login machine × login view (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    recorder.startPath(path.description);
    const user = userEvent.setup();
    const { login, reportSignedIn, location } = renderLogin();
    const email = () => screen.getByLabelText('Email');
    const password = () => screen.getByLabelText('Password');

    await runPath(path, recorder, {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'login.change') await user.type(e.field === 'email' ? email() : password(), e.value);
        else if (e.type === 'login.remember') await user.click(screen.getByLabelText('Remember me'));
        else if (e.type === 'login.submit') await user.click(screen.getByRole('button', { name: 'Sign In' }));
        else if (e.type === 'xstate.done.actor.login') await act(async () => login.resolve(e.output));
        else await act(async () => login.reject(e.error));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        if (state.matches('submitting')) {
          expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
          expect(email()).toBeDisabled();
          expect(password()).toBeDisabled();
          expect(screen.getByLabelText('Remember me')).toBeDisabled();
          expect(login.inputs.at(-1)).toEqual({ email: EMAIL, password: PASSWORD });
          return;
        }
        if (state.matches('success')) {
          expect(await screen.findByText('Logged In!')).toBeInTheDocument();
          await waitFor(() => expect(location.history.at(-1)).toBe('/dashboard'));
          // Replaced, not pushed: Back does not return to the sign-in page.
          expect(location.history).toEqual(['/dashboard']);
          expect(reportSignedIn).toHaveBeenCalledWith({ ...signedIn, remember: state.context.remember });
          return;
        }
        // idle
        await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled());
        expect(screen.getByRole('heading', { name: 'Franchise Console' })).toBeInTheDocument();
        expect(screen.getByText('Sign in to access analytics')).toBeInTheDocument();
        expect(email()).toHaveAttribute('type', 'email');
        expect(email()).toBeEnabled();
        expect(email()).toHaveValue(state.context.email);
        expect(password()).toHaveValue(state.context.password);
        if (state.context.remember) expect(screen.getByLabelText('Remember me')).toBeChecked();
        expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
        expect(screen.getByText(/© 2025 .*Pty Ltd/)).toBeInTheDocument();
        if (e.type === 'login.submit') expect(await screen.findByText('Please enter both email and password')).toBeInTheDocument();
        if (e.type === 'xstate.error.actor.login') {
          const message = e.error instanceof ApiError ? e.error.message : 'An unexpected error occurred. Please try again.';
          expect(await screen.findByText(message)).toBeInTheDocument();
        }
        expect(location.history).toEqual(['/']);
      },
    });
  });

  modelSuiteChecks(loginMachine, recorder, paths.length);
});
