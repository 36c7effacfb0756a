import { screen, waitFor, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, vi } from 'vitest';
import type { LoginInput } from '@contract/auth.contract';
import type { InspectionEvent } from 'xstate';
import { loginMachine } from '../../src/machines/login.machine';
import { ApiError } from '../../src/services/api-error';
import type { SignedIn } from '../../src/services/auth.service';
import { LoginContext, LoginView } from '../../src/views/auth/login.view';
import { controllableActor } from './support/deferred';
import { runModel } from './support/model-runner';
import { renderView } from './support/render-view';
import { type ModelEvent, EMAIL, PASSWORD, signedIn, paths } from './models/login.model';

function renderLogin(inspect: (event: InspectionEvent) => void) {
  const login = controllableActor<SignedIn, LoginInput>();
  const consoleLoaded = controllableActor<void>();
  const reportSignedIn = vi.fn();
  const preloadConsole = vi.fn();
  const prefetchDashboard = vi.fn();
  const view = renderView((effects) => (
    <LoginContext.Provider
      options={{ inspect }}
      logic={loginMachine.provide({
        actors: { login: login.logic, consoleLoaded: consoleLoaded.logic },
        actions: {
          ...effects,
          preloadConsole,
          prefetchDashboard: (_, token) => prefetchDashboard(token),
          reportSignedIn: (_, session) => reportSignedIn(session),
        },
      })}
    >
      <LoginView />
    </LoginContext.Provider>
  ));
  return { ...view, login, consoleLoaded, reportSignedIn, preloadConsole, prefetchDashboard };
}

describe('login machine × login view (model-based)', () => {
  runModel(loginMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const { login, consoleLoaded, reportSignedIn, preloadConsole, prefetchDashboard, location } = renderLogin(inspect);
    const email = () => screen.getByLabelText('Email');
    const password = () => screen.getByLabelText('Password');

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'login.change') await user.type(e.field === 'email' ? email() : password(), e.value);
        else if (e.type === 'login.remember') await user.click(screen.getByLabelText('Remember me'));
        else if (e.type === 'login.submit') await user.click(screen.getByRole('button', { name: 'Sign In' }));
        else if (e.type === 'xstate.done.actor.login') await act(async () => login.resolve(e.output));
        else if (e.type === 'xstate.error.actor.login') await act(async () => login.reject(e.error));
        else await act(async () => consoleLoaded.settle(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        // The console's code is fetched from the submit on, once per sign-in, while the server checks the password.
        const submits = login.inputs.length;
        expect(preloadConsole).toHaveBeenCalledTimes(submits);
        // The dashboard's calls start with the token as soon as the server grants it, never before or on a refusal.
        expect(prefetchDashboard.mock.calls).toEqual(state.matches('opening') || state.matches('success') ? [[signedIn.token]] : []);
        if (state.matches('submitting') || state.matches('opening')) {
          expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
          expect(email()).toBeDisabled();
          expect(password()).toBeDisabled();
          expect(screen.getByLabelText('Remember me')).toBeDisabled();
          expect(login.inputs.at(-1)).toEqual({ email: EMAIL, password: PASSWORD });
          // Signed in (and away from this page) only once that code is there: the dashboard then shows at once.
          expect(consoleLoaded.pending()).toBe(state.matches('opening') ? 1 : 0);
          expect(reportSignedIn).not.toHaveBeenCalled();
          expect(location.history).toEqual(['/']);
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
    };
  });
});
